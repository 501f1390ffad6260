"""F.zoneout: keeps each element of the previous state with probability `ratio`."""

from chainer import configuration
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.loss import _util
from chainer.functions.noise import _random


class Zoneout(function_node.FunctionNode):
    """h where a random flag says so, else x (Note [Noise on chainerx] in _random.py)."""

    def __init__(self, zoneout_ratio):
        self.zoneout_ratio = zoneout_ratio

    def check_type_forward(self, in_types):
        _util.expect_floats(in_types, ('h', 'x'), same_shape=True)

    def _draw_flags(self, x):
        """Sets flag_h (1 where h is kept) and flag_x = 1 - flag_h, arrays of x's dtype."""
        keep_x = _random.random_module(x).random_sample(x.shape) >= self.zoneout_ratio
        self.flag_x = keep_x.astype(x.dtype)
        self.flag_h = (~keep_x).astype(x.dtype)

    def forward_chainerx(self, inputs):
        h, x = inputs
        if not _util.same_float_arrays(h, x):
            return function_node.Fallback  # the fallback's type check reports it
        self._draw_flags(x)
        self.flag_h = _random.on_device_of(self.flag_h, x)
        self.flag_x = _random.on_device_of(self.flag_x, x)
        return h * self.flag_h + x * self.flag_x,

    def forward(self, inputs):
        h, x = inputs
        self._draw_flags(x)
        return utils.force_array(h * self.flag_h + x * self.flag_x, x.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple([gy * (self.flag_h if i == 0 else self.flag_x) for i in indexes])


def zoneout(h, x, ratio=.5):
    """Zoneout: mixes the previous and the new state of a recurrent unit at random.

    In training mode (``chainer.config.train``), each element of the output is the element of
    `h` with probability `ratio` and that of `x` otherwise; in test mode the output is `x` (as
    a Variable). See Krueger et al., Zoneout: Regularizing RNNs by Randomly Preserving Hidden
    Activations (ICLR 2017). The flags are drawn from NumPy's global generator (CuPy's for CuPy
    arrays), chainerx inputs included, so ``numpy.random.seed`` makes them reproducible.

    Args:
        h (~chainer.Variable or array): The previous state, of a float dtype.
        x (~chainer.Variable or array): The new state, of h's dtype and shape.
        ratio (float): The probability of keeping an element of `h`.

    Returns:
        ~chainer.Variable: The mixed state. The gradient goes to `h` where it was kept and to
        `x` elsewhere.

    Example:
        >>> h, x = numpy.zeros(4, numpy.float32), numpy.ones(4, numpy.float32)
        >>> with chainer.using_config('train', True):
        ...     y = F.zoneout(h, x, ratio=0.5)
        >>> bool(numpy.isin(y.array, [0., 1.]).all())
        True
    """
    if configuration.config.train:
        return Zoneout(ratio).apply((h, x))[0]
    return variable.as_variable(x)
