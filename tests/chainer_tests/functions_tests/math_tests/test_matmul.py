"""F.matmul and F.batch_matmul: numpy.matmul semantics with transposes, gradients, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array, to_numpy


def _matmul_reference(a, b, transa=False, transb=False):
    a = a.swapaxes(-1, -2) if transa and a.ndim >= 2 else a
    b = b.swapaxes(-1, -2) if transb and b.ndim >= 2 else b
    return numpy.matmul(a, b)


def _batch_reference(a, b, transa=False, transb=False):
    return _matmul_reference(a.reshape(a.shape[:2] + (-1,)), b.reshape(b.shape[:2] + (-1,)),
                             transa, transb)


def _batch_matmul(*args, **kwargs):
    with pytest.warns(DeprecationWarning):
        return F.batch_matmul(*args, **kwargs)


# (a shape, b shape, variants)
SHAPES = [
    ((3, 4), (4, 2), [{}]),
    ((4, 3), (2, 4), [{'transa': True, 'transb': True}]),
    ((4, 3), (4, 2), [{'transa': True}]),
    ((2, 1, 3, 4), (5, 4, 2), [{}]),                  # batch axes broadcast
    ((2, 4, 3), (2, 2, 4), [{'transa': True, 'transb': True}]),
    ((4,), (2, 4, 3), [{}, {'transa': True}]),        # a 1-d operand ignores its flag
    ((2, 3, 4), (4,), [{}]),
    ((4,), (4,), [{}]),
    ((3, 0), (0, 2), [{}]),
    ((0, 3), (3, 2), [{}]),
]
BATCH_SHAPES = [((2, 3, 4), (2, 4, 2), [{}]), ((2, 3), (2, 3), [{'transa': True}]),
                ((2, 2, 2, 3), (2, 4, 6), [{'transb': True}])]
ROWS = [row
        for name, function, reference, shapes in [
            ('matmul', F.matmul, _matmul_reference, SHAPES),
            ('batch_matmul', _batch_matmul, _batch_reference, BATCH_SHAPES)]
        for a_shape, b_shape, variants in shapes
        for row in reduction.variant_rows(name, function, reference, variants,
                                          ((a_shape, b_shape),), ranges=[(-1.0, 1.0)] * 2)]


@check.cases_test(reduction.parameters(ROWS))
class TestMatMul(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('dtypes', [(numpy.float16, numpy.float32), (numpy.float32, numpy.float64)])
def test_mixed_dtypes_promote_and_gradients_keep_dtypes(mode, dtypes):
    a = chainer.Variable(make_array(mode, numpy.ones((2, 3)), dtypes[0]))
    b = chainer.Variable(make_array(mode, numpy.ones((3, 2)), dtypes[1]))
    y = F.matmul(a, b)
    assert y.dtype == dtypes[1]
    ga, gb = chainer.grad([y], [a, b], grad_outputs=[make_array(mode, numpy.ones((2, 2)), y.dtype)])
    assert ga.dtype == dtypes[0] and gb.dtype == dtypes[1]
    numpy.testing.assert_array_equal(to_numpy(ga.array), numpy.full((2, 3), 2.0))


@pytest.mark.parametrize('a_shape,b_shape,kw', [
    ((2, 3), (4, 2), {}),                   # inner lengths differ
    ((3, 2), (2, 3), {'transb': True}),     # ... after a transpose
    ((2, 2, 3), (3, 3, 2), {}),             # batch axes do not broadcast
    ((), (2,), {}),                         # 0-d operand
])
def test_shape_errors(mode, a_shape, b_shape, kw):
    with pytest.raises(type_check.InvalidType):
        F.matmul(make_array(mode, numpy.ones(a_shape)), make_array(mode, numpy.ones(b_shape)), **kw)


def test_integer_inputs(mode):
    with pytest.raises(type_check.InvalidType):
        F.matmul(make_array(mode, [[1]], numpy.int32), make_array(mode, [[1]], numpy.int32))


def test_operator(mode):
    a = chainer.Variable(make_array(mode, [[1.0, 2.0]]))
    b = make_array(mode, [[3.0], [4.0]])
    assert to_numpy((a @ b).array).tolist() == [[11.0]]
    assert to_numpy((b @ a).array).tolist() == [[3.0, 6.0], [4.0, 8.0]]


@pytest.mark.parametrize('kw', [{}, {'transa': True}, {'transb': True}])
def test_native_on_chainerx(kw):
    check.assert_native(lambda a, b: F.matmul(a, b, **kw), [[0.5, 1.0], [1.0, -1.0]],
                        [[2.0, 1.0], [0.5, 3.0]])
    check.assert_native(lambda a, b: F.matmul(a, b, **kw), [[[0.5, 1.0], [1.0, -1.0]]] * 2,
                        [1.0, 2.0])


@pytest.mark.parametrize('function', [F.matmul, F.tensordot])
def test_numpy_mixed_with_chainerx(function):
    with pytest.raises(TypeError):
        function(make_array('numpy', numpy.ones((2, 2))),
                 make_array('chainerx', numpy.ones((2, 2))))
