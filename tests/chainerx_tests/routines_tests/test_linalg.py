"""chainerx.linalg (spec A.11): solve, inv, svd, pinv, qr, cholesky, eigh, eigvalsh, compared with
numpy.linalg. They compute in float32/float64 (ints and bool in float32; float16 raises DtypeError,
as in the original). Gradients are checked numerically where the original has them; inputs of the
symmetric routines are symmetrized (and made positive definite) inside the checked function."""

import numpy
import pytest

import chainerx as chx

import array_utils

_LINALG_DTYPES = ('float32', 'float64')
_TOLERANCE = {'float32': 1e-4, 'float64': 1e-10}
_SQUARE_SHAPES = [(1, 1), (3, 3), (5, 5)]
_MATRIX_SHAPES = [(3, 3), (4, 2), (2, 4), (1, 3)]


def _matrix(shape, dtype, seed=0, spd=False):
    """A well-conditioned matrix (diagonally dominant), symmetric positive definite if `spd`."""
    rng = numpy.random.default_rng(seed)
    a = rng.uniform(-1, 1, shape)
    if spd:
        a = a @ a.T + shape[0] * numpy.eye(shape[0])
    elif shape[0] == shape[1]:
        a += shape[0] * numpy.eye(shape[0])
    return a.astype(dtype)


def _close(actual, expected, dtype):
    tol = _TOLERANCE[numpy.dtype(dtype).name]
    expected = numpy.asarray(expected).astype(dtype)
    array_utils.assert_array_equal(actual, expected, rtol=tol, atol=tol)


def _sym(a):
    return (a + a.T) * 0.5


def _dominant(a):
    return a + chx.eye(a.shape[0], dtype=a.dtype) * 4


def _spd(a):
    return chx.dot(a, a.T) + chx.eye(a.shape[0], dtype=a.dtype) * a.shape[0]


@pytest.mark.parametrize('shape', _SQUARE_SHAPES)
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
def test_solve_inv_match_numpy(shape, dtype):
    a = _matrix(shape, dtype)
    b1 = numpy.arange(shape[0]).astype(dtype)
    b2 = _matrix((shape[0], 2), dtype, seed=2)
    _close(chx.linalg.solve(chx.array(a), chx.array(b1)), numpy.linalg.solve(a, b1), dtype)
    _close(chx.linalg.solve(chx.array(a), chx.array(b2)), numpy.linalg.solve(a, b2), dtype)
    _close(chx.linalg.inv(chx.array(a)), numpy.linalg.inv(a), dtype)


@pytest.mark.parametrize('shape', _MATRIX_SHAPES)
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
@pytest.mark.parametrize('full_matrices', [True, False])
def test_svd_reconstructs_and_matches_numpy_singular_values(shape, dtype, full_matrices):
    a = _matrix(shape, dtype)
    u, s, vt = chx.linalg.svd(chx.array(a), full_matrices=full_matrices)
    nu, ns, nvt = numpy.linalg.svd(a, full_matrices=full_matrices)
    assert (u.shape, s.shape, vt.shape) == (nu.shape, ns.shape, nvt.shape)
    _close(s, ns, dtype)
    k = min(shape)
    u, vt = chx.to_numpy(u), chx.to_numpy(vt)
    reconstructed = (u[:, :k] * chx.to_numpy(s)) @ vt[:k]
    numpy.testing.assert_allclose(reconstructed, a, atol=_TOLERANCE[dtype] * 10)
    _close(chx.linalg.svd(chx.array(a), compute_uv=False), ns, dtype)


@pytest.mark.parametrize('shape', _MATRIX_SHAPES + [(3, 3)])
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
def test_pinv_matches_numpy(shape, dtype):
    a = _matrix(shape, dtype)
    _close(chx.linalg.pinv(chx.array(a)), numpy.linalg.pinv(a), dtype)


def test_pinv_rcond_cuts_small_singular_values():
    a = numpy.diag([1.0, 1e-8])
    _close(chx.linalg.pinv(chx.array(a), rcond=1e-6), numpy.diag([1.0, 0.0]), 'float64')


@pytest.mark.parametrize('shape', _MATRIX_SHAPES + [(5, 3)])
@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r', 'raw'])
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
def test_qr_matches_numpy(shape, mode, dtype):
    a = _matrix(shape, dtype)
    out = chx.linalg.qr(chx.array(a), mode=mode)
    expected = numpy.linalg.qr(a, mode=mode)
    if mode == 'r':
        _close(out, expected, dtype)
        return
    assert isinstance(out, tuple) and len(out) == 2
    for actual, wanted in zip(out, expected):
        _close(actual, wanted, dtype)


@pytest.mark.parametrize('shape', _SQUARE_SHAPES)
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
def test_cholesky_matches_numpy(shape, dtype):
    a = _matrix(shape, dtype, spd=True)
    _close(chx.linalg.cholesky(chx.array(a)), numpy.linalg.cholesky(a), dtype)


@pytest.mark.parametrize('shape', _SQUARE_SHAPES)
@pytest.mark.parametrize('uplo', ['L', 'U', 'l'])
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
def test_eigh_eigvalsh_match_numpy(shape, uplo, dtype):
    # Only the triangle named by UPLO is read: the other one is garbage.
    a = _matrix(shape, dtype, spd=True)
    lower = uplo.upper() == 'L'
    a_seen = numpy.tril(a) + numpy.triu(a.T, 1) if lower else numpy.triu(a) + numpy.tril(a.T, -1)
    garbage = a + numpy.triu(numpy.ones(shape, dtype), 1) * (7 if lower else 0)
    w, v = chx.linalg.eigh(chx.array(garbage), UPLO=uplo)
    nw = numpy.linalg.eigvalsh(a_seen)
    _close(w, nw, dtype)
    v = chx.to_numpy(v)
    numpy.testing.assert_allclose(a_seen @ v, v * chx.to_numpy(w), atol=_TOLERANCE[dtype] * 100)
    _close(chx.linalg.eigvalsh(chx.array(garbage), UPLO=uplo), nw, dtype)


@pytest.mark.parametrize('dtype', array_utils.INT_DTYPES + ('bool_',))
def test_integer_inputs_compute_in_float32(dtype):
    a = numpy.eye(3).astype(dtype)
    out = chx.linalg.inv(chx.array(a))
    array_utils.assert_array_equal(out, numpy.eye(3, dtype=numpy.float32))


@pytest.mark.parametrize('name', ['inv', 'cholesky', 'eigh', 'eigvalsh', 'svd', 'pinv', 'qr'])
def test_float16_raises_dtype_error(name):
    with pytest.raises(chx.DtypeError):
        getattr(chx.linalg, name)(chx.eye(2, dtype='float16'))


@pytest.mark.parametrize('name', ['inv', 'cholesky', 'eigh', 'eigvalsh'])
@pytest.mark.parametrize('shape', [(2, 3), (3,), (2, 2, 2)])
def test_non_square_raises_dimension_error(name, shape):
    with pytest.raises(chx.DimensionError):
        getattr(chx.linalg, name)(chx.ones(shape, 'float32'))


@pytest.mark.parametrize('a_shape,b_shape', [
    ((2, 3), (2,)), ((2, 2), (3,)), ((2, 2), (2, 2, 1)), ((2, 2), ()),
])
def test_solve_bad_shapes_raise_dimension_error(a_shape, b_shape):
    with pytest.raises(chx.DimensionError):
        chx.linalg.solve(chx.ones(a_shape, 'float32'), chx.ones(b_shape, 'float32'))


@pytest.mark.parametrize('call', [
    lambda a: chx.linalg.inv(a),
    lambda a: chx.linalg.solve(a, chx.ones((2,), 'float64')),
    lambda a: chx.linalg.cholesky(a),
])
def test_singular_or_indefinite_raises_chainerx_error(call):
    with pytest.raises(chx.ChainerxError):
        call(chx.array(numpy.array([[1.0, 2.0], [2.0, 4.0]])))


def test_bad_mode_and_uplo_raise_value_error():
    a = chx.eye(2, dtype='float32')
    with pytest.raises(ValueError):
        chx.linalg.qr(a, mode='full')
    for uplo in ('X', 'LU', ''):
        with pytest.raises(ValueError):
            chx.linalg.eigh(a, UPLO=uplo)
        with pytest.raises(ValueError):
            chx.linalg.eigvalsh(a, UPLO=uplo)


def test_lapack_is_available_and_module_importable():
    import chainerx.linalg  # NOQA

    assert chx.linalg._is_lapack_available() is True


def test_zero_size_matrices():
    a = chx.ones((0, 0), 'float64')
    assert chx.linalg.inv(a).shape == (0, 0)
    assert chx.linalg.cholesky(a).shape == (0, 0)
    assert chx.linalg.eigvalsh(a).shape == (0,)
    assert chx.linalg.pinv(chx.ones((0, 3), 'float64')).shape == (3, 0)
    u, s, vt = chx.linalg.svd(chx.ones((0, 3), 'float64'))
    assert (u.shape, s.shape, vt.shape) == ((0, 0), (0,), (3, 3))


# name -> (function of the leaf arrays, input shapes); the leaves are random (make_grad_input).
_GRAD_CASES = {
    'solve_vector': (lambda a, b: chx.linalg.solve(_dominant(a), b), [(3, 3), (3,)]),
    'solve_matrix': (lambda a, b: chx.linalg.solve(_dominant(a), b), [(3, 3), (3, 2)]),
    'inv': (lambda a: chx.linalg.inv(_dominant(a)), [(3, 3)]),
    'pinv_tall': (lambda a: chx.linalg.pinv(a), [(3, 2)]),
    'pinv_wide': (lambda a: chx.linalg.pinv(a), [(2, 3)]),
    'qr_reduced': (lambda a: list(chx.linalg.qr(a)), [(3, 2)]),
    'qr_square': (lambda a: list(chx.linalg.qr(_dominant(a))), [(3, 3)]),
    'qr_r': (lambda a: chx.linalg.qr(a, mode='r'), [(4, 3)]),
    'cholesky': (lambda a: chx.linalg.cholesky(_spd(a)), [(3, 3)]),
    # Eigenvalues kept apart by the added diagonal: the gradient is singular at repeated ones.
    'eigh': (lambda a: list(chx.linalg.eigh(_sym(a) + chx.diag(chx.arange(3, dtype=a.dtype)) * 4)),
             [(3, 3)]),
    'eigvalsh': (lambda a: chx.linalg.eigvalsh(_sym(a), UPLO='U'), [(3, 3)]),
}


@pytest.mark.parametrize('name', sorted(_GRAD_CASES))
def test_gradients(name):
    fn, shapes = _GRAD_CASES[name]
    xs = [array_utils.make_grad_input(shape, 'float64', seed=i) for i, shape in enumerate(shapes)]
    with chx.no_backprop_mode():
        outs = fn(*xs)
    outs = outs if isinstance(outs, list) else [outs]
    gys = [array_utils.make_grad_input(y.shape, 'float64', seed=10 + i) for i, y in enumerate(outs)]
    kwargs = dict(eps=1e-6, tolerances=(1e-5, 1e-6))
    array_utils.check_backward(fn, xs, gys, 'float64', **kwargs)
    ggxs = [array_utils.make_grad_input(shape, 'float64', seed=20 + i)
            for i, shape in enumerate(shapes)]
    array_utils.check_double_backward(fn, xs, gys, ggxs, 'float64', **kwargs)


def test_inv_gradient_float32_smoke():
    a = array_utils.make_grad_input((2, 2), 'float32') + chx.eye(2, dtype='float32') * 4
    gy = array_utils.make_grad_input((2, 2), 'float32', seed=1)
    array_utils.check_backward(
        chx.linalg.inv, [a], [gy], 'float32', eps=1e-2, tolerances=(1e-2, 1e-3))


@pytest.mark.parametrize('call', [
    lambda a: chx.linalg.svd(a)[1],
    lambda a: chx.linalg.qr(a, mode='raw')[0],
    lambda a: chx.linalg.qr(a)[0],  # wide matrix: no QR gradient
])
def test_missing_gradients_raise_not_implemented(call):
    a = chx.ones((2, 3), 'float64').require_grad()
    with pytest.raises(chx.NotImplementedError):
        call(a).sum().backward()
