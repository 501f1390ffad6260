"""Tests of chainer.utils.conv and chainer.utils.conv_nd against slow per-element references."""

import itertools

import numpy
import pytest

from chainer.utils import conv
from chainer.utils import conv_nd


@pytest.mark.parametrize('args,expected', [
    # (size, k, s, p, cover_all, d) -> output length
    ((5, 3, 1, 0, False, 1), 3),
    ((5, 3, 2, 0, False, 1), 2),
    ((6, 3, 2, 0, False, 1), 2),
    ((6, 3, 2, 0, True, 1), 3),
    ((5, 3, 2, 0, True, 1), 2),
    ((5, 3, 1, 1, False, 1), 5),
    ((7, 3, 1, 0, False, 2), 3),
    ((8, 3, 2, 1, False, 2), 3),
    ((8, 3, 2, 1, True, 2), 4),
    ((4, 1, 3, 0, False, 1), 2),
    ((4, 1, 3, 0, True, 1), 2),
    ((2, 3, 1, 0, False, 1), 0),
    ((1, 5, 1, 0, False, 1), -3),
])
def test_get_conv_outsize(args, expected):
    assert conv.get_conv_outsize(*args) == expected


def test_get_conv_outsize_defaults():
    assert conv.get_conv_outsize(10, 3, 2, 1) == conv.get_conv_outsize(10, 3, 2, 1, False, 1) == 5


def _windows(size, k, s, p, d):
    """Counts window positions by walking them: the last one must end inside the padded input."""
    extent = d * (k - 1) + 1
    count = 0
    while count * s + extent <= size + 2 * p:
        count += 1
    return count


def _windows_cover_all(size, k, s, p, d):
    """Windows until every input pixel (and the trailing pad) has been started within."""
    extent = d * (k - 1) + 1
    count = 1
    while count * s + extent <= size + 2 * p + s - 1:
        count += 1
    return count


_GRID = list(itertools.product(range(1, 12), (1, 2, 3), (1, 2, 3), (0, 1, 2), (1, 2)))


def test_get_conv_outsize_counts_windows():
    for size, k, s, p, d in _GRID:
        if d * (k - 1) + 1 > size + 2 * p:
            continue
        assert conv.get_conv_outsize(size, k, s, p, False, d) == _windows(size, k, s, p, d)
        assert conv.get_conv_outsize(size, k, s, p, True, d) == _windows_cover_all(
            size, k, s, p, d)


def test_get_deconv_outsize_inverts_get_conv_outsize():
    for out, k, s, p, d in _GRID:
        for cover_all in (False, True):
            size = conv.get_deconv_outsize(out, k, s, p, cover_all, d)
            if size <= 0:
                continue
            assert conv.get_conv_outsize(size, k, s, p, cover_all, d) == out
            # The smallest such input size.
            if size > 1:
                assert conv.get_conv_outsize(size - 1, k, s, p, cover_all, d) == out - 1


def test_get_deconv_outsize_values():
    assert conv.get_deconv_outsize(3, 3, 1, 0) == 5
    assert conv.get_deconv_outsize(2, 3, 2, 0) == 5
    assert conv.get_deconv_outsize(3, 3, 2, 0, cover_all=True) == 6
    assert conv.get_deconv_outsize(3, 3, 1, 0, d=2) == 7
    assert conv.get_deconv_outsize(5, 3, 1, 1) == 5


def _im2col_reference(img, ksize, stride, pad, dilate, outs, pval):
    col = numpy.empty(img.shape[:2] + tuple(ksize) + tuple(outs), img.dtype)
    dims = img.shape[2:]
    for offsets in itertools.product(*[range(k) for k in ksize]):
        for position in itertools.product(*[range(o) for o in outs]):
            pixel = [o * s + k * d - p
                     for o, k, s, p, d in zip(position, offsets, stride, pad, dilate)]
            inside = all(0 <= i < n for i, n in zip(pixel, dims))
            value = img[(Ellipsis,) + tuple(pixel)] if inside else pval
            col[(slice(None), slice(None)) + offsets + position] = value
    return col


def _col2im_reference(col, stride, pad, dims, dilate):
    ndim = len(dims)
    ksize, outs = col.shape[2:2 + ndim], col.shape[2 + ndim:]
    img = numpy.zeros(col.shape[:2] + tuple(dims), col.dtype)
    for offsets in itertools.product(*[range(k) for k in ksize]):
        for position in itertools.product(*[range(o) for o in outs]):
            pixel = [o * s + k * d - p
                     for o, k, s, p, d in zip(position, offsets, stride, pad, dilate)]
            if all(0 <= i < n for i, n in zip(pixel, dims)):
                img[(Ellipsis,) + tuple(pixel)] += col[
                    (slice(None), slice(None)) + offsets + position]
    return img


# (image dims, ksize, stride, pad, dilate, cover_all)
_CASES_2D = [
    ((5, 5), (3, 3), (1, 1), (0, 0), (1, 1), False),
    ((5, 6), (3, 2), (2, 1), (1, 0), (1, 1), False),
    ((6, 6), (3, 3), (2, 2), (0, 0), (1, 1), True),
    ((7, 5), (2, 3), (3, 2), (1, 2), (1, 1), True),
    ((8, 8), (3, 3), (1, 2), (1, 1), (2, 3), False),
    ((8, 7), (3, 2), (2, 2), (0, 1), (2, 2), True),
    ((4, 4), (1, 1), (3, 3), (0, 0), (1, 1), False),
    ((3, 3), (3, 3), (1, 1), (2, 2), (1, 1), False),
    ((1, 1), (1, 1), (1, 1), (0, 0), (1, 1), False),
]
_CASES_ND = _CASES_2D[:4] + [
    ((7,), (3,), (2,), (1,), (1,), False),
    ((6,), (2,), (3,), (0,), (2,), True),
    ((4, 5, 3), (2, 3, 1), (1, 2, 1), (1, 0, 1), (1, 1, 2), False),
    ((5, 4, 4), (3, 2, 2), (2, 1, 3), (0, 1, 0), (1, 2, 1), True),
]


def _outs(dims, ksize, stride, pad, dilate, cover_all):
    return tuple(conv.get_conv_outsize(*args, cover_all, d)
                 for *args, d in zip(dims, ksize, stride, pad, dilate))


def _image(dims, dtype=numpy.float32, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, (2, 3) + tuple(dims)).astype(dtype)


@pytest.mark.parametrize('dims,ksize,stride,pad,dilate,cover_all', _CASES_2D)
@pytest.mark.parametrize('pval', [0, -2.5])
def test_im2col_cpu_matches_reference(dims, ksize, stride, pad, dilate, cover_all, pval):
    img = _image(dims)
    col = conv.im2col_cpu(img, *ksize, *stride, *pad, pval=pval, cover_all=cover_all,
                          dy=dilate[0], dx=dilate[1])
    outs = _outs(dims, ksize, stride, pad, dilate, cover_all)
    assert col.shape == (2, 3) + ksize + outs and col.dtype == img.dtype
    numpy.testing.assert_array_equal(
        col, _im2col_reference(img, ksize, stride, pad, dilate, outs, pval))


@pytest.mark.parametrize('dims,ksize,stride,pad,dilate,cover_all', _CASES_2D)
def test_col2im_cpu_matches_reference_and_is_adjoint(dims, ksize, stride, pad, dilate,
                                                     cover_all):
    outs = _outs(dims, ksize, stride, pad, dilate, cover_all)
    col = numpy.random.RandomState(1).uniform(-1, 1, (2, 3) + ksize + outs)
    img = conv.col2im_cpu(col, *stride, *pad, *dims, dy=dilate[0], dx=dilate[1])
    assert img.shape == (2, 3) + dims and img.dtype == col.dtype
    numpy.testing.assert_allclose(img, _col2im_reference(col, stride, pad, dims, dilate),
                                  rtol=1e-12, atol=1e-12)
    # <im2col(x), col> == <x, col2im(col)> (padding value 0).
    x = _image(dims, numpy.float64, seed=2)
    x_col = conv.im2col_cpu(x, *ksize, *stride, *pad, cover_all=cover_all, dy=dilate[0],
                            dx=dilate[1])
    numpy.testing.assert_allclose((x_col * col).sum(), (x * img).sum(), rtol=1e-10)


def test_im2col_cpu_with_given_output_size():
    img = _image((5, 5))
    col = conv.im2col_cpu(img, 3, 3, 1, 1, 0, 0, out_h=2, out_w=1)
    assert col.shape == (2, 3, 3, 3, 2, 1)
    numpy.testing.assert_array_equal(col[..., 1, 0], img[:, :, 1:4, 0:3])


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64, numpy.int32])
def test_im2col_col2im_keep_dtype(dtype):
    img = _image((4, 4), dtype)
    col = conv.im2col_cpu(img, 2, 2, 2, 2, 0, 0)
    assert col.dtype == dtype
    # Non-overlapping windows that tile the image: col2im inverts im2col.
    numpy.testing.assert_array_equal(conv.col2im_cpu(col, 2, 2, 0, 0, 4, 4), img)


@pytest.mark.parametrize('kwargs', [dict(kh=5, kw=1), dict(kh=1, kw=7),
                                    dict(kh=3, kw=3, dy=3)])
def test_im2col_cpu_rejects_non_positive_output(kwargs):
    args = dict(kh=1, kw=1, sy=1, sx=1, ph=0, pw=0)
    args.update(kwargs)
    with pytest.raises(ValueError, match='must be positive'):
        conv.im2col_cpu(_image((4, 6)), **args)


def test_im2col_cpu_rejects_non_4d_images():
    with pytest.raises(ValueError, match='4-d'):
        conv.im2col_cpu(numpy.zeros((2, 3, 4)), 1, 1, 1, 1, 0, 0)


def test_gpu_versions_need_cupy():
    try:
        import cupy  # NOQA
    except ImportError:
        pass
    else:
        pytest.skip('CuPy is installed')
    with pytest.raises(RuntimeError, match='CuPy'):
        conv.im2col_gpu(numpy.zeros((1, 1, 3, 3)), 1, 1, 1, 1, 0, 0)
    with pytest.raises(RuntimeError, match='CuPy'):
        conv.col2im_gpu(numpy.zeros((1, 1, 1, 1, 3, 3)), 1, 1, 0, 0, 3, 3)
    with pytest.raises(RuntimeError, match='CuPy'):
        conv_nd.im2col_nd_gpu(numpy.zeros((1, 1, 3)), (1,), (1,), (0,))
    with pytest.raises(RuntimeError, match='CuPy'):
        conv_nd.col2im_nd_gpu(numpy.zeros((1, 1, 1, 3)), (1,), (0,), (3,))


@pytest.mark.parametrize('dims,ksize,stride,pad,dilate,cover_all', _CASES_ND)
@pytest.mark.parametrize('pval', [0, 1.5])
def test_im2col_nd_cpu_matches_reference(dims, ksize, stride, pad, dilate, cover_all, pval):
    img = _image(dims)
    col = conv_nd.im2col_nd_cpu(img, ksize, stride, pad, pval=pval, cover_all=cover_all,
                                dilate=dilate)
    outs = _outs(dims, ksize, stride, pad, dilate, cover_all)
    numpy.testing.assert_array_equal(
        col, _im2col_reference(img, ksize, stride, pad, dilate, outs, pval))


@pytest.mark.parametrize('dims,ksize,stride,pad,dilate,cover_all', _CASES_ND)
def test_col2im_nd_cpu_matches_reference(dims, ksize, stride, pad, dilate, cover_all):
    outs = _outs(dims, ksize, stride, pad, dilate, cover_all)
    col = numpy.random.RandomState(3).uniform(-1, 1, (2, 3) + ksize + outs)
    img = conv_nd.col2im_nd_cpu(col, stride, pad, dims, dilate=dilate)
    assert img.shape == (2, 3) + dims
    numpy.testing.assert_allclose(img, _col2im_reference(col, stride, pad, dims, dilate),
                                  rtol=1e-12, atol=1e-12)


def test_nd_versions_take_scalars_for_every_axis():
    img = _image((5, 4, 6))
    col = conv_nd.im2col_nd_cpu(img, 2, 1, 1, dilate=2)
    expected = conv_nd.im2col_nd_cpu(img, (2, 2, 2), (1, 1, 1), (1, 1, 1), dilate=(2, 2, 2))
    numpy.testing.assert_array_equal(col, expected)
    numpy.testing.assert_array_equal(
        conv_nd.col2im_nd_cpu(col, 1, 1, (5, 4, 6), dilate=2),
        conv_nd.col2im_nd_cpu(col, (1, 1, 1), (1, 1, 1), (5, 4, 6), dilate=(2, 2, 2)))


def test_nd_2d_agrees_with_2d_version():
    img = _image((7, 6))
    numpy.testing.assert_array_equal(
        conv_nd.im2col_nd_cpu(img, (3, 2), (2, 1), (1, 1), cover_all=True, dilate=(1, 2)),
        conv.im2col_cpu(img, 3, 2, 2, 1, 1, 1, cover_all=True, dy=1, dx=2))


def test_nd_errors():
    with pytest.raises(ValueError, match='expected 2 values'):
        conv_nd.im2col_nd_cpu(_image((4, 4)), (2, 2, 2), (1, 1), (0, 0))
    with pytest.raises(ValueError, match='must be positive'):
        conv_nd.im2col_nd_cpu(_image((4, 4)), (5, 1), (1, 1), (0, 0))
    with pytest.raises(ValueError):
        conv_nd.im2col_nd_cpu(numpy.zeros((2, 3)), (1,), (1,), (0,))
    with pytest.raises(ValueError, match='col2im'):
        conv_nd.col2im_nd_cpu(numpy.zeros((1, 1, 2, 2)), (1, 1), (0, 0), (2, 2))


@pytest.mark.parametrize('x,n,expected', [(3, 2, (3, 3)), ((1, 2), 2, (1, 2)),
                                          ([4, 5, 6], 3, (4, 5, 6)), (0, 0, ())])
def test_as_tuple(x, n, expected):
    assert conv_nd.as_tuple(x, n) == expected


def test_as_tuple_rejects_wrong_length():
    with pytest.raises(ValueError, match='expected 3 values'):
        conv_nd.as_tuple((1, 2), 3)
