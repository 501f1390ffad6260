"""max_pool and average_pool (spec A.12) against straightforward NumPy references, N-d with
stride, pad, cover_all and both pad modes; gradients of first and second order; errors."""

import itertools

import numpy
import pytest

import chainerx as chx

import array_utils


def _per_axis(value, n):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * n


def _out_len(size, k, s, p, cover_all):
    return (size + 2 * p - k + (s - 1 if cover_all else 0)) // s + 1


def _windows(x, ksize, stride, pad, cover_all, fill):
    """Yields (output index, window of x padded with `fill`) for every output position."""
    n = x.ndim - 2
    ksize, stride, pad = _per_axis(ksize, n), _per_axis(stride or ksize, n), _per_axis(pad, n)
    out_shape = [_out_len(x.shape[i + 2], ksize[i], stride[i], pad[i], cover_all) for i in range(n)]
    # Room for the last window with cover_all, which may run past the padding.
    padded_shape = [
        max(x.shape[i + 2] + 2 * pad[i], (out_shape[i] - 1) * stride[i] + ksize[i])
        for i in range(n)
    ]
    padded = numpy.full(x.shape[:2] + tuple(padded_shape), fill, x.dtype)
    padded[(Ellipsis,) + tuple(slice(pad[i], pad[i] + x.shape[i + 2]) for i in range(n))] = x
    for index in itertools.product(*[range(o) for o in out_shape]):
        key = tuple(slice(j * s, j * s + k) for j, s, k in zip(index, stride, ksize))
        yield index, padded[(Ellipsis,) + key], out_shape


def _flat_windows(window):
    return window.reshape(window.shape[:2] + (int(numpy.prod(window.shape[2:])),))


def _max_pool(x, ksize, stride=None, pad=0, cover_all=False):
    if x.dtype.kind == 'f':
        lowest = -numpy.inf
    else:
        lowest = False if x.dtype == numpy.bool_ else numpy.iinfo(x.dtype).min
    out = None
    for index, window, out_shape in _windows(x, ksize, stride, pad, cover_all, lowest):
        if out is None:
            out = numpy.empty(x.shape[:2] + tuple(out_shape), x.dtype)
        out[(Ellipsis,) + index] = _flat_windows(window).max(axis=2)
    return out


def _average_pool(x, ksize, stride=None, pad=0, pad_mode='ignore'):
    x = x.astype(numpy.float64)
    # The windows of one plane of ones count the input elements of each window.
    ones = numpy.ones((1, 1) + x.shape[2:])
    windows = zip(
        _windows(x, ksize, stride, pad, False, 0), _windows(ones, ksize, stride, pad, False, 0)
    )
    out = None
    for (index, window, out_shape), (_, ones_window, _) in windows:
        if out is None:
            out = numpy.empty(x.shape[:2] + tuple(out_shape))
        divisor = ones_window.size if pad_mode == 'zero' else ones_window.sum()
        # A window of padding only is 0 / 0 = NaN in 'ignore' mode, as in Chainer.
        with numpy.errstate(invalid='ignore'):
            out[(Ellipsis,) + index] = _flat_windows(window).sum(axis=2) / numpy.float64(divisor)
    return out


# (x shape, ksize, stride, pad, cover_all); average_pool uses the rows without cover_all.
_CASES = [
    ((2, 3, 5), 2, None, 0, False),
    ((2, 3, 5), 3, 2, 1, False),
    ((2, 3, 6), 3, 2, 1, True),
    ((1, 2, 4, 5), (2, 2), None, 0, False),
    ((1, 2, 4, 5), (3, 2), (2, 1), (1, 0), False),
    ((1, 2, 5, 5), 3, 2, 1, True),
    ((2, 1, 3, 4, 3), 2, 1, 1, False),
    ((2, 1, 4), 4, 1, 0, False),
    ((0, 2, 4, 4), 2, None, 0, False),
    ((2, 0, 4), 2, 1, 0, False),
    ((1, 1, 1), 1, 1, 1, False),  # the outer windows hold padding only
    # Two-dimensional average pooling goes by rows (Note [Average pooling by rows]): overlapping windows, strides
    # past the window, windows of padding only.
    ((2, 3, 7, 6), 3, 1, 1, False),
    ((1, 2, 5, 7), (2, 3), (3, 4), (1, 2), False),
    ((1, 1, 2, 2), 1, 1, 1, False),
]
_AVERAGE_CASES = [case[:4] for case in _CASES if not case[4]]


@pytest.mark.parametrize('shape,ksize,stride,pad,cover_all', _CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_max_pool_matches_numpy(shape, ksize, stride, pad, cover_all, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=False)
    out = chx.max_pool(
        chx.array(x, copy=False, device=device), ksize, stride=stride, pad=pad, cover_all=cover_all
    )
    assert out.device is device
    array_utils.assert_array_equal(out, _max_pool(x, ksize, stride, pad, cover_all))


@pytest.mark.parametrize('shape,ksize,stride,pad', _AVERAGE_CASES)
@pytest.mark.parametrize('pad_mode', ['zero', 'ignore'])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_average_pool_matches_numpy(shape, ksize, stride, pad, pad_mode, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=False)
    out = chx.average_pool(
        chx.array(x, copy=False, device=device), ksize, stride=stride, pad=pad, pad_mode=pad_mode
    )
    assert out.device is device
    expected = _average_pool(x, ksize, stride, pad, pad_mode)
    array_utils.assert_array_equal(out, expected, dtype=array_utils.math_dtype(dtype))


def test_defaults_stride_is_ksize_and_pad_mode_is_ignore():
    x = array_utils.make_numpy((1, 2, 6, 6), 'float32')
    a = chx.array(x)
    array_utils.assert_array_equal(chx.max_pool(a, 3), _max_pool(x, 3, 3, 0))
    array_utils.assert_array_equal(
        chx.average_pool(a, 3, 1, 1), _average_pool(x, 3, 1, 1, 'ignore'), dtype='float32'
    )


def test_transposed_input():
    x = array_utils.make_numpy((4, 5, 2, 3), 'float64').transpose(2, 3, 0, 1)
    a = chx.array(x, copy=False)
    array_utils.assert_array_equal(chx.max_pool(a, 2, 1, 1), _max_pool(x, 2, 1, 1))
    array_utils.assert_array_equal(chx.average_pool(a, 2, 1, 1), _average_pool(x, 2, 1, 1))


def test_max_pool_propagates_nan():
    out = chx.to_numpy(chx.max_pool(chx.array([[[1.0, numpy.nan, 3.0, 2.0]]]), 2))
    assert numpy.isnan(out[0, 0, 0]) and out[0, 0, 1] == 3


@pytest.mark.parametrize(
    'call',
    [
        lambda x: chx.max_pool(x, 2),
        lambda x: chx.average_pool(x, 2),
    ],
)
@pytest.mark.parametrize('shape', [(), (4,), (2, 4)])
def test_too_few_axes_raise_dimension_error(call, shape):
    with pytest.raises(chx.DimensionError):
        call(chx.ones(shape))


@pytest.mark.parametrize(
    'kwargs',
    [
        {'ksize': 5},  # bigger than the input
        {'ksize': 7, 'pad': 1},  # bigger than the padded input
        {'ksize': (2, 2)},  # one spatial axis only
        {'ksize': 2, 'stride': 0},
        {'ksize': 0},
        {'ksize': 2, 'pad': -1},
        {'ksize': 2, 'stride': (1, 1)},
    ],
)
@pytest.mark.parametrize('name', ['max_pool', 'average_pool'])
def test_bad_windows_raise_dimension_error(name, kwargs):
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(chx.ones((1, 1, 4)), **kwargs)


def test_bad_pad_mode_raises_value_error():
    with pytest.raises(ValueError):
        chx.average_pool(chx.ones((1, 1, 4)), 2, pad_mode='edge')


def test_bad_ksize_type_raises_type_error():
    with pytest.raises(TypeError):
        chx.max_pool(chx.ones((1, 1, 4)), 'ab')


def _distinct_input(shape, dtype, seed=0):
    """Values 1/4 apart, so that no numerical-gradient step changes a window's maximum."""
    rng = numpy.random.default_rng(seed)
    values = rng.permutation(int(numpy.prod(shape))).reshape(shape) / 4.0 - 2
    return chx.array(values.astype(dtype))


_GRAD_CASES = [
    ((2, 2, 5), 2, None, 0, False),
    ((1, 2, 4, 3), (2, 2), 1, 1, False),
    ((1, 1, 5, 4), 3, 2, 1, True),
    ((1, 1, 3, 2, 3), 2, 1, 0, False),
    ((1, 2, 5, 6), 3, 1, 1, False),
    ((1, 1, 5, 7), (2, 3), (3, 2), (1, 2), False),
]


def _check_pool_grads(fn, x, dtype, double):
    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    options = {} if dtype == 'float64' else {'eps': 2**-5, 'tolerances': (5e-2, 5e-2)}
    array_utils.check_backward(fn, [x], gy, dtype, **options)
    if double:
        ggx = array_utils.make_grad_input(x.shape, dtype, seed=2)
        array_utils.check_double_backward(fn, [x], gy, ggx, dtype, **options)


@pytest.mark.parametrize('shape,ksize,stride,pad,cover_all', _GRAD_CASES)
def test_max_pool_backward_and_double_backward(shape, ksize, stride, pad, cover_all):
    def fn(a):
        return chx.max_pool(a, ksize, stride, pad, cover_all)

    _check_pool_grads(fn, _distinct_input(shape, 'float64'), 'float64', True)


@pytest.mark.parametrize('shape,ksize,stride,pad', [case[:4] for case in _GRAD_CASES])
@pytest.mark.parametrize('pad_mode', ['zero', 'ignore'])
def test_average_pool_backward_and_double_backward(shape, ksize, stride, pad, pad_mode):
    def fn(a):
        return chx.average_pool(a, ksize, stride, pad, pad_mode)

    _check_pool_grads(fn, array_utils.make_grad_input(shape, 'float64'), 'float64', True)


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
@pytest.mark.parametrize('name', ['max_pool', 'average_pool'])
def test_backward_in_low_precision(name, dtype):
    def fn(a):
        return getattr(chx, name)(a, 2, 1, 1)

    _check_pool_grads(fn, _distinct_input((1, 2, 3, 3), dtype), dtype, False)


def test_max_pool_gradient_accumulates_over_overlapping_windows():
    x = chx.array([[[0.0, 5.0, 1.0, 0.5]]]).require_grad()
    chx.max_pool(x, 2, 1).sum().backward()
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [[[0, 2, 1, 0]]])


def test_average_pool_ignore_window_of_padding_only_is_nan(device):
    # pad_mode='ignore' divides by the in-bounds count: 0 / 0 for a window of padding only.
    x = chx.ones((1, 1, 2), device=device).require_grad()
    out = chx.average_pool(x, 1, 1, 1, 'ignore')
    numpy.testing.assert_array_equal(chx.to_numpy(out), [[[numpy.nan, 1, 1, numpy.nan]]])
    # Such windows read no input, so the gradient stays finite.
    chx.average_pool(x, 1, 1, 1, 'ignore')[:, :, 1:3].sum().backward()
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [[[1, 1]]])
    zero = chx.to_numpy(chx.average_pool(chx.ones((1, 1, 2)), 1, 1, 1, 'zero'))
    numpy.testing.assert_array_equal(zero, [[[0, 1, 1, 0]]])


@pytest.mark.parametrize(
    'kwargs',
    [
        {'ksize': 2**62},
        {'ksize': 2, 'pad': 2**62},  # 2 * pad overflows int64
        {'ksize': 2, 'stride': -3},
        {'ksize': (2,) * 40},  # more entries than any array has axes
        {'ksize': 2, 'pad': (1,) * 40},
    ],
)
@pytest.mark.parametrize('name', ['max_pool', 'average_pool'])
def test_absurd_windows_raise_dimension_error(name, kwargs):
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(chx.ones((1, 1, 4)), **kwargs)


@pytest.mark.parametrize(
    'ksize,stride,pad',
    [
        (numpy.int64(2), numpy.int32(1), numpy.int8(1)),
        (numpy.array(2), numpy.array(1), numpy.array(1)),
        (numpy.array([2, 2]), numpy.array([1, 1]), numpy.array([1, 1])),
        ((numpy.int64(2), 2), [1, numpy.int16(1)], (1, 1)),
    ],
)
@pytest.mark.parametrize('name', ['max_pool', 'average_pool'])
def test_numpy_integers_are_accepted_like_ints(name, ksize, stride, pad):
    x = array_utils.make_numpy((1, 2, 4, 3), 'float32')
    out = getattr(chx, name)(chx.array(x), ksize, stride, pad)
    expected = getattr(chx, name)(chx.array(x), 2, 1, 1)
    array_utils.assert_array_equal(out, chx.to_numpy(expected))
