"""conv(x, w, b=None, stride=1, pad=0, cover_all=False, groups=1) and conv_transpose(x, w, b=None,
stride=1, pad=0, outsize=None, groups=1) (spec A.12), N-d, compared with straightforward NumPy
references below (channel groups: the ungrouped references per group)."""

import itertools
import os
import subprocess
import sys

import numpy
import pytest

import chainerx as chx

import array_utils

# (x shape, w shape of conv, stride, pad, cover_all): 1-, 2- and 3-d, strides, padding, cover_all,
# 1x1 kernels, kernels as large as the padded input, zero-size batch.
_CASES = [
    ((2, 3, 7), (4, 3, 3), 1, 0, False),
    ((2, 3, 7), (4, 3, 3), 2, 1, True),
    ((2, 3, 5, 4), (2, 3, 3, 2), 1, 1, False),
    ((1, 2, 6, 5), (3, 2, 3, 3), (2, 1), (1, 0), False),
    ((1, 2, 6, 5), (3, 2, 2, 2), 3, 1, True),
    ((2, 4, 3, 3), (5, 4, 1, 1), 1, 0, False),
    ((1, 2, 3, 3), (2, 2, 5, 5), 1, 1, False),
    ((1, 2, 4, 3, 3), (2, 2, 2, 3, 2), (1, 2, 1), 1, False),
    ((0, 2, 4, 4), (3, 2, 3, 3), 1, 1, False),
]
# No spatial axes: x (N, C), w (O, C) is the dense product x · wᵀ (+ b); stride and pad are empty
# (an int broadcasts to no entries), cover_all has no effect.
_RANK2_CASES = [
    ((3, 4), (5, 4), 1, 0, False),
    ((1, 3), (2, 3), (), (), True),
    ((0, 2), (3, 2), 2, 1, False),
    ((2, 0), (3, 0), 1, 0, False),
]


def _tuple(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


def _out_size(d, k, s, p, cover_all):
    return (d + 2 * p - k + (s - 1 if cover_all else 0)) // s + 1


def _window(pos, s, k):
    """The index of the kernel window at output position pos (all batch items and channels)."""
    return (slice(None), slice(None)) + tuple(
        slice(pos[i] * s[i], pos[i] * s[i] + k[i]) for i in range(len(pos)))


def _conv_ref(x, w, b, stride, pad, cover_all):
    """out[n, o, p] = sum over c, q of x_padded[n, c, p * s + q] * w[o, c, q] (+ b)."""
    nd = x.ndim - 2
    s, p = _tuple(stride, nd), _tuple(pad, nd)
    k = w.shape[2:]
    outs = [_out_size(x.shape[2 + i], k[i], s[i], p[i], cover_all) for i in range(nd)]
    # Padding on the high side also covers cover_all's extra window.
    xp = numpy.pad(x, [(0, 0), (0, 0)] + [(p[i], p[i] + s[i]) for i in range(nd)])
    y = numpy.zeros((x.shape[0], w.shape[0]) + tuple(outs), x.dtype)
    for pos in itertools.product(*[range(o) for o in outs]):
        window = xp[_window(pos, s, k)]
        axes = range(1, nd + 2)
        y[(slice(None), slice(None)) + pos] = numpy.tensordot(window, w, axes=(axes, axes))
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


def _conv_transpose_ref(x, w, b, stride, pad, outsize):
    """Each x[n, c, p] adds x[n, c, p] * w[c, o, q] to y[n, o, p * s - pad + q] (conv's adjoint)."""
    nd = x.ndim - 2
    s, p = _tuple(stride, nd), _tuple(pad, nd)
    k = w.shape[2:]
    if outsize is None:
        outsize = [s[i] * (x.shape[2 + i] - 1) + k[i] - 2 * p[i] for i in range(nd)]
    full = [max(outsize[i] + 2 * p[i], s[i] * (x.shape[2 + i] - 1) + k[i]) for i in range(nd)]
    y = numpy.zeros((x.shape[0], w.shape[1]) + tuple(full), x.dtype)
    for pos in itertools.product(*[range(d) for d in x.shape[2:]]):
        column = x[(slice(None), slice(None)) + pos]
        y[_window(pos, s, k)] += numpy.tensordot(column, w, axes=(1, 0))
    y = y[(slice(None), slice(None)) + tuple(slice(p[i], p[i] + outsize[i]) for i in range(nd))]
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


def _conv_grad_weight_ref(x, gy, pad, k):
    """gw[o, c, q] = sum over n, p of gy[n, o, p] * x_padded[n, c, p + q] (stride 1)."""
    nd = x.ndim - 2
    p = _tuple(pad, nd)
    xp = numpy.pad(x, [(0, 0), (0, 0)] + [(p[i], p[i]) for i in range(nd)])
    gw = numpy.zeros((gy.shape[1], x.shape[1]) + tuple(k), x.dtype)
    axes = [0] + list(range(2, nd + 2))
    for q in itertools.product(*[range(size) for size in k]):
        window = xp[(slice(None), slice(None)) + tuple(
            slice(q[i], q[i] + gy.shape[2 + i]) for i in range(nd))]
        gw[(slice(None), slice(None)) + q] = numpy.tensordot(gy, window, axes=(axes, axes))
    return gw


def _conv_out_shape(x_shape, w_shape, stride, pad, cover_all):
    nd = len(x_shape) - 2
    s, p = _tuple(stride, nd), _tuple(pad, nd)
    return (x_shape[0], w_shape[0]) + tuple(
        _out_size(x_shape[2 + i], w_shape[2 + i], s[i], p[i], cover_all) for i in range(nd))


def _wide(a):
    return a.astype(numpy.float64 if a.dtype.kind == 'f' else numpy.int64)


def _assert_close(out, expected, dtype):
    # float16 results are sums of tens of products of values up to 3.
    tol = {'float16': 3e-2, 'float32': 1e-5}.get(numpy.dtype(dtype).name)
    array_utils.assert_array_equal(out, expected.astype(dtype), rtol=tol, atol=tol)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _CASES + _RANK2_CASES)
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
def test_conv_matches_reference(x_shape, w_shape, stride, pad, cover_all, dtype, device):
    x = array_utils.make_numpy(x_shape, dtype, seed=1)
    w = array_utils.make_numpy(w_shape, dtype, seed=2)
    b = array_utils.make_numpy(w_shape[:1], dtype, seed=3)
    x_chx, w_chx, b_chx = (chx.array(a, device=device) for a in (x, w, b))
    out = chx.conv(x_chx, w_chx, b_chx, stride=stride, pad=pad, cover_all=cover_all)
    _assert_close(out, _conv_ref(_wide(x), _wide(w), _wide(b), stride, pad, cover_all), dtype)
    out = chx.conv(chx.array(x), chx.array(w), stride=stride, pad=pad, cover_all=cover_all)
    _assert_close(out, _conv_ref(_wide(x), _wide(w), None, stride, pad, cover_all), dtype)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _CASES + _RANK2_CASES)
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
def test_conv_transpose_matches_reference(x_shape, w_shape, stride, pad, cover_all, dtype, device):
    # The transposed convolution maps conv's output shape back to its input shape.
    nd = len(x_shape) - 2
    y_shape = _conv_out_shape(x_shape, w_shape, stride, pad, cover_all)
    y = array_utils.make_numpy(y_shape, dtype, seed=1)
    w = array_utils.make_numpy(w_shape, dtype, seed=2)
    b = array_utils.make_numpy(w_shape[1:2], dtype, seed=3)
    outsize = x_shape[2:] if cover_all or nd == 2 else None
    y_chx, w_chx, b_chx = (chx.array(a, device=device) for a in (y, w, b))
    out = chx.conv_transpose(y_chx, w_chx, b_chx, stride=stride, pad=pad, outsize=outsize)
    expected = _conv_transpose_ref(_wide(y), _wide(w), _wide(b), stride, pad, outsize)
    _assert_close(out, expected, dtype)


def test_conv_non_contiguous_and_mixed_dtype_operands():
    x_base = array_utils.make_numpy((2, 6, 5, 5), 'float32', seed=1)
    w_base = array_utils.make_numpy((4, 3, 3, 3), 'float64', seed=2)
    x = chx.array(x_base)[:, ::2].transpose(0, 1, 3, 2)
    w = chx.array(w_base).transpose(0, 1, 3, 2)
    x_view = _wide(x_base[:, ::2].transpose(0, 1, 3, 2))
    expected = _conv_ref(x_view, w_base.transpose(0, 1, 3, 2), None, 1, 1, False)
    out = chx.conv(x, w, pad=1)
    assert out.dtype == numpy.float64
    _assert_close(out, expected, 'float64')


# (name, call, x shape, w shape)
_X, _W, _WT = (2, 3, 5, 5), (4, 3, 3, 3), (3, 4, 3, 3)
_BAD = [
    ('rank of x below 2', lambda x, w: chx.conv(x, w), (3,), (3,)),
    ('transpose rank of x below 2', lambda x, w: chx.conv_transpose(x, w), (3,), (3,)),
    ('rank-2 ranks differ', lambda x, w: chx.conv(x, w), (2, 3), (4, 3, 1)),
    ('ranks differ', lambda x, w: chx.conv(x, w), (2, 3, 5, 5), (4, 3, 3)),
    ('channels differ', lambda x, w: chx.conv(x, w), (2, 3, 5, 5), (4, 2, 3, 3)),
    ('kernel larger than padded input',
     lambda x, w: chx.conv(x, w, pad=1), (2, 3, 2, 2), (4, 3, 5, 5)),
    ('stride of wrong length', lambda x, w: chx.conv(x, w, stride=(1, 1, 1)), _X, _W),
    # A tuple is never broadcast, not even one of length 1 (only an int is).
    ('stride tuple of length 1', lambda x, w: chx.conv(x, w, stride=(1,)), _X, _W),
    ('pad tuple of length 1', lambda x, w: chx.conv(x, w, pad=(0,)), _X, _W),
    ('transpose stride tuple of length 1',
     lambda x, w: chx.conv_transpose(x, w, stride=(1,)), _X, _WT),
    ('transpose pad tuple of length 1', lambda x, w: chx.conv_transpose(x, w, pad=[1]), _X, _WT),
    ('rank-2 stride tuple', lambda x, w: chx.conv(x, w, stride=(1,)), (2, 3), (4, 3)),
    ('rank-2 transpose outsize',
     lambda x, w: chx.conv_transpose(x, w, outsize=(1,)), (2, 3), (3, 4)),
    ('stride longer than any shape', lambda x, w: chx.conv(x, w, stride=(1,) * 40), _X, _W),
    ('pad overflowing int64', lambda x, w: chx.conv(x, w, pad=2**62), _X, _W),
    ('transpose stride overflowing int64',
     lambda x, w: chx.conv_transpose(x, w, stride=2**62), _X, _WT),
    ('transpose pad overflowing int64', lambda x, w: chx.conv_transpose(x, w, pad=2**62), _X, _WT),
    ('transpose outsize overflowing int64',
     lambda x, w: chx.conv_transpose(x, w, outsize=(2**62, 2**62)), _X, _WT),
    ('transpose negative outsize', lambda x, w: chx.conv_transpose(x, w, outsize=(-1, 7)), _X, _WT),
    ('zero stride', lambda x, w: chx.conv(x, w, stride=0), _X, _W),
    ('negative pad', lambda x, w: chx.conv(x, w, pad=-1), _X, _W),
    ('bias of wrong shape', lambda x, w: chx.conv(x, w, chx.ones((3,), 'float32')), _X, _W),
    ('transpose channels differ', lambda x, w: chx.conv_transpose(x, w), _X, _W),
    ('transpose bad outsize',
     lambda x, w: chx.conv_transpose(x, w, stride=2, outsize=(20, 20)), _X, _WT),
    ('transpose outsize length', lambda x, w: chx.conv_transpose(x, w, outsize=(7,)), _X, _WT),
]


@pytest.mark.parametrize('name,call,x_shape,w_shape', _BAD, ids=[case[0] for case in _BAD])
def test_bad_input_raises_dimension_error(name, call, x_shape, w_shape):
    with pytest.raises(chx.DimensionError):
        call(chx.ones(x_shape, 'float32'), chx.ones(w_shape, 'float32'))


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _CASES + _RANK2_CASES)
def test_bool_conv_is_or_of_ands(x_shape, w_shape, stride, pad, cover_all, device):
    # Bool operands without a bias give bool: the OR over (x AND w) of each window.
    x = array_utils.make_numpy(x_shape, 'bool_', seed=1)
    w = array_utils.make_numpy(w_shape, 'bool_', seed=2)
    out = chx.conv(chx.array(x, device=device), chx.array(w, device=device), None, stride, pad,
                   cover_all)
    array_utils.assert_array_equal(out, _conv_ref(_wide(x), _wide(w), None, stride, pad,
                                                  cover_all) > 0)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _CASES + _RANK2_CASES)
def test_bool_conv_transpose_is_or_of_ands(x_shape, w_shape, stride, pad, cover_all, device):
    y_shape = _conv_out_shape(x_shape, w_shape, stride, pad, cover_all)
    y = array_utils.make_numpy(y_shape, 'bool_', seed=1)
    w = array_utils.make_numpy(w_shape, 'bool_', seed=2)
    outsize = x_shape[2:]
    out = chx.conv_transpose(chx.array(y, device=device), chx.array(w, device=device), None,
                             stride, pad, outsize)
    expected = _conv_transpose_ref(_wide(y), _wide(w), None, stride, pad, outsize) > 0
    array_utils.assert_array_equal(out, expected)


def test_rank2_reproducers():
    assert chx.conv(chx.ones((1, 3)), chx.ones((5, 3))).shape == (1, 5)
    out = chx.conv_transpose(chx.ones((1, 3)), chx.ones((3, 5)), chx.ones((5,)))
    array_utils.assert_array_equal(out, numpy.full((1, 5), 4, 'float32'))


def test_int_stride_and_pad_broadcast_to_every_spatial_axis():
    x = array_utils.make_numpy((1, 2, 5, 4, 3), 'float64')
    w = array_utils.make_numpy((3, 2, 2, 2, 2), 'float64', seed=1)
    out = chx.conv(chx.array(x), chx.array(w), None, 2, 1)
    array_utils.assert_array_equal(out, _conv_ref(x, w, None, (2, 2, 2), (1, 1, 1), False))


@pytest.mark.parametrize('stride,pad', [
    (numpy.int64(2), numpy.int32(1)),
    (numpy.array(2), numpy.array(1)),
    (numpy.array([2, 2]), numpy.array([1, 1])),
    ((numpy.int8(2), 2), [1, numpy.int16(1)]),
])
def test_numpy_integers_are_accepted_like_ints(stride, pad):
    x = array_utils.make_numpy((1, 2, 5, 4), 'float64')
    w = array_utils.make_numpy((3, 2, 2, 2), 'float64', seed=1)
    out = chx.conv(chx.array(x), chx.array(w), None, stride, pad)
    array_utils.assert_array_equal(out, _conv_ref(x, w, None, 2, 1, False))
    y = chx.conv_transpose(out, chx.array(w), None, stride, pad, numpy.array([5, 4]))
    assert y.shape == (1, 2, 5, 4)


def test_operands_on_different_devices_raise_device_error():
    with pytest.raises(chx.DeviceError):
        chx.conv(chx.ones((1, 1, 3, 3), 'float32', device='native:0'),
                 chx.ones((1, 1, 2, 2), 'float32', device='native:1'))


# (x shape, w shape, stride, pad, cover_all / outsize): small, so the numerical gradients stay fast.
_GRAD_CASES = [
    ((2, 2, 4), (3, 2, 2), 2, 1, True),
    ((1, 2, 3, 4), (2, 2, 2, 3), 1, 1, False),
    ((1, 1, 5, 4), (2, 1, 3, 2), (2, 1), (1, 0), True),
    ((3, 2), (4, 2), 1, 0, False),
]


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _GRAD_CASES)
def test_conv_gradients(x_shape, w_shape, stride, pad, cover_all):
    def fn(x, w, b):
        return chx.conv(x, w, b, stride, pad, cover_all)

    array_utils.check_grads(fn, [x_shape, w_shape, w_shape[:1]], 'float64')


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _GRAD_CASES)
def test_conv_transpose_gradients(x_shape, w_shape, stride, pad, cover_all):
    y_shape = _conv_out_shape(x_shape, w_shape, stride, pad, cover_all)

    def fn(y, w, b):
        return chx.conv_transpose(y, w, b, stride, pad, x_shape[2:])

    array_utils.check_grads(fn, [y_shape, w_shape, w_shape[1:2]], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_conv_gradients_low_precision(dtype):
    xs = [array_utils.make_grad_input(shape, dtype, seed=i)
          for i, shape in enumerate([(1, 2, 3, 3), (2, 2, 2, 2)])]
    gy = array_utils.make_grad_input((1, 2, 2, 2), dtype, seed=5)
    array_utils.check_backward(lambda x, w: chx.conv(x, w), xs, [gy], dtype)


# Stride-1 convolutions, which run the direct kernels where the CPU has AVX-512
# (native/conv_direct.h): rows that are not a multiple of the vector width (partial vectors of
# 16 floats / 8 doubles), few output channels (the narrow forward tile), output channel counts
# around the weight-gradient tile widths (17, 33, 65), 1-d and 3-d, several images, and pad >= k
# (the input gradient falls back to im2col).
_STRIDE1_CASES = [
    ((3, 5, 7, 9), (17, 5, 3, 3), 1),
    ((2, 3, 6, 17), (3, 3, 3, 2), 0),
    ((2, 2, 5, 33), (33, 2, 1, 3), (0, 1)),
    ((1, 4, 19), (65, 4, 4), 2),
    ((2, 3, 4, 3, 5), (6, 3, 2, 3, 2), 1),
    ((2, 2, 3, 4), (5, 2, 2, 2), 2),
]


@pytest.mark.parametrize('x_shape,w_shape,pad', _STRIDE1_CASES)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_stride1_conv_and_gradients_match_reference(x_shape, w_shape, pad, dtype):
    nd = len(x_shape) - 2
    p = _tuple(pad, nd)
    y_shape = (x_shape[0], w_shape[0]) + tuple(
        _out_size(x_shape[2 + i], w_shape[2 + i], 1, p[i], False) for i in range(nd))
    # Non-contiguous x (a strided view); values in [-1, 1] keep float16 sums well inside its range.
    shapes = [x_shape, w_shape, w_shape[:1], y_shape]
    x, w, b, gy = (
        array_utils.make_numpy(shape, dtype, seed=i, contiguous=i > 0, low=-1, high=1)
        for i, shape in enumerate(shapes))
    x_chx, w_chx, b_chx = (chx.array(a).require_grad() for a in (x, w, b))
    y = chx.conv(x_chx, w_chx, b_chx, 1, pad)
    _assert_close(y, _conv_ref(_wide(x), _wide(w), _wide(b), 1, pad, False), dtype)
    (y * chx.array(gy)).sum().backward()
    gy64 = _wide(gy)
    gx_expected = _conv_transpose_ref(gy64, _wide(w), None, 1, pad, x_shape[2:])
    _assert_close(x_chx.grad, gx_expected, dtype)
    _assert_close(w_chx.grad, _conv_grad_weight_ref(_wide(x), gy64, pad, w_shape[2:]), dtype)
    _assert_close(b_chx.grad, gy64.sum(axis=(0,) + tuple(range(2, nd + 2))), dtype)


_SWITCH_SCRIPT = """
import sys
import numpy, chainerx as chx
rng = numpy.random.default_rng(0)
shapes = [(2, 3, 9, 9), (4, 3, 3, 3), (2, 4, 9, 9)]
x, w, gy = (chx.array(rng.uniform(-1, 1, s)) for s in shapes)
x.require_grad(); w.require_grad()
(chx.conv(x, w, None, 1, 1) * gy).sum().backward()
grads = [chx.to_numpy(a).ravel() for a in (x.grad, w.grad)]
numpy.save(sys.argv[1], numpy.concatenate(grads))
"""


def test_direct_kernels_can_be_switched_off(tmp_path):
    # CHAINERX_CONV_DIRECT=0 selects im2col + GEMM (for benchmarks); both paths agree.
    results = []
    for flag in ('1', '0'):
        out = str(tmp_path / ('grads%s.npy' % flag))
        env = dict(os.environ, CHAINERX_CONV_DIRECT=flag)
        subprocess.run([sys.executable, '-c', _SWITCH_SCRIPT, out], env=env, check=True)
        results.append(numpy.load(out))
    numpy.testing.assert_allclose(results[0], results[1], rtol=1e-12, atol=1e-12)


# -- Channel groups (Note [Channel groups] in core/kernels/connection.h) -------------------------------

# (x shape, w shape of conv (O, C / groups, k...), stride, pad, cover_all, groups): two groups,
# depthwise (one input channel per group) with one and with two filters per channel, 1-d and 3-d,
# strides with cover_all, 1x1 kernels (the pointwise path), zero-size batch and no spatial axes. On
# native, stride 1 takes the direct kernels group by group, other strides im2col + GEMM.
_GROUP_CASES = [
    ((2, 4, 6, 5), (6, 2, 3, 3), 1, 1, False, 2),
    ((2, 3, 7, 6), (3, 1, 3, 3), 1, 1, False, 3),
    ((1, 4, 7, 7), (8, 1, 3, 3), 2, 1, True, 4),
    ((2, 6, 9), (4, 3, 2), 2, 0, False, 2),
    ((1, 4, 3, 4, 3), (4, 2, 2, 2, 2), 1, 1, False, 2),
    ((1, 2, 3, 4, 5), (4, 1, 2, 3, 2), (1, 2, 1), 1, True, 2),
    ((2, 6, 3, 3), (9, 2, 1, 1), 1, 0, False, 3),
    ((1, 4, 3, 3), (4, 2, 1, 1), 1, 1, False, 2),  # pad >= k: the transpose takes im2col + GEMM
    ((0, 4, 5, 5), (4, 1, 3, 3), 1, 1, False, 4),
    ((3, 4), (6, 2), 1, 0, False, 2),
]


def _grouped(ref, x, w, b, groups, *args):
    """ref (an ungrouped reference) group by group: x's channels, w's leading axis and b split into
    `groups` parts, the results concatenated along the channels."""
    xs = numpy.split(x, groups, axis=1)
    ws = numpy.split(w, groups, axis=0)
    bs = numpy.split(b, groups) if b is not None else [None] * groups
    return numpy.concatenate([ref(xg, wg, bg, *args) for xg, wg, bg in zip(xs, ws, bs)], axis=1)


def _grouped_conv_ref(x, w, b, stride, pad, cover_all, groups):
    if x.ndim == 2:  # no spatial axes: x · wᵀ per group
        return _grouped(lambda xg, wg, bg: xg @ wg.T + (0 if bg is None else bg),
                        x, w, b, groups)
    return _grouped(_conv_ref, x, w, b, groups, stride, pad, cover_all)


def _grouped_conv_transpose_ref(y, w, b, stride, pad, outsize, groups):
    # w (C, O / groups, k...): group g has rows g * C / groups.. and gives outputs g * O / groups..
    if y.ndim == 2:
        return _grouped(lambda yg, wg, bg: yg @ wg + (0 if bg is None else bg),
                        y, w, b, groups)
    return _grouped(_conv_transpose_ref, y, w, b, groups, stride, pad, outsize)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all,groups', _GROUP_CASES)
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
def test_grouped_conv_matches_reference(x_shape, w_shape, stride, pad, cover_all, groups, dtype,
                                        device):
    x = array_utils.make_numpy(x_shape, dtype, seed=1)
    w = array_utils.make_numpy(w_shape, dtype, seed=2)
    b = array_utils.make_numpy(w_shape[:1], dtype, seed=3)
    x_chx, w_chx, b_chx = (chx.array(a, device=device) for a in (x, w, b))
    out = chx.conv(x_chx, w_chx, b_chx, stride, pad, cover_all, groups)
    expected = _grouped_conv_ref(_wide(x), _wide(w), _wide(b), stride, pad, cover_all, groups)
    _assert_close(out, expected, dtype)
    out = chx.conv(x_chx, w_chx, stride=stride, pad=pad, cover_all=cover_all, groups=groups)
    expected = _grouped_conv_ref(_wide(x), _wide(w), None, stride, pad, cover_all, groups)
    _assert_close(out, expected, dtype)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all,groups', _GROUP_CASES)
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
def test_grouped_conv_transpose_matches_reference(x_shape, w_shape, stride, pad, cover_all, groups,
                                                  dtype, device):
    # The transpose of conv(x, w) takes conv's output (O channels) and w as it is: (O, C / groups)
    # read as (C_in, O_out / groups) gives C outputs.
    y_shape = _conv_out_shape(x_shape, w_shape, stride, pad, cover_all)
    y = array_utils.make_numpy(y_shape, dtype, seed=1)
    w = array_utils.make_numpy(w_shape, dtype, seed=2)
    b = array_utils.make_numpy((w_shape[1] * groups,), dtype, seed=3)
    outsize = x_shape[2:] if len(x_shape) > 2 else None
    y_chx, w_chx, b_chx = (chx.array(a, device=device) for a in (y, w, b))
    out = chx.conv_transpose(y_chx, w_chx, b_chx, stride, pad, outsize, groups)
    expected = _grouped_conv_transpose_ref(_wide(y), _wide(w), _wide(b), stride, pad, outsize, groups)
    assert out.shape == x_shape[:1] + (w_shape[1] * groups,) + x_shape[2:]
    _assert_close(out, expected, dtype)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all,groups', _GROUP_CASES[:4])
def test_bool_grouped_conv_is_or_of_ands(x_shape, w_shape, stride, pad, cover_all, groups, device):
    x = array_utils.make_numpy(x_shape, 'bool_', seed=1)
    w = array_utils.make_numpy(w_shape, 'bool_', seed=2)
    out = chx.conv(chx.array(x, device=device), chx.array(w, device=device), None, stride, pad,
                   cover_all, groups)
    expected = _grouped_conv_ref(_wide(x), _wide(w), None, stride, pad, cover_all, groups) > 0
    array_utils.assert_array_equal(out, expected)


def test_grouped_conv_of_non_contiguous_and_mixed_dtype_operands(device):
    x_base = array_utils.make_numpy((2, 8, 5, 5), 'float32', seed=1)
    w_base = array_utils.make_numpy((6, 2, 3, 3), 'float64', seed=2)
    x = chx.array(x_base, device=device)[:, ::2].transpose(0, 1, 3, 2)
    w = chx.array(w_base, device=device).transpose(0, 1, 3, 2)
    expected = _grouped_conv_ref(_wide(x_base[:, ::2].transpose(0, 1, 3, 2)),
                                 w_base.transpose(0, 1, 3, 2), None, 1, 1, False, 2)
    out = chx.conv(x, w, pad=1, groups=2)
    assert out.dtype == numpy.float64
    _assert_close(out, expected, 'float64')


def test_one_group_per_channel_is_the_channels_convolved_apart(device):
    # A depthwise convolution: output channel 2c + m is channel c convolved with filter m of c.
    x = array_utils.make_numpy((2, 3, 6, 6), 'float64', seed=1)
    w = array_utils.make_numpy((6, 1, 3, 3), 'float64', seed=2)
    out = chx.to_numpy(chx.conv(chx.array(x, device=device), chx.array(w, device=device),
                                pad=1, groups=3))
    for c in range(3):
        for m in range(2):
            o = 2 * c + m
            alone = _conv_ref(x[:, c:c + 1], w[o:o + 1], None, 1, 1, False)
            numpy.testing.assert_allclose(out[:, o:o + 1], alone, rtol=1e-12, atol=1e-12)


_GROUP_GRAD_CASES = [
    ((2, 4, 4, 3), (6, 2, 2, 2), 1, 1, False, 2),
    ((1, 3, 5, 4), (3, 1, 3, 2), (2, 1), (1, 0), True, 3),
    ((2, 4, 5), (8, 1, 3), 1, 1, False, 4),
    ((3, 4), (2, 2), 1, 0, False, 2),
]


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all,groups', _GROUP_GRAD_CASES)
def test_grouped_conv_gradients(x_shape, w_shape, stride, pad, cover_all, groups):
    def fn(x, w, b):
        return chx.conv(x, w, b, stride, pad, cover_all, groups)

    array_utils.check_grads(fn, [x_shape, w_shape, w_shape[:1]], 'float64')


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all,groups', _GROUP_GRAD_CASES)
def test_grouped_conv_transpose_gradients(x_shape, w_shape, stride, pad, cover_all, groups):
    y_shape = _conv_out_shape(x_shape, w_shape, stride, pad, cover_all)
    outsize = x_shape[2:] if len(x_shape) > 2 else None

    def fn(y, w, b):
        return chx.conv_transpose(y, w, b, stride, pad, outsize, groups)

    array_utils.check_grads(fn, [y_shape, w_shape, (w_shape[1] * groups,)], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_grouped_conv_gradients_low_precision(dtype):
    xs = [array_utils.make_grad_input(shape, dtype, seed=i)
          for i, shape in enumerate([(1, 4, 3, 3), (4, 1, 2, 2)])]
    gy = array_utils.make_grad_input((1, 4, 2, 2), dtype, seed=5)
    array_utils.check_backward(lambda x, w: chx.conv(x, w, groups=4), xs, [gy], dtype)


_BAD_GROUPS = [
    ('zero groups', lambda x, w: chx.conv(x, w, groups=0), (2, 4, 5, 5), (4, 2, 3, 3)),
    ('negative groups', lambda x, w: chx.conv(x, w, groups=-2), (2, 4, 5, 5), (4, 2, 3, 3)),
    ('channels not groups times w', lambda x, w: chx.conv(x, w, groups=3), (2, 4, 5, 5),
     (3, 2, 3, 3)),
    ('groups not dividing the filters', lambda x, w: chx.conv(x, w, groups=2), (2, 4, 5, 5),
     (3, 2, 3, 3)),
    ('groups overflowing the channels', lambda x, w: chx.conv(x, w, groups=2**62),
     (2, 4, 5, 5), (4, 4, 3, 3)),
    ('bias of the grouped input channels', lambda x, w: chx.conv(x, w, chx.ones((2,)), groups=2),
     (2, 4, 5, 5), (4, 2, 3, 3)),
    ('transpose groups not dividing the inputs', lambda x, w: chx.conv_transpose(x, w, groups=3),
     (2, 4, 5, 5), (4, 2, 3, 3)),
    ('transpose zero groups', lambda x, w: chx.conv_transpose(x, w, groups=0), (2, 4, 5, 5),
     (4, 2, 3, 3)),
    ('transpose bias of ungrouped outputs',
     lambda x, w: chx.conv_transpose(x, w, chx.ones((2,)), groups=2), (2, 4, 5, 5), (4, 2, 3, 3)),
    ('rank-2 groups not dividing', lambda x, w: chx.conv(x, w, groups=3), (2, 6), (4, 2)),
]


@pytest.mark.parametrize('name,call,x_shape,w_shape', _BAD_GROUPS, ids=[c[0] for c in _BAD_GROUPS])
def test_bad_groups_raise_dimension_error(name, call, x_shape, w_shape):
    with pytest.raises(chx.DimensionError):
        call(chx.ones(x_shape, 'float32'), chx.ones(w_shape, 'float32'))


@pytest.mark.parametrize('groups', [2.0, '2', None, numpy.array([2, 2]), True])
def test_groups_of_the_wrong_type_raise_type_error(groups):
    with pytest.raises(TypeError):
        chx.conv(chx.ones((1, 4, 3, 3)), chx.ones((4, 2, 1, 1)), groups=groups)
    with pytest.raises(TypeError):
        chx.conv_transpose(chx.ones((1, 4, 3, 3)), chx.ones((4, 2, 1, 1)), groups=groups)


@pytest.mark.parametrize('groups', [numpy.int64(2), numpy.int8(2), numpy.array(2)])
def test_numpy_integer_groups_are_accepted(groups):
    x = array_utils.make_numpy((1, 4, 3, 3), 'float64', seed=1)
    w = array_utils.make_numpy((4, 2, 2, 2), 'float64', seed=2)
    out = chx.conv(chx.array(x), chx.array(w), groups=groups)
    array_utils.assert_array_equal(out, _grouped_conv_ref(x, w, None, 1, 0, False, 2))
    back = chx.conv_transpose(out, chx.array(w), groups=groups)
    assert back.shape == (1, 4, 3, 3)


@pytest.mark.parametrize('stride', [1, 2])
def test_depthwise_conv_with_non_finite_values_is_the_per_group_convolutions(stride, device):
    # Native's depthwise forward computes positions between rows that no output reads (Note [Native depthwise
    # convolution]); inf and NaN in x (at row ends and starts, which those positions read) must reach exactly the
    # outputs and gradients they reach per group. (Not in w: a transposed convolution run as a flipped one
    # multiplies w by the zeros padding gy, so an infinite tap gives NaN there that a scatter does not.)
    x_np = array_utils.make_numpy((2, 3, 5, 6), 'float32', seed=1)
    x_np[0, 1, 2, 5] = numpy.inf
    x_np[1, 2, 0, 0] = numpy.nan
    x_np[1, 0, 4, 3] = -numpy.inf
    w_np = array_utils.make_numpy((6, 1, 3, 3), 'float32', seed=2)
    gy_shape = (2, 6) + tuple((n + 2 - 3) // stride + 1 for n in (5, 6))
    gy = chx.array(array_utils.make_numpy(gy_shape, 'float32', seed=3), device=device)

    def run(grouped):
        x = chx.array(x_np, device=device).require_grad()
        w = chx.array(w_np, device=device).require_grad()
        if grouped:
            y = chx.conv(x, w, None, stride, 1, False, 3)
        else:
            y = chx.concatenate([chx.conv(x[:, c:c + 1], w[2 * c:2 * c + 2], None, stride, 1)
                                 for c in range(3)], axis=1)
        gx, gw = chx.grad([y], [x, w], grad_outputs=[gy])
        return [chx.to_numpy(a) for a in (y, gx, gw)]

    for actual, expected in zip(run(True), run(False)):
        numpy.testing.assert_allclose(actual, expected, rtol=1e-5, atol=1e-5, equal_nan=True)
