"""What Categorical and OneHotCategorical share: the parameters p and log p, the entropy, the
KL divergence and the drawing of category indices."""

import numpy

from chainer import functions as F
from chainer.distributions import _util


def probabilities(p, logit):
    """(p, log_p) as Variables, from `p` or from `logit` (normalized along the last axis).

    Raises:
        ValueError: Both or neither of `p` and `logit` are given.
    """
    if (p is None) == (logit is None):
        raise ValueError('Either `p` or `logit` (not both) must have a value.')
    if p is None:
        log_p = _util.derived(lambda l_: F.log_softmax(l_, axis=-1), _util.as_variable(logit))
        return _util.derived(F.exp, log_p), log_p
    p = _util.as_variable(p)
    with numpy.errstate(divide='ignore'):  # impossible categories have log p = -inf
        return p, _util.derived(F.log, p)


def entropy(p):
    """-sum p log p over the last axis (0 log 0 taken as 0)."""
    return -F.sum(_util.xlogx(p), axis=-1)


def kl_divergence(p1, log_p2):
    """sum p1 (log p1 - log p2) over the last axis; the terms where p1 is 0 are 0 (even where
    p2 is 0 too)."""
    log_p2 = F.where(p1.array > 0, log_p2, 0)
    return F.sum(_util.xlogx(p1) - p1 * log_p2, axis=-1)


def draw_indices(p, n):
    """`n` category indices per distribution of the Variable `p` (categories on the last axis),
    as an integer array of shape ``(n,) + p.shape[:-1]`` on p's device.

    Each index counts the cumulative probabilities below a uniform variate (inverse transform
    sampling), in float64 so that float16 or float32 probabilities draw right.
    """
    def sample(random, probs):
        cumulative = probs.astype(numpy.float64).cumsum(axis=-1)
        u = random.uniform(0, 1, (n,) + probs.shape[:-1] + (1,)) * cumulative[..., -1:]
        indices = (u >= cumulative).sum(axis=-1)
        return indices.clip(0, probs.shape[-1] - 1).astype(numpy.int64)
    return _util.draw(p, sample, None, p.array)
