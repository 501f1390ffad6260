"""The forward of F.einsum on chainerx arrays, composed of chainerx routines.

Note [Einsum on chainerx]: the EinSum node computes its output on chainerx arrays with routines
that record their own backward (transpose, reshape, basic slicing, sum, multiply, matmul), so the
gradients of every order come from the C++ graph and the node's Python backward never runs there.
The steps, on the terms of the public wrapper (no repeated output letter, every output letter in
an input; ellipses already expanded):
  1. A length-1 axis is dropped from its operand: the operand is constant along it, which is what
     broadcasting it against a longer one means (and the sum_to of its gradient is the reshape's
     backward). A letter dropped from every operand has length 1, so the output gets it back with
     the final reshape.
  2. A letter repeated within an operand reads its diagonal: the k axes of length n move to the
     end, merge into one axis of length n**k, and a slice with the step 1 + n + ... + n**(k-1)
     picks the n diagonal elements.
  3. A letter that no other operand and not the output has is summed away.
  4. Two operands at a time are contracted, the pair with the smallest result first: the letters
     both have and something else needs are batch axes, the ones only they share are summed by a
     matmul (a multiply when there are none), so 'bij,bjk->bik' builds no (b, i, j, k) temporary.
  5. The last operand is transposed to the output's order and reshaped to its shape.
"""

import chainerx

from chainer import utils


def _diagonals(term, x):
    """`(term, x)` with each repeated letter's axes replaced by their diagonal (step 2)."""
    for c in sorted(set(term), key=term.index):
        k = term.count(c)
        if k == 1:
            continue
        n = x.shape[term.index(c)]
        rest = [i for i, d in enumerate(term) if d != c]
        x = chainerx.transpose(x, rest + [i for i, d in enumerate(term) if d == c])
        x = x.reshape(tuple([x.shape[i] for i in range(len(rest))]) + (n ** k,))
        step = sum([n ** m for m in range(k)])  # 1 for n = 0 (0 ** 0): any step slices nothing
        x = x[(slice(None),) * len(rest) + (slice(None, None, step),)]
        term = ''.join([term[i] for i in rest]) + c
    return term, x


def _prepare(term, x):
    """Steps 1 and 2 for one operand."""
    kept = [i for i, n in enumerate(x.shape) if n != 1]
    if len(kept) != x.ndim:
        term = ''.join([term[i] for i in kept])
        x = x.reshape(tuple([x.shape[i] for i in kept]))
    return _diagonals(term, x)


def _sum_unneeded(operand, needed):
    """Step 3: `operand` summed over the letters that are not in `needed`."""
    term, x = operand
    axes = tuple([i for i, c in enumerate(term) if c not in needed])
    if not axes:
        return operand
    return ''.join([c for c in term if c in needed]), chainerx.sum(x, axis=axes)


def _contract(a, b, needed):
    """Step 4: the operands `a` and `b` (term, array) contracted over the letters not `needed`."""
    (a_term, x), (b_term, y) = a, b
    lengths = dict(zip(a_term + b_term, x.shape + y.shape))
    batch = [c for c in a_term if c in b_term and c in needed]
    inner = [c for c in a_term if c in b_term and c not in needed]
    a_only = [c for c in a_term if c not in b_term]
    b_only = [c for c in b_term if c not in a_term]
    batch_shape = tuple([lengths[c] for c in batch])
    m, k, n = [utils.size_of_shape([lengths[c] for c in cs]) for cs in (a_only, inner, b_only)]
    x = chainerx.transpose(x, [a_term.index(c) for c in batch + a_only + inner])
    y = chainerx.transpose(y, [b_term.index(c) for c in batch + inner + b_only])
    product = chainerx.matmul if inner else chainerx.multiply
    z = product(x.reshape(batch_shape + (m, k)), y.reshape(batch_shape + (k, n)))
    term = batch + a_only + b_only
    return ''.join(term), z.reshape(tuple([lengths[c] for c in term]))


def _smallest_pair(operands, out_term):
    """The indexes `(i, j)` of the two operands whose contraction is smallest (the first of
    ties), and the letters that the other operands and the output need."""
    lengths = {c: n for term, x in operands for c, n in zip(term, x.shape)}
    best = None
    for i in range(len(operands)):
        for j in range(i + 1, len(operands)):
            needed = out_term + ''.join(
                [t for h, (t, _) in enumerate(operands) if h not in (i, j)])
            letters = set(operands[i][0] + operands[j][0])
            size = utils.size_of_shape([lengths[c] for c in letters if c in needed])
            if best is None or size < best[0]:
                best = size, i, j, needed
    return best[1:]


def einsum(in_terms, out_term, arrays, sizes):
    """The einsum of chainerx `arrays` (terms `in_terms`) to `out_term` (Note [Einsum on chainerx]).

    Args:
        in_terms (sequence of str): One term per array, a letter per axis.
        out_term (str): The output's letters, each in some input term, none repeated.
        arrays (sequence of chainerx.ndarray): The operands, of one float dtype; each axis of
            letter c has the length `sizes[c]` or 1.
        sizes (dict): The length of every letter (broadcast over the inputs).

    Returns:
        chainerx.ndarray: The result, of shape `[sizes[c] for c in out_term]`.
    """
    operands = [_prepare(term, x) for term, x in zip(in_terms, arrays)]
    for i, operand in enumerate(operands):
        others = ''.join([t for j, (t, _) in enumerate(operands) if j != i])
        operands[i] = _sum_unneeded(operand, out_term + others)
    while len(operands) > 1:
        i, j, needed = _smallest_pair(operands, out_term)
        merged = _contract(operands[i], operands[j], needed)
        operands = [op for h, op in enumerate(operands) if h not in (i, j)] + [merged]
    term, x = operands[0]
    # The transpose also makes the result an array of its own when no step above made one (such
    # as for 'ij->ij'), so that its gradient is not the input's.
    x = chainerx.transpose(x, [term.index(c) for c in out_term if c in term])
    return x.reshape(tuple([sizes[c] for c in out_term]))
