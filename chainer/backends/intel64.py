"""iDeep (Intel MKL-DNN) support: the ``'@intel64'`` device, which this build cannot provide.

iDeep (``ideep4py``) is not part of this project, so :func:`is_ideep_available` is always False,
:func:`should_use_ideep` and :func:`inputs_all_ready` say no, and constructing an
:class:`Intel64Device` raises RuntimeError. The names exist so that code written for the original
Chainer (``chainer.backends.intel64.is_ideep_available()``, ``isinstance(x, intel64.mdarray)``)
runs unchanged and takes its NumPy paths.
"""

import numpy

from chainer import _backend
from chainer.backends import _cpu

ideep = None


class mdarray:
    """Placeholder of ``ideep4py.mdarray``: no object is an instance of it."""

    def __init__(self, *args, **kwargs):
        check_ideep_available()


def is_ideep_available():
    """Returns whether iDeep can be used: always False in this build."""
    return False


def check_ideep_available():
    """Raises RuntimeError: iDeep is not available in this build."""
    raise RuntimeError(
        'iDeep (ideep4py) is not available: this build of Chainer does not support the '
        '@intel64 device; use \'@numpy\' or a ChainerX device such as \'native:0\'')


def should_use_ideep(level):
    """Returns whether a function should call iDeep: always False without iDeep.

    Raises:
        ValueError: If `level` is not ``'==always'`` or ``'>=auto'``.
    """
    if level not in ('==always', '>=auto'):
        raise ValueError(
            'Invalid iDeep use level {!r}: must be \'==always\' or \'>=auto\''.format(level))
    return False


def inputs_all_ready(inputs, supported_ndim=(2, 4)):
    """Returns whether iDeep can process `inputs`: always False without iDeep."""
    return False


class Intel64Device(_backend.Device):
    """The iDeep device (``'@intel64'``); constructing it raises RuntimeError in this build."""

    xp = numpy
    name = '@intel64'
    supported_array_types = (numpy.ndarray, mdarray)

    def __init__(self):
        check_ideep_available()

    @staticmethod
    def from_array(array):
        """Returns ``None``: without iDeep no array lives on an Intel64Device."""
        return None

    def send_array(self, array):
        # Arrays iDeep cannot take stay NumPy arrays on this device: without iDeep, all of them.
        return _cpu._array_to_cpu(array)

    def is_array_supported(self, array):
        return isinstance(array, self.supported_array_types)
