"""F.dropout: zeroes elements at random with probability `ratio` and scales the others."""

from chainer import configuration
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.activation import _util
from chainer.functions.noise import _random
from chainer.utils import _checks
from chainer.utils import argument


def _make_mask(random, shape, dtype, ratio):
    """0 with probability `ratio`, else 1 / (1 - ratio), as an array of `dtype`."""
    mask = (random.random_sample(shape) >= ratio).astype(dtype)
    mask *= dtype.type(1. / (1 - ratio))
    return mask


class Dropout(_util.FloatInput):
    """Dropout with a given or freshly drawn mask (Note [Noise on chainerx] in _random.py)."""

    def __init__(self, dropout_ratio, mask=None, return_mask=False):
        if not 0.0 <= dropout_ratio < 1.0:
            raise ValueError('dropout_ratio must be in the range [0, 1)')
        self.dropout_ratio = dropout_ratio
        _checks.check_optional_array(mask, 'mask')
        self.mask = mask
        self.return_mask = return_mask

    def _mask_for(self, x):
        """The given mask, else a new one for `x` (kept to return and for backward)."""
        if self.mask is None:
            self.mask = _make_mask(_random.random_module(x), x.shape, x.dtype, self.dropout_ratio)
        return self.mask

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return function_node.Fallback  # the fallback's type check rejects it
        self.mask = _random.on_device_of(self._mask_for(x), x)
        return x * _random.as_dtype(self.mask, x.dtype),

    def forward(self, inputs):
        x, = inputs
        return utils.force_array(x * _random.as_dtype(self._mask_for(x), x.dtype), x.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return gy * _random.as_dtype(self.mask, gy.dtype),


def dropout(x, ratio=.5, **kwargs):
    """dropout(x, ratio=.5, *, mask=None, return_mask=False)

    Drops elements of the input at random: each is zeroed with probability `ratio` and the others
    are scaled by ``1 / (1 - ratio)``, so that the expectation is unchanged. In test mode
    (``chainer.config.train`` False) it returns the input as a Variable, unchanged.

    The mask is drawn from NumPy's global generator (CuPy's for CuPy arrays), chainerx inputs
    included, so ``numpy.random.seed`` makes it reproducible.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        ratio (float): Dropout ratio, in [0, 1).
        mask (array): The mask to apply instead of a random one: an array of x's shape holding
            0 for the dropped elements and ``1 / (1 - ratio)`` for the others (`ratio` is then
            only validated). A mask returned by an earlier call repeats that call's dropout.
            A mask of another dtype is cast to x's dtype (the output always has x's dtype).
        return_mask (bool): Also return the mask used (None in test mode).

    Returns:
        ~chainer.Variable or tuple: The output, or ``(output, mask)`` if `return_mask` is True.

    Raises:
        ValueError: `ratio` is outside [0, 1), or the retired `train` argument is given.

    Example:
        >>> with chainer.using_config('train', True):
        ...     y = F.dropout(numpy.ones((2, 3), numpy.float32), ratio=0.5)
        >>> sorted(set(y.array.ravel().tolist())) in ([0.0, 2.0], [0.0], [2.0])
        True
    """
    mask, return_mask = argument.parse_kwargs(
        kwargs, ('mask', None), ('return_mask', False),
        train='train argument is not supported anymore. Use chainer.using_config')
    if configuration.config.train:
        func = Dropout(ratio, mask, return_mask)
        out, = func.apply((x,))
        mask = func.mask
    else:
        out = variable.as_variable(x)
        mask = None
    if return_mask:
        return out, mask
    return out
