"""F.negative_sampling: the negative-sampling loss of word2vec (Mikolov et al., 2013).

Note [Negative sampling samples]: as in the original, the sampler is called once per call with
the shape (B, sample_size + 1) and the first column of its result is replaced by the labels t, so
that row b of the samples lists the positive row of W and then the negatives. The loss of row b is
softplus(-z[b, 0]) + sum_k softplus(z[b, k]) with z[b, k] = x[b] . W[samples[b, k]], that is
-log sigmoid(x . W[t]) - sum of log sigmoid(-x . W[negative]); softplus is the stable form of
log(1 + exp(.)). The samples are drawn before any function runs, so the rest is an ordinary
composition of chainer functions: differentiable twice, and native on chainerx Variables. The
samples are sent to x's device, so a NumPy sampler also serves chainerx inputs.
"""

import numpy

from chainer import backend
from chainer import variable
from chainer._array_types import ARRAY_TYPES
from chainer.functions.activation.softplus import softplus
from chainer.functions.array.where import where
from chainer.functions.loss import _sampled
from chainer.functions.loss import _util
from chainer.functions.math.sum import sum as sum_

_IGNORE_LABEL = -1
_CHECK = _sampled.InputCheck('NegativeSamplingFunction', label_dtype=numpy.int32)


def _draw(sampler, t, sample_size, device):
    """The samples of Note [Negative sampling samples]: (B, sample_size + 1), t first."""
    shape = (len(t), sample_size + 1)
    drawn = sampler(shape)
    if not isinstance(drawn, ARRAY_TYPES) or drawn.shape != shape or drawn.dtype.kind != 'i':
        raise ValueError('the sampler must return a signed integer array of shape {}, got {!r}'
                         .format(shape, drawn))
    drawn = device.send(drawn)
    return _sampled.rows_with_labels(t, drawn[:, 1:])


def negative_sampling(x, t, W, sampler, sample_size, reduce='sum', return_samples=False):
    """Negative-sampling loss: a cheap stand-in for the softmax cross entropy over a vocabulary.

    For each example b, the score of its label row ``W[t[b]]`` is pushed up and those of
    `sample_size` rows drawn by `sampler` (the negatives) pushed down: the loss of the example is
    ``-log sigmoid(x[b] . W[t[b]]) - sum_k log sigmoid(-x[b] . W[n[b, k]])``. See Mikolov et al.,
    Distributed Representations of Words and Phrases and their Compositionality (NIPS 2013).

    Args:
        x (~chainer.Variable or array): The features, a float array of shape (B, D).
        t (~chainer.Variable or array): The labels, an int32 array of shape (B,). An example
            whose label is -1 is ignored: its loss is 0 and it gets no gradient.
        W (~chainer.Variable or array): The embedding of the labels, of shape (V, D) and x's
            dtype.
        sampler (callable): Called once per call with a shape (B, sample_size + 1); returns a
            signed integer array of that shape of row indices into W (e.g. the `sample` method of
            :class:`~chainer.utils.WalkerAlias`). Its first column is replaced by t (Note
            [Negative sampling samples]). NumPy results are sent to x's device.
        sample_size (int): The number of negatives per example (a NumPy integer is accepted).
        reduce (str): `'sum'` (the default) returns the sum over the examples (a 0-d Variable);
            `'no'` the loss of each example, of shape (B,).
        return_samples (bool): If True, the samples are returned as well.

    Returns:
        ~chainer.Variable or tuple: The loss, of x's dtype; with `return_samples`, the pair
        ``(loss, samples)``, the samples an array (B, sample_size + 1) on x's device whose first
        column is t.

    Raises:
        ValueError: `reduce` is unknown, `sample_size` is negative, the sampler's result has the
            wrong shape or dtype, or an index (not an ignored label) lies outside W (where
            embed_id checks it).
        TypeError: `sample_size` is not an integer.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes of x, t or W are invalid.

    Example:
        >>> x = numpy.ones((2, 3), numpy.float32)
        >>> W = numpy.zeros((5, 3), numpy.float32)
        >>> sampler = lambda shape: numpy.zeros(shape, numpy.int32)
        >>> loss = F.negative_sampling(x, numpy.array([1, -1], numpy.int32), W, sampler, 2)
        >>> bool(abs(loss.array - 3 * numpy.log(2)) < 1e-6)
        True
    """
    _util.check_reduce(reduce, ('sum', 'no'))
    sample_size = _sampled.check_sample_size(sample_size)
    x_array, t_array, _ = _CHECK.run(x, t, W)
    device = backend.get_device_from_array(x_array)
    samples = _draw(sampler, t_array, sample_size, device)
    scores = _sampled.sampled_scores(variable.as_variable(x), W, samples, _IGNORE_LABEL)
    loss = softplus(-scores[:, 0]) + sum_(softplus(scores[:, 1:]), axis=1)
    # A where, not a product with a mask: an ignored row is 0 even if its scores overflow.
    loss = where(t_array != _IGNORE_LABEL, loss, 0)
    if reduce == 'sum':
        loss = sum_(loss)
    return (loss, samples) if return_samples else loss
