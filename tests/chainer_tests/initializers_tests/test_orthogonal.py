"""Tests of the Orthogonal initializer: (semi-)orthogonality, modes, edge shapes and errors."""

import numpy
import pytest

from chainer import initializers

from mode_utils import to_numpy


def _as_matrix(array):
    values = to_numpy(array).astype(numpy.float64)
    return values.reshape(values.shape[0], -1)


@pytest.mark.parametrize('shape', [(4, 4), (3, 7), (7, 3), (4, 2, 3), (1, 5), (5, 1)])
@pytest.mark.parametrize('scale', [1.1, 2.0])
def test_rows_or_columns_are_orthonormal(empty, shape, scale):
    numpy.random.seed(0)
    array = empty(shape, numpy.float64)
    initializers.Orthogonal(scale=scale)(array)
    matrix = _as_matrix(array) / scale
    gram = matrix @ matrix.T if matrix.shape[0] <= matrix.shape[1] else matrix.T @ matrix
    numpy.testing.assert_allclose(gram, numpy.identity(gram.shape[0]), atol=1e-12)


@pytest.mark.parametrize('dtype,atol', [(numpy.float16, 5e-3), (numpy.float32, 1e-6)])
def test_low_precision_dtypes(empty, dtype, atol):
    array = empty((6, 6), dtype)
    initializers.Orthogonal(scale=1.0)(array)
    assert array.dtype == dtype
    matrix = _as_matrix(array)
    numpy.testing.assert_allclose(matrix @ matrix.T, numpy.identity(6), atol=atol)


def test_same_seed_same_values_on_both_devices(device):
    reference = numpy.empty((3, 5), numpy.float32)
    numpy.random.seed(5)
    initializers.Orthogonal()(reference)
    array = device.send(numpy.empty((3, 5), numpy.float32))
    numpy.random.seed(5)
    initializers.Orthogonal()(array)
    numpy.testing.assert_array_equal(to_numpy(array), reference)


@pytest.mark.parametrize('make_rng', [numpy.random.RandomState, numpy.random.default_rng])
@pytest.mark.parametrize('shape', [(), (3, 4)])
def test_rng(empty, make_rng, shape):
    first, second = empty(shape), empty(shape)
    initializers.Orthogonal(rng=make_rng(9))(first)
    initializers.Orthogonal(rng=make_rng(9))(second)
    numpy.testing.assert_array_equal(to_numpy(first), to_numpy(second))


def test_zero_dim_is_plus_or_minus_scale(empty):
    numpy.random.seed(0)
    seen = set()
    for _ in range(20):
        array = empty(())
        initializers.Orthogonal(scale=3.0)(array)
        seen.add(float(to_numpy(array)))
    assert seen == {-3.0, 3.0}


@pytest.mark.parametrize('mode,shape', [
    ('projection', (5, 3)), ('embedding', (3, 5)), ('basis', (3, 5)), ('basis', (5, 3)),
    ('embedding', (2, 2, 2))])
def test_mode_refuses_shapes(empty, mode, shape):
    with pytest.raises(ValueError, match='Cannot make orthogonal {}'.format(mode)):
        initializers.Orthogonal(mode=mode)(empty(shape))


@pytest.mark.parametrize('mode,shape', [
    ('projection', (3, 5)), ('projection', (4, 4)), ('embedding', (5, 3)), ('basis', (3, 3)),
    ('basis', (4, 2, 2))])
def test_mode_accepts_shapes(empty, mode, shape):
    array = empty(shape)
    initializers.Orthogonal(mode=mode)(array)
    assert numpy.all(to_numpy(array) != 12345)


def test_invalid_mode():
    with pytest.raises(ValueError, match="Invalid mode: 'square'"):
        initializers.Orthogonal(mode='square')


@pytest.mark.parametrize('shape', [(0,), (0, 3), (3, 0)])
def test_empty_array_raises(empty, shape):
    with pytest.raises(ValueError, match='non-empty'):
        initializers.Orthogonal()(empty(shape))


def test_dtype_mismatch(empty):
    with pytest.raises(ValueError, match='dtype'):
        initializers.Orthogonal(dtype=numpy.float64)(empty((2, 2), numpy.float32))


def test_defaults():
    init = initializers.Orthogonal()
    assert (init.scale, init.mode, init.rng, init.dtype) == (1.1, 'auto', None, None)
