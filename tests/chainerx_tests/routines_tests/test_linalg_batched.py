"""chainerx._core._det(a) and chainerx._core._batch_inv(a) (not in the original's API: F.det, F.batch_det and
F.batch_inv on chainerx): numpy.linalg.det and numpy.linalg.inv over stacks (..., n, n) of square matrices,
computed in float32/float64 (integers in float32, float16 refused), differentiable to the second order."""

import numpy
import pytest

import chainerx as chx

import array_utils

_det = chx._core._det
_batch_inv = chx._core._batch_inv

_STACKS = [(1, 1), (3, 3), (2, 4, 4), (2, 3, 2, 2), (0, 3, 3), (2, 0, 0), (0, 0)]


def _well_conditioned(shape, dtype, seed=0):
    n = shape[-1]
    a = numpy.random.default_rng(seed).uniform(-1, 1, shape) + n * numpy.eye(n)
    return a.astype(dtype)


@pytest.mark.parametrize('shape', _STACKS)
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_det_matches_numpy(shape, dtype, device):
    a = _well_conditioned(shape, dtype)
    out = _det(chx.array(a, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, numpy.linalg.det(a.astype(numpy.float64)).astype(dtype),
                                   rtol=1e-5 if dtype == 'float32' else 1e-12)


@pytest.mark.parametrize('shape', [s for s in _STACKS if len(s) != 2])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_batch_inv_matches_numpy(shape, dtype, device):
    a = _well_conditioned(shape, dtype)
    out = _batch_inv(chx.array(a, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, numpy.linalg.inv(a.astype(numpy.float64)).astype(dtype),
                                   rtol=1e-5 if dtype == 'float32' else 1e-12, atol=1e-6)


# On CUDA, batches of more than one matrix of at most 32 rows are factorized by cuBLAS's batched LU, the rest matrix by
# matrix by cuSOLVER (Note [Batches of LU factorizations on CUDA]): shapes on both sides, with matrices that need row
# swaps (no diagonal dominance).
@pytest.mark.parametrize('shape', [(2, 32, 32), (2, 33, 33), (1, 32, 32), (40, 5, 5)])
@pytest.mark.parametrize('routine,expected', [(_det, numpy.linalg.det), (_batch_inv, numpy.linalg.inv)])
def test_stacks_on_both_sides_of_the_batched_lu_threshold(shape, routine, expected, device):
    a = numpy.random.default_rng(5).standard_normal(shape)
    out = routine(chx.array(a, device=device))
    array_utils.assert_array_equal(out, expected(a), rtol=1e-8, atol=1e-10)


@pytest.mark.parametrize('n', [3, 33])
def test_singular_matrices_inside_a_batch(n, device):
    a = numpy.random.default_rng(6).standard_normal((4, n, n))
    a[2, :, 1] = a[2, :, 0] * 2  # a column twice another
    a[3, 0] = 0
    dets = chx.to_numpy(_det(chx.array(a, device=device)))
    numpy.testing.assert_allclose(dets[:2], numpy.linalg.det(a[:2]), rtol=1e-8)
    assert abs(dets[2]) <= 1e-12 * abs(numpy.linalg.det(a[0])) and dets[3] == 0
    with pytest.raises(chx.ChainerxError, match='singular'):
        _batch_inv(chx.array(a[1:], device=device))


def test_non_contiguous_stacks():
    base = _well_conditioned((3, 4, 4), 'float64')
    view = base.transpose(0, 2, 1)[::2]
    array_utils.assert_array_equal(_det(chx.array(base).transpose(0, 2, 1)[::2]), numpy.linalg.det(view))
    array_utils.assert_array_equal(_batch_inv(chx.array(base).transpose(0, 2, 1)[::2]), numpy.linalg.inv(view))


def test_det_sign_follows_row_swaps():
    permutations = numpy.array([numpy.eye(3)[[1, 0, 2]], numpy.eye(3)[[1, 2, 0]], numpy.eye(3)])
    array_utils.assert_array_equal(_det(chx.array(permutations)), numpy.array([-1.0, 1.0, 1.0]))


def test_det_of_singular_matrices_is_zero():
    a = numpy.array([[[1.0, 2.0], [2.0, 4.0]], [[0.0, 0.0], [0.0, 0.0]], [[0.0, 1.0], [0.0, 1.0]]])
    assert numpy.all(chx.to_numpy(_det(chx.array(a))) == 0)


@pytest.mark.parametrize('dtype', ['bool_', 'int8', 'int32', 'int64', 'uint8'])
def test_integer_stacks_are_computed_in_float32(dtype):
    a = numpy.array([[[1, 0], [1, 1]], [[1, 1], [0, 1]]], dtype)
    array_utils.assert_array_equal(_det(chx.array(a)), numpy.ones(2, 'float32'))
    array_utils.assert_array_equal(_batch_inv(chx.array(a)), numpy.linalg.inv(a.astype('float32')))


@pytest.mark.parametrize('routine', [_det, _batch_inv])
def test_float16_raises_dtype_error(routine):
    with pytest.raises(chx.DtypeError):
        routine(chx.ones((2, 2, 2), 'float16'))


@pytest.mark.parametrize('shape', [(), (3,), (2, 3), (2, 3, 2)])
@pytest.mark.parametrize('routine', [_det, _batch_inv])
def test_non_square_stacks_raise_dimension_error(shape, routine):
    with pytest.raises(chx.DimensionError):
        routine(chx.ones(shape))


@pytest.mark.parametrize('routine', [_det, _batch_inv])
@pytest.mark.parametrize('value', [numpy.nan, numpy.inf])
def test_non_finite_entries_raise_chainerx_error(routine, value):
    a = numpy.eye(2)[None].repeat(2, 0)
    a[1, 0, 1] = value
    with pytest.raises(chx.ChainerxError):
        routine(chx.array(a))


def test_batch_inv_of_a_singular_matrix_raises_chainerx_error():
    a = numpy.stack([numpy.eye(2), numpy.ones((2, 2))])
    with pytest.raises(chx.ChainerxError):
        _batch_inv(chx.array(a))


@pytest.mark.parametrize('shape', [(3, 3), (2, 3, 3), (2, 1, 2, 2)])
@pytest.mark.parametrize('routine', [_det, _batch_inv])
def test_gradients(shape, routine):
    a = chx.array(_well_conditioned(shape, 'float64', seed=1))
    with chx.no_backprop_mode():
        out_shape = routine(a).shape
    gy = array_utils.make_grad_input(out_shape, 'float64', seed=2)
    array_utils.check_backward(routine, [a], gy, 'float64', eps=1e-6, tolerances=(1e-6, 1e-6))
    array_utils.check_double_backward(routine, [a], gy, array_utils.make_grad_input(shape, 'float64', seed=3),
                                      'float64', eps=1e-6, tolerances=(1e-5, 1e-5))


def test_det_gradient_is_det_times_inverse_transposed(device):
    a_value = _well_conditioned((2, 3, 3), 'float64', seed=4)
    a = chx.array(a_value, device=device).require_grad()
    _det(a).sum().backward()
    expected = numpy.linalg.det(a_value)[:, None, None] * numpy.linalg.inv(a_value).transpose(0, 2, 1)
    array_utils.assert_array_equal(a.grad, expected, rtol=1e-10)


def test_det_gradient_of_a_singular_matrix_raises_chainerx_error():
    a = chx.ones((2, 2), 'float64').require_grad()
    with pytest.raises(chx.ChainerxError):
        _det(a).backward()
