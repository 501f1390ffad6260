"""Special functions: error functions, gamma family, normal distribution, Hurwitz zeta.

They compute with SciPy's `scipy.special` on NumPy arrays and `cupyx.scipy.special` on CuPy arrays
(ImportError without them, except erf and erfc, which fall back to Python's `math` element by
element). On chainerx arrays they run natively: erf as chainerx.erf, the others as private routines
of chainerx._core (`_erfc`, `_lgamma`, ..., chainerx/core/routines/special.h), whose backward is
recorded in C++. See Note [Elementwise tables] in unary.py.
"""

import math
import warnings

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.math import unary
from chainer.functions.math.exponential import exp
from chainer.functions.math.square import square
from chainer.utils import type_check

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_SQRT_PI_OVER_TWO = math.sqrt(math.pi) / 2.0
_SQRT_TWO_PI = math.sqrt(2.0 * math.pi)


def _scipy_routine(name, math_fallback=None):
    """`(xp, *args) -> y` computing `special.<name>` (`math_fallback` elementwise without SciPy)."""
    def forward(xp, *args):
        try:
            special = unary.special_module(xp)
        except ImportError:
            if math_fallback is None or xp is not numpy:
                raise ImportError('SciPy is not available. Forward computation of {} in CPU can '
                                  'not be done.'.format(name)) from None
            warnings.warn('SciPy is not available: {} is computed element by element in Python, '
                          'which is slow.'.format(name), RuntimeWarning)
            x, = args
            return numpy.vectorize(math_fallback, otypes=[x.dtype])(x)
        return getattr(special, name)(*args)
    return forward


def _gaussian(x):
    """exp(-x^2), differentiable."""
    return exp(-square(x))


def _constant_like(x, value, dtype):
    """A 0-d array of `value` and `dtype` on the device of the Variable `x`."""
    return backend.get_device_from_array(x.array).send(numpy.array(value, dtype))


Erf, erf = unary.define(
    'erf', __name__, lambda x, y, gy: gy * _gaussian(x) * _TWO_OVER_SQRT_PI,
    xp_forward=_scipy_routine('erf', math.erf), chainerx_forward=chainerx.erf,
    summary='Elementwise error function.',
    formula=r'y_i = {2 \over \sqrt\pi} \int_0^{x_i} e^{-t^2} dt')

Erfc, erfc = unary.define(
    'erfc', __name__, lambda x, y, gy: gy * _gaussian(x) * -_TWO_OVER_SQRT_PI,
    xp_forward=_scipy_routine('erfc', math.erfc),
    chainerx_forward=chainerx._core._erfc,
    summary='Elementwise complementary error function.',
    formula=r'y_i = 1 - \operatorname{erf}(x_i)')

Erfcx, erfcx = unary.define(
    'erfcx', __name__, lambda x, y, gy: gy * (x * y * 2.0 - _TWO_OVER_SQRT_PI), retain='xy',
    xp_forward=_scipy_routine('erfcx'),
    chainerx_forward=chainerx._core._erfcx,
    summary='Elementwise scaled complementary error function.',
    formula=r'y_i = e^{x_i^2} \operatorname{erfc}(x_i)')

Erfinv, erfinv = unary.define(
    'erfinv', __name__,
    lambda x, y, gy: gy * exp(square(y)) * _SQRT_PI_OVER_TWO, retain='y',
    xp_forward=_scipy_routine('erfinv'),
    chainerx_forward=chainerx._core._erfinv,
    summary='Elementwise inverse function of the error function.',
    formula=r'y_i = \operatorname{erf}^{-1}(x_i)')

Erfcinv, erfcinv = unary.define(
    'erfcinv', __name__,
    lambda x, y, gy: gy * exp(square(y)) * -_SQRT_PI_OVER_TWO, retain='y',
    xp_forward=_scipy_routine('erfcinv'),
    chainerx_forward=chainerx._core._erfcinv,
    summary='Elementwise inverse function of the complementary error function.',
    formula=r'y_i = \operatorname{erfc}^{-1}(x_i)')

Ndtr, ndtr = unary.define(
    'ndtr', __name__, lambda x, y, gy: gy * exp(square(x) * -0.5) / _SQRT_TWO_PI,
    xp_forward=_scipy_routine('ndtr'),
    chainerx_forward=chainerx._core._ndtr,
    summary='Elementwise cumulative distribution function of the standard normal distribution.',
    formula=r'y_i = {1 \over \sqrt{2\pi}} \int_{-\infty}^{x_i} e^{-t^2/2} dt')

Ndtri, ndtri = unary.define(
    'ndtri', __name__, lambda x, y, gy: gy * exp(square(y) * 0.5) * _SQRT_TWO_PI,
    retain='y', xp_forward=_scipy_routine('ndtri'),
    chainerx_forward=chainerx._core._ndtri,
    summary='Elementwise inverse of the cumulative distribution function of the standard normal '
            'distribution.',
    formula=r'y_i = \operatorname{ndtr}^{-1}(x_i)')

# d/dx log(ndtr(x)) = exp(-x^2/2) / (sqrt(2 pi) ndtr(x)) = exp(-x^2/2 - y) / sqrt(2 pi), which
# does not underflow to 0 / 0 far in the lower tail.
LogNdtr, log_ndtr = unary.define(
    'log_ndtr', __name__,
    lambda x, y, gy: gy * exp(square(x) * -0.5 - y) / _SQRT_TWO_PI, retain='xy',
    xp_forward=_scipy_routine('log_ndtr'),
    chainerx_forward=chainerx._core._log_ndtr,
    summary='Elementwise logarithm of the cumulative distribution function of the standard normal '
            'distribution, accurate for large negative inputs.',
    formula=r'y_i = \log \operatorname{ndtr}(x_i)')

Lgamma, lgamma = unary.define(
    'lgamma', __name__, lambda x, y, gy: gy * digamma(x), xp_forward=_scipy_routine('gammaln'),
    chainerx_forward=chainerx._core._lgamma,
    summary='Elementwise logarithm of the absolute value of the gamma function.',
    formula=r'y_i = \ln |\Gamma(x_i)|')

Digamma, digamma = unary.define(
    'digamma', __name__, lambda x, y, gy: gy * polygamma(_constant_like(x, 1, numpy.int64), x),
    xp_forward=_scipy_routine('digamma'),
    chainerx_forward=chainerx._core._digamma,
    summary='Elementwise digamma function, the derivative of lgamma.',
    formula=r'y_i = \psi(x_i) = {d \over dx_i} \ln \Gamma(x_i)')


class _ParametrizedSpecial(function_node.FunctionNode):
    """Base of polygamma(n, x) and zeta(x, q): special functions of two inputs.

    The first input is a parameter that receives no gradient (`p`), the second the floating-point
    variable (`v`); they are broadcast against each other.
    """

    # Set by `_define_parametrized`.
    _name = None
    _xp_forward = None      # (xp, p, v) -> array
    _arg_names = None
    _parameter_kind = None  # the dtype kind the parameter must have
    _derivative = None      # (p array, v Variable) -> d/dv, a Variable
    _chainerx_forward = None  # (chainerx p, chainerx v) -> chainerx array (with a C++ backward)

    @property
    def label(self):
        return self._name

    def check_type_forward(self, in_types):
        type_check._argname(in_types, self._arg_names)
        p_type, v_type = in_types
        type_check.expect(p_type.dtype.kind == self._parameter_kind, v_type.dtype.kind == 'f')

    def forward_chainerx(self, inputs):
        p, v = inputs
        if p.dtype.kind != self._parameter_kind or v.dtype.kind != 'f':
            return unary._Fallback
        return self._chainerx_forward(p, v).astype(v.dtype, copy=False),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        p, v = inputs
        xp = backend.get_array_module(v)
        return utils.force_array(self._xp_forward(xp, p, v), v.dtype),

    def backward(self, indexes, grad_outputs):
        p, v = self.get_retained_inputs()
        gv = unary.sum_to(self._derivative(p.array, v) * grad_outputs[0], v.shape)
        return tuple([None if i == 0 else gv for i in indexes])


def _define_parametrized(class_name, name, arg_names, parameter_kind, derivative, summary):
    """A _ParametrizedSpecial subclass: one row (`derivative(p, v)`: d/dv, `p` an array)."""
    return type(class_name, (_ParametrizedSpecial,), {
        '__module__': __name__, '__doc__': summary, '_name': name,
        '_xp_forward': staticmethod(_scipy_routine(name)), '_arg_names': arg_names,
        '_parameter_kind': parameter_kind, '_derivative': staticmethod(derivative),
        '_chainerx_forward': staticmethod(getattr(chainerx._core, '_' + name))})


def _zeta_derivative(x, q):
    # d/dq sum_k (k + q)^-x = -x sum_k (k + q)^-(x+1)
    return zeta(utils.force_array(x + 1), q) * utils.force_array(-x, q.dtype)


Polygamma = _define_parametrized(
    'Polygamma', 'polygamma', ('n', 'x'), 'i', lambda n, x: polygamma(utils.force_array(n + 1), x),
    'The polygamma function of integer orders `n` and a floating-point variable `x`.')

Zeta = _define_parametrized(
    'Zeta', 'zeta', ('x', 'q'), 'f', _zeta_derivative,
    'The Hurwitz zeta function of exponents `x` and a floating-point variable `q`.')


def polygamma(n, x):
    """Elementwise polygamma function: the n-th derivative of the digamma function.

    .. math::

        y_i = \\psi^{(n_i)}(x_i) = {d^{n_i + 1} \\over dx_i^{n_i + 1}} \\ln \\Gamma(x_i)

    Args:
        n (~chainer.Variable or :ref:`ndarray`): The orders (integers; no gradient flows to them).
        x (~chainer.Variable or :ref:`ndarray`): Input variable (floating point), of a shape
            broadcastable with `n`.

    Returns:
        ~chainer.Variable: Output variable, of the dtype of `x` and the broadcast shape.
    """
    return Polygamma().apply((n, x))[0]


def zeta(x, q):
    """Elementwise Hurwitz zeta function of the exponents `x` and the variable `q`.

    .. math::

        y_i = \\zeta(x_i, q_i) = \\sum_{k=0}^{\\infty} (k + q_i)^{-x_i}

    Args:
        x (~chainer.Variable or :ref:`ndarray`): The exponents (floating point; no gradient flows
            to them).
        q (~chainer.Variable or :ref:`ndarray`): Input variable (floating point), of a shape
            broadcastable with `x`.

    Returns:
        ~chainer.Variable: Output variable, of the dtype of `q` and the broadcast shape.
    """
    return Zeta().apply((x, q))[0]
