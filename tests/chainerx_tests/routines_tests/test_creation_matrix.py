"""Matrix creation: identity, eye, tri, tril/triu, diag/diagflat (spec A.2)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (args, kwargs) shared by eye and tri; both take N, M=None, k=0.
_MATRIX_ARGS = [
    ((3,), {}),
    ((2, 4), {}),
    ((4, 2), {}),
    ((3, None, 1), {}),
    ((3, 4, -2), {}),
    ((3,), {'k': 5}),
    ((3,), {'M': 2, 'k': -1}),
    ((0,), {}),
    ((2, 0), {}),
]


@pytest.mark.parametrize('name,default_dtype', [('eye', 'float64'), ('tri', 'float32')])
@pytest.mark.parametrize('args,kwargs', _MATRIX_ARGS)
def test_eye_and_tri_match_numpy_with_default_dtypes(name, default_dtype, args, kwargs, device):
    out = getattr(chx, name)(*args, device=device, **kwargs)
    assert out.device is device
    array_utils.assert_array_equal(out, getattr(numpy, name)(*args, **kwargs).astype(default_dtype))


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_identity_eye_tri_take_every_dtype(dtype):
    array_utils.assert_array_equal(chx.identity(3, dtype), numpy.identity(3, dtype))
    array_utils.assert_array_equal(chx.eye(2, 3, 1, dtype), numpy.eye(2, 3, 1, dtype))
    array_utils.assert_array_equal(chx.tri(3, 2, 0, dtype=dtype), numpy.tri(3, 2, 0, dtype))


def test_identity_defaults_to_float32_on_the_given_device():
    out = chx.identity(2, device='native:1')
    assert out.device.name == 'native:1'
    array_utils.assert_array_equal(out, numpy.identity(2, 'float32'))


@pytest.mark.parametrize(
    'fn', [lambda: chx.eye(-1), lambda: chx.tri(2, -1), lambda: chx.identity(-2)]
)
def test_negative_sizes_raise_dimension_error(fn):
    with pytest.raises(chx.DimensionError):
        fn()


# (id, fn(xp, a), input shape); each is differentiable.
_CASES = [
    ('tril', lambda xp, a: xp.tril(a), (3, 4)),
    ('tril_k', lambda xp, a: xp.tril(a, 1), (4, 3)),
    ('tril_negative_k', lambda xp, a: xp.tril(a, k=-1), (2, 3, 3)),
    ('tril_1d', lambda xp, a: xp.tril(a), (3,)),
    ('triu', lambda xp, a: xp.triu(a), (3, 4)),
    ('triu_k', lambda xp, a: xp.triu(a, 2), (2, 4, 3)),
    ('triu_zero_size', lambda xp, a: xp.triu(a, -1), (0, 3)),
    ('diag_1d', lambda xp, a: xp.diag(a), (3,)),
    ('diag_1d_k', lambda xp, a: xp.diag(a, 2), (2,)),
    ('diag_1d_negative_k', lambda xp, a: xp.diag(a, k=-1), (3,)),
    ('diag_2d', lambda xp, a: xp.diag(a), (3, 4)),
    ('diag_2d_k', lambda xp, a: xp.diag(a, 1), (4, 3)),
    ('diag_2d_negative_k', lambda xp, a: xp.diag(a, -2), (4, 3)),
    ('diag_2d_out_of_range_k', lambda xp, a: xp.diag(a, 5), (2, 3)),
    ('diag_empty', lambda xp, a: xp.diag(a), (0,)),
    ('diagflat', lambda xp, a: xp.diagflat(a), (2, 2)),
    ('diagflat_k', lambda xp, a: xp.diagflat(a, -1), (3,)),
    ('diagflat_0d', lambda xp, a: xp.diagflat(a, 1), ()),
]
_IDS = [case[0] for case in _CASES]


@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('name,fn,shape', _CASES, ids=_IDS)
def test_matches_numpy(name, fn, shape, dtype, contiguous):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    array_utils.assert_array_equal(fn(chx, chx.array(x, copy=False)), fn(numpy, x))


def test_tril_zeroes_infinities_instead_of_multiplying_them():
    x = numpy.full((2, 2), numpy.inf, 'float32')
    array_utils.assert_array_equal(chx.tril(chx.array(x)), numpy.tril(x))


def test_diag_of_a_matrix_is_a_view_and_of_a_vector_a_copy(device):
    a = chx.arange(6, device=device).reshape(2, 3)
    d = chx.diag(a, 1)
    assert d.data_ptr == a.data_ptr and d.device is device
    a.fill(3)
    array_utils.assert_array_equal(d, numpy.array([3, 3], 'int32'))
    assert chx.diag(d).data_ptr != a.data_ptr


@pytest.mark.parametrize('fn', [
    lambda: chx.diag(chx.zeros(())), lambda: chx.diag(chx.zeros((2, 2, 2))),
    lambda: chx.tril(chx.zeros(())), lambda: chx.triu(chx.zeros(())),
])
def test_bad_ranks_raise_dimension_error(fn):
    with pytest.raises(chx.DimensionError):
        fn()


@pytest.mark.parametrize('name,fn,shape', _CASES, ids=_IDS)
def test_backward_and_double_backward_float64(name, fn, shape):
    array_utils.check_grads(lambda a: fn(chx, a), [shape], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
@pytest.mark.parametrize('name,fn,shape', _CASES[::4], ids=_IDS[::4])
def test_backward_and_double_backward_low_precision(name, fn, shape, dtype):
    array_utils.check_grads(lambda a: fn(chx, a), [shape], dtype)
