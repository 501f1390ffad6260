"""F.gaussian: a sample of N(mean, exp(ln_var)), differentiable in both parameters."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.loss import _util
from chainer.functions.math.exponential import exp
from chainer.functions.noise import _random
from chainer.utils import _checks
from chainer.utils import argument


class Gaussian(function_node.FunctionNode):
    """mean + exp(ln_var / 2) * eps with eps standard normal (Note [Noise on chainerx])."""

    def __init__(self, eps=None):
        _checks.check_optional_array(eps, 'eps')
        self.eps = eps

    def check_type_forward(self, in_types):
        _util.expect_floats(in_types, ('mean', 'ln_var'), same_shape=True)

    def _eps_for(self, ln_var):
        """The given eps, else a new one for `ln_var` (kept to return and for backward)."""
        if self.eps is None:
            random = _random.random_module(ln_var)
            self.eps = random.standard_normal(ln_var.shape).astype(ln_var.dtype, copy=False)
        return self.eps

    def forward_chainerx(self, inputs):
        mean, ln_var = inputs
        if not _util.same_float_arrays(mean, ln_var):
            return function_node.Fallback  # the fallback's type check reports it
        self.eps = _random.on_device_of(self._eps_for(ln_var), ln_var)
        return mean + chainerx.exp(ln_var * 0.5) * _random.as_dtype(self.eps, mean.dtype),

    def forward(self, inputs):
        self.retain_inputs((1,))
        mean, ln_var = inputs
        xp = backend.get_array_module(mean)
        noise = xp.exp(ln_var * 0.5) * _random.as_dtype(self._eps_for(ln_var), mean.dtype)
        return utils.force_array(mean + noise, mean.dtype),

    def backward(self, indexes, grad_outputs):
        ln_var, = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(gy)
        if 1 in indexes:
            ret.append(gy * exp(ln_var * 0.5) * _random.as_dtype(self.eps, gy.dtype) * 0.5)
        return ret


def gaussian(mean, ln_var, **kwargs):
    """gaussian(mean, ln_var, *, eps=None, return_eps=False)

    Gaussian sampling function: draws ``mean + exp(ln_var / 2) * eps`` with ``eps`` standard
    normal (the reparameterisation trick), so the sample is differentiable in `mean` and
    `ln_var`. It samples in training and in test mode alike.

    Args:
        mean (~chainer.Variable or array): Mean of the distribution, of a floating-point dtype.
        ln_var (~chainer.Variable or array): Logarithm of the variance, of mean's shape and dtype.
        eps (array): The standard normal noise to use instead of drawing it (of ln_var's shape
            and dtype), to make the result deterministic. It is drawn from NumPy's global
            generator otherwise (CuPy's for CuPy arrays), chainerx inputs included. An eps of
            another dtype is cast to mean's dtype (the output always has mean's dtype).
        return_eps (bool): Also return the noise used, on the inputs' device.

    Returns:
        ~chainer.Variable or tuple: The sample, or ``(sample, eps)`` if `return_eps` is True.

    Example:
        >>> mean = numpy.zeros(3, numpy.float32)
        >>> y, eps = F.gaussian(mean, numpy.zeros(3, numpy.float32), return_eps=True)
        >>> bool((y.array == eps).all())
        True
    """
    eps, return_eps = argument.parse_kwargs(kwargs, ('eps', None), ('return_eps', False))
    func = Gaussian(eps)
    out = func.apply((mean, ln_var))[0]
    if return_eps:
        return out, func.eps
    return out
