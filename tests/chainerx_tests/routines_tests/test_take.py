"""Take: all modes, index kinds, gradients and errors (spec A.10, B.2)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (input shape, indices, axis); indices are lists (→ int64), NumPy arrays or Python ints.
_TAKES = [
    ((3,), [0, 2, -1, 0], 0),
    ((3,), 1, 0),
    ((3,), numpy.array(2, 'int8'), 0),
    ((2, 3), [[0, 1], [2, -3]], 1),
    ((2, 3), numpy.array([1, 0, 1], 'uint8'), 0),
    ((2, 3, 4), numpy.array([3, 0], 'int16'), -1),
    ((2, 3, 4), [[2], [1]], 1),
    ((2, 3), [], 0),
    ((0, 3), [], 0),
    ((2, 0, 3), [1], 0),
]
# Out-of-range positions for an axis of size 3, for the modes that accept them.
_FAR_INDICES = [-7, -4, -1, 0, 3, 5]


@pytest.mark.parametrize('shape,indices,axis', _TAKES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_take_matches_numpy(shape, indices, axis, dtype, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    out = chx.take(chx.array(x, copy=False, device=device), indices, axis)
    array_utils.assert_array_equal(out, numpy.take(x, indices, axis))
    assert out.device is device


@pytest.mark.parametrize('mode', ['wrap', 'clip'])
@pytest.mark.parametrize('dtype', ['int32', 'float32'])
def test_take_modes_wrap_and_clip_match_numpy(mode, dtype):
    x = array_utils.make_numpy((2, 3), dtype)
    for index_dtype in ('int8', 'int64'):
        indices = chx.array(numpy.array(_FAR_INDICES, index_dtype))
        out = chx.take(chx.array(x), indices, 1, mode=mode)
        array_utils.assert_array_equal(out, numpy.take(x, _FAR_INDICES, 1, mode=mode))


@pytest.mark.parametrize('mode,device', [(None, 'native:0'), ('raise', None)])
def test_take_modes_raise_and_default_count_negatives_and_reject_out_of_range(mode, device):
    # The default mode raises on native only: CUDA wraps (test_indexing_advanced.py).
    x = numpy.arange(6, dtype='float32').reshape(2, 3)
    out = chx.take(chx.array(x, device=device), [-3, 2], 1, mode)
    array_utils.assert_array_equal(out, numpy.take(x, [-3, 2], 1))
    for index in (3, -4):
        with pytest.raises(IndexError):
            chx.take(chx.array(x, device=device), [0, index], 1, mode)


def test_take_method_and_chainerx_indices():
    x = array_utils.make_numpy((3, 4), 'float64')
    a = chx.array(x)
    indices = chx.array(numpy.array([[2, 0]], 'int32'))
    array_utils.assert_array_equal(a.take(indices, axis=0), x.take([[2, 0]], axis=0))
    array_utils.assert_array_equal(a.take([3], 1, 'clip'), x.take([3], 1))
    with pytest.raises(chx.NotImplementedError):
        a.take([0])


@pytest.mark.parametrize('args,error', [
    (([0], None), chx.NotImplementedError),
    (([0], 2), chx.DimensionError),
    (([0.5], 0), chx.DtypeError),
    ((numpy.array([True]), 0), chx.DtypeError),
    (([5], 0, 'raise'), IndexError),
    (([0], 0, 'bad'), ValueError),
])
def test_take_rejects_bad_input(args, error):
    with pytest.raises(error):
        chx.take(chx.zeros((2, 3)), *args)


def test_take_from_an_empty_axis_raises_index_error():
    for mode in (None, 'wrap', 'clip'):
        with pytest.raises(IndexError):
            chx.take(chx.zeros((0, 3)), [0], 0, mode)


def test_take_rejects_indices_on_another_device():
    with pytest.raises(chx.DeviceError):
        chx.take(chx.zeros((3,), device='native:0'), chx.array([0], device='native:1'), 0)


# (input shape, indices, axis, mode) of the gradient checks; repeated positions accumulate.
_GRAD_TAKES = [
    ((3,), [2, 0, 2], 0, None),
    ((2, 3), [[1, 1], [0, -1]], 1, 'raise'),
    ((2, 3), [4, -1], 1, 'wrap'),
    ((2, 3, 2), [5, 0], 1, 'clip'),
]


@pytest.mark.parametrize('shape,indices,axis,mode', _GRAD_TAKES)
def test_take_gradients(shape, indices, axis, mode):
    array_utils.check_grads(lambda a: chx.take(a, indices, axis, mode), [shape], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_take_gradient_accumulates_repeated_positions(dtype):
    x = chx.ones((2, 3), dtype).require_grad()
    (chx.take(x, [2, 0, 2], 1) * 2).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.array([[2, 0, 4], [2, 0, 4]], dtype))


# Many positions into a few targets: on CUDA the scatter of more than 32 positions into a narrow block sorts the
# positions by target (Note [Deterministic CUDA scatter]); every backend must still add them in index order, as
# numpy.add.at does, so the sums are bit-identical.
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize(
    'shape,index_shape,axis',
    [((7, 5), (200,), 0), ((4, 9), (10, 20), 1), ((3, 2, 4), (40,), 1), ((6,), (300,), 0)],
)
def test_take_gradient_of_many_repeated_positions_adds_them_in_order(shape, index_shape, axis, dtype):
    rng = numpy.random.default_rng(3)
    indices = rng.integers(-shape[axis], shape[axis], index_shape)
    x = chx.zeros(shape, dtype).require_grad()
    y = chx.take(x, chx.array(indices), axis)
    gy = rng.standard_normal(y.shape).astype(dtype)
    (y * chx.array(gy)).sum().backward()  # y's gradient is gy, exactly
    expected = numpy.zeros(shape, dtype)
    position = (slice(None),) * (axis % len(shape))
    numpy.add.at(expected, position + (indices,), gy)
    array_utils.assert_array_equal(x.grad, expected, rtol=0, atol=0)


@pytest.mark.parametrize('index_dtype', ['int8', 'uint8', 'int16', 'int32', 'int64'])
@pytest.mark.parametrize('contiguous', [True, False])
def test_take_of_single_elements_matches_numpy(index_dtype, contiguous, device):
    # The 1-D position loop of the native gather (native/indexing.cc) and each mode's normalisation loop, on a
    # long axis and on index arrays of every integer kind, strided or not.
    x = numpy.arange(200, dtype=numpy.float32) * 0.5
    low = 0 if index_dtype.startswith('u') else -100
    indices = array_utils.make_numpy((300,), index_dtype, seed=6, contiguous=contiguous, low=low, high=127)
    a = chx.array(x, device=device)
    in_range = indices if index_dtype.startswith('u') else numpy.where(indices < -100, -100, indices)
    array_utils.assert_array_equal(chx.take(a, chx.array(in_range, device=device), 0), numpy.take(x, in_range))
    for mode in ('wrap', 'clip'):
        far = (in_range.astype(numpy.int64) * 3).astype(index_dtype)
        out = chx.take(a, chx.array(far, device=device), 0, mode=mode)
        array_utils.assert_array_equal(out, numpy.take(x, far, mode=mode))


@pytest.mark.parametrize('bad', [5, -6, 2**40, -2**40])
def test_take_names_the_first_out_of_range_position(bad):
    # The raising mode checks the normalised positions after mapping them; the message names the position given.
    x = chx.arange(5, dtype='float32')
    indices = numpy.array([[0, -5], [4, bad]], numpy.int64)
    with pytest.raises(IndexError, match=f'index {bad} is out of bounds for an axis of size 5'):
        chx.take(x, indices, 0, mode='raise')
    indices[0, 0] = 7  # an earlier one, in C order, is named first
    with pytest.raises(IndexError, match='index 7 is out of bounds'):
        chx.take(x, indices, 0, mode='raise')
