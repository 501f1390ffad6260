# Type stub of chainerx.random (chainerx/random.py); checked against the runtime by
# tests/chainerx_tests/test_stubs.py. The positional and keyword arguments are numpy.random's.
import typing as tp

from chainerx import Device, ndarray

def normal(*args: tp.Any, device: Device | str | None = None, **kwargs: tp.Any) -> ndarray: ...
def uniform(*args: tp.Any, device: Device | str | None = None, **kwargs: tp.Any) -> ndarray: ...
