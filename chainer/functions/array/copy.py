"""F.copy: copies a Variable to a device, also across backends, with the gradient copied back.

Note [Copies across backends]: NumPy/CuPy-backed Variables are differentiated by the Python graph,
chainerx-backed ones by chainerx's C++ graph (Note [Two graphs] in chainer/variable.py). A copy
from one kind to the other joins the two graphs with a bridge node whose backward hands the
gradient over to the other graph's backprop:
 * chainerx -> NumPy/CuPy (_ChainerxToPython): the output is made by a Python node whose input is a
   stand-in NumPy/CuPy Variable (the source's memory, requiring grad). When the Python backprop
   reaches the node, its backward sends the gradient to the source's device and runs chainerx's
   backward from the source array with it.
 * NumPy/CuPy -> chainerx (_PythonToChainerx): the output is made by a node inserted in the C++
   graph (path 2 of Note [Native paths]) whose input is a chainerx view of the source's memory that
   requires grad. When chainerx's backprop reaches the node, its backward sends the gradient back
   and runs the Python backprop from the source Variable with it.
Each bridge runs the other graph's backprop once per backward pass that reaches it. Leaves
accumulate gradients, so a source reached through several bridges gets their sum. The gradients
handed over are not connected to the first graph: double backprop does not cross a bridge, and
`chainer.grad` over a bridge also accumulates into the leaves behind it (the backprop it runs is an
ordinary backward).
"""

import chainerx

from chainer import _backprop
from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer import variable
from chainer.backends import cuda
from chainer.functions.array import _routine
from chainer.utils import _checks
from chainer.utils import type_check


class Copy(function_node.FunctionNode):
    """Copies the input to `out_device` (of the input's kind of backend); the gradient goes back."""

    def __init__(self, in_device, out_device):
        self._in_device = in_device
        self._out_device = out_device

    @property
    def out_device(self):
        """The chainer.backend.Device the output is on."""
        return self._out_device

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))

    def forward_chainerx(self, inputs):
        x, = inputs
        if self._out_device.xp is not chainerx:
            return _routine.Fallback  # copy() bridges this case; see Note [Copies across backends]
        y = x.to_device(self._out_device.device)  # keeps the graph
        return (y.view() if y is x else y),

    def forward(self, inputs):
        return self._out_device.send(inputs[0]),

    def backward(self, indexes, grad_outputs):
        return Copy(self._out_device, self._in_device).apply(grad_outputs)


class _ChainerxToPython(function_node.FunctionNode):
    """The bridge from a chainerx array to a NumPy/CuPy Variable (Note [Copies across backends])."""

    def __init__(self, source, out_device):
        self._source = source  # the chainerx array on the graph
        self._out_device = out_device

    @property
    def label(self):
        return 'Copy'

    def forward(self, inputs):
        return self._out_device.send(inputs[0]),

    def backward(self, indexes, grad_outputs):
        source = self._source
        root = source.view()
        # A copy: the graphs' gradients must not share memory that either may later update.
        root.require_grad().set_grad(
            backend.ChainerxDevice(source.device).send(grad_outputs[0].array).copy())
        chainerx.backward([root], enable_double_backprop=configuration.config.enable_backprop)
        return None,


class _PythonToChainerx(function_node.FunctionNode):
    """The bridge from a NumPy/CuPy Variable to a chainerx array (Note [Copies across backends])."""

    _chainerx_xp_forward = True

    def __init__(self, source, in_device, out_device):
        self._source = source  # the VariableNode of the NumPy/CuPy Variable
        self._in_device = in_device
        self._out_device = out_device

    @property
    def label(self):
        return 'Copy'

    def forward(self, inputs):
        return inputs[0].to_device(self._out_device.device),

    def backward(self, indexes, grad_outputs):
        gx = variable.Variable(self._in_device.send(grad_outputs[0].array.copy()),
                               requires_grad=False)
        # chainerx runs the backward of a node in backprop mode only under double backprop.
        double = chainerx.is_backprop_required()
        _backprop.backprop_to_all([(self._source, gx)], False, double, None)
        return None,


def _chainerx_to_python(x, out_device):
    source = x._data[0]
    host = backend.from_chx(source.as_grad_stopped())  # NumPy (or CuPy) sharing the memory
    if not (x.requires_grad and source.is_backprop_required()):
        return variable.Variable(out_device.send(host), requires_grad=False)
    stand_in = variable.Variable(host, requires_grad=True)
    return _ChainerxToPython(source, out_device).apply((stand_in,))[0]


def _python_to_chainerx(x, in_device, out_device):
    if not (x.requires_grad and configuration.config.enable_backprop):
        return variable.Variable(out_device.send(x.array), requires_grad=False)
    anchor = backend.to_chx(x.array).require_grad()
    return _PythonToChainerx(x.node, in_device, out_device).apply((anchor,))[0]


def copy(x, dst):
    """Copies an input variable to a device; the gradient is copied back to the input's device.

    If `x` is already on `dst`, the output holds a view of (or the very) array of `x`. Copies
    between chainerx devices and NumPy/CuPy devices are differentiable too (see Note [Copies
    across backends] for what that supports).

    Args:
        x (~chainer.Variable or array): Input variable.
        dst: A device specifier (:func:`chainer.get_device`): e.g. `'@numpy'`, `'native:0'`,
            `'@cupy:1'`, a :class:`chainer.backend.Device`, or a legacy integer (-1: the CPU,
            otherwise a GPU id).

    Returns:
        ~chainer.Variable: The variable on `dst`.

    Raises:
        TypeError, ValueError: For an invalid device specifier.
        RuntimeError: If `dst` is a GPU and CuPy is not available.

    Example:
        >>> y = F.copy(numpy.ones(2, numpy.float32), 'native:0')
        >>> y.array.device.name
        'native:0'
    """
    _checks.check_array(x)
    if dst is cuda.DummyDevice:
        dst = -1
    out_device = backend.get_device(dst)
    in_device = backend.get_device_from_array(x)
    to_chainerx = isinstance(out_device, backend.ChainerxDevice)
    if isinstance(in_device, backend.ChainerxDevice) == to_chainerx:
        return _routine.apply_fast(Copy(in_device, out_device), (x,))[0]
    x = variable.as_variable(x)
    if to_chainerx:
        return _python_to_chainerx(x, in_device, out_device)
    return _chainerx_to_python(x, out_device)
