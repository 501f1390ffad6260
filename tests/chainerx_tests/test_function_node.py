"""chainerx._core._function_node_forward: a Python-implemented op inside the C++ graph."""

import numpy
import pytest

import chainerx as chx


class _Square:
    """Stands in for a chainer FunctionNode computing y = x ** 2 outside chainerx."""

    def __init__(self):
        self.calls = []

    def _backward_chainerx(self, target_input_indexes, grad_outputs, retained_inputs, retained_outputs):
        self.calls.append((target_input_indexes, len(grad_outputs), len(retained_inputs)))
        (x,) = retained_inputs
        (gy,) = grad_outputs
        return [gy * x * 2]


def _square(node, x):
    y = chx.array(chx.to_numpy(x) ** 2)
    chx._core._function_node_forward(node, [x], [y], [0], [])
    return y


def test_backward_calls_back_into_python():
    node = _Square()
    x = chx.array([1.0, 2.0, 3.0]).require_grad()
    y = _square(node, x)
    assert y.is_backprop_required()
    (y * 3).sum().backward()
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [6.0, 12.0, 18.0])
    assert node.calls == [((0,), 1, 1)]


def test_python_backward_supports_double_backprop():
    x = chx.array([1.0, 2.0]).require_grad()
    _square(_Square(), x).sum().backward(enable_double_backprop=True)
    gx = x.grad
    x.cleargrad()
    gx.sum().backward()
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [2.0, 2.0])


def test_wrong_number_of_gradients_is_an_error():
    class _Bad:
        def _backward_chainerx(self, *args):
            return []

    x = chx.array([1.0]).require_grad()
    y = chx.array([1.0])
    chx._core._function_node_forward(_Bad(), [x], [y], [], [])
    with pytest.raises(chx.ChainerxError):
        y.sum().backward()


def test_exceptions_from_python_backward_propagate():
    class _Raising:
        def _backward_chainerx(self, *args):
            raise ValueError('from python')

    x = chx.array([1.0]).require_grad()
    y = chx.array([1.0])
    chx._core._function_node_forward(_Raising(), [x], [y], [], [])
    with pytest.raises(ValueError, match='from python'):
        y.sum().backward()


class _ChainerLikeSplit:
    """Mimics chainer.FunctionNode._backward_chainerx for y0, y1 = x * 2, x * 3 with y1 retained.

    Chainer concatenates the retained arrays and the output gradients (so all must be tuples), wraps each
    in a Variable, and returns a list with one array per target input.
    """

    def _backward_chainerx(self, target_input_indexes, grad_outputs, retained_inputs, retained_outputs):
        assert isinstance(target_input_indexes, tuple) and len(target_input_indexes) > 0
        assert len(retained_inputs) == 0 and len(retained_outputs) == 1
        arrays = retained_inputs + retained_outputs + grad_outputs
        assert all(a is None or isinstance(a, chx.ndarray) for a in arrays)
        gy0, gy1 = grad_outputs
        (y1,) = retained_outputs
        gx = y1 * 0  # a zero gradient of the right shape, built from the retained output
        if gy0 is not None:
            gx = gx + gy0 * 2
        if gy1 is not None:
            gx = gx + gy1 * 3
        return [gx]


def test_chainer_fallback_protocol_with_an_unused_output():
    x = chx.array([1.0, 2.0]).require_grad()
    y0, y1 = chx.array([2.0, 4.0]), chx.array([3.0, 6.0])
    chx._core._function_node_forward(_ChainerLikeSplit(), [x], [y0, y1], [], [1])
    y0.sum().backward()  # y1 gets no gradient: None is passed for it
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [2.0, 2.0])
