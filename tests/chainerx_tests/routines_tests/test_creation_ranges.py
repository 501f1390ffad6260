"""Ranges and grids: linspace and meshgrid (spec A.2)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (args, kwargs) of linspace(start, stop, num=50, endpoint=True, dtype=None)
_LINSPACES = [
    ((0, 1), {}),
    ((0, 1, 5), {}),
    ((-2.5, 3, 7), {'endpoint': False}),
    ((3, -3, 4), {}),
    ((1, 2, 1), {}),
    ((1, 2, 1), {'endpoint': False}),
    ((1, 2, 0), {}),
    ((2, 2, 3), {}),
    ((0, 10, 4), {'dtype': 'int32'}),
    ((0, 1, 3), {'dtype': 'bool'}),
    ((0.5, 1.5, 3), {'dtype': 'float16'}),
    ((0, 1e3, 11), {'dtype': 'float64'}),
    ((numpy.int8(2), numpy.float32(4), 3), {}),
]


@pytest.mark.parametrize('args,kwargs', _LINSPACES)
def test_linspace_matches_numpy_with_float32_default(args, kwargs, device):
    out = chx.linspace(*args, device=device, **kwargs)
    assert out.device is device
    dtype = kwargs.pop('dtype', 'float32')
    expected = numpy.linspace(*[numpy.asarray(v).item() for v in args], **kwargs).astype(dtype)
    array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize(
    'args,dtype,expected',
    [
        ((0, 10, 5), 'int32', [0, 2, 5, 7, 10]),
        ((0, 10, 5), 'uint8', [0, 2, 5, 7, 10]),
        ((5, -5, 7), 'int8', [5, 3, 1, 0, -2, -4, -5]),  # toward -inf, as NumPy 2 (NumPy 1 truncated)
        ((-3, 7, 6), 'int64', [-3, -1, 1, 3, 5, 7]),
        ((0, 1, 3), 'bool', [False, True, True]),
    ],
)
def test_linspace_with_an_integer_dtype_floors_the_float64_samples(args, dtype, expected, device):
    array_utils.assert_array_equal(chx.linspace(*args, dtype=dtype, device=device), numpy.array(expected, dtype))


def test_linspace_ends_exactly_at_stop():
    assert chx.to_numpy(chx.linspace(0.1, 0.7, 7, dtype='float64'))[-1] == 0.7


def test_linspace_with_negative_num_raises():
    with pytest.raises(chx.ChainerxError):
        chx.linspace(0, 1, -1)


# (input shapes, indexing)
_MESHGRIDS = [
    ([(3,), (2,)], 'xy'),
    ([(3,), (2,)], 'ij'),
    ([(3,), (2,), (4,)], 'xy'),
    ([(3,), (2,), (4,)], 'ij'),
    ([(3,)], 'xy'),
    ([(2, 2), ()], 'ij'),
    ([(0,), (2,)], 'xy'),
]


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shapes,indexing', _MESHGRIDS)
def test_meshgrid_matches_numpy(shapes, indexing, dtype):
    xs = [array_utils.make_numpy(s, dtype, seed=i) for i, s in enumerate(shapes)]
    outs = chx.meshgrid(*[chx.array(x) for x in xs], indexing=indexing)
    expected = numpy.meshgrid(*xs, indexing=indexing)
    assert isinstance(outs, list) and len(outs) == len(expected)
    for out, e in zip(outs, expected):
        array_utils.assert_array_equal(out, e)


def test_meshgrid_defaults_to_xy_and_accepts_no_input():
    outs = chx.meshgrid(chx.arange(3), chx.arange(2))
    assert [o.shape for o in outs] == [(2, 3), (2, 3)]
    assert chx.meshgrid() == []


@pytest.mark.parametrize('kwargs', [{'indexing': 'xx'}, {'sparse': True}, {'copy': False}])
def test_meshgrid_bad_keywords_raise_chainerx_error(kwargs):
    with pytest.raises(chx.ChainerxError):
        chx.meshgrid(chx.arange(3), **kwargs)


@pytest.mark.parametrize('indexing', ['xy', 'ij'])
def test_meshgrid_backward(indexing):
    array_utils.check_grads(
        lambda a, b, c: chx.meshgrid(a, b, c, indexing=indexing), [(2,), (3,), (1,)], 'float64'
    )
