"""chainerx.ndarray: properties, methods, conversions, repr, zero-copy NumPy interop.

Spec B, A.2, A.15.
"""

import numpy
import pytest

import chainerx as chx

import array_utils


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape', array_utils.SHAPES)
def test_properties_match_numpy(shape, dtype, device):
    expected = array_utils.make_numpy(shape, dtype)
    a = chx.array(expected, device=device)
    assert isinstance(a, chx.ndarray)
    assert a.shape == expected.shape
    assert a.strides == expected.strides
    assert a.dtype == expected.dtype
    assert a.device is device
    assert (a.ndim, a.size, a.itemsize, a.nbytes) == (
        expected.ndim,
        expected.size,
        expected.itemsize,
        expected.nbytes,
    )
    assert a.offset == 0
    assert a.is_contiguous
    assert isinstance(a.data_ptr, int)
    with pytest.raises(chx.ChainerxError):
        a.grad  # not in any graph (as in the original)
    array_utils.assert_array_equal(a, expected)


@pytest.mark.parametrize(
    'make',
    [
        lambda: chx.array(numpy.zeros((2, 0, 3))),
        lambda: chx.zeros((2, 0, 3)),
        lambda: chx.zeros((3, 0)).T,
    ],
)
def test_zero_size_arrays_are_contiguous(make):
    assert make().is_contiguous


def test_constructor_makes_an_uninitialised_array():
    a = chx.ndarray((2, 3), 'int16', 'native:1')
    assert (a.shape, a.dtype, a.device.name) == ((2, 3), numpy.dtype('int16'), 'native:1')
    assert chx.ndarray(4, chx.float32).shape == (4,)


@pytest.mark.parametrize('shape', [(2, 3), (2, 3, 4), (1, 0)])
def test_T_reverses_axes_as_a_view(shape):
    expected = array_utils.make_numpy(shape, 'float32')
    a = chx.array(expected)
    t = a.T
    array_utils.assert_array_equal(t, expected.T)
    assert t.strides == tuple(reversed(a.strides))
    assert t.data_ptr == a.data_ptr
    assert not t.is_contiguous or a.ndim < 2 or a.size <= 1 or 1 in shape


@pytest.mark.usefixtures('native_default_device')  # host memory is shared
def test_non_contiguous_numpy_view_with_negative_strides_is_shared_without_copy():
    base = numpy.arange(24, dtype='float32').reshape(2, 3, 4)
    view = base[:, ::-1, 1::2]
    a = chx.array(view, copy=False)
    assert a.strides == view.strides
    assert not a.is_contiguous
    array_utils.assert_array_equal(a, view)
    base[0, 2, 1] = 100
    assert chx.to_numpy(a)[0, 0, 0] == 100


@pytest.mark.parametrize('make', [lambda v: chx.array(v), lambda v: chx.array(v, copy=True)])
def test_array_with_copy_makes_a_contiguous_independent_copy(make):
    base = numpy.arange(12, dtype='int32').reshape(3, 4)
    view = base[::-1, ::2]
    a = make(view)
    assert a.is_contiguous
    base[...] = -1
    array_utils.assert_array_equal(a, numpy.arange(12, dtype='int32').reshape(3, 4)[::-1, ::2])


@pytest.mark.usefixtures('native_default_device')  # host memory is shared
def test_asarray_shares_numpy_memory_and_strides():
    base = numpy.arange(6, dtype='int64').reshape(2, 3).T
    a = chx.asarray(base)
    assert a.strides == base.strides
    base[0, 1] = 42
    assert chx.to_numpy(a)[0, 1] == 42


def test_to_numpy_copies_by_default():
    a = chx.arange(4)
    n = chx.to_numpy(a)
    assert isinstance(n, numpy.ndarray) and n.dtype == numpy.int32
    n[0] = 9
    assert chx.to_numpy(a)[0] == 0


@pytest.mark.usefixtures('native_default_device')  # host memory is shared
def test_to_numpy_without_copy_shares_memory_and_keeps_the_array_alive():
    a = chx.zeros((2, 3), 'float64').T
    n = chx.to_numpy(a, copy=False)
    assert n.strides == a.strides
    n[1, 0] = 5
    assert chx.to_numpy(a)[1, 0] == 5
    del a
    assert n.sum() == 5


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_numpy_roundtrip_keeps_dtype_and_values(dtype):
    expected = array_utils.make_numpy((3, 2), dtype, seed=1)
    numpy.testing.assert_array_equal(chx.to_numpy(chx.array(expected)), expected)
    assert chx.to_numpy(chx.array(expected)).dtype == expected.dtype


def test_view_shares_data_with_a_new_object():
    a = chx.arange(6)
    v = a.view()
    assert v is not a
    assert v.data_ptr == a.data_ptr
    a.fill(3)
    array_utils.assert_array_equal(v, numpy.full(6, 3, 'int32'))


@pytest.mark.parametrize('copy', [lambda a: a.copy(), lambda a: chx.copy(a)])
def test_copy_is_independent_and_contiguous(copy):
    a = chx.array(array_utils.make_numpy((3, 4), 'float32')).T
    c = copy(a)
    assert c.is_contiguous and c.data_ptr != a.data_ptr
    array_utils.assert_array_equal(c, chx.to_numpy(a))
    a.fill(0)
    assert chx.to_numpy(c).any()


@pytest.mark.parametrize('src', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('dst', array_utils.ALL_DTYPES)
def test_astype_converts_like_numpy(src, dst):
    expected = array_utils.make_numpy((2, 3), src, seed=2, low=0 if dst == 'uint8' else -3)
    array_utils.assert_array_equal(chx.array(expected).astype(dst), expected.astype(dst))


# native/half_convert.h: float32 <-> float16 take F16C from the AVX2 level on; both directions match NumPy bit for
# bit, at the rounding ties, the overflow threshold, subnormals and infinities, contiguous (with a partial block)
# and strided.
@pytest.mark.parametrize('contiguous', [True, False])
def test_astype_between_float32_and_float16_matches_numpy_to_the_bit(contiguous, device):
    tiny = numpy.finfo('float16').smallest_subnormal
    edges = numpy.array([0.0, -0.0, 1.0, 65504.0, 65519.99, 65520.0, -65520.0, 1e10, numpy.inf, -numpy.inf,
                         float(tiny), float(tiny) / 2, float(tiny) * 0.51, 6.1035156e-05, 1.0 + 2.0 ** -11,
                         1.0 + 3 * 2.0 ** -11, 1e-30], 'float32')
    x = numpy.concatenate([edges, numpy.random.default_rng(3).standard_normal(1000).astype('float32') * 1000])
    a = chx.array(x, device=device) if contiguous else chx.array(numpy.repeat(x, 2), device=device)[::2]
    half = a.astype('float16')
    numpy.testing.assert_array_equal(chx.to_numpy(half).view('uint16'), x.astype('float16').view('uint16'))
    wide = half.astype('float32')
    numpy.testing.assert_array_equal(chx.to_numpy(wide).view('uint32'),
                                     x.astype('float16').astype('float32').view('uint32'))
    assert numpy.isnan(chx.to_numpy(chx.array(numpy.array([numpy.nan], 'float32'), device=device).astype('float16')))


def test_astype_without_copy_returns_self_only_for_the_same_dtype():
    a = chx.arange(3)
    assert a.astype('int32', copy=False) is a
    assert a.astype('int32') is not a
    assert a.astype('int64', copy=False) is not a


@pytest.mark.parametrize(
    'dtype,value',
    [
        ('bool_', True),
        ('int8', -3),
        ('uint8', 200),
        ('int64', 2**40),
        ('float16', 0.5),
        ('float32', 1.25),
        ('float64', -2.5),
    ],
)
def test_fill_sets_every_element_in_place(dtype, value):
    a = chx.empty((2, 3), dtype)
    assert a.fill(value) is None
    array_utils.assert_array_equal(a, numpy.full((2, 3), value, dtype))


@pytest.mark.parametrize(
    'dtype,value,kind',
    [
        ('bool_', True, bool),
        ('int8', -3, int),
        ('uint8', 7, int),
        ('float16', 1.5, float),
        ('float64', 0.25, float),
    ],
)
def test_item_and_scalar_conversions_give_python_scalars(dtype, value, kind):
    a = chx.array(numpy.array([[value]], dtype))
    assert type(a.item()) is kind and a.item() == value
    assert bool(a) == bool(value)
    assert int(a) == int(value)
    assert float(a) == float(value)


@pytest.mark.parametrize('convert', [lambda a: a.item(), bool, int, float])
@pytest.mark.parametrize('shape', [(2,), (0,), (2, 3)])
def test_scalar_conversion_of_size_other_than_one_raises(convert, shape):
    with pytest.raises(chx.DimensionError):
        convert(chx.zeros(shape))


def test_len_is_the_first_dimension():
    assert len(chx.zeros((4, 2))) == 4
    assert len(chx.zeros((0, 2))) == 0
    with pytest.raises(TypeError, match='unsized'):
        len(chx.zeros(()))


@pytest.mark.parametrize('args', [('native:1',), ('native', 2)])
def test_to_device_copies_to_another_device(args):
    expected = array_utils.make_numpy((2, 3), 'float32')
    a = chx.array(expected)
    b = a.to_device(*args)
    assert b.device is chx.get_device(*args)
    array_utils.assert_array_equal(b, expected)


def test_to_device_to_the_same_device_returns_self():
    a = chx.arange(3)
    assert a.to_device(chx.get_default_device().name) is a


def test_array_of_a_chainerx_array_copies_unless_told_not_to():
    a = chx.arange(3)
    assert chx.array(a) is not a
    assert chx.array(a, copy=False) is a
    assert chx.asarray(a) is a
    b = chx.array(a, device='native:1')
    assert b.device.name == 'native:1'
    assert chx.array(a, dtype='float32').dtype == numpy.float32


def test_ndarray_is_unhashable_and_has_array_priority():
    with pytest.raises(TypeError):
        hash(chx.zeros(1))
    assert chx.zeros(1).__array_priority__ == 100.0


# (array factory, expected repr)
_REPRS = [
    (
        lambda: chx.array([[0, 1, 2], [3, 4, 5]], 'int8', device='native:0'),
        "array([[0, 1, 2],\n       [3, 4, 5]], shape=(2, 3), dtype=int8, device='native:0')",
    ),
    (
        lambda: chx.array([True, False], device='native:0'),
        "array([ True, False], shape=(2,), dtype=bool, device='native:0')",
    ),
    (
        lambda: chx.array(numpy.float16(1.5), device='native:0'),
        "array(1.5, shape=(), dtype=float16, device='native:0')",
    ),
    (
        lambda: chx.zeros((2, 0), device='native:1'),
        "array([], shape=(2, 0), dtype=float32, device='native:1')",
    ),
    (
        lambda: chx.array([[0.0, 1.0], [2.0, 3.5]], device='native:0'),
        "array([[0. , 1. ],\n       [2. , 3.5]], shape=(2, 2), dtype=float64, device='native:0')",
    ),
    (
        lambda: chx.ones((1,), device='native:0').require_grad(),
        "array([1.], shape=(1,), dtype=float32, device='native:0', backprop_ids=['<default>'])",
    ),
]


@pytest.mark.parametrize('make,expected', _REPRS)
def test_repr_and_str_follow_numpy_formatting(make, expected):
    a = make()
    assert repr(a) == expected
    assert str(a) == expected


def test_repr_lists_every_graph_and_expired_ones():
    with chx.backprop_scope('bp1') as bp:
        a = chx.ones((1,)).require_grad(bp)
        assert "backprop_ids=['bp1']" in repr(a)
    assert "backprop_ids=['<expired>']" in repr(a)


# (view maker for a (2, 3, 4) array, expected data_size in items): the bytes between the first and last element touched.
_DATA_SIZES = [
    (lambda x: x, 24),
    (lambda x: x.T, 24),
    (lambda x: x[:, ::2], 24),
    (lambda x: x[:, :, ::3], 24),
    (lambda x: x[:1, :2, ::3], 8),
    (lambda x: x[::-1, 1], 16),
    (lambda x: x[1:1], 0),
    (lambda x: x[0, 0], 4),
    (lambda x: x[0, 0, 0], 1),
]


@pytest.mark.parametrize('make,items', _DATA_SIZES)
def test_data_size_is_the_span_of_the_view(make, items):
    base = chx.arange(24, dtype='int16').reshape(2, 3, 4)
    view = make(base)
    assert view.data_size == items * 2
    assert view.data_ptr == base.data_ptr
    assert view.nbytes == view.size * view.itemsize


def test_debug_properties():
    base = chx.arange(24, dtype='float32').reshape(2, 3, 4)
    view = base[1, ::-1, 2:]
    assert view._debug_data_memory_address == view.data_ptr + view.offset
    assert view.offset == (12 + 8 + 2) * 4
    assert view._debug_flat_data == chx.to_numpy(view).ravel().tolist()
    assert all(type(v) is float for v in view._debug_flat_data)
    assert chx.array([True])._debug_flat_data == [True]


def test_view_is_connected_to_the_graph():
    x = chx.array([1.0, 2.0]).require_grad()
    v = x.view()
    assert v is not x and v.is_backprop_required()
    (v * v).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.array([2.0, 4.0]))


@pytest.mark.parametrize('args', [('native:1',), ('native', 1)])
def test_to_device_keeps_the_graph_connected(args):
    x = chx.array([1.0, -3.0]).require_grad()
    y = x.to_device(*args)
    assert y.device.name == 'native:1' and y.is_backprop_required()
    (y * y).sum().backward()
    assert x.grad.device is x.device
    array_utils.assert_array_equal(x.grad, numpy.array([2.0, -6.0]))


def test_to_device_accepts_the_spec_keywords_and_non_contiguous_input():
    a = chx.arange(6).reshape(2, 3).T
    for b in (a.to_device(device='native:2'), a.to_device(backend_name='native', index=2)):
        assert b.device.name == 'native:2' and b.is_contiguous
        array_utils.assert_array_equal(b, numpy.arange(6, dtype='int32').reshape(2, 3).T)
    with pytest.raises(TypeError):
        a.to_device('native', 'x')


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_item_of_every_dtype_and_of_views(dtype):
    x = array_utils.make_numpy((2, 3), dtype)
    a = chx.array(x)
    assert a[1, 2].item() == x[1, 2].item()
    assert type(a[1, 2].item()) is type(x[1, 2].item())
    assert a.T[None, 2, 1:].item() == x.T[None, 2, 1:].item()
