"""chainerx.check_backward / check_double_backward: numerical checks of backward implementations."""

import numpy
import pytest

import chainerx as chx


def _product(xs):
    x, w = xs
    return [x * w * x]


def _inputs():
    x = chx.array(numpy.array([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]]))
    w = chx.array(numpy.array([0.5, 1.5, -2.0]))
    return x, w


def test_check_backward_accepts_a_correct_backward():
    x, w = _inputs()
    chx.check_backward(_product, [x, w], [chx.ones((2, 3), dtype='float64')], 1e-3)
    assert not x.is_grad_required()


def test_check_backward_takes_per_input_eps_arrays():
    x, w = _inputs()
    eps = [chx.full((2, 3), 1e-3, dtype='float64'), chx.full((3,), 1e-3, dtype='float64')]
    chx.check_backward(_product, [x, w], [chx.ones((2, 3), dtype='float64')], eps)


def test_check_double_backward_accepts_a_correct_backward():
    x, w = _inputs()
    gy = chx.ones((2, 3), dtype='float64')
    ggx = [chx.ones((2, 3), dtype='float64'), chx.ones((3,), dtype='float64')]
    chx.check_double_backward(_product, [x, w], [gy], ggx, 1e-3)


def test_check_backward_detects_a_wrong_backward():
    def half_gradient(xs):
        return [xs[0] * xs[0].as_grad_stopped()]

    x = chx.array([1.0, 2.0])
    with pytest.raises(chx.GradientCheckError):
        chx.check_backward(half_gradient, [x], [chx.ones((2,), dtype='float64')], 1e-3)


def test_check_backward_rejects_mismatched_grad_outputs():
    x, w = _inputs()
    with pytest.raises(chx.GradientCheckError):
        chx.check_backward(_product, [x, w], [], 1e-3)
