"""chainer.FunctionNode: the three chainerx paths, the Python graph, retention, type checks, old-style Function."""

import numpy
import pytest

import chainer
import chainerx
from chainer import Variable
from chainer.utils import type_check

from mode_utils import make_array, to_numpy


class Cube(chainer.FunctionNode):
    """y = x ** 3 with a NumPy-only forward: on chainerx it takes the fallback."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward_cpu(self, inputs):
        x, = inputs
        assert isinstance(x, numpy.ndarray)
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        self.scale = numpy.full(x.shape, 3.0, x.dtype)  # an attribute backward reads (Note [Fallback attributes])
        return x ** 3,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        assert isinstance(self.scale, type(x.array))
        return grad_outputs[0] * self.scale * x * x,


class CubeXp(Cube):
    """The same with a forward written for any array module: on chainerx it takes the xp path."""

    _chainerx_xp_forward = True

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        self.scale = x * 0 + 3
        return x * x * x,


class CubeNative(Cube):
    """The same with forward_chainerx: on chainerx it takes the native path."""

    def forward_chainerx(self, inputs):
        x, = inputs
        return x * x * x,


@pytest.mark.parametrize('node_class,falls_back', [(Cube, True), (CubeXp, False), (CubeNative, False)])
def test_forward_backward_and_double_backward_on_every_path(mode, node_class, falls_back):
    x = Variable(make_array(mode, [1.0, 2.0, -3.0]))
    before = chainer.function_node.fallback_count
    y, = node_class().apply((x,))
    assert to_numpy(y.array).tolist() == [1.0, 8.0, -27.0]
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [1.0, 1.0, 1.0])], enable_double_backprop=True)
    numpy.testing.assert_allclose(to_numpy(gx.array), [3.0, 12.0, 27.0])
    gx.grad = make_array(mode, [1.0, 1.0, 1.0])
    gx.backward()
    numpy.testing.assert_allclose(to_numpy(x.grad), [6.0, 12.0, -18.0])
    expected = 1 if (mode == 'chainerx' and falls_back) else 0
    assert chainer.function_node.fallback_count - before == expected


class OnesXp(chainer.FunctionNode):
    """y = x + ones_like(x), gx = gy * ones: a forward and backward that make arrays with xp."""

    _chainerx_xp_forward = True

    def forward(self, inputs):
        x, = inputs
        xp = chainer.backend.get_array_module(x)
        return x + xp.ones(x.shape, x.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        xp = chainer.backend.get_array_module(gy.array)
        return gy * xp.ones(gy.shape, gy.dtype),


def test_xp_path_runs_under_the_inputs_device():
    # As in the original, forward and backward make their arrays on the inputs' device, not on the default one.
    x = Variable(chainerx.array([1.0, 2.0], device='native:1'))
    with chainerx.using_device('native:0'):
        y, = OnesXp().apply((x,))
        y.grad = chainerx.array([1.0, 1.0], device='native:1')
        y.backward()
    assert y.array.device.name == 'native:1' and to_numpy(y.array).tolist() == [2.0, 3.0]
    assert x.grad.device.name == 'native:1' and to_numpy(x.grad).tolist() == [1.0, 1.0]


class CupyCurrentDevice(chainer.FunctionNode):
    """Returns CuPy's current device id and an array cupy made, as a fallback forward on CuPy arrays sees them."""

    def forward_gpu(self, inputs):
        import cupy
        return cupy.full((1,), cupy.cuda.Device().id, 'int32'), cupy.zeros_like(inputs[0])


def _cuda_device_count():
    try:
        return chainerx.get_backend('cuda').get_device_count()
    except chainerx.BackendError:  # a build without the CUDA backend
        return 0


@pytest.mark.skipif(not chainer.backends.cuda.available or _cuda_device_count() == 0,
                    reason='needs CuPy and a chainerx CUDA device')
def test_fallback_runs_under_cupy_s_current_device_of_the_inputs():
    # The fallback's forward runs with CuPy's current device set to the inputs' (the last GPU, while CuPy's
    # current device is 0), as the original runs forward under the inputs' device.
    import cupy
    index = _cuda_device_count() - 1
    x = Variable(chainerx.ones((2,), 'float32', device='cuda:{}'.format(index)))
    with cupy.cuda.Device(0):
        current, made = CupyCurrentDevice().apply((x,))
    assert to_numpy(current.array).tolist() == [index]
    assert made.array.device.name == 'cuda:{}'.format(index)


def test_native_path_leaves_no_python_node():
    x = Variable(chainerx.array([1.0]))
    node = CubeNative()
    y, = node.apply((x,))
    assert node.inputs is None and y._has_chainerx_array and y.requires_grad


def test_fallback_outputs_keep_their_numpy_view():
    x = Variable(chainerx.array([2.0]))
    y, = Cube().apply((x,))
    view = y._chainerx_fallback_array
    assert isinstance(view, numpy.ndarray) and view.tolist() == [8.0]


def test_python_graph_structure():
    x = Variable(numpy.array([1.0, 2.0]))
    node = Cube()
    y, = node.apply((x,))
    assert y.creator is node and node.rank == 0 and y.rank == 1
    assert node.inputs == (x.node,)
    assert node.outputs[0]() is y.node
    assert node.get_retained_inputs()[0] is x
    assert node.get_retained_outputs()[0] is y
    assert node.output_data[0].tolist() == [1.0, 8.0]
    with pytest.raises(RuntimeError):
        node.apply((x,))


def test_retained_outputs_survive_their_variables():
    x = Variable(numpy.array([2.0]))
    node = Cube()
    y, = node.apply((x,))
    del y
    (y2,) = node.get_retained_outputs()
    assert y2.array.tolist() == [8.0]


def test_no_backprop_mode_builds_no_graph(mode):
    x = Variable(make_array(mode, [1.0]))
    with chainer.no_backprop_mode():
        y, = Cube().apply((x,))
        z = x * 2
    if mode == 'numpy':
        assert y.creator is None and z.creator is None
    else:
        assert not y._data[0].is_backprop_required() and not z._data[0].is_backprop_required()
    with chainer.no_backprop_mode(), chainer.force_backprop_mode():
        assert (x * 2).requires_grad


def test_type_check_raises_invalid_type_with_the_condition(mode):
    x = Variable(make_array(mode, [1, 2], numpy.int32))
    with pytest.raises(type_check.InvalidType) as info:
        Cube().apply((x,))
    assert 'x.dtype.kind == f' in str(info.value)


def test_type_check_can_be_turned_off(mode):
    x = Variable(make_array(mode, [1, 2], numpy.int32), requires_grad=False)
    with chainer.using_config('type_check', False):
        y, = Cube().apply((x,))
    assert to_numpy(y.array).tolist() == [1, 8]


def test_mixing_numpy_and_chainerx_is_a_type_error():
    with pytest.raises(TypeError):
        chainer.functions.identity(Variable(numpy.ones(1)), chainerx.ones(1))
    with pytest.raises(TypeError):
        chainer.functions.identity(numpy.ones(1), Variable(chainerx.ones(1)))


def test_forward_must_return_a_tuple_of_arrays(mode):
    class Bad(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0]

    class BadElement(chainer.FunctionNode):
        def forward(self, inputs):
            return 1.0,

    for node in (Bad(), BadElement()):
        with pytest.raises(TypeError):
            node.apply((make_array(mode, [1.0]),))


def test_backward_with_a_wrong_number_of_gradients_is_an_error(mode):
    class Bad(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, indexes, grad_outputs):
            return grad_outputs[0], grad_outputs[0], grad_outputs[0]

    x = Variable(make_array(mode, [1.0]))
    y, = Bad().apply((x,))
    with pytest.raises((ValueError, chainerx.ChainerxError)):
        y.backward()


def test_backward_with_a_wrong_gradient_shape_is_an_error():
    class Bad(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, indexes, grad_outputs):
            return chainer.Variable(numpy.ones(5)),

    y, = Bad().apply((Variable(numpy.ones(2)),))
    y.grad = numpy.ones(2)
    with pytest.raises(ValueError, match='Shape of data and grad mismatch'):
        y.backward()


def test_debug_mode_detects_nan(mode):
    x = Variable(make_array(mode, [-1.0]))
    with chainer.using_config('debug', True):
        with pytest.raises(RuntimeError, match='NaN'):
            CubeXp().apply((x ** 0.5,)) if mode == 'numpy' else Cube().apply((x ** 0.5,))


def test_function_hooks_see_forward_and_backward():
    class Recorder(chainer.FunctionHook):
        name = 'Recorder'

        def __init__(self):
            self.events = []

        def forward_postprocess(self, function, in_data):
            self.events.append(('forward', function.label))

        def backward_postprocess(self, function, in_data, out_grad):
            self.events.append(('backward', function.label))

    x = Variable(numpy.array([1.0]))
    with Recorder() as hook:
        y, = Cube().apply((x,))
        y.backward()
    # Cube's backward is written with chainer functions, whose nodes the hook sees too.
    assert [e for e in hook.events if e[1] == 'Cube'] == [('forward', 'Cube'), ('backward', 'Cube')]
    assert ('forward', 'Mul') in hook.events
    node = Cube()
    local = Recorder()
    node.add_hook(local)
    node.apply((x,))
    assert local.events == [('forward', 'Cube')]
    with pytest.raises(KeyError):
        node.add_hook(Recorder())


class OldStyleSquare(chainer.Function):
    def forward(self, inputs):
        self.factor = numpy.full(inputs[0].shape, 2.0) if isinstance(inputs[0], numpy.ndarray) else None
        return inputs[0] ** 2,

    def backward(self, inputs, grad_outputs):
        assert isinstance(inputs[0], numpy.ndarray) and isinstance(self.factor, numpy.ndarray)
        return self.factor * inputs[0] * grad_outputs[0],


def test_old_style_function_in_both_modes(mode):
    x = Variable(make_array(mode, [1.0, 3.0]))
    f = OldStyleSquare()
    y = f(x)
    assert isinstance(y, Variable)
    y.grad = make_array(mode, [1.0, 1.0])
    y.backward()
    assert to_numpy(x.grad).tolist() == [2.0, 6.0]
    if mode == 'numpy':
        assert y.creator is f and f.inputs[0] is x.node


def test_fallback_repr_and_identity():
    assert repr(chainer.Fallback) == 'Fallback'
    assert chainer.FunctionNode().forward_chainerx(()) is chainer.Fallback


def test_unchain_of_a_function_node():
    x = Variable(numpy.array([1.0]))
    node = Cube()
    y, = node.apply((x,))
    node.unchain()
    assert y.creator is None and node.inputs is None


def test_fallback_on_another_device_keeps_outputs_and_attributes_there():
    x = Variable(chainerx.array([1.0, 2.0], device='native:1'))
    y, = Cube().apply((x,))
    assert str(y.array.device) == 'native:1'
    y.grad = chainerx.ones(2, 'float64', device='native:1')
    y.backward()
    assert str(x.grad.device) == 'native:1' and to_numpy(x.grad).tolist() == [3.0, 12.0]
