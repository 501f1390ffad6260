"""chainer.Variable in both modes: construction, array/grad access, graph queries, device moves, errors."""

import pickle

import numpy
import pytest

import chainer
import chainerx
from chainer import Variable

from mode_utils import make_array, to_numpy


@pytest.mark.parametrize('bad', [1, 1.5, [1, 2], 'x', numpy.float32(1)])
def test_data_must_be_an_array(bad):
    with pytest.raises(TypeError):
        Variable(bad)


def test_volatile_and_unknown_keywords_are_rejected():
    with pytest.raises(ValueError, match='volatile'):
        Variable(numpy.zeros(1), volatile=True)
    with pytest.raises(TypeError):
        Variable(numpy.zeros(1), nonsense=1)


def test_uninitialised_variable():
    v = Variable()
    assert v.array is None and v.grad is None
    assert v.requires_grad
    assert repr(v) == 'variable(None)'


def test_metadata(mode):
    v = Variable(make_array(mode, [[1, 2, 3], [4, 5, 6]], numpy.float32), name='v')
    assert v.shape == (2, 3) and v.ndim == 2 and v.size == 6 and len(v) == 2
    assert v.dtype == numpy.float32
    assert v.name == 'v'
    assert v.xp is (numpy if mode == 'numpy' else chainerx)
    assert str(v.device) == ('@numpy' if mode == 'numpy' else 'native:0')
    assert v.T.shape == (3, 2)
    assert v.reshape(3, 2).shape == (3, 2) and v.reshape((6,)).shape == (6,)
    with pytest.raises(TypeError):
        len(Variable(make_array(mode, 1.0)))


def test_repr_and_str(mode):
    v = Variable(make_array(mode, [1.0, 2.0]), name='x')
    assert repr(v) == 'variable x([1., 2.])'
    assert str(v) == 'variable x([1. 2.])'
    assert 'shape: (2,)' in v.debug_print()


def test_array_and_data_are_the_same_and_settable(mode):
    v = Variable(make_array(mode, [1.0, 2.0]), requires_grad=False)
    assert to_numpy(v.data).tolist() == to_numpy(v.array).tolist() == [1.0, 2.0]
    v.array = make_array(mode, [3.0])
    assert to_numpy(v.array).tolist() == [3.0]
    assert v.shape == (1,)


def test_chainerx_array_is_a_grad_stopped_view_and_the_input_is_not_mutated():
    a = chainerx.array([1.0, 2.0])
    v = Variable(a)
    assert not a.is_backprop_required()  # the Variable holds a view that requires grad
    assert v.array is v.array  # cached
    assert not v.array.is_backprop_required()
    assert v.chx_array.is_backprop_required()
    with pytest.raises(ValueError):
        Variable(numpy.zeros(1)).chx_array


def test_chainerx_connected_array_with_requires_grad_false_is_an_error():
    a = chainerx.array([1.0]).require_grad()
    with pytest.raises(ValueError):
        Variable(a * 2, requires_grad=False)


def test_setting_the_array_of_a_connected_chainerx_variable_is_an_error():
    x = Variable(chainerx.array([1.0, 2.0]))
    y = x * 2
    with pytest.raises(ValueError):
        y.array = chainerx.array([1.0, 2.0])
    y.array[...] = chainerx.array([5.0, 6.0])  # the documented in-place workaround
    assert to_numpy(y.array).tolist() == [5.0, 6.0]


def test_grad_set_get_clear(mode):
    v = Variable(make_array(mode, [1.0, 2.0]))
    assert v.grad is None and v.grad_var is None
    v.grad = make_array(mode, [3.0, 4.0])
    assert to_numpy(v.grad).tolist() == [3.0, 4.0]
    assert isinstance(v.grad_var, Variable)
    v.cleargrad()
    assert v.grad is None
    v.zerograd()
    assert to_numpy(v.grad).tolist() == [0.0, 0.0]


def test_zerograd_and_grad_outputs_on_a_device_other_than_the_default():
    x = Variable(chainerx.array([1.0, 2.0], device='native:1'))
    with chainerx.using_device('native:0'):
        x.zerograd()
        assert x.grad.device.name == 'native:1'
        x.cleargrad()
        y = x * 3
        gx, = chainer.grad([y], [x], grad_outputs=[None])  # a missing output gradient is ones there
    assert gx.array.device.name == 'native:1' and to_numpy(gx.array).tolist() == [3.0, 3.0]


def test_grad_with_a_wrong_shape_or_dtype_is_an_error(mode):
    v = Variable(make_array(mode, [1.0, 2.0]))
    error = ValueError if mode == 'numpy' else chainerx.GradientError
    with pytest.raises(error):
        v.grad = make_array(mode, [1.0, 2.0, 3.0])
    error = TypeError if mode == 'numpy' else chainerx.GradientError
    with pytest.raises(error):
        v.grad = make_array(mode, [1.0, 2.0], numpy.float32)
    with pytest.raises(TypeError):
        v.grad = [1.0, 2.0]


def test_gradient_of_another_backend_is_an_error():
    with pytest.raises(TypeError):
        Variable(chainerx.array([1.0])).grad = numpy.ones(1)
    with pytest.raises(TypeError):
        Variable(numpy.ones(1)).grad = chainerx.array([1.0])


def test_addgrad_and_copydata(mode):
    a = Variable(make_array(mode, [1.0, 2.0]))
    b = Variable(make_array(mode, [5.0, 6.0]))
    b.grad = make_array(mode, [1.0, 1.0])
    a.addgrad(b)
    a.addgrad(b)
    assert to_numpy(a.grad).tolist() == [2.0, 2.0]
    c = Variable(make_array(mode, [0.0, 0.0]), requires_grad=False)
    c.copydata(b)
    assert to_numpy(c.array).tolist() == [5.0, 6.0]


def test_creator_and_rank_in_numpy_mode():
    x = Variable(numpy.array([1.0]))
    y = x * 2
    z = y + 1
    assert x.creator is None and x.rank == 0
    assert y.rank == 1 and z.rank == 2
    assert type(z.creator).__name__ == 'AddConstant'
    assert z.creator_node is z.creator
    z.unchain()
    assert z.creator is None
    w = (x * 3) * 4
    w.unchain_backward()
    assert w.creator is None


@pytest.mark.parametrize('what', ['creator', 'creator_node', 'node', 'rank', 'label'])
def test_python_graph_attributes_are_errors_in_chainerx_mode(what):
    v = Variable(chainerx.array([1.0]))
    with pytest.raises(RuntimeError):
        getattr(v, what)


def test_retain_data_is_an_error_in_chainerx_mode():
    with pytest.raises(RuntimeError):
        Variable(chainerx.array([1.0])).retain_data()


def test_unchain_makes_a_root(mode):
    # On chainerx too (the original raises there): Note [Cutting a graph] in chainerx/core/backward.h.
    x = Variable(make_array(mode, [1.0, 2.0]))
    y = x * 2
    z = y * 3
    z.unchain()
    chainer.functions.sum(z * 5).backward()
    numpy.testing.assert_array_equal(to_numpy(z.grad), [5.0, 5.0])
    assert x.grad is None


def test_unchain_backward_cuts_the_history(mode):
    x = Variable(make_array(mode, [1.0, 2.0]))
    y = x * 2
    z = (y * 3) + y
    z.unchain_backward()
    w = y * 4  # y's creator is gone as well
    chainer.functions.sum(z * 5 + w).backward()
    assert x.grad is None
    numpy.testing.assert_array_equal(to_numpy(z.grad), [5.0, 5.0])
    numpy.testing.assert_array_equal(to_numpy(y.grad), [4.0, 4.0])


def test_unchain_of_a_root_or_a_constant_changes_nothing(mode):
    x = Variable(make_array(mode, [1.0]))
    x.unchain()
    x.unchain_backward()
    chainer.functions.sum(x * 2).backward()
    numpy.testing.assert_array_equal(to_numpy(x.grad), [2.0])
    c = Variable(make_array(mode, [1.0]), requires_grad=False)
    c.unchain_backward()
    assert not c.requires_grad


def test_comparison_and_truth_value_are_errors(mode):
    v = Variable(make_array(mode, [1.0]))
    for op in (lambda: v == v, lambda: v < v, lambda: v >= 1, lambda: bool(v)):
        with pytest.raises(NotImplementedError):
            op()
    assert hash(v) == hash(v)


def test_item(mode):
    assert Variable(make_array(mode, [[2.5]])).item() == 2.5


def test_to_device_between_numpy_and_chainerx():
    v = Variable(numpy.array([1.0, 2.0]), name='v')
    v.grad = numpy.array([3.0, 4.0])
    v.to_device('native:0')
    assert v._has_chainerx_array and v.xp is chainerx and v.name == 'v'
    assert to_numpy(v.grad).tolist() == [3.0, 4.0]
    v.to_device('@numpy')
    assert isinstance(v.array, numpy.ndarray) and v.grad.tolist() == [3.0, 4.0]
    v.to_device('native:1')
    assert str(v.device) == 'native:1'


def test_to_chx_and_from_chx_share_memory():
    array = numpy.array([1.0, 2.0])
    v = Variable(array)
    v.to_chx()
    assert v.xp is chainerx
    v.array[...] = chainerx.array([7.0, 8.0])
    assert array.tolist() == [7.0, 8.0]
    v.from_chx()
    v.array[0] = 9.0
    assert array[0] == 9.0 and isinstance(v.array, numpy.ndarray)


def test_device_moves_of_variables_on_a_graph_are_errors():
    x = Variable(numpy.array([1.0]))
    with pytest.raises(RuntimeError):
        (x * 2).to_chx()
    y = Variable(chainerx.array([1.0])) * 2
    with pytest.raises(RuntimeError):
        y.from_chx()
    with pytest.raises(RuntimeError):
        y.to_device('@numpy')


def test_as_variable_and_as_array(mode):
    a = make_array(mode, [1.0])
    v = chainer.as_variable(a)
    assert isinstance(v, Variable) and not v.requires_grad
    assert chainer.as_variable(v) is v
    assert chainer.as_array(v) is v.array
    assert chainer.as_array(a) is a
    connected = chainerx.array([1.0]).require_grad() * 2
    assert chainer.as_variable(connected).requires_grad


def test_variable_pickles_in_numpy_mode():
    v = Variable(numpy.array([1.0, 2.0]), name='v')
    w = pickle.loads(pickle.dumps(v))
    assert w.name == 'v' and w.array.tolist() == [1.0, 2.0]


def test_parameter_lazy_initialisation(mode):
    p = chainer.Parameter()
    assert not p.is_initialized and p.array is None
    p.to_device('@numpy' if mode == 'numpy' else 'native:0')
    p.initialize((2, 3))
    assert p.shape == (2, 3) and p.dtype == numpy.float32
    assert numpy.isnan(to_numpy(p.array)).all()
    q = chainer.Parameter(2.0, (3,))
    assert to_numpy(q.array).tolist() == [2.0, 2.0, 2.0]
    r = chainer.Parameter(make_array(mode, [1.0]))
    assert r.array is not None and r.requires_grad


def test_requires_grad_of_chainerx_outputs_does_not_depend_on_when_it_is_asked():
    x = Variable(chainerx.array([1.0, 2.0]))
    y = x * 2
    with chainer.no_backprop_mode():
        z = x * 2
        assert y.requires_grad  # created on the graph; asked outside backprop mode
    assert not z.requires_grad


def test_moving_a_chainerx_variable_between_devices_keeps_requires_grad():
    x = Variable(chainerx.array([1.0, 2.0]))
    x.to_device('native:1')
    assert x.requires_grad and x._data[0].is_grad_required()
    y = Variable(chainerx.array([1.0]), requires_grad=False) * 2
    y.to_device('native:1')
    assert not y.requires_grad and str(y.device) == 'native:1'


def test_an_uninitialised_variable_takes_any_gradient():
    p = chainer.Parameter()
    p.grad = numpy.ones(3, numpy.float32)
    assert p.grad.tolist() == [1.0, 1.0, 1.0]
    assert Variable(grad=numpy.ones(2)).grad.tolist() == [1.0, 1.0]


def test_in_place_update_through_the_array_property(mode):
    # The manual SGD step of the examples: `p.array -= lr * p.grad` works on a parameter requiring grad.
    p = Variable(make_array(mode, [1.0, 2.0]))
    p.grad = make_array(mode, [10.0, 20.0])
    p.array -= 0.1 * p.grad
    assert to_numpy(p.array).tolist() == [0.0, 0.0]
    assert p.requires_grad


def test_truncated_bptt_through_an_lstm_agrees_across_modes():
    # Two segments of an LSTM with loss.unchain_backward() between them (Chainer's PTB updater): the second
    # segment's parameter gradients must be the same on chainerx as with NumPy arrays.
    rng = numpy.random.RandomState(0)
    xs = [rng.uniform(-1, 1, (2, 3)) for _ in range(6)]
    grads = {}
    for mode in ('numpy', 'chainerx'):
        with chainer.using_config('dtype', numpy.float64):
            lstm = chainer.links.LSTM(3, 4, lateral_init=0.5, upward_init=0.3)
        if mode == 'chainerx':
            lstm.to_device('native:0')
        for segment in (xs[:3], xs[3:]):
            loss = 0
            for x in segment:
                loss += chainer.functions.sum(lstm(make_array(mode, x)) ** 2)
            lstm.cleargrads()
            loss.backward()
            loss.unchain_backward()
        grads[mode] = {name: to_numpy(p.grad) for name, p in lstm.namedparams()}
    for name, grad in grads['numpy'].items():
        numpy.testing.assert_allclose(grads['chainerx'][name], grad, rtol=1e-12, err_msg=name)
