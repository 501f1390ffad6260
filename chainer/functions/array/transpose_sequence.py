"""F.transpose_sequence: a batch of sequences (batch-major) as a sequence of batches (time-major).

Note [Transposing sequences as one gather]: with the sequences sorted by decreasing length, output
t stacks element t of the n_t sequences longer than t. All elements together are a permutation of
the concatenated inputs, so the forward is three routines whatever the batch size: concatenate,
take (the time-major order of the flat rows), split (at the cumulative n_t). They exist under the
same names and semantics in NumPy, CuPy and chainerx, and chainerx records their backward in C++,
so `forward_chainerx` is the same code (path 1 of Note [Native paths] in
chainer/function_node.py). The outputs are sorted by decreasing length too, and transposing them
gives the inputs back: the gradient is this function applied to the output gradients.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.utils import type_check


def _time_major_order(lengths):
    """(flat row indices in time-major order, the batch sizes n_t) for sorted `lengths`."""
    lengths = numpy.asarray(lengths, numpy.int64)
    steps = numpy.arange(lengths[0], dtype=numpy.int64)
    starts = numpy.concatenate(([0], numpy.cumsum(lengths)[:-1])).astype(numpy.int64)
    present = steps[:, None] < lengths[None, :]
    return (starts[None, :] + steps[:, None])[present], present.sum(axis=1)


def _lengths_sorted(xs):
    """check_type_forward's conditions, on the arrays."""
    return all(x.ndim > 0 for x in xs) and all(
        p.shape[0] >= n.shape[0] and p.shape[1:] == n.shape[1:] and p.dtype == n.dtype
        for p, n in zip(xs, xs[1:]))


def _transpose(xs, xp):
    order, batch_sizes = _time_major_order([len(x) for x in xs])
    if not len(batch_sizes):
        return ()  # every sequence is empty
    flat = xp.concatenate(xs, 0)
    if xp is chainerx:
        order = chainerx.array(order, device=flat.device)
    else:
        order = xp.asarray(order)
    return tuple(xp.split(xp.take(flat, order, 0), numpy.cumsum(batch_sizes)[:-1].tolist(), 0))


class TransposeSequence(function_node.FunctionNode):
    """Batch-major to time-major; see Note [Transposing sequences as one gather]."""

    def check_type_forward(self, in_types):
        for i, x_type in enumerate(in_types):
            type_check._argname((x_type,), ('x{}'.format(i),))
            type_check.expect(x_type.ndim >= 1)
        for p, n in zip(in_types, in_types[1:]):
            type_check.expect(
                p.shape[0] >= n.shape[0],
                p.shape[1:] == n.shape[1:],
                p.dtype == n.dtype,
            )

    def forward_chainerx(self, inputs):
        if not _lengths_sorted(inputs):
            return function_node.Fallback  # the type check raises the original's error
        return _transpose(inputs, chainerx)

    def forward(self, inputs):
        self._shapes = [x.shape for x in inputs]
        xp = backend.get_array_module(inputs[0])
        with backend.using_device(backend.get_device_from_array(inputs[0])):
            return _transpose(inputs, xp)

    def backward(self, indexes, grad_outputs):
        unit = self._shapes[0][1:]
        _, batch_sizes = _time_major_order([shape[0] for shape in self._shapes])
        gys = _routine.grads_or_zeros(grad_outputs, [(int(n),) + unit for n in batch_sizes])
        gxs = TransposeSequence().apply(gys)
        # Empty sequences at the end of the batch get no element of any output, hence no gradient.
        return tuple(gxs[i] if i < len(gxs) else None for i in indexes)


def transpose_sequence(xs):
    """Transposes a list of sequences: from batch-major to time-major, or back.

    Output t stacks element t of every sequence longer than t, so the outputs are again sorted by
    decreasing length, and applying the function twice gives the input back.

    Args:
        xs (list of ~chainer.Variable or arrays): Sequences of shape (L_i, ...) sorted by
            decreasing length L_i, with the same shape after the first axis and the same dtype.

    Returns:
        tuple of ~chainer.Variable: `L_0` Variables; output t has shape (n_t, ...) where n_t is
        the number of sequences longer than t. An empty `xs` gives an empty tuple.

    Raises:
        ~chainer.utils.type_check.InvalidType: If a sequence is 0-d, the lengths increase, or the
            trailing shapes or dtypes differ.

    Example:
        >>> xs = [numpy.array([0., 1., 2.]), numpy.array([3., 4.]), numpy.array([5.])]
        >>> [y.array for y in F.transpose_sequence(xs)]
        [array([0., 3., 5.]), array([1., 4.]), array([2.])]
    """
    xs = tuple(xs)
    if not xs:
        return ()
    return TransposeSequence().apply(xs)
