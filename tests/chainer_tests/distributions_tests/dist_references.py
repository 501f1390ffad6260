"""Independent float64 references of the distributions scipy.stats has no batched form of
(Categorical, OneHotCategorical, Dirichlet, MultivariateNormal), and of the KL divergences.

A reference has the methods of a frozen scipy distribution that the tests call: logpdf (or logpmf),
pdf, mean(), var(), std(), entropy(), each over the batch.
"""

import numpy
from scipy import integrate
from scipy import special
from scipy import stats


class _Densities:
    """pdf and pmf from logpdf / logpmf."""

    def pdf(self, x):
        return numpy.exp(self.logpdf(x))

    def pmf(self, x):
        return numpy.exp(self.logpmf(x))


class Categorical(_Densities):
    """p of shape batch + (k,); events are indices (or one-hot vectors if one_hot)."""

    def __init__(self, p, one_hot=False):
        self.p, self.one_hot = p, one_hot

    def logpmf(self, x):
        with numpy.errstate(divide='ignore'):
            log_p = numpy.log(self.p)
        if self.one_hot:
            return numpy.where(x != 0, x * log_p, 0).sum(axis=-1)
        log_p = numpy.broadcast_to(log_p, x.shape + self.p.shape[-1:])
        return numpy.take_along_axis(log_p, x[..., None].astype(numpy.int64), -1)[..., 0]

    def entropy(self):
        with numpy.errstate(divide='ignore', invalid='ignore'):
            return -numpy.where(self.p > 0, self.p * numpy.log(self.p), 0).sum(axis=-1)

    def mean(self):
        if self.one_hot:
            return self.p
        return (self.p * numpy.arange(self.p.shape[-1])).sum(axis=-1)

    def var(self):
        if self.one_hot:
            return self.p * (1 - self.p)
        return (self.p * numpy.arange(self.p.shape[-1]) ** 2).sum(axis=-1) - self.mean() ** 2


class _PerBatch(_Densities):
    """Statistics of scipy's unbatched multivariate distributions, one batch element at a time."""

    def _each(self, method, *arrays):
        batch = self.batch_shape
        rows = [getattr(self._frozen(i), method)(*[a[i] for a in arrays])
                for i in numpy.ndindex(*batch)]
        return numpy.asarray(rows).reshape(batch + numpy.asarray(rows[0]).shape) if rows \
            else numpy.zeros(batch + self.event_shape)

    def mean(self):
        return self._each('mean')

    def var(self):
        return self._each('var')

    def std(self):
        return numpy.sqrt(self.var())

    def entropy(self):
        return self._each('entropy').reshape(self.batch_shape)


class Dirichlet(_PerBatch):
    """alpha of shape batch + (k,)."""

    def __init__(self, alpha):
        self.alpha = alpha
        self.batch_shape, self.event_shape = alpha.shape[:-1], alpha.shape[-1:]

    def _frozen(self, index):
        return stats.dirichlet(self.alpha[index])

    def logpdf(self, x):
        a = self.alpha
        return (((a - 1) * numpy.log(x)).sum(axis=-1) + special.gammaln(a.sum(axis=-1))
                - special.gammaln(a).sum(axis=-1))


class MultivariateNormal(_PerBatch):
    """loc of shape batch + (d,), scale_tril of shape batch + (d, d)."""

    def __init__(self, loc, scale_tril):
        self.loc = loc
        self.cov = numpy.einsum('...ij,...kj->...ik', scale_tril, scale_tril)
        self.batch_shape, self.event_shape = loc.shape[:-1], loc.shape[-1:]

    def _frozen(self, index):
        return stats.multivariate_normal(self.loc[index], self.cov[index])

    def logpdf(self, x):
        diff = x - self.loc
        solved = numpy.linalg.solve(numpy.broadcast_to(self.cov, diff.shape + diff.shape[-1:]),
                                    diff[..., None])[..., 0]
        _, log_det = numpy.linalg.slogdet(self.cov)
        d = self.loc.shape[-1]
        return -0.5 * ((diff * solved).sum(axis=-1) + log_det + d * numpy.log(2 * numpy.pi))

    def mean(self):
        return self.loc

    def var(self):
        return numpy.diagonal(self.cov, axis1=-2, axis2=-1)


def kl_by_quadrature(frozen1, frozen2, shape):
    """KL(p1 || p2) of batched scipy univariate continuous distributions, element by element, by
    numerical integration of log p1(x) - log p2(x) over the quantiles x of p1: of x = ppf(u) for
    u in (0, 1/2) and x = isf(v) for v in (0, 1/2), which keeps both tails finite and accurate."""
    def element(index):
        p1 = _element_of(frozen1, index)
        p2 = _element_of(frozen2, index)

        def log_ratio(x):
            return p1.logpdf(x) - p2.logpdf(x)
        options = {'limit': 500, 'epsabs': 1e-12, 'epsrel': 1e-11}
        return (integrate.quad(lambda u: log_ratio(p1.ppf(u)), 0, 0.5, **options)[0]
                + integrate.quad(lambda v: log_ratio(p1.isf(v)), 0, 0.5, **options)[0])
    return _over_batch(element, shape)


def kl_by_summation(frozen1, frozen2, shape):
    """KL(p1 || p2) of batched scipy discrete distributions, summed over the support of p1 (up
    to where its tail mass is below 1e-13)."""
    def element(index):
        p1 = _element_of(frozen1, index)
        p2 = _element_of(frozen2, index)
        low, high = p1.support()
        x = numpy.arange(max(low, 0), p1.isf(1e-13) + 1)
        prob = p1.pmf(x)
        keep = prob > 0
        return (prob[keep] * (p1.logpmf(x[keep]) - p2.logpmf(x[keep]))).sum()
    return _over_batch(element, shape)


def kl_multivariate_normal(loc1, tril1, loc2, tril2):
    """The closed form of KL between multivariate normals, with full covariance matrices."""
    cov1 = numpy.einsum('...ij,...kj->...ik', tril1, tril1)
    cov2 = numpy.einsum('...ij,...kj->...ik', tril2, tril2)
    inv2 = numpy.linalg.inv(cov2)
    diff = loc2 - loc1
    trace = numpy.einsum('...ij,...ji->...', inv2, cov1)
    maha = numpy.einsum('...i,...ij,...j->...', diff, inv2, diff)
    log_det = numpy.linalg.slogdet(cov2)[1] - numpy.linalg.slogdet(cov1)[1]
    return 0.5 * (trace + maha - loc1.shape[-1] + log_det)


def _element_of(frozen, index):
    args = [numpy.asarray(a)[index] for a in frozen.args]
    kwds = {k: numpy.asarray(v)[index] for k, v in frozen.kwds.items()}
    return frozen.dist(*args, **kwds)


def _over_batch(element, shape):
    out = numpy.empty(shape)
    for index in numpy.ndindex(*shape):
        out[index] = element(index)
    return out
