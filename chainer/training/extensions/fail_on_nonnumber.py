"""FailOnNonNumber: stops training as soon as a parameter holds NaN or infinity."""

import warnings

import chainerx

from chainer import backend
from chainer.training import extension


def _is_finite(array):
    """Whether every element of a NumPy, CuPy or chainerx array is finite (on its own device)."""
    if array.dtype.kind not in 'fc':
        return True
    xp = backend.get_array_module(array)
    if xp is chainerx:
        # Reduced on the array's device: only the one boolean crosses to Python.
        return bool(chainerx.all(chainerx.isfinite(array)))
    return bool(xp.isfinite(array).all())


def find_nonfinite_param(link):
    """The name (``'/l1/W'``) of the first parameter of `link` with a NaN or infinity, or None.

    Uninitialized parameters are skipped.
    """
    for name, param in link.namedparams():
        array = param.array
        if array is not None and not _is_finite(array):
            return name
    return None


class FailOnNonNumber(extension.Extension):
    """Trainer extension that fails when a parameter has diverged to NaN or infinity.

    After every iteration (by default) it checks the parameters of the targets of all the
    updater's optimizers, NumPy and chainerx ones alike, and raises a RuntimeError naming the
    optimizer and the parameter at the first one that holds a NaN or an infinity.

    Args:
        raise_error (bool): Raise the RuntimeError (the default); if False, only warn
            (RuntimeWarning) and return True from the call.

    Raises:
        RuntimeError: When a parameter is not finite and `raise_error` is True.
    """

    def __init__(self, *, raise_error=True):
        self._raise_error = raise_error

    def __call__(self, trainer):
        for name, optimizer in trainer.updater.get_all_optimizers().items():
            param_name = find_nonfinite_param(optimizer.target)
            if param_name is None:
                continue
            message = ('Kill the process since parameters in optimizer \'{}\' diverge '
                       '(parameter \'{}\' has NaN or inf). R.I.P.'.format(name, param_name))
            if self._raise_error:
                raise RuntimeError(message)
            warnings.warn(message, RuntimeWarning)
            return True
        return False
