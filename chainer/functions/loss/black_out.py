"""F.black_out: the BlackOut loss (Ji et al., 2016), a softmax over the label and sampled rows.

Note [Safe BlackOut]: with c[b] = (o, n_1, ..., n_S) the scores of the label row and of the
sampled rows and p = softmax(c[b]), the loss of row b is -log p_0 - sum_s log(1 - p_s). The
original computes log(1 - exp(n_s - logsumexp(c))) as written, which is -inf, and its gradient NaN,
as soon as one score dominates the others enough for p_s to round to 1 (a gap of about 17 in
float32), although the true value is finite. Here, with m the row's maximum (a constant: the result
does not depend on it), e = exp(c - m) <= 1 and z = sum(e) >= 1:
  * logsumexp(c) = m + log z, so -log p_0 = m + log z - o;
  * for every entry but the row's (first) largest, p_s <= 1/2 and log1p(-e_s / z) is accurate;
  * for the largest, 1 - p_s is the others' share: log(sum_{j != s} exp(c_j - m2)) + m2 - m - log z,
    with m2 the largest of the others (a constant), so that the sum is at least 1.
Each branch only sees values where it is finite (the others are replaced by constants before it,
not only masked after), so the gradients are finite for all finite scores. The masks and shifts
come from the scores' values and are constants; they only choose between exact formulas of one
smooth function, so the result is differentiable twice like the composition it is.
"""

import numpy

from chainer import backend
from chainer import variable
from chainer.functions.array.broadcast import broadcast_to
from chainer.functions.array.where import where
from chainer.functions.loss import _sampled
from chainer.functions.loss import _util
from chainer.functions.math.exponential import exp
from chainer.functions.math.exponential import log
from chainer.functions.math.exponential import log1p
from chainer.functions.math.sum import sum as sum_

_CHECK = _sampled.InputCheck('BlackOut')


def _log_complement_softmax(scores):
    """log(1 - softmax(scores, axis=1)) of a Variable (B, K) with K >= 2 (Note [Safe BlackOut]).

    Returns:
        tuple: The Variable (B, K), and logsumexp(scores, axis=1) as a Variable (B, 1).
    """
    c = scores.array
    xp = backend.get_array_module(c)
    n_rows, n_cols = c.shape
    top = _util.one_hot(xp, xp.argmax(c, axis=1), n_cols)
    m = c.max(axis=1, keepdims=True)
    m2 = xp.where(top, -numpy.inf, c).max(axis=1, keepdims=True)
    e = exp(scores - m)
    z = sum_(e, axis=1, keepdims=True)
    log_z = log(z)
    others = log1p(-where(top, 0, e / z))
    shifted = exp(where(top, m2, scores) - m2)
    log_rest = log(sum_(where(top, 0, shifted), axis=1, keepdims=True)) + (m2 - m) - log_z
    return where(top, broadcast_to(log_rest, c.shape), others), log_z + m


def black_out(x, t, W, samples, reduce='mean'):
    """BlackOut loss: a softmax over the label's row of W and sampled rows, with a penalty on each
    sampled row's probability.

    With o = x[b] . W[t[b]], n_s = x[b] . W[samples[b, s]] and p = softmax((o, n_1, ..., n_S)),
    the loss of example b is ``-log p_0 - sum_s log(1 - p_s)``. See Ji et al., BlackOut:
    Speeding up Recurrent Neural Network Language Models With Very Large Vocabularies (ICLR
    2016). It is computed in a numerically safe form: finite, with finite gradients, even when a
    probability rounds to 1 (Note [Safe BlackOut]).

    Args:
        x (~chainer.Variable or array): The features, a float array of shape (B, D).
        t (~chainer.Variable or array): The labels, a signed integer array of shape (B,).
        W (~chainer.Variable or array): The embedding of the labels, of shape (V, D) and x's
            dtype.
        samples (~chainer.Variable or array): The sampled rows of W, a signed integer array of
            shape (B, S) (e.g. drawn by :class:`~chainer.utils.WalkerAlias` from the label
            frequencies); a Variable's array is used.
        reduce (str): `'mean'` (the default) returns the mean over the examples (a 0-d Variable;
            0 for an empty batch); `'no'` the loss of each example, of shape (B,).

    Returns:
        ~chainer.Variable: The loss, of x's dtype.

    Raises:
        ValueError: `reduce` is unknown, or a label or sample lies outside W (where embed_id
            checks it).
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes are invalid.

    Example:
        >>> x = numpy.ones((1, 2), numpy.float32)
        >>> W = numpy.zeros((4, 2), numpy.float32)
        >>> loss = F.black_out(x, numpy.array([0], numpy.int32), W, numpy.array([[1, 2]]))
        >>> bool(abs(loss.array - 3 * numpy.log(3) + 2 * numpy.log(2)) < 1e-6)
        True
    """
    _util.check_reduce(reduce, ('mean', 'no'))
    _, t_array, _, samples_array = _CHECK.run(x, t, W, samples)
    rows = _sampled.rows_with_labels(t_array, samples_array)
    scores = _sampled.sampled_scores(variable.as_variable(x), W, rows)
    if rows.shape[1] == 1:  # no sample: p_0 is 1
        loss = scores[:, 0] * 0
    else:
        log_complement, log_z = _log_complement_softmax(scores)
        loss = log_z[:, 0] - scores[:, 0] - sum_(log_complement[:, 1:], axis=1)
    if reduce == 'mean':
        loss = sum_(loss) * (1. / max(len(loss), 1))
    return loss
