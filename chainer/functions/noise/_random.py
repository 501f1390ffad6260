"""Random arrays for the noise functions, drawn where the original draws them.

Note [Noise on chainerx]: for NumPy inputs the random arrays come from NumPy's global generator
and for CuPy inputs from CuPy's. For chainerx inputs they come from NumPy's global generator too,
as in the original (where these functions ran in the NumPy fallback), and are sent to the input's
device; so `numpy.random.seed` makes results reproducible in both modes, and one seed gives the
same mask or noise for NumPy and native chainerx inputs. The functions then combine the random
array with the inputs using chainerx routines, which record their own backward in C++.
"""

import numpy

import chainerx

from chainer import backend


def host_module(array):
    """The array module that makes the noise for `array`: CuPy for CuPy arrays, else NumPy."""
    xp = backend.get_array_module(array)
    return numpy if xp is chainerx else xp


def random_module(array):
    """The `random` module that draws noise for `array` (CuPy's for CuPy arrays, else NumPy's)."""
    return host_module(array).random


def on_device_of(array, like):
    """`array` (a NumPy or chainerx array) as a grad-stopped chainerx array on `like`'s device."""
    if isinstance(array, chainerx.ndarray):
        if array.device is not like.device:
            array = array.to_device(like.device)
        return array.as_grad_stopped()
    return chainerx.array(array, device=like.device, copy=False)


def as_dtype(array, dtype):
    """`array` (a mask or noise array) cast to `dtype` if it differs, else itself."""
    return array if array.dtype == dtype else array.astype(dtype)
