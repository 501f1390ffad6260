"""F.einsum on chainerx Variables: chainerx routines only (Note [Einsum on chainerx]), no fallback.

Forward against numpy.einsum in float64, gradients of both orders against the NumPy path's, the
no-fallback check through a double backward, numerical gradient checks on chainerx inputs, and
errors of the same classes as on NumPy inputs.
"""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import gradient_check
from chainer.functions.math.einsum import EinSum
from chainer.functions.math.einsum import einsum
from chainer.utils import type_check

import function_test_utils
from mode_utils import make_array, to_numpy

# (subscripts, operand shapes)
CASES = [
    ('ij,jk->ik', ((3, 4), (4, 2))),
    ('ij,jk', ((3, 4), (4, 2))),                      # implicit output
    ('ij->ji', ((3, 4),)),
    ('ij->ij', ((3, 4),)),                            # the identity: an array of its own
    ('ij->', ((3, 4),)),                              # 0-d result
    ('ii->i', ((3, 3),)),                             # diagonal
    ('ii', ((3, 3),)),                                # trace (0-d)
    ('iij->ji', ((2, 2, 3),)),
    ('iji->j', ((2, 3, 2),)),
    ('iii->i', ((3, 3, 3),)),
    ('iijj->ji', ((2, 2, 3, 3),)),
    ('ii,ij->j', ((3, 3), (3, 2))),                   # a diagonal inside a product
    ('i,j->ij', ((3,), (2,))),                        # outer product
    ('ij,j,k->ik', ((2, 3), (3,), (2,))),             # three operands
    ('ab,bc,cd,da->', ((2, 3), (3, 4), (4, 2), (2, 2))),  # a chain to a 0-d result
    ('bij,bjk->bik', ((2, 3, 4), (2, 4, 5))),         # batched matmul
    ('ijk,ikl,ilm->jm', ((2, 3, 4), (2, 4, 2), (2, 2, 3))),
    ('i,i,i->', ((4,), (4,), (4,))),
    ('...ij,...jk->...ik', ((2, 3, 4), (4, 2))),      # ellipsis broadcasting
    ('...i,...i', ((2, 1, 3), (4, 3))),
    ('bA,Ab->', ((2, 3), (3, 2))),
    ('ij,ij->ij', ((1, 3), (2, 3))),                  # a length-1 axis broadcasts
    ('ij,jk->ik', ((2, 1), (3, 4))),                  # ... and is summed against a longer one
    ('ij,kl->ijkl', ((2, 1), (1, 3))),
    ('ii->i', ((1, 1),)),
    (',i->i', ((), (3,))),
    (',->', ((), ())),
    ('ij,jk->ik', ((2, 0), (0, 3))),                  # zero-size summed axis: zeros
    ('ij,jk->ik', ((0, 2), (2, 3))),
    ('ii->i', ((0, 0),)),
    ('ijk->kj', ((2, 0, 3),)),
]
IDS = ['{}:{}'.format(s, shapes) for s, shapes in CASES]
FORWARD_TOLERANCES = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.float64: 1e-12}


def _values(shapes, dtype=numpy.float64, seed=0):
    rng = numpy.random.RandomState(seed)
    return [rng.uniform(-1, 1, shape).astype(dtype) for shape in shapes]


def _non_contiguous(value):
    """A chainerx array of `value` that is a transposed view (not contiguous for ndim >= 2)."""
    return chainerx.transpose(chainerx.array(value.T.copy()))


def _gradients(mode, subscripts, values):
    """The output and the first and second gradients of F.einsum (on Variables in `mode`)."""
    xs = [chainer.Variable(make_array(mode, v)) for v in values]
    y = F.einsum(subscripts, *xs)
    grads = chainer.grad([F.sum(y * y * y)], xs, enable_double_backprop=True)
    second = chainer.grad([F.sum(g * g) for g in grads], xs)
    return [to_numpy(v.array) for v in [y] + list(grads) + list(second)]


@pytest.mark.parametrize('dtype', function_test_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('subscripts,shapes', CASES, ids=IDS)
def test_forward_matches_numpy(subscripts, shapes, dtype):
    values = _values(shapes, dtype)
    before = chainer.function_node.fallback_count
    y = F.einsum(subscripts, *[chainer.Variable(_non_contiguous(v)) for v in values])
    assert chainer.function_node.fallback_count == before
    expected = numpy.einsum(subscripts, *[v.astype(numpy.float64) for v in values])
    assert isinstance(y.array, chainerx.ndarray)
    assert y.dtype == dtype and y.shape == expected.shape
    tol = FORWARD_TOLERANCES[dtype]
    numpy.testing.assert_allclose(to_numpy(y.array).astype(numpy.float64), expected, atol=tol,
                                  rtol=tol)


@pytest.mark.parametrize('subscripts,shapes', CASES, ids=IDS)
def test_no_fallback_through_double_backward(subscripts, shapes):
    function_test_utils.check_stays_native(lambda *xs: F.einsum(subscripts, *xs), *shapes)


@pytest.mark.parametrize('subscripts,shapes', CASES, ids=IDS)
def test_gradients_match_the_numpy_path(subscripts, shapes):
    values = _values(shapes)
    for got, expected in zip(_gradients('chainerx', subscripts, values),
                             _gradients('numpy', subscripts, values)):
        assert got.shape == expected.shape
        numpy.testing.assert_allclose(got, expected, atol=1e-12, rtol=1e-10)


def test_identity_gets_a_gradient_of_its_own():
    x = chainer.Variable(chainerx.array(numpy.arange(6.).reshape(2, 3)))
    y = F.einsum('ij->ij', x)
    assert y.array is not x.array
    y.grad = chainerx.full((2, 3), 2., numpy.float64)
    y.backward()
    numpy.testing.assert_array_equal(to_numpy(x.grad), numpy.full((2, 3), 2.))


@pytest.mark.parametrize('subscripts,shapes', [
    ('bij,bjk->bik', ((2, 3, 2), (2, 2, 3))),
    ('iij,jk->ik', ((2, 2, 3), (3, 2))),
    ('ij,jk->ik', ((2, 1), (3, 2))),
    ('i,j,ij->', ((3,), (2,), (3, 2))),
], ids=str)
def test_numerical_gradients_on_chainerx(subscripts, shapes):
    numpy.random.seed(1)
    values = [chainerx.array(v) for v in _values(shapes)]
    y_shape = numpy.einsum(subscripts, *[to_numpy(v) for v in values]).shape
    gy = chainerx.array(numpy.random.uniform(-1, 1, y_shape))
    ggs = [chainerx.array(v) for v in _values(shapes, seed=2)]
    before = chainer.function_node.fallback_count

    def function(*xs):
        return F.einsum(subscripts, *xs)

    gradient_check.check_backward(function, tuple(values), gy, atol=1e-7, rtol=1e-6)
    gradient_check.check_double_backward(function, tuple(values), gy, tuple(ggs), atol=1e-7,
                                         rtol=1e-6)
    assert chainer.function_node.fallback_count == before


def test_batched_matmul_builds_no_outer_product(monkeypatch):
    shapes = []
    for name in ('matmul', 'multiply'):
        routine = getattr(chainerx, name)
        monkeypatch.setattr(chainerx, name, lambda a, b, routine=routine, name=name: (
            shapes.append((name, a.shape, b.shape)) or routine(a, b)))
    x, w = [chainerx.array(v) for v in _values(((2, 3, 4), (2, 4, 5)))]
    einsum('bij,bjk->bik', x, w)
    assert shapes == [('matmul', (2, 3, 4), (2, 4, 5))]


def _error_class(mode, function):
    try:
        function(mode)
    except Exception as e:  # the classes are compared
        return type(e)
    return None


@pytest.mark.parametrize('name,function', [
    ('lengths that differ', lambda mode: F.einsum(
        'ij,jk', make_array(mode, numpy.ones((2, 3))), make_array(mode, numpy.ones((4, 2))))),
    ('integer dtype', lambda mode: F.einsum(
        'i,i', make_array(mode, [1, 2], numpy.int32), make_array(mode, [1, 2], numpy.int32))),
    ('dtypes that differ', lambda mode: F.einsum(
        'i,i', make_array(mode, [1, 2], numpy.float32), make_array(mode, [1, 2]))),
    ('too many axes', lambda mode: F.einsum('ij', make_array(mode, numpy.ones((2, 3, 4))))),
    ('too few axes', lambda mode: F.einsum('ijk->i', make_array(mode, numpy.ones((2, 3))))),
    ('unequal diagonal', lambda mode: F.einsum('ii', make_array(mode, numpy.ones((2, 3))))),
    ('too few operands', lambda mode: F.einsum('i,i', make_array(mode, numpy.ones(2)))),
], ids=str)
def test_errors_have_the_numpy_classes(name, function):
    expected = _error_class('numpy', function)
    assert expected in (ValueError, type_check.InvalidType)
    assert _error_class('chainerx', function) is expected


def test_gradient_output_terms_take_the_fallback():
    # Terms with a repeated output letter or one in no input only arise in the NumPy path's
    # gradients (Note [Einsum gradients]); a node built with them falls back and agrees with NumPy.
    x = _values(((3,),))[0]
    before = chainer.function_node.fallback_count
    y = EinSum(['i'], 'iij', {'i': 3, 'j': 2}).apply((chainerx.array(x),))[0]
    assert chainer.function_node.fallback_count == before + 1
    expected = EinSum(['i'], 'iij', {'i': 3, 'j': 2}).apply((x,))[0]
    numpy.testing.assert_array_equal(to_numpy(y.array), expected.array)
    assert expected.shape == (3, 3, 2)
