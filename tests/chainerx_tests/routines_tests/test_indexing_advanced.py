"""Advanced indexing handled natively: integer and bool array keys, mixed with basic indices, for reading
(with gradients) and writing (spec A.10; NumPy's rules for where the indexed axes go)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (input shape, key). Lists and NumPy arrays are index arrays; ('chx', x) is a chainerx array key item.
_KEYS = [
    ((4,), [2, 0, -1, 2]),
    ((4,), []),
    ((4,), numpy.array([[1], [3]], 'int8')),
    ((2, 3), numpy.array([1, 0], 'uint8')),
    ((2, 3), (slice(None), [0, 2])),
    ((2, 3), ([1, 0], [2, -3])),
    ((2, 3), ([[1], [0]], [0, 2, 1])),  # index arrays broadcast to (2, 3)
    ((2, 3, 4), (0, slice(None), [1, 3])),  # an int beside an array is a 0-d index array: not adjacent
    ((2, 3, 4), ([1, 0], slice(1, None), [3, 2])),  # not adjacent: B goes first
    ((2, 3, 4), (slice(None), [2, 0], [1, 1])),  # adjacent: B stays in place
    ((2, 3, 4), (Ellipsis, [3])),
    ((2, 3, 4), (None, [1], Ellipsis, None)),
    ((2, 3, 4), (slice(None, None, -1), 1, [0, -1])),
    ((2, 3), numpy.array([[True, False, True], [False, False, True]])),
    ((2, 3), numpy.array([False, True])),
    ((2, 3), (slice(None), [True, False, True])),
    ((2, 3, 4), ([True, True], slice(None), [0, 1])),
    ((3, 2), ('chx', [2, 0])),
    ((3, 2), ('chx', [[True, False], [True, True], [False, False]])),
    ((2, 0, 3), (slice(None), [], 1)),
]


def _key(key, device=None):
    """The key for NumPy and for chainerx."""
    if isinstance(key, tuple) and key and key[0] == 'chx':
        return numpy.array(key[1]), chx.array(numpy.array(key[1]), device=device)
    return key, key


@pytest.mark.parametrize('shape,key', _KEYS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_advanced_getitem_matches_numpy(shape, key, dtype, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    numpy_key, chx_key = _key(key, device)
    out = chx.array(x, copy=False, device=device)[chx_key]
    array_utils.assert_array_equal(out, x[numpy_key])
    assert out.device is device


@pytest.mark.parametrize('key,error', [
    ([3], IndexError),
    ([-4], IndexError),
    (([0, 1], [0, 1, 2]), IndexError),  # index arrays do not broadcast
    (numpy.array([True, False, True]), IndexError),  # mask shape differs from the axis
    (numpy.array([0.5]), IndexError),
    ((slice(None), chx.array([1.0])), IndexError),
    (([0], [0], [0]), IndexError),  # too many indices
])
def test_advanced_getitem_rejects_bad_keys(key, error):
    # On native:0: the CUDA backend wraps out-of-range positions (see the next test).
    with pytest.raises(error):
        chx.zeros((2, 3), device='native:0')[key]


@pytest.mark.skipif(array_utils.CUDA_DEVICE_COUNT == 0, reason='no CUDA device')
def test_cuda_wraps_out_of_range_positions_unless_asked_to_raise():
    # As CuPy and the original ChainerX: raising would make the host wait for the GPU (IndexBoundsMode::kDefault).
    a = chx.arange(3, dtype='float32', device='cuda:0')
    positions = chx.array([3, -4, 4, 1], device='cuda:0')
    array_utils.assert_array_equal(a[positions], numpy.array([0, 2, 1, 1], 'float32'))
    array_utils.assert_array_equal(chx.take(a, positions, axis=0), numpy.array([0, 2, 1, 1], 'float32'))
    with pytest.raises(IndexError):
        chx.take(a, positions, axis=0, mode='raise')
    with pytest.raises(IndexError):  # nothing to wrap to
        chx.zeros((0,), device='cuda:0')[chx.array([0], device='cuda:0')]


def test_advanced_getitem_moves_index_arrays_from_another_device():
    out = chx.arange(3, device='native:0')[chx.array([2, 0], device='native:1')]
    array_utils.assert_array_equal(out, numpy.array([2, 0], 'int32'))
    assert out.device.name == 'native:0'


def test_0d_bool_keys_still_fall_back_to_numpy():
    x = numpy.arange(3, dtype='float32')
    array_utils.assert_array_equal(chx.array(x)[numpy.array(True)], x[numpy.array(True)])
    array_utils.assert_array_equal(chx.array(x)[True, [1]], x[True, [1]])


# (input shape, key) of the gradient checks: repeated positions accumulate.
_GRAD_KEYS = [
    ((4,), [2, 0, 2]),
    ((2, 3), ([1, 0, 1], slice(None, None, -1))),
    ((2, 3, 2), ([0, 1], slice(None), [1, 1])),
    ((2, 3), numpy.array([[True, False, True], [False, True, True]])),
]


@pytest.mark.parametrize('shape,key', _GRAD_KEYS)
def test_advanced_getitem_gradients(shape, key):
    array_utils.check_grads(lambda a: a[key], [shape], 'float64')


def test_advanced_getitem_gradient_accumulates_in_float32():
    x = chx.ones((3,), 'float32').require_grad()
    (x[[0, 0, 2, 0]] * 2).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.array([6, 0, 2], 'float32'))


# (target shape, key, value); values are scalars, NumPy arrays, or ('chx', NumPy array).
_SETITEMS = [
    ((4,), [0, 3], 9),
    ((4,), [-1], 2.5),
    ((2, 3), (slice(None), [2, 0]), ('chx', numpy.array([1, 2], 'int8'))),
    ((2, 3), ([1, 0], [0, 2]), ('chx', numpy.array([7.5, -1.5]))),
    ((2, 3), numpy.array([[True, False, True], [False, False, True]]), ('chx', numpy.array([4, 5, 6]))),
    ((2, 3, 4), ([1, 0], slice(None), [3, 2]), ('chx', numpy.array([[1], [2]], 'float32'))),
    ((2, 3), numpy.array([True, False]), True),
    ((2, 3), [1], numpy.array([7, 8, 9])),
]


@pytest.mark.parametrize('shape,key,value', _SETITEMS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_advanced_setitem_matches_numpy(shape, key, value, dtype):
    array_utils.check_setitem(shape, key, value, dtype)


def test_advanced_setitem_into_a_non_contiguous_target_and_from_an_aliasing_value():
    base = numpy.arange(12, dtype='float64').reshape(3, 4)
    a = chx.array(base).T
    a[[1, 3], 1:] = chx.full((2, 2), -1.0)
    expected = base.T.copy()
    expected[[1, 3], 1:] = -1
    array_utils.assert_array_equal(a, expected)
    b = chx.arange(4, dtype='float32')
    b[[0, 1, 2]] = b[1:]
    array_utils.assert_array_equal(b, numpy.array([1, 2, 3, 3], 'float32'))


def test_advanced_setitem_rejects_targets_in_a_graph_and_bad_values():
    with pytest.raises(RuntimeError):
        chx.ones((3,)).require_grad()[[0]] = 1
    with pytest.raises(chx.DimensionError):
        chx.ones((3,))[[0, 1]] = chx.ones((3,))
    with pytest.raises(IndexError):
        chx.ones((3,), device='native:0')[[3]] = 1


def test_advanced_setitem_with_many_repeated_positions_keeps_the_last_value():
    # More than 32 positions into few targets (the sorted CUDA scatter; see test_take.py) with two index arrays.
    rng = numpy.random.default_rng(5)
    rows, cols = rng.integers(0, 3, 100), rng.integers(-4, 4, 100)
    values = numpy.arange(100, dtype='float32')
    a = chx.zeros((3, 4, 2), 'float32')
    a[rows, cols] = chx.array(numpy.repeat(values[:, None], 2, axis=1))
    expected = numpy.zeros((3, 4, 2), 'float32')
    for row, col, value in zip(rows, cols, values):  # NumPy does not promise the last one wins; spell it out
        expected[row, col] = value
    array_utils.assert_array_equal(a, expected, rtol=0, atol=0)
