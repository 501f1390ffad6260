"""F.get_item: NumPy's basic and advanced indexing of a Variable (Variable.__getitem__ calls it).

Note [Index keys]: a key is normalised once, in the wrapper, to a tuple of items: ints, slices,
None, Ellipsis and index arrays (int or bool; NumPy, CuPy or chainerx arrays, or lists). As in
NumPy, a list is one index array; a list holding slices, None or Ellipsis is read as a tuple, as
the original Chainer did (NumPy no longer accepts it). Variables in a key stand for their arrays.
Any number of index arrays may be combined, with NumPy's rules for where the indexed axes go.

On chainerx the key goes to `chainerx.ndarray.__getitem__`, which handles basic keys and int/bool
index arrays in C++ with a backward of its own; keys it cannot differentiate (a 0-d bool array, ...)
raise there and take the NumPy fallback (see Note [Errors on chainerx] in _routine.py).
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.array import _routine
from chainer.utils import type_check


def _is_basic_item(item):
    return item is None or item is Ellipsis or isinstance(item, slice) or _routine.is_int(item)


def normalize_key(key):
    """The key as a tuple of items (see Note [Index keys])."""
    if type(key) is not tuple:
        if isinstance(key, list):
            if any(item is None or item is Ellipsis or isinstance(item, slice) for item in key):
                key = tuple(key)
            else:
                key = (key,)
        elif isinstance(key, tuple):
            key = tuple(key)
        else:
            key = (key,)
    for item in key:
        if isinstance(item, variable.Variable):
            return tuple([item.array if isinstance(item, variable.Variable) else item
                          for item in key])
    return key


def key_for(key, array):
    """The key with its chainerx index arrays viewed as arrays of `array`'s (non-chainerx) kind."""
    if isinstance(array, chainerx.ndarray):
        return key
    return tuple([backend.from_chx(item) if isinstance(item, chainerx.ndarray) else item
                  for item in key])


def is_advanced(key):
    """Whether a normalised key holds an index array (then elements may repeat)."""
    return not all(_is_basic_item(item) for item in key)


def add_at(target, key, values):
    """`target[key] += values` in place, accumulating repeated elements (NumPy or CuPy arrays)."""
    if isinstance(target, numpy.ndarray):
        if _may_pass_32_dims(target, key, values):
            _add_at_flat(target, key, values)
        else:
            numpy.add.at(target, key, values)
    else:
        import cupyx  # only reached with CuPy arrays
        cupyx.scatter_add(target, key, values)


def _may_pass_32_dims(target, key, values):
    """Whether `target`, `values` or `target[key]` may have more than 31 dimensions.

    `numpy.add.at` crashes the process (NumPy 2) when the array or the indexed result has more
    than 32. An upper bound of the result's: each key item adds at most its own dimensions and one
    (None, a bool).
    """
    if max(target.ndim, numpy.ndim(values)) >= 32:
        return True
    added = sum([numpy.ndim(item) for item in key if not isinstance(item, slice)])
    return target.ndim + added + len(key) >= 32


def _add_at_flat(target, key, values):
    """`numpy.add.at(target, key, values)` through the flat positions of the elements `key` picks.

    Indexing (unlike `numpy.add.at`) handles any number of dimensions, and the 1-d `add.at` then
    accumulates the repeats.
    """
    positions = numpy.arange(target.size).reshape(target.shape)[key]
    flat = numpy.ascontiguousarray(target)
    numpy.add.at(flat.reshape(-1), positions.reshape(-1),
                 numpy.broadcast_to(values, positions.shape).reshape(-1))
    if flat is not target:
        target[...] = flat


class GetItem(function_node.FunctionNode):
    """Returns `x[slices]`; the gradient scatters back into zeros of x's shape (GetItemGrad)."""

    def __init__(self, slices):
        self.slices = normalize_key(slices)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))

    def forward_chainerx(self, inputs):
        try:
            return inputs[0][self.slices],
        except _routine.CHAINERX_ERRORS + (RuntimeError,):
            return _routine.Fallback

    def forward(self, inputs):
        x, = inputs
        return utils.force_array(x[key_for(self.slices, x)]),

    def backward(self, indexes, grad_outputs):
        return GetItemGrad(self.slices, self.inputs[0].shape).apply(grad_outputs)


class GetItemGrad(function_node.FunctionNode):
    """The gradient of GetItem: zeros of `in_shape` with `gy` added at `slices` (repeats summed)."""

    def __init__(self, slices, in_shape):
        self.slices = normalize_key(slices)
        self._in_shape = tuple(in_shape)
        self._advanced = is_advanced(self.slices)

    def forward(self, inputs):
        gy, = inputs
        gx = _routine.zeros_on_device_of(gy, self._in_shape)
        key = key_for(self.slices, gx)
        if self._advanced:
            add_at(gx, key, gy)
        else:
            gx[key] = gy
        return gx,

    def backward(self, indexes, grad_outputs):
        return GetItem(self.slices).apply(grad_outputs)


def get_item(x, slices):
    """Extracts elements of a variable by NumPy indexing.

    Args:
        x (~chainer.Variable or array): Input variable.
        slices (int, slice, Ellipsis, None, integer or boolean array-like, or a tuple of them):
            The key, as in NumPy (see Note [Index keys]); index arrays may be NumPy, CuPy or
            chainerx arrays, lists or Variables.

    Returns:
        ~chainer.Variable: `x[slices]`. The gradient of `x` is zero except at the selected
        elements, where the gradients of their occurrences are summed.

    Raises:
        IndexError: For an index out of range or a key that NumPy rejects.

    Example:
        >>> x = numpy.arange(12.).reshape(3, 4)
        >>> F.get_item(x, (slice(None), [0, 0, 3])).shape
        (3, 3)
    """
    return _routine.apply_fast(GetItem(slices), (x,))[0]
