"""Variable.backward, chainer.backward and chainer.grad in both modes."""

import numpy
import pytest

import chainer
import chainerx
from chainer import Variable

from mode_utils import make_array, to_numpy


def _ones(mode, n):
    return make_array(mode, numpy.ones(n))


def test_scalar_output_gets_an_initial_gradient_of_one(mode):
    x = Variable(make_array(mode, [3.0]))
    y = x * x
    y.backward()
    assert to_numpy(x.grad).tolist() == [6.0]


def test_non_scalar_output_without_gradient_propagates_nothing():
    x = Variable(numpy.array([1.0, 2.0]))
    (x * 2).backward()
    assert x.grad is None


def test_gradients_accumulate_across_backward_calls(mode):
    x = Variable(make_array(mode, [1.0, 2.0]))
    for _ in range(2):
        y = x * 3
        y.grad = _ones(mode, 2)
        y.backward()
    assert to_numpy(x.grad).tolist() == [6.0, 6.0]
    x.cleargrad()
    assert x.grad is None


def test_a_variable_used_twice_sums_its_gradients(mode):
    x = Variable(make_array(mode, [2.0]))
    y = x * x + x
    y.backward()
    assert to_numpy(x.grad).tolist() == [5.0]


def test_diamond_graph(mode):
    x = Variable(make_array(mode, [2.0]))
    a = x * 3
    b = a * a
    c = a + 1
    (b * c).backward()  # d/dx (3x)^2 (3x + 1) = 2*3*(3x)(3x+1) + 3*(3x)^2
    assert to_numpy(x.grad).tolist() == [2 * 3 * 6 * 7 + 3 * 36]


def test_requires_grad_false_receives_no_gradient(mode):
    x = Variable(make_array(mode, [1.0]), requires_grad=False)
    w = Variable(make_array(mode, [2.0]))
    (x * w).backward()
    assert x.grad is None and to_numpy(w.grad).tolist() == [1.0]


def test_retain_grad_keeps_intermediate_gradients_in_numpy_mode():
    x = Variable(numpy.array([1.0]))
    h = x * 2
    (h * 3).backward()
    assert h.grad is None
    h = x * 2
    (h * 3).backward(retain_grad=True)
    assert h.grad.tolist() == [3.0]


def test_retain_grad_is_an_error_in_chainerx_mode():
    y = Variable(chainerx.array([1.0])) * 2
    with pytest.raises(RuntimeError):
        y.backward(retain_grad=True)


def test_loss_scale(mode):
    # NumPy mode leaves the scaled gradient for the optimizer to divide (Variable._loss_scale); chainerx's
    # backward divides it out itself, which is why optimizers skip the division for chainerx parameters.
    x = Variable(make_array(mode, [1.0]))
    (x * 3).backward(loss_scale=4.0)
    assert to_numpy(x.grad).tolist() == ([12.0] if mode == 'numpy' else [3.0])
    if mode == 'numpy':
        assert x._loss_scale == 4.0


def test_double_backprop_through_backward(mode):
    x = Variable(make_array(mode, [2.0]))
    y = x * x * x
    y.backward(enable_double_backprop=True)
    gx = x.grad_var
    assert to_numpy(gx.array).tolist() == [12.0]
    x.cleargrad()
    gx.backward()
    assert to_numpy(x.grad).tolist() == [12.0]


def test_chainer_backward_with_several_outputs(mode):
    x = Variable(make_array(mode, [1.0, 2.0]))
    y1 = x * 2
    y2 = x * x
    chainer.backward([y1, y2], [_ones(mode, 2), make_array(mode, [10.0, 10.0])])
    assert to_numpy(x.grad).tolist() == [22.0, 42.0]


def test_chainer_backward_argument_errors(mode):
    y = Variable(make_array(mode, [1.0])) * 2
    with pytest.raises(TypeError):
        chainer.backward(y)
    with pytest.raises(TypeError):
        chainer.backward([y.array])
    with pytest.raises(ValueError):
        chainer.backward([y], [None, None])
    with pytest.raises(TypeError):
        chainer.backward([y], enable_something=True)


def test_chainer_backward_may_not_mix_modes():
    a = Variable(numpy.array([1.0])) * 2
    b = Variable(chainerx.array([1.0])) * 2
    with pytest.raises(TypeError):
        chainer.backward([a, b])


def test_grad_returns_gradients_without_touching_leaves(mode):
    x = Variable(make_array(mode, [1.0, 2.0]))
    w = Variable(make_array(mode, [3.0, 4.0]))
    y = x * w
    gx, gw = chainer.grad([y], [x, w], grad_outputs=[_ones(mode, 2)])
    assert to_numpy(gx.array).tolist() == [3.0, 4.0]
    assert to_numpy(gw.array).tolist() == [1.0, 2.0]
    assert x.grad is None and w.grad is None


def test_grad_with_respect_to_an_intermediate_variable():
    x = Variable(numpy.array([2.0]))
    h = x * 3
    y = h * h
    gh, = chainer.grad([y], [h])
    assert gh.array.tolist() == [12.0]


def test_grad_of_an_unreachable_input_is_none(mode):
    x = Variable(make_array(mode, [1.0]))
    z = Variable(make_array(mode, [1.0]))
    gz, = chainer.grad([x * 2], [z])
    assert gz is None


def test_grad_set_grad_and_grad_inputs(mode):
    x = Variable(make_array(mode, [1.0]))
    gx, = chainer.grad([x * 5], [x], grad_inputs=[make_array(mode, [1.0])], set_grad=(mode == 'numpy'))
    assert to_numpy(gx.array).tolist() == [6.0]
    if mode == 'numpy':
        assert x.grad.tolist() == [6.0]


def test_grad_second_order(mode):
    x = Variable(make_array(mode, [3.0]))
    y = x * x * x
    gx, = chainer.grad([y], [x], enable_double_backprop=True)
    ggx, = chainer.grad([gx], [x])
    assert to_numpy(ggx.array).tolist() == [18.0]


def test_grad_of_an_output_listed_twice_sums_its_seeds(mode):
    # chainerx seeds a repeated output once; chainer.grad adds the seeds first, so both modes agree.
    x = Variable(make_array(mode, [1.0, 2.0]))
    y = x * 3
    s = chainer.functions.sum(y)
    gx, = chainer.grad([y, y], [x], grad_outputs=[make_array(mode, [1.0, 1.0]), make_array(mode, [10.0, 10.0])])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [33.0, 33.0])
    gx, = chainer.grad([s, s], [x])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [6.0, 6.0])
    gx, = chainer.grad([s, y, s], [x], grad_outputs=[None, make_array(mode, [1.0, 2.0]), None])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [9.0, 12.0])


def test_grad_argument_errors(mode):
    x = Variable(make_array(mode, [1.0]))
    y = x * 2
    with pytest.raises(TypeError):
        chainer.grad(y, [x])
    with pytest.raises(ValueError):
        chainer.grad([y], [x], grad_outputs=[None, None])
    with pytest.raises(TypeError):
        chainer.grad([y], [Variable(numpy.ones(1)) if mode == 'chainerx' else Variable(chainerx.ones(1))])


def test_backprop_through_a_long_chain_is_not_recursive(mode):
    x = Variable(make_array(mode, [1.0]))
    y = x
    for _ in range(3000):
        y = y + 1
    y.backward()
    assert to_numpy(x.grad).tolist() == [1.0]


def test_no_backprop_mode_and_force_backprop_mode_nest(mode):
    x = Variable(make_array(mode, [1.0]))
    with chainer.no_backprop_mode():
        assert not chainer.config.enable_backprop
        with chainer.force_backprop_mode():
            assert chainer.config.enable_backprop
            y = x * 2
        z = x * 2
    assert chainer.config.enable_backprop
    y.backward()
    assert to_numpy(x.grad).tolist() == [2.0]
    if mode == 'numpy':
        assert z.creator is None
    else:
        assert not z._data[0].is_backprop_required()
