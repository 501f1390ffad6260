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


def test_bad_qr_mode_raises_value_error():
    with pytest.raises(ValueError):
        chx.linalg.qr(chx.eye(2, dtype='float32'), mode='full')


# As in the original: the binding rejects a UPLO that is not one character (ValueError), the routine
# rejects a character other than L/U in either case (ChainerxError).
@pytest.mark.parametrize('name', ['eigh', 'eigvalsh'])
@pytest.mark.parametrize('uplo,error', [
    ('LU', ValueError), ('', ValueError), ('lower', ValueError),
    ('A', chx.ChainerxError), ('x', chx.ChainerxError),
])
def test_bad_uplo_raises(name, uplo, error):
    with pytest.raises(error):
        getattr(chx.linalg, name)(chx.eye(2, dtype='float32'), UPLO=uplo)


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
    lambda a: chx.linalg.qr(a, mode='raw')[0],
    lambda a: chx.linalg.qr(a)[0],  # wide matrix: no QR gradient
])
def test_missing_gradients_raise_not_implemented(call):
    a = chx.ones((2, 3), 'float64').require_grad()
    with pytest.raises(chx.NotImplementedError):
        call(a).sum().backward()


_GRAD_EPS = {'float32': 1e-3, 'float64': 1e-6}
_GRAD_TOL = {'float32': (1e-2, 1e-2), 'float64': (1e-5, 1e-6)}


def _with_singular_values(shape, singular_values, dtype, device, seed=0):
    """u · diag(singular_values) · vᵀ for random orthonormal u, v: a matrix with known, distinct
    singular values."""
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = min(shape)
    u = numpy.linalg.qr(rng.normal(size=(m, k)))[0]
    v = numpy.linalg.qr(rng.normal(size=(n, k)))[0]
    a = (u * numpy.asarray(singular_values[:k])) @ v.T
    return chx.array(a.astype(dtype), device=device)


def _check_grads(fn, x, dtype, seed=10, double=False):
    with chx.no_backprop_mode():
        outs = fn(x)
    outs = outs if isinstance(outs, list) else [outs]
    gys = [array_utils.make_grad_input(y.shape, dtype, seed=seed + i).to_device(x.device)
           for i, y in enumerate(outs)]
    kwargs = dict(eps=_GRAD_EPS[dtype], tolerances=_GRAD_TOL[dtype])
    array_utils.check_backward(fn, [x], gys, dtype, **kwargs)
    if double:
        ggx = array_utils.make_grad_input(x.shape, dtype, seed=seed + 9).to_device(x.device)
        array_utils.check_double_backward(fn, [x], gys, [ggx], dtype, **kwargs)


# R23: the reduced SVD is differentiable (Townsend's formula), square and non-square.
@pytest.mark.parametrize('device', array_utils.DEVICES)
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
@pytest.mark.parametrize('shape', [(1, 1), (2, 3), (3, 2), (3, 3), (4, 2), (2, 5)])
def test_svd_reduced_gradient(shape, dtype, device):
    a = _with_singular_values(shape, [3.0, 2.0, 1.0], dtype, device)

    def fn(x):
        return list(chx.linalg.svd(x, full_matrices=False))

    _check_grads(fn, a, dtype, double=dtype == 'float64')


@pytest.mark.parametrize('output', [0, 1, 2])
def test_svd_gradient_of_one_output(output):
    a = _with_singular_values((4, 3), [3.0, 2.0, 0.5], 'float64', 'native:0')
    _check_grads(lambda x: chx.linalg.svd(x, full_matrices=False)[output], a, 'float64')


@pytest.mark.parametrize('kwargs', [
    dict(), dict(full_matrices=True), dict(compute_uv=False),
    dict(full_matrices=False, compute_uv=False),
])
@pytest.mark.parametrize('shape', [(3, 3), (2, 3)])
def test_svd_unsupported_gradient_raises_chainerx_error(kwargs, shape):
    a = _with_singular_values(shape, [3.0, 2.0, 1.0], 'float64', 'native:0').require_grad()
    out = chx.linalg.svd(a, **kwargs)
    s = out if isinstance(out, chx.ndarray) else out[1]
    with pytest.raises(chx.ChainerxError, match='svd'):
        s.sum().backward()


# R20: pinv is V·diag(s⁺)·Uᵀ of the reduced SVD, its gradient that of the SVD with the cutoff mask
# held constant (so it is right when singular values are cut).
@pytest.mark.parametrize('device', array_utils.DEVICES)
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
@pytest.mark.parametrize('shape,singular_values', [
    ((3, 3), [3.0, 1.0, 0.5]), ((3, 2), [2.0, 0.5]), ((2, 4), [2.0, 0.5]),
    ((3, 3), [3.0, 2.0, 1.0]),
])
def test_pinv_gradient_with_truncation(shape, singular_values, dtype, device):
    a = _with_singular_values(shape, singular_values, dtype, device, seed=3)
    expected = numpy.linalg.pinv(chx.to_numpy(a).astype('float64'), rcond=0.5)
    _close(chx.linalg.pinv(a, rcond=0.5), expected, dtype)
    _check_grads(lambda x: chx.linalg.pinv(x, rcond=0.5), a, dtype, double=dtype == 'float64')


def test_pinv_gradient_on_random_matrix_at_rcond_half():
    a = array_utils.make_grad_input((3, 3), 'float64', seed=5)
    s = numpy.linalg.svd(chx.to_numpy(a), compute_uv=False)
    # Some singular values are cut, none is near the cutoff.
    assert (s < 0.5 * s[0]).any() and numpy.abs(s - 0.5 * s[0]).min() > 0.05
    _check_grads(lambda x: chx.linalg.pinv(x, rcond=0.5), a, 'float64')


def _solve_for_ones(a):
    # b is a broadcast view, so that a huge a costs no memory here either.
    one = chx.ones((1,) * min(a.ndim, 1), a.dtype, device=a.device)
    return chx.linalg.solve(a, chx.broadcast_to(one, a.shape[:1]))


_FACTORIZATIONS = {
    'solve': _solve_for_ones,
    'inv': chx.linalg.inv,
    'cholesky': chx.linalg.cholesky,
    'eigh': chx.linalg.eigh,
    'eigvalsh': chx.linalg.eigvalsh,
    'svd': chx.linalg.svd,
    'svd_reduced': lambda a: chx.linalg.svd(a, full_matrices=False),
    'svd_values': lambda a: chx.linalg.svd(a, compute_uv=False),
    'pinv': chx.linalg.pinv,
    'qr': chx.linalg.qr,
    'qr_r': lambda a: chx.linalg.qr(a, mode='r'),
}


# LAPACK's SVD does not return on some inputs with infinities, and LAPACKE rejects NaN as a bad
# argument: every factorization reports non-finite input as a ChainerxError saying so.
@pytest.mark.parametrize('name', sorted(_FACTORIZATIONS))
@pytest.mark.parametrize('value', [numpy.nan, numpy.inf, -numpy.inf])
@pytest.mark.parametrize('dtype', _LINALG_DTYPES)
def test_non_finite_input_raises_chainerx_error(name, value, dtype):
    a = numpy.array([[value, 1, 0], [1, 2, 0], [0, 0, 1]], dtype)
    with pytest.raises(chx.ChainerxError, match='NaN or infinity'):
        _FACTORIZATIONS[name](chx.array(a))


@pytest.mark.parametrize('name', sorted(_FACTORIZATIONS))
@pytest.mark.parametrize('shape', [(3,), (2, 2, 2), ()])
def test_not_a_matrix_raises_dimension_error(name, shape):
    with pytest.raises(chx.DimensionError):
        _FACTORIZATIONS[name](chx.ones(shape, 'float64'))


# LAPACK indexes with 32-bit integers: larger matrices are refused before anything is allocated
# (broadcast views make such shapes cheap to ask for).
@pytest.mark.parametrize('name', sorted(_FACTORIZATIONS))
@pytest.mark.parametrize('shape', [(2**31 + 1, 2**31 + 1), (2**16, 2**16)])
def test_too_large_matrix_raises_dimension_error(name, shape):
    a = chx.broadcast_to(chx.ones((1, 1), 'float32'), shape)
    with pytest.raises(chx.DimensionError, match='too large'):
        _FACTORIZATIONS[name](a)


@pytest.mark.parametrize('name', sorted(_FACTORIZATIONS))
@pytest.mark.parametrize('dtype', ['int8', 'int64', 'uint8', 'bool_'])
def test_integer_and_bool_inputs_compute_in_float32(name, dtype):
    out = _FACTORIZATIONS[name](chx.array(numpy.eye(3, dtype=dtype)))
    for y in (out if isinstance(out, tuple) else (out,)):
        assert y.dtype == chx.float32


@pytest.mark.parametrize('name', sorted(_FACTORIZATIONS))
@pytest.mark.parametrize('device', array_utils.DEVICES)
def test_outputs_on_input_device(name, device):
    a = chx.array(numpy.eye(3) * 2 + 0.1, device=device)
    out = _FACTORIZATIONS[name](a)
    for y in (out if isinstance(out, tuple) else (out,)):
        assert y.device.name == device
