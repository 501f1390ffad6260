"""The base of the array functions whose forward is one NumPy-named routine of one input.

Note [Routine nodes]: most array functions apply one routine with fixed arguments to one input
(reshape, transpose, squeeze, swapaxes, flip, repeat, ...), and chainerx has each of them under
the NumPy name, with NumPy's semantics and a backward of its own in C++. So `forward_chainerx`
calls the chainerx routine (path 1 of Note [Native paths] in chainer/function_node.py) and
`forward` the routine of the input's array module (NumPy or CuPy). A subclass names the routine in
`_routine`, stores its arguments in `_args`, and writes `check_type_forward` (the original's
conditions) and `backward`.

Note [Errors on chainerx]: path 1 skips the type check, so an argument that chainerx rejects would
surface as a chainerx error (DimensionError, ...) where NumPy-backed Variables get the original's
error (InvalidType from the type check, or NumPy's ValueError/IndexError). `forward_chainerx`
therefore returns `Fallback` when the chainerx routine raises: the fallback path runs the type check
and the NumPy routine, which raise the same errors as for NumPy-backed Variables. Valid arguments
pay nothing for it (a try block costs nothing until it catches).

Note [Wrapper fast path]: for chainerx-backed Variables, `FunctionNode.apply` does nothing on path 1
but call `forward_chainerx` and wrap its outputs; the wrappers call `apply_fast`, which does the
same with less bookkeeping (F.reshape costs 1-2 microseconds more than chainerx.reshape). Anything
else (NumPy inputs, raw arrays, mixed inputs, `Fallback`) goes through `apply`.
"""

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.utils import _checks
from chainer.utils import type_check

# What chainerx raises for arguments it rejects (see Note [Errors on chainerx]).
CHAINERX_ERRORS = (chainerx.DimensionError, chainerx.DtypeError, chainerx.ChainerxError,
                   chainerx.DeviceError, IndexError, TypeError, ValueError)

Fallback = function_node.Fallback
_Variable = variable.Variable
_from_chainerx = variable.Variable._from_chainerx


def apply_fast(node, inputs):
    """`node.apply(inputs)`, with path 1 taken inline for chainerx-backed Variables.

    See Note [Wrapper fast path].
    """
    if len(inputs) == 1:
        x = inputs[0]
        if not (isinstance(x, _Variable) and x._has_chainerx_array):
            return node.apply(inputs)
        arrays = (x._data[0],)
    elif not inputs:
        return node.apply(inputs)  # its type check raises
    else:
        arrays = []
        for x in inputs:
            if not (isinstance(x, _Variable) and x._has_chainerx_array):
                return node.apply(inputs)
            arrays.append(x._data[0])
    outputs = node.forward_chainerx(arrays)
    if outputs is Fallback:
        return node.apply(inputs)
    if len(outputs) == 1:
        return _from_chainerx(outputs[0]),
    return tuple([_from_chainerx(y) for y in outputs])


class RoutineNode(function_node.FunctionNode):
    """A node computing `<xp>.<_routine>(x, *_args)` (see Note [Routine nodes])."""

    _routine = None
    _args = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls._routine is not None:
            cls._chainerx_routine = staticmethod(getattr(chainerx, cls._routine))

    def forward_chainerx(self, inputs):
        try:
            return self._chainerx_routine(inputs[0], *self._args),
        except CHAINERX_ERRORS:
            return Fallback

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        return utils.force_array(getattr(xp, self._routine)(x, *self._args)),


class JoinNode(RoutineNode):
    """A node joining its inputs with `<xp>.<_routine>(xs, *_args)` (concat, stack, hstack, ...).

    The inputs must have one dtype and one ndim (chainerx would promote dtypes, and the routines
    of hstack & co. lift inputs of fewer dimensions): otherwise `forward_chainerx` returns
    `Fallback`, and the type check raises. The lengths of the inputs must agree on the axes that
    `_matching_dims` names: all of them by default, all but `axis` for a join along an existing
    axis `axis` (`_new_axis = False`: concat), all for one along a new axis (`_new_axis = True`:
    stack). A subclass writes `backward`.
    """

    _new_axis = None  # None: the node takes no axis argument

    def __init__(self, axis=None):
        if self._new_axis is not None:
            self.axis = as_int(axis)
            self._args = (self.axis,)

    def _matching_dims(self, x_type):
        """The axes of the inputs (typed like `x_type`, the first) whose lengths must agree."""
        ndim = type_check.eval(x_type.ndim)
        if self._new_axis is None:
            return range(ndim)
        expect_axis(x_type, self.axis, extra=int(self._new_axis))
        if self._new_axis:
            return range(ndim)
        return [d for d in range(ndim) if d != self.axis % ndim]

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check._argname((in_types[0],), ('x0',))
        dims = self._matching_dims(in_types[0])
        for i in range(1, type_check.eval(in_types.size())):
            type_check._argname((in_types[i],), ('x{}'.format(i),))
            type_check.expect(in_types[0].dtype == in_types[i].dtype,
                              in_types[0].ndim == in_types[i].ndim)
            for d in dims:
                type_check.expect(in_types[0].shape[d] == in_types[i].shape[d])

    def forward_chainerx(self, xs):
        dtype, ndim = xs[0].dtype, xs[0].ndim
        for x in xs:
            if x.dtype != dtype or x.ndim != ndim:
                return Fallback
        try:
            return self._chainerx_routine(xs, *self._args),
        except CHAINERX_ERRORS:
            return Fallback

    def forward(self, xs):
        return getattr(backend.get_array_module(*xs), self._routine)(xs, *self._args),


is_int = _checks.is_integer  # whether a value is an integer (Python or NumPy), bools excluded


def as_int(value, name='axis', allow_none=False):
    """`value` (an integer, or None where `allow_none`) as an int or None.

    Raises:
        TypeError: `value` is of another type (bools included).
    """
    if type(value) is int:
        return value
    if is_int(value):
        return int(value)
    if value is None and allow_none:
        return None
    raise TypeError('{} must be {}int, not {!r}'.format(
        name, 'None or ' if allow_none else '', value))


def as_axis_tuple(axis, unique=False):
    """None, an int or a tuple of ints as None or a tuple of ints.

    Raises:
        TypeError: `axis` is of another type.
        ValueError: `unique` is set and the tuple repeats an axis.
    """
    if axis is None:
        return None
    if type(axis) is int:
        return (axis,)
    if is_int(axis):
        return (int(axis),)
    if isinstance(axis, tuple) and all(is_int(a) for a in axis):
        axes = tuple([int(a) for a in axis])
        if unique and len(set(axes)) != len(axes):
            raise ValueError('duplicate value in axis: ({})'.format(', '.join(map(str, axes))))
        return axes
    raise TypeError('axis must be None, int or tuple of ints, not {!r}'.format(axis))


def expect_axis(x_type, axis, extra=0):
    """Type-checks that `axis` is an axis of an array of `x_type.ndim + extra` dimensions.

    `extra=1` checks a position that may also be just after the last axis (expand_dims, rollaxis).
    """
    ndim = x_type.ndim + extra if extra else x_type.ndim
    if axis >= 0:
        type_check.expect(ndim > axis)
    else:
        type_check.expect(ndim >= -axis)


def zeros_on_device_of(array, shape):
    """Zeros of `shape` with the dtype of `array`, on the device of `array` (any backend)."""
    if isinstance(array, chainerx.ndarray):
        return chainerx.zeros(shape, array.dtype, device=array.device)
    device = backend.get_device_from_array(array)
    with backend.using_device(device):
        return device.xp.zeros(shape, array.dtype)


def grads_or_zeros(grad_outputs, shapes):
    """The output gradients, each missing one (None) replaced by a zero Variable of its shape."""
    if all(g is not None for g in grad_outputs):
        return grad_outputs
    template = next(g for g in grad_outputs if g is not None).array
    return [variable.Variable(zeros_on_device_of(template, shape), requires_grad=False)
            if g is None else g for g, shape in zip(grad_outputs, shapes)]
