"""diagonal, as_strided, depth2space, space2depth and im2col against loop-based NumPy references."""

import itertools

import numpy
import pytest

import chainer
from chainer.functions.array.as_strided import as_strided
from chainer.functions.array.depth2space import depth2space
from chainer.functions.array.diagonal import diagonal
from chainer.functions.array.im2col import im2col
from chainer.functions.array.space2depth import space2depth
from chainer.utils import type_check

import array_check as check
from mode_utils import to_numpy


def _as_strided(x, shape, strides, offset):
    flat = x.ravel()
    index = offset + sum(i * s for i, s in zip(numpy.indices(shape, numpy.int64), strides))
    return flat[index]


def _depth2space(x, r):
    n, c, h, w = x.shape
    c //= r * r
    y = numpy.empty((n, c, h * r, w * r), x.dtype)
    for r1, r2 in itertools.product(range(r), range(r)):
        block = r1 * r + r2
        y[:, :, r1::r, r2::r] = x[:, block * c:(block + 1) * c]
    return y


def _space2depth(x, r):
    n, c, h, w = x.shape
    y = numpy.empty((n, c * r * r, h // r, w // r), x.dtype)
    for r1, r2 in itertools.product(range(r), range(r)):
        block = r1 * r + r2
        y[:, block * c:(block + 1) * c] = x[:, :, r1::r, r2::r]
    return y


def _im2col(x, ksize, stride, pad, cover_all, dilate):
    (kh, kw), (sy, sx), (ph, pw), (dy, dx) = ksize, stride, pad, dilate
    n, c, h, w = x.shape
    outs = [(size + 2 * p - (d * (k - 1) + 1) + (s - 1 if cover_all else 0)) // s + 1
            for size, k, s, p, d in ((h, kh, sy, ph, dy), (w, kw, sx, pw, dx))]
    y = numpy.zeros((n, c, kh, kw) + tuple(outs), x.dtype)
    for ky, kx, i, j in itertools.product(range(kh), range(kw), range(outs[0]), range(outs[1])):
        row, col = i * sy + ky * dy - ph, j * sx + kx * dx - pw
        if 0 <= row < h and 0 <= col < w:
            y[:, :, ky, kx, i, j] = x[:, :, row, col]
    return y.reshape(n, c * kh * kw, outs[0], outs[1])


def _im2col_case(name, shape, *args):
    return check.Case('im2col_' + name, lambda x: im2col(x, *args),
                      lambda x: _im2col(x, *[a if isinstance(a, (tuple, bool)) else (a, a)
                                             for a in args]), [shape])


CASES = [
    check.Case('diagonal', diagonal, numpy.diagonal, [(3, 4)]),
    check.Case('diagonal_offset', lambda x: diagonal(x, 2), lambda x: x.diagonal(2), [(3, 4)]),
    check.Case('diagonal_negative_offset', lambda x: diagonal(x, -1, 2, 0),
               lambda x: x.diagonal(-1, 2, 0), [(3, 2, 4)]),
    check.Case('diagonal_axes_reversed', lambda x: diagonal(x, 1, -1, 1),
               lambda x: x.diagonal(1, -1, 1), [(2, 3, 4)]),
    check.Case('diagonal_offset_past_the_end', lambda x: diagonal(x, 5),
               lambda x: x.diagonal(5), [(3, 4)]),
    check.Case('diagonal_zero_size', diagonal, numpy.diagonal, [(0, 3, 2)]),
    check.Case('as_strided_windows', lambda x: as_strided(x, (3, 2), (1, 1), 0),
               lambda x: _as_strided(x, (3, 2), (1, 1), 0), [(4,)]),
    check.Case('as_strided_offset', lambda x: as_strided(x, (2, 2), (3, 1), 2),
               lambda x: _as_strided(x, (2, 2), (3, 1), 2), [(2, 4)]),
    check.Case('as_strided_negative_and_zero_strides',
               lambda x: as_strided(x, (3, 2, 2), (-2, 0, 1), 5),
               lambda x: _as_strided(x, (3, 2, 2), (-2, 0, 1), 5), [(3, 3)]),
    check.Case('as_strided_0d', lambda x: as_strided(x, (), (), 3),
               lambda x: _as_strided(x, (), (), 3), [(2, 2)]),
    check.Case('as_strided_from_0d', lambda x: as_strided(x, (3,), (0,)),
               lambda x: _as_strided(x, (3,), (0,), 0), [()]),
    check.Case('as_strided_zero_size', lambda x: as_strided(x, (0, 3), (7, 9)),
               lambda x: _as_strided(x, (0, 3), (7, 9), 0), [(2,)]),
    check.Case('depth2space', lambda x: depth2space(x, 2), lambda x: _depth2space(x, 2),
               [(2, 8, 2, 3)]),
    check.Case('depth2space_r3', lambda x: depth2space(x, 3), lambda x: _depth2space(x, 3),
               [(1, 9, 1, 2)]),
    check.Case('depth2space_zero_size', lambda x: depth2space(x, 2),
               lambda x: _depth2space(x, 2), [(0, 4, 2, 2)]),
    check.Case('space2depth', lambda x: space2depth(x, 2), lambda x: _space2depth(x, 2),
               [(2, 2, 4, 6)]),
    check.Case('space2depth_r3', lambda x: space2depth(x, 3), lambda x: _space2depth(x, 3),
               [(1, 1, 3, 6)]),
    _im2col_case('plain', (2, 3, 4, 5), 3, 1, 0, False, 1),
    _im2col_case('stride_pad', (1, 2, 5, 4), (3, 2), (2, 1), (1, 0), False, 1),
    _im2col_case('cover_all', (1, 2, 5, 6), 2, 3, 1, True, 1),
    _im2col_case('dilate', (2, 1, 6, 5), (2, 3), 1, (1, 2), False, (2, 1)),
    _im2col_case('zero_batch', (0, 2, 3, 3), 2, 1, 0, False, 1),
]


@check.cases_test(CASES)
class TestTier3Reshaping(check.ArrayTestCase):
    pass


def _x(mode, shape, dtype=numpy.float64):
    return check.variable(mode, numpy.arange(numpy.prod(shape)).reshape(shape), dtype)


@pytest.mark.parametrize('function, shape, error', [
    (lambda x: diagonal(x), (3,), type_check.InvalidType),
    (lambda x: diagonal(x, 0, 0, 2), (2, 3), type_check.InvalidType),
    (lambda x: diagonal(x, 0, -3, 1), (2, 3), type_check.InvalidType),
    (lambda x: diagonal(x, 0, 1, -1), (2, 3), ValueError),
    (lambda x: diagonal(x, 1.0), (2, 3), TypeError),
    (lambda x: as_strided(x, (2, 3), (3, 1), 2), (6,), ValueError),
    (lambda x: as_strided(x, (2,), (-1,)), (6,), ValueError),
    (lambda x: as_strided(x, (2, 3), (1,)), (6,), ValueError),
    (lambda x: as_strided(x, (2,), (1,), -1), (6,), ValueError),
    (lambda x: as_strided(x, (-2,), (1,)), (6,), ValueError),
    (lambda x: as_strided(x, (2,), (1.5,)), (6,), TypeError),
    (lambda x: as_strided(x, (2,), (1,), 1.0), (6,), TypeError),
    (lambda x: depth2space(x, 2), (1, 6, 2, 2), type_check.InvalidType),
    (lambda x: depth2space(x, 2), (4, 2, 2), type_check.InvalidType),
    (lambda x: depth2space(x, 0), (1, 4, 2, 2), ValueError),
    (lambda x: depth2space(x, 2.0), (1, 4, 2, 2), TypeError),
    (lambda x: space2depth(x, 2), (1, 1, 3, 4), type_check.InvalidType),
    (lambda x: space2depth(x, 2), (1, 1, 4, 5), type_check.InvalidType),
    (lambda x: space2depth(x, -1), (1, 1, 4, 4), ValueError),
    (lambda x: im2col(x, 2), (1, 3, 3), type_check.InvalidType),
    (lambda x: im2col(x, 4), (1, 1, 3, 3), ValueError),
    (lambda x: im2col(x, 2, stride=0), (1, 1, 3, 3), ValueError),
    (lambda x: im2col(x, 2, pad=-1), (1, 1, 3, 3), ValueError),
    (lambda x: im2col(x, (1, 2, 3)), (1, 1, 3, 3), TypeError),
    (lambda x: im2col(x, 2.0), (1, 1, 3, 3), TypeError),
])
def test_errors(mode, function, shape, error):
    check.assert_error(error, function, _x(mode, shape))


@pytest.mark.parametrize('function', [
    lambda x: depth2space(x, 1), lambda x: space2depth(x, 1), lambda x: im2col(x, 1)])
def test_integer_inputs_are_rejected(mode, function):
    check.assert_error(type_check.InvalidType, function, _x(mode, (1, 1, 2, 2), numpy.int32))


def test_integer_inputs_keep_their_dtype(mode):
    x = _x(mode, (2, 3), numpy.int32)
    for y in (diagonal(x), as_strided(x, (2,), (2,), 1)):
        assert y.dtype == numpy.int32 and not y.requires_grad


def test_numpy_outputs_of_contiguous_inputs_are_views():
    x = numpy.arange(12.0).reshape(3, 4)
    for y, expected in ((diagonal(x, 1), [1.0, 6.0, 11.0]),
                        (as_strided(x, (2, 2), (1, 4), 1), [[1.0, 5.0], [2.0, 6.0]])):
        assert numpy.shares_memory(y.array, x)
        numpy.testing.assert_array_equal(y.array, expected)


def test_as_strided_of_a_noncontiguous_input_follows_its_logical_order(mode):
    x = numpy.arange(12.0).reshape(3, 4).T  # not C-contiguous
    y = as_strided(check.variable(mode, x), (3,), (4,), 1)
    numpy.testing.assert_array_equal(to_numpy(y.array), x.ravel()[1::4])


def test_as_strided_gradient_sums_overlapping_reads(mode):
    x = check.variable(mode, numpy.zeros(4))
    y = as_strided(x, (3, 2), (1, 1))
    chainer.functions.sum(y).backward()
    numpy.testing.assert_array_equal(to_numpy(x.grad), [1, 2, 2, 1])


def test_depth2space_inverts_space2depth(mode):
    x = _x(mode, (2, 3, 4, 6))
    numpy.testing.assert_array_equal(to_numpy(depth2space(space2depth(x, 2), 2).array),
                                     to_numpy(x.array))


def test_im2col_is_what_convolution_multiplies(mode):
    rs = numpy.random.RandomState(0)
    x, w = rs.uniform(-1, 1, (2, 3, 5, 5)), rs.uniform(-1, 1, (4, 3, 3, 3))
    col = im2col(check.variable(mode, x), 3, stride=2, pad=1)
    y = numpy.einsum('nkhw,ok->nohw', to_numpy(col.array), w.reshape(4, -1))
    expected = chainer.functions.convolution_2d(x, w, stride=2, pad=1).array
    numpy.testing.assert_allclose(y, expected, rtol=1e-12, atol=1e-12)
