"""logsumexp(x, axis=None, keepdims=False), log_softmax(x, axis=None), softmax(x, axis=None)
(spec A.5). Non-float inputs compute in float32; axis None means all axes for logsumexp and axis 1
for the softmaxes. All are computed with the maximum subtracted, so large inputs do not overflow."""

import numpy
import pytest

import chainerx as chx

import array_utils

_CASES = [
    ((2, 3), None),
    ((2, 3), 0),
    ((2, 3), -1),
    ((2, 3, 4), (0, 2)),
    ((2, 3, 4), [2, 1]),
    ((1, 1), None),
    ((0, 3), 1),
    ((3, 0), 0),
]


def _math_dtype(dtype):
    return numpy.dtype(dtype) if numpy.dtype(dtype).kind == 'f' else numpy.dtype('float32')


def _softmax_axis(axis):
    if axis is None:
        return (1,)
    return tuple(axis) if isinstance(axis, (list, tuple)) else (axis,)


def _logsumexp(x, axis, keepdims):
    x = x.astype(numpy.float64)
    axis = tuple(axis) if isinstance(axis, list) else axis
    m = numpy.amax(x, axis=axis, keepdims=True)
    out = numpy.log(numpy.sum(numpy.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdims else numpy.squeeze(out, axis=axis)


def _log_softmax(x, axis):
    return x.astype(numpy.float64) - _logsumexp(x, _softmax_axis(axis), True)


def _softmax(x, axis):
    return numpy.exp(_log_softmax(x, axis))


# name -> (call with (x, axis, keepdims), expected in float64 from (x, axis, keepdims)); the
# softmaxes have no keepdims.
_ROUTINES = {
    'logsumexp': (chx.logsumexp, _logsumexp),
    'log_softmax': (
        lambda x, axis, _: chx.log_softmax(x, axis),
        lambda x, axis, _: _log_softmax(x, axis),
    ),
    'softmax': (lambda x, axis, _: chx.softmax(x, axis), lambda x, axis, _: _softmax(x, axis)),
}


def _check(name, a, x, axis, keepdims=False):
    expected = _ROUTINES[name][1](x, axis, keepdims).astype(_math_dtype(x.dtype))
    out = _ROUTINES[name][0](a, axis, keepdims)
    assert out.device is a.device
    array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', _CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_matches_numpy(name, shape, axis, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2)
    _check(name, chx.array(x, copy=False, device=device), x, axis)


@pytest.mark.parametrize('shape,axis', _CASES + [((), None), ((3,), 0), ((2, 3), ())])
@pytest.mark.parametrize('keepdims', [False, True])
def test_logsumexp_shapes_match_numpy(shape, axis, keepdims):
    x = array_utils.make_numpy(shape, 'float64')
    _check('logsumexp', chx.array(x), x, axis, keepdims)
    if axis is None and not keepdims:
        array_utils.assert_array_equal(chx.logsumexp(chx.array(x)), _logsumexp(x, None, False))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_large_inputs_do_not_overflow(name, dtype):
    x = numpy.array([[1000.0, 999.0, -1000.0], [-5.0, -6.0, -7.0]]).astype(dtype)
    if dtype == 'float16':
        x = x / 100  # 10 is large for float16: exp(10 * 2) overflows
    _check(name, chx.array(x), x, 1)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
def test_transposed_input_matches_numpy(name):
    x = array_utils.make_numpy((3, 4, 5), 'float32').transpose(2, 0, 1)
    _check(name, chx.array(x, copy=False), x, (0, 1))


def test_softmax_sums_to_one_along_axis_1_by_default():
    out = chx.softmax(chx.array(array_utils.make_numpy((2, 3, 4), 'float64')))
    array_utils.assert_array_equal(out.sum(1), numpy.ones((2, 4)))


@pytest.mark.parametrize('name', ['log_softmax', 'softmax'])
def test_softmax_default_axis_of_1d_input_raises_dimension_error(name):
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(chx.ones((3,)))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('axis', [2, (0, 0), -3])
def test_bad_axis_raises_dimension_error(name, axis):
    with pytest.raises(chx.DimensionError):
        _ROUTINES[name][0](chx.ones((2, 3)), axis, False)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
def test_zero_size_reduced_axis_raises_dimension_error(name):
    # As amax: the maximum that stabilises the computation does not exist.
    with pytest.raises(chx.DimensionError):
        _ROUTINES[name][0](chx.ones((3, 0)), 1, False)


# Along one axis the softmaxes are one kernel each way and logsumexp one forward (Note [Softmax along one axis] in
# chainerx/core/routines/explog.cc); on CUDA a warp takes a row along the last axis and a thread a row
# along any other (Note [Softmax rows on CUDA] in chainerx/cuda/softmax.cu). (name, base shape, view
# of the base, axis): rows short and long, few and many, and operands it must copy or read in place.
_ONE_AXIS_LAYOUTS = [
    ('last axis', (4, 5, 6), lambda x: x, 2),
    ('middle axis', (4, 5, 6), lambda x: x, 1),
    ('first axis', (4, 5, 6), lambda x: x, 0),
    ('long rows', (3, 4099), lambda x: x, 1),
    ('long columns', (1000, 3), lambda x: x, 0),
    ('many short rows', (5000, 3), lambda x: x, 1),
    ('transposed', (4, 5, 6), lambda x: x.transpose(2, 0, 1), 1),
    ('strided along the axis', (4, 12), lambda x: x[:, ::3], 1),
    ('reversed rows', (4, 6), lambda x: x[::-1], 1),
    ('broadcast rows', (1, 6), lambda x: chx.broadcast_to(x, (5, 6)) if isinstance(x, chx.ndarray)
     else numpy.broadcast_to(x, (5, 6)), 1),
    ('size-1 axis', (4, 1, 3), lambda x: x, 1),
]


@pytest.mark.parametrize('name', ['log_softmax', 'logsumexp', 'softmax'])
@pytest.mark.parametrize('layout', _ONE_AXIS_LAYOUTS, ids=[case[0] for case in _ONE_AXIS_LAYOUTS])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_one_axis_layouts_match_numpy(name, layout, dtype, device):
    _, shape, view, axis = layout
    base = array_utils.make_numpy(shape, dtype)
    _check(name, view(chx.array(base, device=device)), view(base), axis)


@pytest.mark.parametrize('name', ['log_softmax', 'logsumexp', 'softmax'])
@pytest.mark.parametrize('axis', [0, 1])
def test_rows_with_nan_and_infinities_match_numpy(name, axis, device):
    x = numpy.array([[0.0, 1.0, 2.0, 3.0], [numpy.nan, 1.0, 2.0, 3.0], [numpy.inf, 1.0, 2.0, 3.0],
                     [-numpy.inf, 1.0, 2.0, 3.0], [-numpy.inf] * 4, [1e4, -1e4, 0.0, 1e4]], numpy.float32)
    x = x if axis == 1 else numpy.ascontiguousarray(x.T)
    with numpy.errstate(invalid='ignore'):
        expected = _ROUTINES[name][1](x, axis, False).astype(numpy.float32)
    out = _ROUTINES[name][0](chx.array(x, device=device), axis, False)
    numpy.testing.assert_allclose(chx.to_numpy(out), expected, rtol=1e-6, atol=1e-6, equal_nan=True)


@pytest.mark.parametrize('name', ['log_softmax', 'softmax'])
@pytest.mark.parametrize('gy_view', ['broadcast', 'transposed'])
def test_one_axis_gradient_of_any_output_gradient_layout(name, gy_view, device):
    # The gradient kernel reads gy in place or copies it; against the composed formula in float64.
    x = chx.array(array_utils.make_numpy((3, 4, 5), 'float64'), device=device).require_grad()
    y = _ROUTINES[name][0](x, 2, False)
    if gy_view == 'broadcast':
        gy = chx.broadcast_to(chx.array(array_utils.make_numpy((1, 4, 1), 'float64'), device=device), (3, 4, 5))
    else:
        gy = chx.array(array_utils.make_numpy((5, 4, 3), 'float64'), device=device).transpose(2, 1, 0)
    gx, = chx.grad([y], [x], grad_outputs=[gy])
    y_np, gy_np = chx.to_numpy(y), chx.to_numpy(gy)
    if name == 'log_softmax':
        expected = gy_np - numpy.exp(y_np) * gy_np.sum(axis=2, keepdims=True)
    else:
        expected = y_np * (gy_np - (gy_np * y_np).sum(axis=2, keepdims=True))
    array_utils.assert_array_equal(gx, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize('name', ['log_softmax', 'logsumexp', 'softmax'])
@pytest.mark.parametrize('shape,axis', [((3, 40), 1), ((40, 3), 0), ((2, 3, 4), 1)])
def test_one_axis_backward_and_double_backward_of_longer_rows(name, shape, axis):
    _check_grads(name, shape, axis, 'float64', True)


# Central differences are exact only for polynomials of degree <= 2 with the shared steps; these
# functions are not polynomials, so they get steps small enough for the truncation error
# (about step**2 / 6) to stay under the tolerance.
_SMOOTH_GRAD_EPS = {'float16': 2**-4, 'float32': 2**-8, 'float64': 2**-14}


_GRAD_CASES = [((2, 3), None), ((2, 3), 0), ((2, 3, 2), (0, 2)), ((1, 1), 1), ((3, 0), 0)]


def _check_grads(name, shape, axis, dtype, double):
    x = array_utils.make_grad_input(shape, dtype)

    def fn(a):
        return _ROUTINES[name][0](a, axis, False)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    eps = _SMOOTH_GRAD_EPS[dtype]
    array_utils.check_backward(fn, [x], gy, dtype, eps=eps)
    if double:
        ggx = array_utils.make_grad_input(shape, dtype, 2)
        array_utils.check_double_backward(fn, [x], gy, ggx, dtype, eps=eps)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', _GRAD_CASES)
def test_backward_and_double_backward(name, shape, axis):
    _check_grads(name, shape, axis, 'float64', True)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_backward_in_low_precision(name, dtype):
    _check_grads(name, (2, 3), 1, dtype, False)
