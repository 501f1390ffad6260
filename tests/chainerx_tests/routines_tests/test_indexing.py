"""Indexing: basic __getitem__ (views), its gradients, the NumPy fallbacks for advanced keys, __setitem__
and tolist (spec A.10 last paragraph, A.0 item 8, B.2, B.4)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (input shape, basic key); every key is also applied to a non-contiguous input of the same shape.
_BASIC_KEYS = [
    ((), ()),
    ((), None),
    ((), Ellipsis),
    ((), (None, Ellipsis, None)),
    ((3,), 0),
    ((3,), -1),
    ((3,), numpy.int8(2)),
    ((3,), slice(None)),
    ((3,), slice(1, None)),
    ((3,), slice(None, None, -1)),
    ((3,), slice(-100, 100, 2)),
    ((3,), slice(5, 9)),
    ((3,), slice(2, 0)),
    ((3,), slice(None, None, -5)),
    ((2, 3), 1),
    ((2, 3), (1, -3)),
    ((2, 3), (slice(None), 1)),
    ((2, 3), (Ellipsis, 2)),
    ((2, 3), (None, 0, None, slice(None, None, -2))),
    ((2, 3, 4), (1, Ellipsis, slice(1, 3))),
    ((2, 3, 4), (slice(None, None, -1), numpy.int64(2), slice(3, None, -2))),
    ((2, 3, 4), (Ellipsis, None)),
    ((2, 3, 4), (0, 1, 2)),
    ((2, 0, 3), (slice(None), slice(None), 1)),
    ((2, 0, 3), (1, Ellipsis, None)),
]
# Keys that are not valid basic indices for a (2, 3) array, with the exception they raise.
_BAD_KEYS = [
    (2, IndexError),
    (-3, IndexError),
    ((0, 3), IndexError),
    ((0, 0, 0), IndexError),
    ((Ellipsis, 0, Ellipsis), IndexError),
    (1.0, IndexError),
    (True, IndexError),
    ('0', IndexError),
    (slice(0.5, None), IndexError),
    ((slice(None), {}), IndexError),
    (2**70, IndexError),
    (slice(None, None, 0), chx.DimensionError),
    ((None,) * 9, chx.DimensionError),  # 11 dimensions, more than the maximum of 10
]
# Keys applied to differentiable views: (input shape, key).
_GRAD_KEYS = [
    ((3,), 1),
    ((2, 3), (slice(None, None, -1), slice(0, 3, 2))),
    ((2, 3, 4), (Ellipsis, None, 2)),
    ((2, 3), (None, 1)),
]


def _make_input(shape, dtype, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    return x, chx.array(x, copy=False, device=device)


@pytest.mark.parametrize('shape,key', _BASIC_KEYS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_getitem_matches_numpy_and_is_a_view(shape, key, dtype, contiguous, device):
    x, a = _make_input(shape, dtype, contiguous, device)
    out = a[key]
    expected = x[key]
    array_utils.assert_array_equal(out, expected)
    assert out.device is device
    assert out.data_ptr == a.data_ptr
    assert out.strides == expected.strides or out.size == 0


def test_getitem_writes_through_the_view():
    a = chx.zeros((3, 4), 'int32')
    a[::-2, 1].fill(7)
    expected = numpy.zeros((3, 4), 'int32')
    expected[::-2, 1] = 7
    array_utils.assert_array_equal(a, expected)


@pytest.mark.parametrize('key,error', _BAD_KEYS)
def test_getitem_with_a_bad_key_raises(key, error):
    with pytest.raises(error):
        chx.zeros((2, 3))[key]


@pytest.mark.parametrize('shape,key', _GRAD_KEYS)
def test_getitem_gradients(shape, key):
    x = array_utils.make_grad_input(shape, 'float64')
    out_shape = chx.to_numpy(x)[key].shape
    gy = array_utils.make_grad_input(out_shape, 'float64', seed=1)
    ggx = array_utils.make_grad_input(shape, 'float64', seed=2)
    # Squared, so that the second derivative depends on the input as well.
    array_utils.check_backward(lambda a: a[key] * a[key], [x], [gy], 'float64')
    array_utils.check_double_backward(lambda a: a[key] * a[key], [x], [gy], [ggx], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_getitem_gradient_scatters_into_zeros(dtype):
    x = chx.ones((2, 3), dtype).require_grad()
    (x[1, ::-2] * 3).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.array([[0, 0, 0], [3, 0, 3]], dtype))


def test_getitem_gradients_of_overlapping_views_accumulate():
    x = chx.ones((4,), 'float64').require_grad()
    (x[:3] + x[1:] + x[2]).sum().backward()  # x[2] is broadcast to 3 elements
    array_utils.assert_array_equal(x.grad, numpy.array([1, 2, 5, 1], 'float64'))


# (input shape, advanced key) routed to NumPy.
_ADVANCED_KEYS = [
    ((4,), [2, 0, 2]),
    ((2, 3), numpy.array([1, 0])),
    ((2, 3), (slice(None), [0, 2])),
    ((2, 3), numpy.array([[True, False, True], [False, False, True]])),
    ((3, 2), ('chx', [2, 0])),
    ((3, 2), ('chx', [[True, False], [True, True], [False, False]])),
]


def _advanced_key(key):
    if isinstance(key, tuple) and key[0] == 'chx':
        return numpy.array(key[1]), chx.array(numpy.array(key[1]))
    return key, key


@pytest.mark.parametrize('shape,key', _ADVANCED_KEYS)
@pytest.mark.parametrize('dtype', ['bool_', 'int16', 'float32'])
def test_getitem_with_an_advanced_key_falls_back_to_numpy(shape, key, dtype, device):
    x = array_utils.make_numpy(shape, dtype)
    numpy_key, chx_key = _advanced_key(key)
    out = chx.array(x, device=device)[chx_key]
    array_utils.assert_array_equal(out, x[numpy_key])
    assert out.device is device


def test_getitem_fallback_refuses_arrays_in_a_graph():
    a = chx.ones((3,)).require_grad()
    key = numpy.array(True)  # 0-d bool keys are not handled natively
    with pytest.raises(RuntimeError):
        a[key]
    with chx.no_backprop_mode():
        array_utils.assert_array_equal(a[key], numpy.ones((1, 3), 'float32'))


# (target shape, key, value maker); values are NumPy arrays, scalars, or ('chx', NumPy array) for chainerx.
_SETITEMS = [
    ((3,), 1, 5),
    ((3,), slice(None), 2.5),
    ((2, 3), (Ellipsis, 1), True),
    ((2, 3), 0, ('chx', numpy.array([1, 2, 3], 'int8'))),
    ((2, 3), (slice(None, None, -1), slice(0, 3, 2)), ('chx', numpy.array([[1.5], [-2.5]]))),
    ((2, 3), None, ('chx', numpy.array([[[7, 8, 9]]], 'int64'))),
    ((2, 3), 1, ('chx', numpy.array([[4, 5, 6]], 'float32'))),  # leading length-1 axis dropped
    ((2, 3), (), numpy.float32(3)),
    ((4,), [0, 3], 9),
    ((2, 3), (slice(None), [2, 0]), numpy.array([1, 2])),
    ((2, 3), 1, [7, 8, 9]),
]


@pytest.mark.parametrize('shape,key,value', _SETITEMS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_setitem_matches_numpy(shape, key, value, dtype):
    array_utils.check_setitem(shape, key, value, dtype)


def test_setitem_into_a_non_contiguous_target():
    base = numpy.arange(12, dtype='float64').reshape(3, 4)
    a = chx.array(base).T
    a[1:, ::-1] = chx.arange(3, dtype='float64')
    expected = base.T.copy()
    expected[1:, ::-1] = numpy.arange(3)
    array_utils.assert_array_equal(a, expected)


def test_setitem_from_an_overlapping_view_reads_before_writing():
    a = chx.arange(5)
    a[1:] = a[:-1]
    array_utils.assert_array_equal(a, numpy.array([0, 0, 1, 2, 3], 'int32'))


def test_setitem_from_another_device():
    a = chx.zeros((2,), device='native:1')
    a[...] = chx.array([1.0, 2.0], device='native:0')
    assert a.device.name == 'native:1'
    array_utils.assert_array_equal(a, numpy.array([1, 2], 'float32'))


def test_setitem_makes_chainer_style_non_contiguous_arrays():
    # chainer.testing writes every other element of a fresh array this way, then views it.
    a = numpy.arange(6, dtype='float32').reshape(2, 3)
    ret = chx.empty((4, 3), 'float32')
    ret[::-2, ...] = chx.array(a)
    view = ret[::-2, ...]
    assert not view.is_contiguous
    array_utils.assert_array_equal(view, a)


def test_setitem_refuses_arrays_in_a_graph():
    a = chx.zeros((3,)).require_grad()
    with pytest.raises(RuntimeError):
        a[0] = 1
    with pytest.raises(RuntimeError):
        a.view()[[0]] = 1


@pytest.mark.parametrize('key,value,error', [
    (3, lambda: 1, IndexError),
    (0, lambda: chx.zeros((2,)), chx.DimensionError),
])
def test_setitem_errors(key, value, error):
    with pytest.raises(error):
        chx.zeros((3,))[key] = value()


@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_tolist_matches_numpy(shape, dtype):
    x = array_utils.make_numpy(shape, dtype)
    result = chx.array(x).T.tolist()
    assert result == x.T.tolist()
    assert type(result) is type(x.T.tolist())
