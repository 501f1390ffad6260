"""F.rrelu: the randomized leaky rectifier, with slopes drawn from U(l, u) in training."""

import chainerx

from chainer import configuration
from chainer import function_node
from chainer import variable
from chainer.functions.activation import _util
from chainer.functions.noise import _random
from chainer.utils import _checks
from chainer.utils import argument
from chainer.utils import type_check


def _draw(x, lower, upper):
    """The slopes for `x`: uniform in [lower, upper) in training, their mean in test mode."""
    if configuration.config.train:
        random = _random.random_module(x)
        return random.uniform(lower, upper, x.shape).astype(x.dtype, copy=False)
    return _random.host_module(x).full(x.shape, (lower + upper) / 2, dtype=x.dtype)


class RReLU(_util.FloatInput):
    """Randomized leaky ReLU; the gradient at 0 is 1, as leaky_relu's (Note [Noise on chainerx])."""

    def __init__(self, lower=1. / 8, upper=1. / 3, r=None):
        if not 0.0 <= lower < 1.0:
            raise ValueError('lower must be in the range [0, 1)')
        if not 0.0 <= upper < 1.0:
            raise ValueError('upper must be in the range [0, 1)')
        if not lower < upper:
            raise ValueError('lower must be less than upper')
        self.lower = lower
        self.upper = upper
        if isinstance(r, variable.Variable):
            _checks.check_array(r, 'r')  # not one without an array
            r = r.array
        _checks.check_optional_array(r, 'r')
        self.r = r

    def check_type_forward(self, in_types):
        super().check_type_forward(in_types)
        if self.r is not None:
            x_type, = in_types
            type_check.expect(x_type.dtype == self.r.dtype, x_type.shape == self.r.shape)

    def _slopes(self, x):
        if self.r is None or not configuration.config.train:
            self.r = _draw(x, self.lower, self.upper)
        return self.r

    def forward_chainerx(self, inputs):
        x, = inputs
        r = self.r
        if x.dtype.kind != 'f' or r is not None and (r.dtype != x.dtype or r.shape != x.shape):
            return function_node.Fallback  # the fallback's type check reports it
        self.r = _random.on_device_of(self._slopes(x), x)
        return chainerx.where(x >= 0, x, x * self.r),

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        return _util.where(x >= 0, x, x * self._slopes(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        return gy * x.xp.where(x.array >= 0, 1, self.r).astype(gy.dtype),


def rrelu(x, l=1. / 8, u=1. / 3, **kwargs):  # NOQA: E741 (the original's argument name)
    """rrelu(x, l=1. / 8, u=1. / 3, *, r=None, return_r=False)

    Randomized leaky rectified linear unit: ``x`` where ``x >= 0``, ``r * x`` elsewhere. In
    training each element's slope `r` is drawn from the uniform distribution on [l, u); in test
    mode (``chainer.config.train`` False) it is ``(l + u) / 2`` everywhere. The slopes are drawn
    from NumPy's global generator (CuPy's for CuPy arrays), chainerx inputs included.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        l (float): Lower bound of the slopes, in [0, 1).
        u (float): Upper bound of the slopes, in (l, 1).
        r (array): The slopes to use in training instead of drawing them (x's shape and dtype).
        return_r (bool): Also return the slopes used.

    Returns:
        ~chainer.Variable or tuple: The output, or ``(output, r)`` if `return_r` is True.

    Example:
        >>> x = numpy.array([[-1, 0], [2, -3]], numpy.float32)
        >>> with chainer.using_config('train', False):
        ...     y = F.rrelu(x, l=0.1, u=0.3)
        >>> y.array
        array([[-0.2,  0. ],
               [ 2. , -0.6]], dtype=float32)
    """
    r, return_r = argument.parse_kwargs(
        kwargs, ('r', None), ('return_r', False),
        train='train argument is not supported anymore. Use chainer.using_config')
    func = RReLU(l, u, r)
    out, = func.apply((x,))
    if return_r:
        return out, func.r
    return out
