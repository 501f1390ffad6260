"""F.einsum: Einstein summation over subscripted operands, as numpy.einsum (string form).

Note [Einsum gradients]: the gradient of operand i is again an einsum: the output gradient and the
other operands, with the output's subscripts as the gradient's input term, summed to operand i's
subscripts. Two cases need more than numpy.einsum can express, so the EinSum node generalizes its
output term: a letter that appears in no input (an axis that operand i was summed over) makes the
output broadcast along it, and a repeated letter (operand i's diagonal, e.g. 'ii') places the values
on that diagonal with zeros elsewhere. Such output terms only occur in gradients; their own
gradients are ordinary einsums again (a repeated input letter reads a diagonal), so the construction
closes under differentiation. Ellipses are expanded to unused letters first, and a length-1 axis
broadcast against a longer one is summed back to length 1 (sum_to). On chainerx the node computes
its output with chainerx routines (_einsum_chainerx.py) and its gradients come from the C++ graph.
"""

import string

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.math import _einsum_chainerx
from chainer.functions.math.sum_to import sum_to
from chainer.utils import _checks
from chainer.utils import type_check

_ELLIPSIS = '...'


def _unique(term):
    return ''.join(sorted(set(term), key=term.index))


class EinSum(function_node.FunctionNode):
    """Einstein summation of the inputs (terms `in_terms`) to the output term `out_term`.

    Args:
        in_terms (tuple of str): One term of letters per input (ellipses already expanded).
        out_term (str): The output's letters; see Note [Einsum gradients] for repeated letters and
            letters that appear in no input.
        sizes (dict): The length of every letter (broadcast over the inputs).
    """

    def __init__(self, in_terms, out_term, sizes):
        self.in_terms = tuple(in_terms)
        self.out_term = out_term
        self.sizes = sizes

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ['x{}'.format(i) for i in range(len(self.in_terms))])
        for in_type in in_types:
            type_check.expect(in_type.dtype.kind == 'f', in_type.dtype == in_types[0].dtype)

    def _fits_chainerx(self, inputs):
        """Whether the chainerx path takes `inputs`: the type check's conditions, the operands'
        shapes matching the terms and `sizes`, and an ordinary output term (the gradient terms of
        Note [Einsum gradients] never reach a node on chainerx, whose gradients are chainerx's).
        """
        if len(inputs) != len(self.in_terms) or inputs[0].dtype.kind != 'f':
            return False
        letters = ''.join(self.in_terms)
        if any([c not in letters or self.out_term.count(c) > 1 for c in self.out_term]):
            return False
        for term, x in zip(self.in_terms, inputs):
            if x.dtype != inputs[0].dtype or x.ndim != len(term):
                return False
            own = {}
            for c, n in zip(term, x.shape):
                if own.setdefault(c, n) != n or n not in (1, self.sizes.get(c)):
                    return False
        return True

    def forward_chainerx(self, inputs):
        if not self._fits_chainerx(inputs):
            return function_node.Fallback
        return _einsum_chainerx.einsum(self.in_terms, self.out_term, inputs, self.sizes),

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        xp = backend.get_array_module(*inputs)
        letters = ''.join(self.in_terms)
        unique = _unique(self.out_term)
        present = ''.join([c for c in unique if c in letters])
        y = utils.force_array(xp.einsum(','.join(self.in_terms) + '->' + present, *inputs))
        shape = tuple([self.sizes[c] for c in present])
        if y.shape != shape:
            # A gradient's letter that has length 1 in every operand with it (an operand that was
            # broadcast along it): the gradient is constant along the letter.
            y = xp.ascontiguousarray(xp.broadcast_to(y, shape))
        if present == self.out_term:
            return y,
        # Broadcast along the missing letters; place the values on the repeated letters' diagonal.
        it = iter(y.shape)
        y = y.reshape(tuple([next(it) if c in letters else 1 for c in unique]))
        grids = {c: xp.arange(self.sizes[c]).reshape(
            tuple([-1 if d == c else 1 for d in unique])) for c in unique}
        out = xp.zeros(tuple([self.sizes[c] for c in self.out_term]), y.dtype)
        out[tuple([grids[c] for c in self.out_term])] = y
        return out,

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        ret = []
        for i in indexes:
            others = [j for j in range(len(inputs)) if j != i]
            terms = [self.out_term] + [self.in_terms[j] for j in others]
            node = EinSum(terms, self.in_terms[i], self.sizes)
            gx = node.apply([grad_outputs[0]] + [inputs[j] for j in others])[0]
            shape = inputs[i].shape
            ret.append(gx if gx.shape == shape else sum_to(gx, shape))
        return ret


def _split_terms(subscripts, n_operands):
    if not isinstance(subscripts, str):
        raise TypeError('einsum takes a subscripts string first, got {!r}'.format(subscripts))
    subscripts = subscripts.replace(' ', '')
    inputs, arrow, output = subscripts.partition('->')
    if '->' in output or '-' in inputs or '>' in inputs:
        raise ValueError('einsum subscripts {!r} have a misplaced "->"'.format(subscripts))
    terms = inputs.split(',')
    if len(terms) != n_operands:
        raise ValueError('einsum subscripts {!r} name {} operands, {} given'.format(
            subscripts, len(terms), n_operands))
    for term in terms + [output]:
        letters = term.replace(_ELLIPSIS, '', 1)
        if not all(c in string.ascii_letters for c in letters):
            raise ValueError('invalid einsum subscripts term {!r}'.format(term))
    return terms, (output if arrow else None)


def _expand_ellipses(terms, output, ndims):
    """Replaces each ellipsis by unused letters (right-aligned, as broadcasting aligns axes)."""
    counts = []
    for term, ndim in zip(terms, ndims):
        n_letters = len(term) - (len(_ELLIPSIS) if _ELLIPSIS in term else 0)
        count = ndim - n_letters
        if count < 0 or (count > 0 and _ELLIPSIS not in term):
            raise ValueError('einsum term {!r} does not match an operand of dimension {}'.format(
                term, ndim))
        counts.append(count)
    n_ellipsis = max(counts, default=0)
    used = set(''.join(terms) + (output or ''))
    free = ''.join([c for c in string.ascii_letters if c not in used])[:n_ellipsis]
    if len(free) < n_ellipsis:
        raise ValueError('einsum has too many axes under its ellipses')
    terms = [t.replace(_ELLIPSIS, free[n_ellipsis - c:]) for t, c in zip(terms, counts)]
    if output is None:  # implicit: the ellipsis axes, then the letters used once, sorted
        once = [c for c in sorted(set(''.join(terms))) if ''.join(terms).count(c) == 1]
        return terms, free + ''.join([c for c in once if c not in free])
    if n_ellipsis and _ELLIPSIS not in output:
        raise ValueError('einsum output {!r} needs "..." for the ellipsis axes'.format(output))
    return terms, output.replace(_ELLIPSIS, free)


def _letter_sizes(terms, output, shapes):
    sizes = {}
    for term, shape in zip(terms, shapes):
        own = {}
        for c, n in zip(term, shape):
            if own.setdefault(c, n) != n:
                raise ValueError('einsum letter {!r} has lengths {} and {} in one operand'.format(
                    c, own[c], n))
            if sizes.get(c, 1) == 1:
                sizes[c] = n
            elif n not in (1, sizes[c]):
                raise ValueError('einsum letter {!r} has lengths {} and {}'.format(c, sizes[c], n))
    for c in output:
        if c not in sizes or output.count(c) > 1:
            raise ValueError('einsum output letter {!r} is repeated or in no input'.format(c))
    return sizes


def einsum(*operands):
    """Evaluates the Einstein summation convention on the operands, as numpy.einsum.

    Args:
        operands: A subscripts string (such as ``'ij,jk->ik'``; without ``->`` the output holds
            the letters used once, sorted, and ``...`` stands for broadcast axes), then the
            operands (float Variables or arrays of one dtype).

    Returns:
        ~chainer.Variable: The result.

    Raises:
        TypeError: The first argument is not a string.
        ValueError: The subscripts are malformed or do not match the operands.
        ~chainer.utils.type_check.InvalidType: An operand is not float, or the dtypes differ.

    Example:
        >>> F.einsum('ij,j->i', numpy.ones((2, 3)), numpy.arange(3.)).array
        array([3., 3.])
    """
    if not operands:
        raise TypeError('einsum takes a subscripts string and operands')
    subscripts, arrays = operands[0], operands[1:]
    terms, output = _split_terms(subscripts, len(arrays))
    shapes = [_checks.shape_of(x, 'operands[{}]'.format(i + 1)) for i, x in enumerate(arrays)]
    terms, output = _expand_ellipses(terms, output, [len(shape) for shape in shapes])
    sizes = _letter_sizes(terms, output, shapes)
    return EinSum(terms, output, sizes).apply(arrays)[0]
