"""copyto (casting and where) and the NumPy-backed broadcast_arrays (spec A.3)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (dst shape, src shape, where: None, a Python bool or a shape of a bool mask)
_COPYTO_CASES = [
    ((2, 3), (2, 3), None),
    ((2, 3), (3,), None),
    ((2, 3), (), None),
    ((2, 3), (2, 3), True),
    ((2, 3), (2, 3), False),
    ((2, 3), (2, 3), (2, 3)),
    ((2, 3), (1, 3), (2, 1)),
    ((0, 3), (3,), (0, 3)),
    ((), (), ()),
]


@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('dst_shape,src_shape,where', _COPYTO_CASES)
def test_copyto_matches_numpy(dst_shape, src_shape, where, dtype, contiguous):
    expected = array_utils.make_numpy(dst_shape, dtype, seed=0, contiguous=contiguous)
    src = array_utils.make_numpy(src_shape, dtype, seed=1, contiguous=contiguous)
    dst = chx.array(expected)  # a copy: numpy's copyto below writes into `expected`
    kwargs = {}
    if where is not None:
        mask = where if isinstance(where, bool) else array_utils.make_numpy(where, 'bool', seed=2)
        kwargs['where'] = mask
    numpy.copyto(expected, src, **kwargs)
    if where is not None and not isinstance(where, bool):
        kwargs['where'] = chx.array(kwargs['where'])
    assert chx.copyto(dst, chx.array(src, copy=False), **kwargs) is None
    array_utils.assert_array_equal(dst, expected)


def test_copyto_writes_into_a_strided_view():
    base = chx.zeros((2, 4), 'int32')
    chx.copyto(chx.flip(base, 1), chx.arange(8).reshape(2, 4))
    array_utils.assert_array_equal(base, numpy.arange(8).reshape(2, 4)[:, ::-1].astype('int32'))


def test_copyto_from_an_overlapping_view_reads_the_old_values():
    a = chx.arange(4)
    chx.copyto(a, chx.flip(a))
    array_utils.assert_array_equal(a, numpy.array([3, 2, 1, 0], 'int32'))


@pytest.mark.parametrize('casting', ['equiv', 'safe', 'same_kind', 'unsafe'])
def test_copyto_with_other_casting_modes_is_not_implemented(casting):
    with pytest.raises(chx.NotImplementedError):
        chx.copyto(chx.zeros(2), chx.ones(2), casting=casting)


# (fn, exception)
_COPYTO_ERRORS = [
    (lambda: chx.copyto(chx.zeros(2), chx.ones(2), casting='bogus'), ValueError),
    (lambda: chx.copyto(chx.zeros(2), chx.ones(2, 'float64')), chx.DtypeError),
    (lambda: chx.copyto(chx.zeros(2), chx.ones(3)), chx.DimensionError),
    (lambda: chx.copyto(chx.zeros(2), chx.ones(2), where=chx.ones(2)), chx.DtypeError),
    (lambda: chx.copyto(chx.zeros(2), chx.ones(2), where=chx.ones(3, 'bool')), chx.DimensionError),
    (lambda: chx.copyto(chx.zeros(2), chx.ones(2, device=array_utils.other_device())), chx.DeviceError),
    (lambda: chx.copyto(chx.zeros(2).require_grad(), chx.ones(2)), chx.ChainerxError),
    (lambda: chx.copyto(numpy.zeros(2), chx.ones(2)), TypeError),
]


@pytest.mark.parametrize('fn,error', _COPYTO_ERRORS)
def test_copyto_bad_arguments_raise(fn, error):
    with pytest.raises(error):
        fn()


@pytest.mark.parametrize('shapes', [[(2, 1), (3,)], [(), (2, 3)], [(2, 3)], [(0, 1), (1, 4)]])
@pytest.mark.parametrize('dtype', ['bool_', 'int8', 'float32'])
def test_broadcast_arrays_matches_numpy(shapes, dtype):
    xs = [array_utils.make_numpy(s, dtype, seed=i) for i, s in enumerate(shapes)]
    outs = chx.broadcast_arrays(*[chx.array(x, device='native:1') for x in xs])
    expected = numpy.broadcast_arrays(*xs)
    assert len(outs) == len(expected)
    for out, e in zip(outs, expected):
        assert out.device.name == 'native:1'
        array_utils.assert_array_equal(out, e)


def test_broadcast_arrays_of_incompatible_shapes_raises():
    with pytest.raises(ValueError):
        chx.broadcast_arrays(chx.zeros(2), chx.zeros(3))


# Copies of a transposed input (Note [Transposed copies] in native/transpose_copy.cc): the register-block path for
# 4- and 8-byte elements, the elementwise one for the others; sides that are and are not whole blocks and tiles,
# outer axes, reversed and strided inputs, and copyto into a strided destination.
_TRANSPOSED_CASES = [
    ((8, 8), (1, 0)),
    ((67, 130), (1, 0)),
    ((130, 9), (1, 0)),
    ((3, 200), (1, 0)),
    ((5, 64, 72), (0, 2, 1)),
    ((4, 20, 9, 33), (0, 2, 3, 1)),
    ((2, 3, 17, 40), (3, 1, 0, 2)),
    ((0, 16), (1, 0)),
    ((16, 1), (1, 0)),
]


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape,axes', _TRANSPOSED_CASES)
def test_copy_of_a_transposed_array_matches_numpy(shape, axes, dtype, device):
    x = array_utils.make_numpy(shape, dtype, seed=3)
    a = chx.array(x, device=device)
    for view, expected in [(a.transpose(axes), x.transpose(axes)),
                           (a[::-1].transpose(axes), x[::-1].transpose(axes)),
                           (a[..., ::2].transpose(axes), x[..., ::2].transpose(axes))]:
        copied = chx.ascontiguousarray(view)
        assert copied.is_contiguous
        array_utils.assert_array_equal(copied, numpy.ascontiguousarray(expected))
        dst = chx.zeros((2,) + expected.shape, dtype, device=device)[1]
        assert chx.copyto(dst, view) is None
        array_utils.assert_array_equal(dst, expected)
        strided = chx.zeros(expected.shape[:-1] + (expected.shape[-1] * 2,), dtype, device=device)[..., ::2]
        chx.copyto(strided, view)
        array_utils.assert_array_equal(strided, expected)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_transposed_copy_moves_bits(dtype):
    # NaN payloads, signed zeros and infinities pass unchanged (the blocks move bits, not values).
    uint = numpy.uint32 if dtype == 'float32' else numpy.uint64
    bits = numpy.random.default_rng(4).integers(0, numpy.iinfo(uint).max, (40, 24), dtype=uint, endpoint=True)
    x = bits.view(dtype)
    copied = chx.to_numpy(chx.ascontiguousarray(chx.array(x).T))
    assert numpy.array_equal(copied.view(uint), numpy.ascontiguousarray(bits.T))


@pytest.mark.parametrize('threads', [1, 2, 3])
def test_transposed_copy_on_several_threads(threads):
    orig = chx._core._get_num_threads()
    x = numpy.arange(6 * 300 * 257, dtype=numpy.float32).reshape(6, 300, 257)
    try:
        chx._core._set_num_threads(threads)
        copied = chx.ascontiguousarray(chx.array(x).transpose(0, 2, 1))
    finally:
        chx._core._set_num_threads(orig)
    array_utils.assert_array_equal(copied, numpy.ascontiguousarray(x.transpose(0, 2, 1)))


def test_copyto_where_a_python_bool():
    # where=True is the plain copy, where=False writes nothing; both still check their arguments.
    dst = chx.zeros((2, 3), 'float32')
    chx.copyto(dst, chx.ones((2, 3), 'float32'), where=False)
    array_utils.assert_array_equal(dst, numpy.zeros((2, 3), 'float32'))
    chx.copyto(dst, chx.ones((3,), 'float32'), where=numpy.bool_(True))
    array_utils.assert_array_equal(dst, numpy.ones((2, 3), 'float32'))
    with pytest.raises(chx.DtypeError):
        chx.copyto(dst, chx.ones((2, 3), 'int32'), where=True)
    with pytest.raises(chx.DimensionError):
        chx.copyto(dst, chx.ones((4,), 'float32'), where=False)
