"""chainerx._indexing.scatter_add(a, key, b) (chainerx._core._scatter_add, F.scatter_add's forward; not in the
original's API): a copy of a with b added at a[key] as numpy.add.at, repeated positions receiving every addition,
differentiable w.r.t. a and b to any order."""

import numpy
import pytest

import chainerx as chx
import chainerx._indexing

import array_utils

scatter_add = chainerx._indexing.scatter_add

# (shape of a, key): basic keys, repeated integer indices, index arrays apart, bool masks, zero-size.
_KEYS = [
    ((4,), [0, 0, 3, 0]),
    ((4,), 2),
    ((3, 4), (slice(None, None, -1), slice(1, None, 2))),
    ((3, 4), [2, 2]),
    ((3, 4), (slice(None), [0, 3, 3])),
    ((2, 3, 4), ([0, 1, 1], slice(None), [3, 3, 0])),
    ((3, 4), numpy.array([[0, 1], [1, 1]])),
    ((3, 4), numpy.array([True, False, True])),
    ((3, 4), numpy.arange(12).reshape(3, 4) % 3 == 0),
    ((3, 4), (None, Ellipsis, [1, 1])),
    ((0, 3), (slice(None), [1, 1])),
    ((3, 4), []),
]


def _expected(a, key, b):
    out = a.copy()
    numpy.add.at(out, key, b)
    return out


@pytest.mark.parametrize('shape,key', _KEYS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_scatter_add_matches_numpy_add_at(shape, key, dtype, device):
    a = array_utils.make_numpy(shape, dtype)
    b = array_utils.make_numpy(a[key].shape, dtype, seed=1)
    a_chx = chx.array(a, device=device)
    out = scatter_add(a_chx, key, chx.array(b, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, _expected(a, key, b))
    array_utils.assert_array_equal(a_chx, a)  # a copy: a itself is left alone


def test_scatter_add_of_a_non_contiguous_a():
    base = array_utils.make_numpy((4, 6), 'float32')
    a = base[::2, 1::2]
    b = numpy.ones((2, 2), 'float32')
    array_utils.assert_array_equal(scatter_add(chx.array(base)[::2, 1::2], (slice(None), [0, 0]), chx.array(b)),
                                   _expected(a, (slice(None), [0, 0]), b))


@pytest.mark.parametrize('shape,key', [s for s in _KEYS if numpy.zeros(s[0])[s[1]].size > 0])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_scatter_add_gradients(shape, key, dtype):
    a = array_utils.make_grad_input(shape, dtype)
    b = array_utils.make_grad_input(numpy.zeros(shape)[key].shape, dtype, seed=1)
    gy = array_utils.make_grad_input(shape, dtype, seed=2)
    array_utils.check_backward(lambda x, y: scatter_add(x, key, y), [a, b], gy, dtype)
    # Linear in both: the second order goes through a product.
    array_utils.check_double_backward(
        lambda x, y: scatter_add(x * x, key, y * y), [a, b], gy,
        [array_utils.make_grad_input(shape, dtype, seed=3), array_utils.make_grad_input(b.shape, dtype, seed=4)],
        dtype)


def test_scatter_add_gradient_of_b_gathers_repeats(device):
    a = chx.zeros((3,), device=device).require_grad()
    b = chx.zeros((4,), device=device).require_grad()
    y = scatter_add(a, numpy.array([2, 0, 2, 2]), b)
    (y * chx.array([1.0, 2.0, 3.0], 'float32', device=device)).sum().backward()
    array_utils.assert_array_equal(a.grad, numpy.array([1.0, 2.0, 3.0], 'float32'))
    array_utils.assert_array_equal(b.grad, numpy.array([3.0, 1.0, 3.0, 3.0], 'float32'))


@pytest.mark.parametrize('b_shape', [(3,), (1, 2), (2, 2, 1), ()])
def test_scatter_add_needs_the_shape_of_a_key(b_shape):
    with pytest.raises(chx.DimensionError):
        scatter_add(chx.zeros((3, 2)), [0, 1], chx.ones(b_shape))


def test_scatter_add_needs_one_dtype():
    with pytest.raises(chx.DtypeError):
        scatter_add(chx.zeros((3,), 'float32'), [0], chx.ones((1,), 'float64'))


def test_scatter_add_needs_one_device():
    with pytest.raises(chx.DeviceError):
        scatter_add(chx.zeros((3,), device='native:0'), [0], chx.ones((1,), device='native:1'))


# On native; CUDA wraps out-of-range indices, as CuPy does.
@pytest.mark.parametrize('key,b_shape', [([3], (1, 2)), ([-4], (1, 2)), ((0, [0, 2]), (2,))])
def test_scatter_add_index_out_of_range_raises_index_error(key, b_shape):
    a = chx.zeros((3, 2), device='native:0')
    with pytest.raises(IndexError):
        scatter_add(a, key, chx.ones(b_shape, device='native:0'))


def test_scatter_add_with_a_key_only_numpy_takes_returns_none():
    assert scatter_add(chx.zeros((3,)), numpy.bool_(True), chx.ones((1, 3))) is None
