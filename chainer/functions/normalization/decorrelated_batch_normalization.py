"""F.decorrelated_batch_normalization and F.fixed_decorrelated_batch_normalization.

Note [Decorrelated batch normalization]: the channels of x (N, c, ...) are split into `groups`
groups of C = c / groups channels; each group is seen as a (C, m) matrix X of m = N * (spatial
size) columns, centered (Xc = X - mean), and whitened with the ZCA projection
P = S^(-1/2), S = Xc Xc^T / m + eps I (Huang et al., Decorrelated Batch Normalization, CVPR
2018): y = P Xc. It is a composition of chainer functions and one node, InverseSquareRoot, so its
gradients come from the composition and are differentiable again. The running projection
averages the projections of the unbiased covariance Xc Xc^T / (m - 1) + eps I (same eigenvectors,
eigenvalues (w - eps) m / (m - 1) + eps), as the running variance of batch normalization averages
the unbiased variance.

Note [Whitening gradients]: with S = V diag(w) V^T and f(w) = w^(-1/2), the derivative of f(S) in
a symmetric direction H is V (K o (V^T H V)) V^T, where K[i, j] = (f(w_i) - f(w_j)) / (w_i - w_j)
(f'(w_i) on the diagonal) and o is the elementwise product; the map is self-adjoint, so it also
turns the gradient of P into that of S. With s = sqrt(w), K[i, j] = -1 / (s_i s_j (s_i + s_j)),
which has no 0 / 0 at equal eigenvalues. Its derivative in S (for double backprop) uses the
second divided differences f[a, b, c] = (s_a + s_b + s_c) / (s_a s_b s_c (s_a + s_b)
(s_b + s_c) (s_a + s_c)), also free of 0 / 0. Third derivatives are not implemented.
"""

import numbers

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import variable
from chainer._array_types import ARRAY_TYPES
from chainer.functions.array.cast import cast
from chainer.functions.array.reshape import reshape
from chainer.functions.array.transpose import transpose
from chainer.functions.loss import _util
from chainer.functions.math.average import average
from chainer.functions.math.matmul import matmul
from chainer.functions.normalization.batch_renormalization import update_running_statistic
from chainer.utils import argument
from chainer.utils import type_check

_CHUNK = 1 << 22  # elements of the (g, C, C, chunk) blocks of the second derivative


def _t(a):
    """The transposes of a batch of matrices."""
    return a.transpose(0, 2, 1)


def _eigh(xp, a):
    """Eigenvalues and eigenvectors of a batch of symmetric matrices (chainerx's eigh is 2-d)."""
    if xp is not chainerx:
        return xp.linalg.eigh(a)
    pairs = [chainerx.linalg.eigh(m) for m in a]
    return chainerx.stack([w for w, _ in pairs]), chainerx.stack([v for _, v in pairs])


def _from_eigenbasis(v, a):
    """v a v^T for batches of matrices."""
    xp = backend.get_array_module(v)
    return xp.matmul(xp.matmul(v, a), _t(v))


def _to_eigenbasis(v, a):
    """v^T sym(a) v for batches of matrices, sym(a) = (a + a^T) / 2."""
    xp = backend.get_array_module(v)
    return xp.matmul(xp.matmul(_t(v), (a + _t(a)) * 0.5), v)


def _inverse_roots(v, roots):
    """v diag(1 / roots) v^T for batches."""
    xp = backend.get_array_module(v)
    return xp.matmul(v / roots[:, None, :], _t(v))


class InverseSquareRoot(function_node.FunctionNode):
    """S^(-1/2) of a batch of symmetric positive definite matrices (Note [Whitening gradients])."""

    _chainerx_xp_forward = True

    def forward(self, inputs):
        self.retain_inputs((0,))
        s, = inputs
        w, self.v = _eigh(backend.get_array_module(s), s)
        self.roots = w ** 0.5
        return _inverse_roots(self.v, self.roots),

    def backward(self, indexes, grad_outputs):
        s, = self.get_retained_inputs()
        return _FrechetDerivative(self.v, self.roots).apply((s, grad_outputs[0]))


class _Eigen(function_node.FunctionNode):
    """A node computed from the eigenvectors v and the square roots of the eigenvalues of S."""

    _chainerx_xp_forward = True

    def __init__(self, v, roots):
        self.v = v
        self.roots = roots


class _FrechetDerivative(_Eigen):
    """(S, G) -> the derivative of S^(-1/2) at S in the direction sym(G), S given by its eigens."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        r = self.roots
        k = -1 / (r[:, :, None] * r[:, None, :] * (r[:, :, None] + r[:, None, :]))
        return _from_eigenbasis(self.v, k * _to_eigenbasis(self.v, inputs[1])),

    def backward(self, indexes, grad_outputs):
        s, g = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(_SecondFrechetDerivative(self.v, self.roots).apply((g, gy))[0])
            else:
                ret.append(_FrechetDerivative(self.v, self.roots).apply((s, gy))[0])
        return tuple(ret)


class _SecondFrechetDerivative(_Eigen):
    """(H, G) -> the gradient in S of <sym(G), D(S^(-1/2))[sym(H)]> (Note [Whitening gradients])."""

    def forward(self, inputs):
        h, g = [_to_eigenbasis(self.v, a) for a in inputs]
        r = self.roots
        n = r.shape[1]
        step = max(1, _CHUNK // max(r.size * n, 1))
        ra, rb = r[:, :, None, None], r[:, None, :, None]
        t1 = h  # no channels: the loop does not run, and the empty h is the result
        for start in range(0, n, step):
            rj = r[:, None, None, start:start + step]
            f3 = (ra + rb + rj) / (ra * rb * rj * (ra + rb) * (rb + rj) * (ra + rj))
            part = (f3 * g[:, :, None, start:start + step] *
                    h[:, None, :, start:start + step]).sum(axis=3)
            t1 = part if start == 0 else t1 + part
        return _from_eigenbasis(self.v, t1 + _t(t1)),

    def backward(self, indexes, grad_outputs):
        raise NotImplementedError(
            'decorrelated_batch_normalization supports first and second derivatives only')


class _ChannelGroups(function_node.FunctionNode):
    """x of shape (N, c, ...) as a (groups, c / groups, m) array: the channels of a group as rows.

    It is the first step of both functions and holds the original's type check of x.
    """

    def __init__(self, groups):
        self.groups = groups

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim >= 2,
            x_type.shape[1] % type_check.make_variable(self.groups, 'groups') == 0,
        )

    def _grouped(self, x):
        perm = (1, 0) + tuple(range(2, x.ndim))
        channels = x.shape[1]
        m = x.size // channels if channels else 0
        return x.transpose(perm).reshape(self.groups, channels // self.groups, m)

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f' or x.ndim < 2 or x.shape[1] % self.groups:
            return function_node.Fallback  # the fallback's type check reports it
        return self._grouped(x),

    def forward(self, inputs):
        return self._grouped(inputs[0]),

    def backward(self, indexes, grad_outputs):
        return _ungrouped(grad_outputs[0], self.inputs[0].shape),


def _ungrouped(y, x_shape):
    """The inverse of _ChannelGroups: y of shape (groups, C, m) as a Variable of x_shape."""
    spatial = tuple(x_shape[2:])
    perm = (1, 0) + tuple(range(2, len(x_shape)))
    return transpose(reshape(y, (x_shape[1], x_shape[0]) + spatial), perm)


def _grouped(x, groups):
    if not isinstance(groups, numbers.Integral) or isinstance(groups, bool) or groups <= 0:
        raise ValueError('groups must be a positive integer, got {!r}'.format(groups))
    return _ChannelGroups(int(groups)).apply((x,))[0]


def _cast(v, dtype):
    return v if v.dtype == dtype else cast(v, dtype)


def _unbiased_projection(node, eps, m):
    """The projection of the unbiased covariance (Note [Decorrelated batch normalization])."""
    w = node.roots * node.roots
    adjusted = (w - eps) * (m / max(m - 1, 1)) + eps
    return _inverse_roots(node.v, adjusted ** 0.5)


def decorrelated_batch_normalization(x, **kwargs):
    """decorrelated_batch_normalization(x, *, groups=16, eps=2e-05, running_mean=None, \
running_projection=None, decay=0.9)

    Decorrelated batch normalization: whitens the channels of each group with the ZCA
    projection of their batch covariance (Note [Decorrelated batch normalization]).

    Args:
        x (~chainer.Variable or array): Float input of shape (N, c, ...), c a multiple of
            `groups`. Float16 inputs are whitened in float32.
        groups (int): The number of channel groups; each group of C = c / groups channels is
            whitened on its own.
        eps (float): Added to the diagonal of the covariances.
        running_mean (array): If given, of shape (groups, C), updated in place to
            ``decay * running_mean + (1 - decay) * mean``.
        running_projection (array): If given, of shape (groups, C, C), updated in place
            likewise with the projection of the unbiased covariance (computed with m - 1 in
            place of the m values per channel).
        decay (float): The decay of the running statistics.

    Returns:
        ~chainer.Variable: The whitened x, of x's shape and dtype. Its first and second
        derivatives are available.

    Raises:
        TypeError: An unknown argument is given, or a running statistic is not an array.
        ValueError: `groups` is not a positive integer.
        ~chainer.utils.type_check.InvalidType: `x` is not float, has fewer than 2 axes, or its
            channels are not a multiple of `groups`.

    Example:
        >>> x = numpy.random.RandomState(0).normal(size=(100, 4)).astype(numpy.float32)
        >>> y = F.decorrelated_batch_normalization(x, groups=2).array
        >>> bool(numpy.allclose(y[:, :2].T.dot(y[:, :2]) / 100, numpy.eye(2), atol=1e-3))
        True
    """
    groups, eps, running_mean, running_projection, decay = argument.parse_kwargs(
        kwargs, ('groups', 16), ('eps', 2e-5), ('running_mean', None),
        ('running_projection', None), ('decay', 0.9))
    for running in (running_mean, running_projection):
        if running is not None and not isinstance(running, ARRAY_TYPES):
            raise TypeError('the running statistics must be arrays, got {}'.format(type(running)))
    grouped = _grouped(x, groups)
    dtype = numpy.dtype(numpy.float32 if grouped.dtype == numpy.float16 else grouped.dtype)
    grouped = _cast(grouped, dtype)
    size, m = grouped.shape[1:]
    mean = average(grouped, axis=2, keepdims=True)
    centered = grouped - mean
    device = backend.get_device_from_array(grouped.array)
    ridge = _util.constant(device.send(numpy.eye(size, dtype=dtype) * dtype.type(eps)))
    covariance = matmul(centered, centered, transb=True) * (1. / max(m, 1)) + ridge
    node = InverseSquareRoot()
    projection, = node.apply((covariance,))
    if running_mean is not None:
        update_running_statistic(
            running_mean, mean.array.reshape(grouped.shape[:2]), decay)
    if running_projection is not None:
        update_running_statistic(
            running_projection, _unbiased_projection(node, eps, m), decay)
    return _ungrouped(_cast(matmul(projection, centered), x.dtype), x.shape)


def _expect_statistics(grouped, mean, projection):
    """The original's type check of mean and projection, plus their shapes."""
    n_groups, size = grouped.shape[:2]
    for name, value, shape in (('mean', mean, (n_groups, size)),
                               ('projection', projection, (n_groups, size, size))):
        if value.dtype != grouped.dtype:
            raise type_check.InvalidType('{}.dtype == x.dtype'.format(name), '{} != {}'.format(
                value.dtype, grouped.dtype))
        if value.shape != shape:
            raise type_check.InvalidType('{}.shape == {}'.format(name, shape), '{} != {}'.format(
                value.shape, shape))


def fixed_decorrelated_batch_normalization(x, mean, projection, groups=16):
    """Decorrelated batch normalization with given statistics (its inference mode).

    Each group of channels (see :func:`decorrelated_batch_normalization`) is centered with
    `mean` and multiplied by `projection`: y = projection (X - mean).

    Args:
        x (~chainer.Variable or array): Float input of shape (N, c, ...), c a multiple of
            `groups`.
        mean (~chainer.Variable or array): The means, of shape (groups, C) and x's dtype.
        projection (~chainer.Variable or array): The projections, of shape (groups, C, C) and
            x's dtype.
        groups (int): The number of channel groups.

    Returns:
        ~chainer.Variable: The projected x, of x's shape and dtype. Every input gets a gradient.

    Raises:
        TypeError: `mean` or `projection` is not an array or a Variable.
        ValueError: `groups` is not a positive integer.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes are invalid.
    """
    for value in (mean, projection):
        if not isinstance(value, ARRAY_TYPES + (variable.Variable,)):
            raise TypeError('mean and projection must be arrays or Variables, not {}'.format(
                type(value)))
    grouped = _grouped(x, groups)
    _expect_statistics(grouped, mean, projection)
    n_groups, size = grouped.shape[:2]
    y = matmul(projection, grouped - reshape(mean, (n_groups, size, 1)))
    return _ungrouped(y, x.shape)
