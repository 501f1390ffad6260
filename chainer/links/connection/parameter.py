"""`chainer.links.Parameter`: a link holding one array as its parameter ``W``."""

from chainer import backend
from chainer import link
from chainer import variable


class Parameter(link.Link):
    """A link whose only parameter ``W`` holds a given array; calling it returns ``W``.

    The link lives on the device of the array.

    Args:
        array (numpy.ndarray, cupy.ndarray or chainerx.ndarray): The initial value, used as it is.
    """

    def __init__(self, array):
        super().__init__()
        with self.init_scope():
            self.W = variable.Parameter(array)
        self._device = backend.get_device_from_array(array)

    def forward(self):
        """Returns the parameter ``W`` (a :class:`~chainer.Parameter`)."""
        return self.W
