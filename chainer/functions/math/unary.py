"""The machinery of the table-defined elementwise math functions (exp, sin, sqrt, maximum, ...).

Note [Elementwise tables]: most elementwise functions differ only in four things: the array
routine of the forward, the chainerx routine (if any) whose C++ backward makes them native, which
of input and output the backward needs, and the derivative. `define` turns one row of those into a
FunctionNode subclass and its lowercase wrapper, and `define_binary` does the same for functions of
two broadcastable inputs of one dtype. The wrappers call the chainerx routine directly for a float
Variable holding a chainerx array (path 1 of Note [Native paths] in chainer/function_node.py,
without even building the node); everything else goes through the node, whose type check rejects
non-float inputs with InvalidType on NumPy and chainerx alike. The backward formulas are written
with chainer functions, so they are differentiable again.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.math import basic_math
from chainer.functions.math.sum_to import sum_to as _sum_to
from chainer.utils import _checks
from chainer.utils import type_check

Variable = variable.Variable
_from_chainerx = Variable._from_chainerx
_Fallback = function_node.Fallback

_FLOAT_RETURNS = 'Output variable, of the floating-point dtype and the shape of the input.'


def docstring(summary, formula='', arg_names=('x',), kind=' (floating point)',
              returns=_FLOAT_RETURNS):
    """The Google-style docstring of an elementwise function: summary, formula, Args, Returns."""
    text = summary + '\n'
    if formula:
        text += '\n.. math::\n\n    {}\n'.format(formula)
    text += '\nArgs:\n'
    for name in arg_names:
        text += '    {} (~chainer.Variable or :ref:`ndarray`): Input variable{}.\n'.format(
            name, kind)
    return text + '\nReturns:\n    ~chainer.Variable: {}\n'.format(returns)


def _camel(name):
    return ''.join(part.capitalize() for part in name.split('_'))


def _finish_wrapper(wrapper, name, module, doc):
    wrapper.__name__ = wrapper.__qualname__ = name
    wrapper.__module__ = module
    wrapper.__doc__ = doc
    return wrapper


class ElementwiseUnary(function_node.FunctionNode):
    """Base of the nodes made by `define`: one float input, one output of its shape and dtype.

    A node with arguments (F.clip) subclasses it and defines the hooks below as methods instead.
    """

    # Set by `define` (Note [Elementwise tables]).
    _name = None
    _xp_forward = None        # (xp, x) -> array
    _chainerx_forward = None  # chainerx array -> chainerx array (with a C++ backward), or None
    _retain_x = False
    _retain_y = False
    _grad = None              # (x, y, gy) -> gx, Variables (x or y None unless retained)

    @property
    def label(self):
        return self._name

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward_chainerx(self, inputs):
        x, = inputs
        if self._chainerx_forward is None or x.dtype.kind != 'f':
            return _Fallback
        return self._chainerx_forward(x),

    def forward(self, inputs):
        x, = inputs
        if self._retain_x:
            self.retain_inputs((0,))
        if self._retain_y:
            self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(self._xp_forward(xp, x), x.dtype),

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0] if self._retain_x else None
        y = self.get_retained_outputs()[0] if self._retain_y else None
        return self._grad(x, y, grad_outputs[0]),


def define(name, module, grad, retain='x', xp_forward=None, chainerx_forward=None, summary='',
           formula=''):
    """Makes the node class and the wrapper of an elementwise function of one input.

    Args:
        name (str): The public name (also the NumPy routine used by default, `xp.<name>`).
        module (str): `__name__` of the module that will hold the wrapper.
        grad (callable): `(x, y, gy) -> gx` with chainer functions (Variables in and out).
        retain (str): Which of 'x' and 'y' the backward reads ('', 'x', 'y' or 'xy').
        xp_forward (callable): `(xp, x) -> y` on NumPy/CuPy arrays; default `xp.<name>(x)`.
        chainerx_forward (callable): chainerx array -> chainerx array, differentiable in C++, or
            None (then chainerx inputs take the fallback).
        summary (str): The docstring's one-line summary.
        formula (str): The docstring's formula (LaTeX), if any.

    Returns:
        tuple: The FunctionNode subclass and the wrapper function.
    """
    if xp_forward is None:
        def xp_forward(xp, x):
            return getattr(xp, name)(x)
    node_class = type(_camel(name), (ElementwiseUnary,), {
        '__module__': module, '__doc__': summary, '_name': name,
        '_xp_forward': staticmethod(xp_forward), '_grad': staticmethod(grad),
        '_chainerx_forward': None if chainerx_forward is None else staticmethod(chainerx_forward),
        '_retain_x': 'x' in retain, '_retain_y': 'y' in retain})
    if chainerx_forward is None:
        def wrapper(x):
            return node_class().apply((x,))[0]
    else:
        def wrapper(x):
            if isinstance(x, Variable) and x._has_chainerx_array:
                a = x._data[0]
                if a.dtype.kind == 'f':
                    return _from_chainerx(chainerx_forward(a))
            return node_class().apply((x,))[0]
    return node_class, _finish_wrapper(wrapper, name, module, docstring(summary, formula))


def sum_to(gx, shape):
    """`gx` summed to `shape` (the gradient of a broadcast input); `gx` itself if already so."""
    if gx.shape == tuple(shape):
        return gx
    return _sum_to(gx, shape)


class ElementwiseBinary(function_node.FunctionNode):
    """Base of the nodes made by `define_binary`: two float inputs of one dtype, broadcastable."""

    _name = None
    _arg_names = None
    _chainerx_forward = None  # (chainerx a, chainerx b) -> chainerx array
    _grad = None              # (x1, x2, gy, i) -> gradient of input i, before summing to its shape

    @property
    def label(self):
        return self._name

    def check_type_forward(self, in_types):
        type_check._argname(in_types, self._arg_names)
        type_check.expect(in_types[0].dtype.kind == 'f', in_types[0].dtype == in_types[1].dtype)
        basic_math._expect_broadcastable(in_types[0].shape, in_types[1].shape)

    def forward_chainerx(self, inputs):
        x1, x2 = inputs
        if x1.dtype.kind != 'f' or x1.dtype != x2.dtype:
            return _Fallback
        return self._chainerx_forward(x1, x2),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x1, x2 = inputs
        xp = backend.get_array_module(x1)
        return utils.force_array(getattr(xp, self._name)(x1, x2), x1.dtype),

    def backward(self, indexes, grad_outputs):
        x1, x2 = self.get_retained_inputs()
        gy, = grad_outputs
        return tuple([sum_to(self._grad(x1, x2, gy, i), (x1, x2)[i].shape) for i in indexes])


def define_binary(name, module, arg_names, grad, summary):
    """Makes the node class of an elementwise function of two inputs, and a function applying it.

    The forward is `xp.<name>(x1, x2)` and, on chainerx, `chainerx.<name>` (which must have a C++
    backward that agrees with `grad`). The module writes the public wrapper around the returned
    function, with the original's argument names.

    Args:
        name (str): The public name.
        module (str): `__name__` of the module that holds the wrapper.
        arg_names (tuple of str): The two argument names (for type check messages).
        grad (callable): `(x1, x2, gy, i) -> gx_i` with chainer functions, in the broadcast shape.
        summary (str): The node's docstring.

    Returns:
        tuple: The FunctionNode subclass and a function `(x1, x2) -> Variable`.
    """
    routine = getattr(chainerx, name)
    node_class = type(_camel(name), (ElementwiseBinary,), {
        '__module__': module, '__doc__': summary, '_name': name, '_arg_names': tuple(arg_names),
        '_chainerx_forward': staticmethod(routine), '_grad': staticmethod(grad)})

    def apply(x1, x2):
        if (isinstance(x1, Variable) and isinstance(x2, Variable) and x1._has_chainerx_array
                and x2._has_chainerx_array):
            a, b = x1._data[0], x2._data[0]
            if a.dtype.kind == 'f' and a.dtype == b.dtype:
                return _from_chainerx(routine(a, b))
        return node_class().apply((x1, x2))[0]

    return node_class, apply


class Mask(function_node.FunctionNode):
    """`where(mask, x, 0)` for a constant boolean mask: the gradient of clip, maximum and minimum.

    It is linear in `x`, so its backward is the same mask applied to the output gradient.
    """

    def __init__(self, mask):
        self.mask = mask

    def forward_chainerx(self, inputs):
        return chainerx.where(self.mask, inputs[0], 0.0),

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        return utils.force_array(xp.where(self.mask, x, x.dtype.type(0)), x.dtype),

    def backward(self, indexes, grad_outputs):
        return Mask(self.mask).apply(grad_outputs)


def mask(x, condition):
    """`x` where the boolean array `condition` holds, 0 elsewhere (differentiable in `x`)."""
    return Mask(condition).apply((x,))[0]


def define_nondifferentiable(name, module, summary, formula='', xp_forward=None):
    """Makes the wrapper of a piecewise constant function (floor, ceil, fix, sign).

    As in the original, the result is a Variable off the graph (it does not require grad): the
    function's gradient is zero almost everywhere, so nothing flows back through it. The forward
    is `xp_forward(xp, x)`, by default `xp.<name>(x)`, on NumPy, CuPy and chainerx arrays alike.
    """
    if xp_forward is None:
        def xp_forward(xp, x):
            return getattr(xp, name)(x)

    def wrapper(x):
        array = x.array if isinstance(x, Variable) else x
        if not (_checks.is_array(array) or isinstance(array, numpy.generic)):
            _checks.check_array(x)  # e.g. a Python scalar: the original takes arrays only
        y = xp_forward(backend.get_array_module(array), array)
        return variable.as_variable(utils.force_array(y, array.dtype))

    doc = docstring(summary, formula, kind='', returns=(
        'Output variable of the dtype and the shape of the input, which does not require grad.'))
    return _finish_wrapper(wrapper, name, module, doc)


_special_modules = {}


def special_module(xp):
    """SciPy's `scipy.special` for NumPy arrays, `cupyx.scipy.special` for CuPy.

    Imported on first use: SciPy is optional, and slow to import.

    Raises:
        ImportError: The module is not installed.
    """
    special = _special_modules.get(xp)
    if special is None:
        if xp is numpy:
            from scipy import special
        else:
            from cupyx.scipy import special
        _special_modules[xp] = special
    return special
