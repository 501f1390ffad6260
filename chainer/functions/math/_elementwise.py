"""The elementwise functions of the math family: public names (`__all__`), native ones (`NATIVE`).

Native (Note [Native paths] in chainer/function_node.py) means that on float Variables holding
chainerx arrays the forward, backward and double backward never take the NumPy fallback: chainerx
routines (or compositions of them) record their backward in C++. The non-differentiable floor,
ceil, fix and sign run the chainerx routines and return Variables off the graph. The special
functions other than erf fall back: chainerx has no such routines.
"""

from chainer.functions.math.clip import clip  # NOQA
from chainer.functions.math.exponential import exp  # NOQA
from chainer.functions.math.exponential import expm1  # NOQA
from chainer.functions.math.exponential import log  # NOQA
from chainer.functions.math.exponential import log10  # NOQA
from chainer.functions.math.exponential import log1p  # NOQA
from chainer.functions.math.exponential import log2  # NOQA
from chainer.functions.math.fmod import fmod  # NOQA
from chainer.functions.math.hyperbolic import arctanh  # NOQA
from chainer.functions.math.hyperbolic import cosh  # NOQA
from chainer.functions.math.hyperbolic import sinh  # NOQA
from chainer.functions.math.minmax import maximum  # NOQA
from chainer.functions.math.minmax import minimum  # NOQA
from chainer.functions.math.rounding import ceil  # NOQA
from chainer.functions.math.rounding import fix  # NOQA
from chainer.functions.math.rounding import floor  # NOQA
from chainer.functions.math.sign import absolute  # NOQA
from chainer.functions.math.sign import sign  # NOQA
from chainer.functions.math.special import digamma  # NOQA
from chainer.functions.math.special import erf  # NOQA
from chainer.functions.math.special import erfc  # NOQA
from chainer.functions.math.special import erfcinv  # NOQA
from chainer.functions.math.special import erfcx  # NOQA
from chainer.functions.math.special import erfinv  # NOQA
from chainer.functions.math.special import lgamma  # NOQA
from chainer.functions.math.special import log_ndtr  # NOQA
from chainer.functions.math.special import ndtr  # NOQA
from chainer.functions.math.special import ndtri  # NOQA
from chainer.functions.math.special import polygamma  # NOQA
from chainer.functions.math.special import zeta  # NOQA
from chainer.functions.math.sqrt import rsqrt  # NOQA
from chainer.functions.math.sqrt import sqrt  # NOQA
from chainer.functions.math.square import square  # NOQA
from chainer.functions.math.trigonometric import arccos  # NOQA
from chainer.functions.math.trigonometric import arcsin  # NOQA
from chainer.functions.math.trigonometric import arctan  # NOQA
from chainer.functions.math.trigonometric import arctan2  # NOQA
from chainer.functions.math.trigonometric import cos  # NOQA
from chainer.functions.math.trigonometric import sin  # NOQA
from chainer.functions.math.trigonometric import tan  # NOQA

__all__ = [
    'absolute', 'arccos', 'arcsin', 'arctan', 'arctan2', 'arctanh', 'ceil', 'clip', 'cos', 'cosh',
    'digamma', 'erf', 'erfc', 'erfcinv', 'erfcx', 'erfinv', 'exp', 'expm1', 'fix', 'floor', 'fmod',
    'lgamma', 'log', 'log10', 'log1p', 'log2', 'log_ndtr', 'maximum', 'minimum', 'ndtr', 'ndtri',
    'polygamma', 'rsqrt', 'sign', 'sin', 'sinh', 'sqrt', 'square', 'tan', 'zeta',
]

NATIVE = frozenset(__all__)
