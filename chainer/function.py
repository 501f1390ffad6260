"""Old-style `chainer.Function`: forward and backward on arrays, adapted to a FunctionNode.

New code should define a FunctionNode; Function exists so that existing user code runs unchanged. Its
backward works on arrays, so it is not differentiable again (no double backprop through it), as in the original.
By default every input is retained for backward; outputs only when `retain_outputs` asks.
"""

import numpy

import chainerx

from chainer import _fallback
from chainer import function_node
from chainer import variable


def _attribute_of(holder, name, doc):
    """A read-only property: the attribute `name` of the object in the attribute `holder`."""
    return property(lambda self: getattr(getattr(self, holder), name), doc=doc)


class FunctionAdapter(function_node.FunctionNode):
    """The FunctionNode that runs an old-style Function (`Function.node`)."""

    def __init__(self, function):
        self._function = function
        self._output_info = None

    function = property(lambda self: self._function, doc='The Function this node runs.')
    label = _attribute_of('_function', 'label', 'The label of the Function.')

    def check_type_forward(self, in_types):
        self._function.check_type_forward(in_types)

    def forward(self, inputs):
        self._function._input_count = len(inputs)
        if self._is_chainerx_fallback_mode:
            with _fallback.converting_attributes(self._function, self.chainerx_device.device):
                outputs = self._function.forward(inputs)
        else:
            outputs = self._function.forward(inputs)
        if self._input_indexes_to_retain is None:
            self.retain_inputs(range(len(inputs)))
        if isinstance(outputs, tuple):
            self._output_info = [(y.shape, y.dtype) for y in outputs]
        return outputs

    def backward(self, target_input_indexes, grad_outputs):
        in_data = [None] * len(self.inputs)
        for index, var in zip(self._input_indexes_to_retain, self.get_retained_inputs()):
            in_data[index] = None if var is None else var.array
        gy_data = [self._zero_grad(i, in_data) if g is None else g.array for i, g in enumerate(grad_outputs)]
        function = self._function
        if self._is_chainerx_fallback_mode:
            to_fallback = _fallback.from_chainerx
            in_data = [None if a is None else to_fallback(a) for a in in_data]
            gy_data = [to_fallback(g) for g in gy_data]
            device = self.chainerx_device.device
            with _fallback.converting_attributes(function, device):
                gxs = function.backward(tuple(in_data), tuple(gy_data))
            gxs = tuple([None if gx is None else _fallback.to_chainerx(_as_array(gx), device) for gx in gxs])
        else:
            gxs = function.backward(tuple(in_data), tuple(gy_data))
        if not isinstance(gxs, tuple):
            raise TypeError('backward of {} must return a tuple, not {}'.format(self.label, type(gxs)))
        if len(gxs) != len(self.inputs):
            raise ValueError('backward of {} returned {} gradients for {} inputs'.format(
                self.label, len(gxs), len(self.inputs)))
        return tuple([None if gxs[i] is None else variable.Variable(_as_array(gxs[i]), requires_grad=False)
                      for i in target_input_indexes])

    def _zero_grad(self, index, in_data):
        shape, dtype = self._output_info[index]
        if self._is_chainerx_fallback_mode:
            return chainerx.zeros(shape, dtype, device=self.chainerx_device.device)
        from chainer import backend
        xp = backend.get_array_module(*[a for a in in_data if a is not None])
        return xp.zeros(shape, dtype)


def _as_array(x):
    return numpy.asarray(x) if isinstance(x, numpy.generic) else x


class Function:
    """Old-style differentiable function: override `forward` and `backward` on arrays.

    Calling the function (`f(x, y)`) applies a new FunctionAdapter and returns one Variable, or a tuple when
    there are several outputs.
    """

    _node = None
    _input_count = None

    def __call__(self, *inputs):
        node = FunctionAdapter(self)
        self._node = node
        outputs = node.apply(inputs)
        return outputs[0] if len(outputs) == 1 else outputs

    node = property(lambda self: self._node, doc='The FunctionAdapter of the last call.')

    @property
    def label(self):
        return self.__class__.__name__

    inputs = _attribute_of('_node', 'inputs', 'The inputs of the node of the last call.')
    outputs = _attribute_of('_node', 'outputs', 'The outputs of the node of the last call.')
    rank = _attribute_of('_node', 'rank', 'The rank of the node of the last call.')
    output_data = _attribute_of('_node', 'output_data', 'The retained outputs of the last call.')
    local_function_hooks = _attribute_of(
        '_node', 'local_function_hooks', 'The hooks of the node of the last call.')

    def check_type_forward(self, in_types):
        """Checks the input types with chainer.utils.type_check (nothing by default)."""

    # The dispatch of forward to forward_cpu or forward_gpu is FunctionNode's.
    forward = function_node.FunctionNode.forward
    forward_cpu = function_node.FunctionNode.forward_cpu
    forward_gpu = function_node.FunctionNode.forward_gpu

    def backward(self, inputs, grad_outputs):
        """Computes the input gradients (arrays); by default dispatches to backward_cpu or backward_gpu."""
        if function_node._on_gpu(inputs + grad_outputs):
            return self.backward_gpu(inputs, grad_outputs)
        return self.backward_cpu(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        return (None,) * len(inputs)

    def backward_gpu(self, inputs, grad_outputs):
        return (None,) * len(inputs)

    def retain_inputs(self, indexes):
        """Retains only the inputs at `indexes` for backward (the others are None there)."""
        self._node.retain_inputs(indexes)

    def retain_outputs(self, indexes, retain_after_backward=False):
        """Retains the outputs at `indexes`, readable as `self.output_data` in backward."""
        self._node.retain_outputs(indexes)

    def unchain(self):
        self._node.unchain()

    def add_hook(self, hook, name=None):
        self._node.add_hook(hook, name)

    def delete_hook(self, name):
        self._node.delete_hook(name)
