"""chainer.gradient_check: numerical_grad, check_backward and check_double_backward.

Every check runs on Variables holding NumPy arrays (Python graph) and chainerx arrays on native:0
(ChainerX graph); wrong backward implementations must be caught, right ones must pass.
"""

import numpy
import pytest

import chainer
import chainerx
from chainer import functions as F
from chainer import gradient_check
from chainer import testing

import function_test_utils

_MODES = ['numpy', 'chainerx']


def _to(mode, *arrays):
    converted = tuple(None if a is None else chainerx.array(a) if mode == 'chainerx' else a
                      for a in arrays)
    return converted if len(converted) > 1 else converted[0]


def _uniform(*shape, dtype=numpy.float64, low=-1, high=1):
    return numpy.random.uniform(low, high, shape).astype(dtype)


def _square(x, **kwargs):
    """x * x through function_test_utils.Square (its backward broken as kwargs say)."""
    return function_test_utils.Square(**kwargs).apply((x,))[0]


# -- numerical_grad ------------------------------------------------------------------------------

@pytest.mark.parametrize('mode', _MODES)
def test_numerical_grad_of_a_product_with_two_outputs(mode):
    x, y = _to(mode, _uniform(2, 3), _uniform(2, 3))
    gz, gw = _to(mode, _uniform(2, 3), _uniform(3))

    def f():
        return x * y, (x * x).sum(axis=0)

    gx, gy = gradient_check.numerical_grad(f, (x, y), (gz, gw))
    to_np = chainer.backend.CpuDevice().send
    assert type(gx) is type(x) and gx.dtype == x.dtype
    testing.assert_allclose(gx, to_np(gz) * to_np(y) + 2 * to_np(x) * to_np(gw), atol=1e-8)
    testing.assert_allclose(gy, to_np(gz) * to_np(x), atol=1e-8)


@pytest.mark.parametrize('mode', _MODES)
def test_numerical_grad_skips_outputs_without_gradient(mode):
    x = _to(mode, _uniform(3))
    gx, = gradient_check.numerical_grad(
        lambda: (x * 2, x * x), (x,), (_to(mode, numpy.ones(3)), None))
    testing.assert_allclose(gx, numpy.full(3, 2.0), atol=1e-8)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('mode', _MODES)
def test_numerical_grad_restores_the_inputs_bit_for_bit(mode, dtype):
    x_np = _uniform(2, 2, dtype=dtype)
    x = _to(mode, x_np.copy())
    gx, = gradient_check.numerical_grad(
        lambda: x * x, (x,), (_to(mode, numpy.ones((2, 2), dtype)),),
        eps=1e-1 if dtype == numpy.float16 else 1e-3)
    assert (chainer.backend.CpuDevice().send(x).view(numpy.uint8) == x_np.view(numpy.uint8)).all()
    # The steps actually stored are the denominator: exact for the quadratic even in float16.
    testing.assert_allclose(gx, 2 * x_np.astype(numpy.float64), atol=1e-2, rtol=1e-2)


def test_numerical_grad_zero_dim_and_zero_size_inputs():
    x = numpy.array(3.0)
    e = numpy.zeros((0, 2))
    gx, ge = gradient_check.numerical_grad(lambda: (x * x + e.sum()), (x, e), (numpy.array(1.0),))
    testing.assert_allclose(gx, 6.0)
    assert gx.shape == () and ge.shape == (0, 2)


def test_numerical_grad_errors():
    x = numpy.ones(2)
    with pytest.raises(TypeError, match='floating-point'):
        gradient_check.numerical_grad(lambda: x, (numpy.ones(2, numpy.int32),), (x,))
    with pytest.raises(ValueError, match='eps'):
        gradient_check.numerical_grad(lambda: x, (x,), (x,), eps=0)
    with pytest.raises(ValueError, match='grad_outputs'):
        gradient_check.numerical_grad(lambda: (x, x), (x,), (x,))
    with pytest.raises(ValueError, match='precision'):
        gradient_check.numerical_grad(lambda: x, (numpy.full(1, 1e4, numpy.float16),),
                                      (numpy.ones(1),), eps=1e-3)


@pytest.mark.parametrize('mode', _MODES)
def test_numerical_grad_detects_a_kink(mode):
    x = _to(mode, numpy.array([0.5, 0.0, -0.5]))
    gy = _to(mode, numpy.ones(3))
    with pytest.raises(gradient_check.NondifferentiableError, match='index \\(1,\\)'):
        gradient_check.numerical_grad(lambda: abs(x), (x,), (gy,),
                                      detect_nondifferentiable=True)
    smooth = _to(mode, numpy.array([0.5, 0.25, -0.5]))
    gx, = gradient_check.numerical_grad(lambda: abs(smooth) * smooth, (smooth,), (gy,),
                                        detect_nondifferentiable=True)
    testing.assert_allclose(gx, [1.0, 0.5, 1.0], atol=1e-8)


def test_numerical_grad_detects_a_kink_within_two_steps():
    x = numpy.array([1.5e-3])
    with pytest.raises(gradient_check.NondifferentiableError):
        gradient_check.numerical_grad(lambda: numpy.maximum(x, 0), (x,), (numpy.ones(1),),
                                      detect_nondifferentiable=True)
    numpy.testing.assert_array_equal(x, [1.5e-3])
    gx, = gradient_check.numerical_grad(lambda: numpy.maximum(x, 0), (x,), (numpy.ones(1),))
    testing.assert_allclose(gx, [1.0])  # without detection the central difference sees no kink


def test_numerical_grad_detects_non_finite_outputs_and_uses_center_outputs():
    x = numpy.array([1e-3])
    with pytest.raises(gradient_check.NondifferentiableError, match='not finite'), \
            numpy.errstate(invalid='ignore', divide='ignore'):
        gradient_check.numerical_grad(lambda: numpy.log(x), (x,), (numpy.ones(1),),
                                      detect_nondifferentiable=True)
    y = numpy.array([2.0])
    calls = []

    def f():
        calls.append(None)
        return y * y

    gradient_check.numerical_grad(f, (y,), (numpy.ones(1),), detect_nondifferentiable=True,
                                  center_outputs=(y * y,))
    assert len(calls) == 4


# -- check_backward ------------------------------------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_passes_a_right_backward(mode, dtype):
    x, gy = _to(mode, _uniform(3, 2, dtype=dtype), _uniform(3, 2, dtype=dtype))
    gradient_check.check_backward(_square, x, gy, dtype=numpy.float64)
    gradient_check.check_backward(lambda x: x * x + x, x, gy, dtype=numpy.float64)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_catches_a_wrong_backward(mode):
    x, gy = _to(mode, _uniform(3, 2), _uniform(3, 2))
    with pytest.raises(AssertionError, match='check_backward failed') as info:
        gradient_check.check_backward(lambda x: _square(x, factor=3), x, gy)
    assert 'backward gradient of inputs[0]' in str(info.value)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_catches_a_single_wrong_element(mode):
    def offset(x):
        o = x * 0
        o[1, 0] = 1e-2
        return o

    x, gy = _to(mode, _uniform(3, 2), _uniform(3, 2))
    with pytest.raises(AssertionError, match='check_backward failed'):
        gradient_check.check_backward(lambda x: _square(x, offset=offset), x, gy)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_scalar_loss_without_y_grad(mode):
    x = _to(mode, _uniform(4))
    gradient_check.check_backward(lambda x: F.sum_to(x * x, ()), x, None)
    with pytest.raises(ValueError, match='one element'):
        gradient_check.check_backward(lambda x: x * x, x, None)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_multiple_inputs_and_outputs(mode):
    x1, x2 = _to(mode, _uniform(2, 3), _uniform(2, 3))
    g1, g2 = _to(mode, _uniform(2, 3), _uniform(2, 3))

    def f(a, b):
        return a * b, a - b, a + b

    gradient_check.check_backward(f, (x1, x2), (g1, None, g2))
    with pytest.raises(ValueError, match='3 outputs but 2 y_grad'):
        gradient_check.check_backward(f, (x1, x2), (g1, g2))
    with pytest.raises(AssertionError, match='check_backward failed'):
        gradient_check.check_backward(
            lambda a, b: (_square(a, factor=1), b), (x1, x2), (g1, g2))


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_no_grads(mode):
    x, mask = _to(mode, _uniform(3), numpy.array([1.0, 0.0, 2.0]))
    gy = _to(mode, _uniform(3))
    index = numpy.array([2, 0], numpy.int32)
    seen = []

    def f(x, m):
        seen.append(m.requires_grad)
        return _square(x) * m

    gradient_check.check_backward(f, (x, mask), gy, no_grads=[False, True])
    assert seen and not any(seen)
    gradient_check.check_backward(lambda x, i: x * 2, (x, _to(mode, index)), gy)
    with pytest.raises(ValueError, match='no_grads has 1 entries'):
        gradient_check.check_backward(f, (x, mask), gy, no_grads=[False])
    with pytest.raises(ValueError, match='int32'):
        gradient_check.check_backward(lambda x, i: x, (x, _to(mode, index)), gy,
                                      no_grads=[False, False])


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_params_are_checked_and_restored(mode):
    w_np = _uniform(3, dtype=numpy.float32)
    w = chainer.Parameter(_to(mode, w_np.copy()))
    w.grad = _to(mode, numpy.full(3, 7, numpy.float32))
    x, gy = _to(mode, _uniform(3, dtype=numpy.float32), _uniform(3, dtype=numpy.float32))
    to_np = chainer.backend.CpuDevice().send
    for dtype in (None, numpy.float64):  # in place, then through float64 copies
        gradient_check.check_backward(lambda x: _square(x * w), x, gy, params=w, dtype=dtype,
                                      atol=1e-3, rtol=1e-3, eps=1e-2)
        assert w.dtype == numpy.float32 and w.requires_grad
        numpy.testing.assert_array_equal(to_np(w.array), w_np)
        numpy.testing.assert_array_equal(to_np(w.grad), numpy.full(3, 7, numpy.float32))
    y = x * w
    y.grad = gy
    y.backward()  # the parameter still accumulates its gradient
    numpy.testing.assert_allclose(to_np(w.grad), 7 + to_np(gy) * to_np(x), rtol=1e-6)
    with pytest.raises(AssertionError, match='params\\[0\\]'):
        # The parameter's gradient is wrong (its backward comes from a constant copy).
        gradient_check.check_backward(
            lambda x: x * chainer.Variable(w.array.copy()) + 0 * w, x, gy, params=(w,))


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_backward_float16_through_float64(mode):
    x = _to(mode, _uniform(3, 2, dtype=numpy.float16))
    gy = _to(mode, _uniform(3, 2, dtype=numpy.float16))
    gradient_check.check_backward(_square, x, gy, dtype=numpy.float64, atol=1e-3, rtol=1e-2)


@pytest.mark.parametrize('mode', _MODES)
def test_check_backward_zero_dim_and_zero_size(mode):
    gradient_check.check_backward(_square, _to(mode, numpy.array(0.7)),
                                  _to(mode, numpy.array(-0.3)))
    gradient_check.check_backward(_square, _to(mode, numpy.zeros((0, 3))),
                                  _to(mode, numpy.zeros((0, 3))))


@pytest.mark.parametrize('mode', _MODES)
def test_check_backward_argument_errors(mode):
    x = _to(mode, numpy.ones(2))
    with pytest.raises(ValueError, match='dtype'):
        gradient_check.check_backward(_square, x, x, dtype=numpy.int32)
    with pytest.raises(TypeError, match='Variables'):
        gradient_check.check_backward(lambda x: x.array, x, x)


@testing.fix_random()
def test_check_backward_detect_nondifferentiable():
    x, gy = numpy.array([0.0, 0.5]), numpy.ones(2)
    with pytest.raises(gradient_check.NondifferentiableError):
        gradient_check.check_backward(lambda x: abs(x), x, gy, detect_nondifferentiable=True)
    gradient_check.check_backward(lambda x: abs(x), x + 0.25, gy, detect_nondifferentiable=True)


# -- check_double_backward -----------------------------------------------------------------------

@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_double_backward_of_a_cube(mode):
    x, gy, ggx = _to(mode, _uniform(3), _uniform(3), _uniform(3))
    gradient_check.check_double_backward(lambda x: x ** 3, x, gy, ggx)
    gradient_check.check_double_backward(lambda x: _square(x) * x, x, gy, ggx)
    gradient_check.check_double_backward(lambda x: x * x * x, x, gy, ggx)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_double_backward_catches_a_cut_graph(mode):
    x, gy, ggx = _to(mode, _uniform(3), _uniform(3), _uniform(3))
    gradient_check.check_backward(lambda x: _square(x, cut_graph=True), x, gy)
    with pytest.raises(AssertionError, match='check_backward failed'):
        gradient_check.check_double_backward(lambda x: _square(x, cut_graph=True), x, gy, ggx)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_double_backward_with_params_and_scalar_loss(mode):
    w = chainer.Parameter(_to(mode, _uniform(3)))
    x, ggx, ggw = _to(mode, _uniform(3), _uniform(3), _uniform(3))
    gradient_check.check_double_backward(
        lambda x: F.sum_to(_square(x) * w, ()), x, None, ggx, params=w, params_grad_grad=ggw)
    with pytest.raises(ValueError, match='params_grad_grad has 0 entries'):
        gradient_check.check_double_backward(lambda x: F.sum_to(x * w, ()), x, None, ggx, params=w)


@pytest.mark.parametrize('mode', _MODES)
@testing.fix_random()
def test_check_double_backward_no_grads_and_unused_input(mode):
    x, y, gz, ggx = _to(mode, _uniform(3), _uniform(3), _uniform(3), _uniform(3))
    gradient_check.check_double_backward(
        lambda x, y: x * x * 1.5, (x, y), gz, (ggx, ggx))
    gradient_check.check_double_backward(
        lambda x, y: x * x * y, (x, y), gz, (ggx, None), no_grads=[False, True])


def test_assert_allclose_is_the_testing_helper():
    assert gradient_check.assert_allclose is chainer.testing.assert_allclose
    gradient_check.assert_allclose(numpy.ones(2), numpy.ones(2) + 1e-7)
    with pytest.raises(AssertionError):
        gradient_check.assert_allclose(numpy.ones(2), numpy.zeros(2))
