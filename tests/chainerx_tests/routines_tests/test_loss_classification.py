"""Losses over integer labels and accuracy (spec A.12): sigmoid_cross_entropy (label -1 ignored),
softmax_cross_entropy (per-sample), hinge (unreduced) and accuracy against NumPy references, with
gradients of first and second order and the errors for bad ranks, dtypes and labels."""

import numpy
import pytest

import chainerx as chx

import array_utils

_LABEL_DTYPES = ('int8', 'int16', 'int32', 'int64', 'uint8')


def _labels(shape, low, high, dtype='int64', seed=0):
    rng = numpy.random.default_rng(seed)
    return rng.integers(low, high, shape).astype(dtype)


def _log_softmax(x):
    m = x.max(axis=1, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=1, keepdims=True))


def _sigmoid_cross_entropy(x, t):
    return numpy.where(t == -1, 0, numpy.logaddexp(0, x) - x * t)


def _softmax_cross_entropy(x, t):
    picked = numpy.array([-_log_softmax(x)[n, k] if k != -1 else 0 for n, k in enumerate(t)])
    return picked.reshape(t.shape)


def _hinge(x, t, norm=1.0):
    sign = numpy.ones_like(x)
    sign[numpy.arange(len(t)), t] = -1
    return numpy.maximum(0, 1 + x * sign) ** norm


def _accuracy(y, t, ignore_label=None):
    pred = y.argmax(axis=1)
    counted = numpy.ones(t.shape, bool) if ignore_label is None else t != ignore_label
    total = counted.sum()
    return ((pred == t) & counted).sum() / total if total else 0.0


# name -> (call, NumPy reference, x shape -> labels for it). sigmoid_cross_entropy has labels
# -1 (ignored), 0 and 1 of x's shape; the others (N,) labels of classes in [0, K), softmax's with
# -1.
_LOSSES = {
    'sigmoid_cross_entropy': (
        chx.sigmoid_cross_entropy,
        _sigmoid_cross_entropy,
        lambda shape, dtype: _labels(shape, -1, 2, dtype),
    ),
    'softmax_cross_entropy': (
        chx.softmax_cross_entropy,
        _softmax_cross_entropy,
        lambda shape, dtype: _labels(shape[:1], -1, shape[1], dtype),
    ),
    'hinge': (chx.hinge, _hinge, lambda shape, dtype: _labels(shape[:1], 0, shape[1], dtype)),
}
_SHAPES = [(3, 4), (1, 1), (5, 2), (0, 3)]


def _unsigned_safe(name, dtype):
    """uint8 cannot hold the ignored label -1."""
    return dtype != 'uint8' or name == 'hinge'


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize('shape', _SHAPES)
@pytest.mark.parametrize('x_dtype', array_utils.ALL_DTYPES)
def test_matches_numpy(name, shape, x_dtype, device):
    call, reference, make_labels = _LOSSES[name]
    x = array_utils.make_numpy(shape, x_dtype, contiguous=False)
    t = make_labels(shape, 'int32')
    out = call(chx.array(x, copy=False, device=device), chx.array(t, device=device))
    assert out.device is device
    expected = reference(x.astype(numpy.float64), t)
    array_utils.assert_array_equal(out, expected, dtype=array_utils.math_dtype(x_dtype))


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize('t_dtype', _LABEL_DTYPES)
def test_every_integer_label_dtype(name, t_dtype):
    call, reference, make_labels = _LOSSES[name]
    x = array_utils.make_numpy((4, 3), 'float64')
    t = make_labels((4, 3), 'int64')
    if not _unsigned_safe(name, t_dtype):
        t = numpy.maximum(t, 0)
    out = call(chx.array(x), chx.array(t.astype(t_dtype)))
    array_utils.assert_array_equal(out, reference(x, t))


def test_sigmoid_cross_entropy_of_any_rank():
    x = array_utils.make_numpy((2, 3, 2), 'float32')
    t = _labels((2, 3, 2), -1, 2)
    expected = _sigmoid_cross_entropy(x.astype(numpy.float64), t)
    array_utils.assert_array_equal(
        chx.sigmoid_cross_entropy(chx.array(x), chx.array(t)), expected, dtype='float32'
    )


@pytest.mark.parametrize('name', sorted(_LOSSES))
def test_large_logits_do_not_overflow(name):
    x = numpy.array([[1000.0, -1000.0], [-1000.0, 1000.0]])
    t = numpy.array([[1, 0], [1, 0]]) if name == 'sigmoid_cross_entropy' else numpy.array([0, 0])
    out = chx.to_numpy(_LOSSES[name][0](chx.array(x), chx.array(t)))
    assert numpy.all(numpy.isfinite(out))
    numpy.testing.assert_allclose(out, _LOSSES[name][1](x, t))


@pytest.mark.parametrize('norm', [2.0, 0.5, 3])
def test_hinge_norm(norm):
    x = array_utils.make_numpy((3, 4), 'float64')
    t = _labels((3,), 0, 4)
    array_utils.assert_array_equal(
        chx.hinge(chx.array(x), chx.array(t), norm=norm), _hinge(x, t, norm)
    )


@pytest.mark.parametrize(
    'name,x_shape,t_shape',
    [
        ('softmax_cross_entropy', (3,), (3,)),
        ('softmax_cross_entropy', (2, 3, 1), (2,)),
        ('softmax_cross_entropy', (2, 3), (2, 1)),
        ('softmax_cross_entropy', (2, 3), (3,)),
        ('hinge', (2, 3, 1), (2,)),
        ('hinge', (2, 3), (3,)),
        ('sigmoid_cross_entropy', (2, 3), (3,)),
        ('sigmoid_cross_entropy', (2, 3), (2, 3, 1)),
    ],
)
def test_bad_shapes_raise_dimension_error(name, x_shape, t_shape):
    with pytest.raises(chx.DimensionError):
        _LOSSES[name][0](chx.zeros(x_shape), chx.zeros(t_shape, 'int32'))


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize('t_dtype', ['float32', 'bool_'])
def test_non_integer_labels_raise_dtype_error(name, t_dtype):
    with pytest.raises(chx.DtypeError):
        _LOSSES[name][0](
            chx.zeros((2, 3)),
            chx.zeros((2, 3) if name == 'sigmoid_cross_entropy' else (2,), t_dtype),
        )


@pytest.mark.parametrize(
    'name,labels',
    [
        ('softmax_cross_entropy', [0, 3]),
        ('softmax_cross_entropy', [-2, 0]),
        ('hinge', [0, 3]),
        ('hinge', [-1, 0]),
    ],
)
def test_out_of_range_labels_raise_index_error(name, labels):
    x = chx.zeros((2, 3), device='native:0')
    with pytest.raises(IndexError):
        _LOSSES[name][0](x, chx.array(labels, 'int32', device=x.device))


@pytest.mark.skipif(array_utils.CUDA_DEVICE_COUNT == 0, reason='no CUDA device')
@pytest.mark.parametrize('labels,bad_row', [([0, 3], 1), ([-2, 0], 0), ([-1, 7], 1)])
def test_out_of_range_labels_on_cuda_give_nan(labels, bad_row):
    # Checking them would make the host wait for the GPU at every step (Note [Fused softmax cross entropy]).
    x = chx.array(numpy.arange(6, dtype='float32').reshape(2, 3), device='cuda:0').require_grad()
    loss = chx.softmax_cross_entropy(x, chx.array(labels, 'int32', device='cuda:0'))
    loss.sum().backward()
    loss, gx = chx.to_numpy(loss), chx.to_numpy(x.grad)
    assert numpy.isnan(loss[bad_row]) and numpy.isnan(gx[bad_row]).all()
    assert numpy.isfinite(loss[1 - bad_row]) and numpy.isfinite(gx[1 - bad_row]).all()


@pytest.mark.skipif(array_utils.CUDA_DEVICE_COUNT == 0, reason='no CUDA device')
@pytest.mark.parametrize('norm', [1.0, 2.0])
@pytest.mark.parametrize('labels,bad_row', [([0, 3], 1), ([-1, 0], 0), ([-2, 7], None)])
def test_out_of_range_hinge_labels_on_cuda_give_nan_rows(norm, labels, bad_row):
    x_np = numpy.arange(6, dtype='float32').reshape(2, 3) / 8
    x = chx.array(x_np, device='cuda:0').require_grad()
    loss = chx.hinge(x, chx.array(labels, 'int32', device='cuda:0'), norm=norm)
    loss.sum().backward()
    loss, gx = chx.to_numpy(loss), chx.to_numpy(x.grad)
    bad = [0, 1] if bad_row is None else [bad_row]
    assert numpy.isnan(loss[bad]).all() and (gx[bad] == 0).all()
    good = [r for r in (0, 1) if r not in bad]
    expected = _hinge(x_np[good], numpy.array(labels)[good], norm)
    numpy.testing.assert_allclose(loss[good], expected, rtol=1e-6)


@pytest.mark.parametrize('t_dtype', ['int8', 'int32', 'int64'])
def test_sigmoid_cross_entropy_takes_any_label_value(t_dtype, device):
    # Elementwise -(mask * (x * (t - (x >= 0)) - log1p(exp(-|x|)))) with mask = (t != -1), as
    # Chainer: labels outside {-1, 0, 1} are used as they are, never checked.
    x = array_utils.make_numpy((3, 4), 'float64')
    t = _labels((3, 4), -3, 4, t_dtype, seed=2)
    out = chx.sigmoid_cross_entropy(chx.array(x, device=device), chx.array(t, device=device))
    expected = -((t != -1) * (x * (t - (x >= 0)) - numpy.log1p(numpy.exp(-numpy.abs(x)))))
    array_utils.assert_array_equal(out, expected)
    array_utils.assert_array_equal(
        chx.sigmoid_cross_entropy(chx.zeros((3,)), chx.array([-1, 2, -2], 'int32')),
        numpy.array([0, numpy.log(2), numpy.log(2)], 'float32'))


def _check_grads(name, shape, dtype, double):
    call, _, make_labels = _LOSSES[name]
    t = chx.array(make_labels(shape, 'int32'))
    # Shifted by 1/8, hinge margins 1 +- x are never at the kink 0.
    x = array_utils.make_grad_input(shape, dtype) + 0.125

    def fn(a):
        return call(a, t)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    if name == 'hinge':
        options = {} if dtype == 'float64' else {'eps': 2**-4, 'tolerances': (5e-2, 5e-2)}
    else:
        options = (
            dict(array_utils.SMOOTH_GRAD_CHECK)
            if dtype == 'float64'
            else {'tolerances': (5e-2, 5e-2)}
        )
    array_utils.check_backward(fn, [x], gy, dtype, **options)
    if double:
        ggx = array_utils.make_grad_input(shape, dtype, seed=2)
        array_utils.check_double_backward(fn, [x], gy, ggx, dtype, **options)


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize('shape', [(3, 4), (2, 1), (0, 2)])
def test_backward_and_double_backward(name, shape):
    _check_grads(name, shape, 'float64', True)


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_backward_in_low_precision(name, dtype):
    _check_grads(name, (3, 4), dtype, False)


def test_hinge_squared_double_backward():
    x = array_utils.make_grad_input((3, 4), 'float64') + 0.125
    t = chx.array(_labels((3,), 0, 4))
    gy = array_utils.make_grad_input((3, 4), 'float64', seed=1)
    ggx = array_utils.make_grad_input((3, 4), 'float64', seed=2)
    array_utils.check_double_backward(lambda a: chx.hinge(a, t, 2.0), [x], gy, ggx, 'float64')


_ACCURACY_CASES = [
    ((5, 3), None),
    ((5, 3), 1),
    ((4, 3, 2), None),
    ((4, 3, 2), 0),
    ((0, 3), None),
    ((2, 1), None),
]


@pytest.mark.parametrize('y_shape,ignore_label', _ACCURACY_CASES)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('t_dtype', ['int8', 'int32', 'int64'])
def test_accuracy_matches_numpy(y_shape, ignore_label, dtype, t_dtype, device):
    y = array_utils.make_numpy(y_shape, dtype, contiguous=False)
    t = _labels(y_shape[:1] + y_shape[2:], 0, y_shape[1], t_dtype, seed=1)
    out = chx.accuracy(
        chx.array(y, copy=False, device=device), chx.array(t, device=device), ignore_label
    )
    assert out.device is device and out.shape == ()
    expected = _accuracy(y, t, ignore_label) if t.size else 0.0
    array_utils.assert_array_equal(out, expected, dtype=dtype)


@pytest.mark.parametrize('y_shape,t_shape', [((4, 3, 1), (4,)), ((4, 3, 2, 1, 1), (4, 2)),
                                             ((4, 3), (4, 1)), ((4, 1, 1), (4,)), ((4, 3, 2, 3), (4, 6)),
                                             ((4, 3, 2, 3), (4, 3, 2))])
def test_accuracy_prediction_takes_the_labels_shape(y_shape, t_shape, device):
    # The prediction argmax(y, axis=1) is reshaped to t's shape (the original's rule): trailing size-1 axes fit, and
    # so does any shape of as many samples.
    y = array_utils.make_numpy(y_shape, 'float32')
    t = _labels(t_shape, 0, y_shape[1], 'int32', seed=1)
    out = chx.accuracy(chx.array(y, device=device), chx.array(t, device=device))
    expected = (y.argmax(axis=1).reshape(t_shape) == t).mean()
    array_utils.assert_array_equal(out, expected, dtype='float32')


def test_accuracy_ties_predict_the_first_maximum():
    y = chx.array([[1.0, 3.0, 3.0], [2.0, 2.0, 2.0]])
    array_utils.assert_array_equal(chx.accuracy(y, chx.array([1, 0])), 1.0)
    array_utils.assert_array_equal(chx.accuracy(y, chx.array([2, 1])), 0.0)


@pytest.mark.parametrize('classes', [3, 40])  # fewer and more classes than a warp's lanes
def test_accuracy_nan_is_the_maximum_of_its_row(classes, device):
    # As numpy.argmax: the first NaN wins, and -inf and ties keep the first position.
    y = numpy.zeros((4, classes), 'float32')
    y[0, [1, classes - 1]] = numpy.nan
    y[1, 0], y[1, classes - 1] = -numpy.inf, numpy.nan
    y[2, :] = -numpy.inf
    y[3, 1:] = 5.0
    t = y.argmax(axis=1).astype('int32')
    assert list(t) == [1, classes - 1, 0, 1]
    out = chx.accuracy(chx.array(y, device=device), chx.array(t, device=device))
    array_utils.assert_array_equal(out, 1.0, dtype='float32')


@pytest.mark.parametrize('y_shape', [(3000, 10), (64, 1000), (20, 7, 300)])
@pytest.mark.parametrize('ignore_label', [None, 3])
def test_accuracy_of_many_samples(y_shape, ignore_label, device):
    # Past what one block takes, per-block counts are combined by a second kernel on CUDA.
    y = array_utils.make_numpy(y_shape, 'float32')
    t = _labels(y_shape[:1] + y_shape[2:], 0, y_shape[1], 'int64', seed=1)
    t[::3] = y.argmax(axis=1)[::3]  # enough correct predictions among 1000 classes
    out = chx.accuracy(chx.array(y, device=device), chx.array(t, device=device), ignore_label)
    array_utils.assert_array_equal(out, _accuracy(y, t, ignore_label), dtype='float32')


def test_accuracy_with_every_label_ignored_is_zero():
    out = chx.accuracy(chx.ones((3, 2)), chx.array([-1, -1, -1]), ignore_label=-1)
    array_utils.assert_array_equal(out, 0.0, dtype='float32')


def test_accuracy_keyword_and_no_graph():
    y = chx.array([[0.0, 1.0]]).require_grad()
    out = chx.accuracy(y=y, t=chx.array([1]), ignore_label=None)
    assert not out.is_backprop_required()


@pytest.mark.parametrize(
    'y_shape,t_shape', [((3,), (3,)), ((3, 2), (2,)), ((3, 2, 2), (3,)), ((3, 2), ()),
                        ((3, 2, 2), (3, 3)), ((0, 2), (1,)),
                        # no class to predict
                        ((4, 0), (4,)), ((0, 0), (0,))]
)
def test_accuracy_bad_shapes_raise_dimension_error(y_shape, t_shape):
    with pytest.raises(chx.DimensionError):
        chx.accuracy(chx.zeros(y_shape), chx.zeros(t_shape, 'int32'))


@pytest.mark.parametrize('y_dtype,t_dtype', [
    ('float32', 'float32'), ('float32', 'uint8'), ('float32', 'bool_'),
    ('int32', 'int32'), ('bool_', 'int32'), ('uint8', 'int32'),
    # The dtype checks come before the shape check.
    ('int32', 'float32'),
])
def test_accuracy_non_float_y_or_non_signed_labels_raise_dtype_error(y_dtype, t_dtype):
    with pytest.raises(chx.DtypeError):
        chx.accuracy(chx.zeros((2, 3), y_dtype), chx.zeros((5,), t_dtype))


def test_accuracy_operands_on_different_devices_raise_device_error():
    with pytest.raises(chx.DeviceError):
        chx.accuracy(chx.zeros((2, 3)), chx.zeros((2,), 'int32', device=array_utils.other_device()))


@pytest.mark.parametrize('x_dtype', ['float16', 'float32', 'float64'])
def test_softmax_cross_entropy_edges_of_one_kernel(x_dtype, device):
    # One fused kernel (Note [Fused softmax cross entropy]): another class at -inf adds nothing and the loss and its
    # gradient stay finite; an ignored row gives 0 whatever its scores (NaN included); NaN or +inf in a counted row
    # gives NaN.
    inf, nan = numpy.inf, numpy.nan
    x = numpy.array([[0.5, -inf, 1.5], [nan, inf, 1.0], [nan, 0.0, 1.0], [inf, 0.0, 1.0], [2.0, 1.0, 0.0]], x_dtype)
    t = numpy.array([0, -1, 2, 1, 2], 'int32')
    x_chx = chx.array(x, device=device).require_grad()
    out = chx.softmax_cross_entropy(x_chx, chx.array(t, device=device))
    expected = [numpy.log(numpy.exp(0.5) + numpy.exp(1.5)) - 0.5, 0, nan, nan,
                numpy.log(numpy.exp([2.0, 1.0, 0.0]).sum())]
    array_utils.assert_array_equal(out, numpy.array(expected), dtype=x_dtype)
    out[0].backward()
    gx = chx.to_numpy(x_chx.grad)
    softmax = numpy.exp([0.5, -inf, 1.5]) / (numpy.exp(0.5) + numpy.exp(1.5))
    numpy.testing.assert_allclose(gx[0], softmax - [1, 0, 0], rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize('shape', [(3, 1000), (70, 33), (2, 5000)])
def test_softmax_cross_entropy_of_wide_rows(shape, device):
    # Rows wider than a warp's 32 lanes (the CUDA kernel's strided loop), contiguous and transposed.
    x = array_utils.make_numpy(shape, 'float32') * 4
    t = _labels(shape[:1], -1, shape[1], 'int64', seed=3)
    expected = _softmax_cross_entropy(x.astype(numpy.float64), t)
    out = chx.softmax_cross_entropy(chx.array(x, device=device), chx.array(t, device=device))
    array_utils.assert_array_equal(out, expected, dtype='float32')
    x_t = numpy.ascontiguousarray(x.T)
    out = chx.softmax_cross_entropy(chx.array(x_t, device=device).T, chx.array(t, device=device))
    array_utils.assert_array_equal(out, expected, dtype='float32')
    # The first-order gradient (softmax minus the one-hot label, times gout; 0 for ignored rows), both layouts.
    gout = array_utils.make_numpy(shape[:1], 'float32', seed=4)
    rows = x.astype(numpy.float64)
    softmax = numpy.exp(rows - rows.max(axis=1, keepdims=True))
    softmax /= softmax.sum(axis=1, keepdims=True)
    one_hot = (numpy.arange(shape[1]) == t[:, None])
    expected_gx = numpy.where((t != -1)[:, None], (softmax - one_hot) * gout[:, None], 0)
    for x_chx in (chx.array(x, device=device), chx.array(x_t, device=device).T):
        x_chx.require_grad()
        loss = chx.softmax_cross_entropy(x_chx, chx.array(t, device=device))
        (loss * chx.array(gout, device=device)).sum().backward()
        array_utils.assert_array_equal(x_chx.grad, expected_gx, dtype='float32')


@pytest.mark.parametrize('name', sorted(_LOSSES))
def test_operands_on_different_devices_raise_device_error(name):
    call, _, make_labels = _LOSSES[name]
    x = chx.zeros((2, 3), device='native:0')
    t = chx.array(make_labels((2, 3), 'int32'), device='native:1')
    with pytest.raises(chx.DeviceError):
        call(x, t)


@pytest.mark.parametrize('x_dtype', ['float16', 'float32', 'float64'])
def test_softmax_cross_entropy_first_order_gradient_is_exact_for_ignored_rows(x_dtype, device):
    # The first-order gradient is one kernel (Note [Fused softmax cross entropy]): exactly 0 for ignored rows, NaN
    # in them included, and softmax minus the one-hot label, times gout, elsewhere.
    x = numpy.array([[0.5, 1.0, -1.0], [numpy.nan, 0.0, 1.0], [2.0, 1.0, 0.0]], x_dtype)
    t = numpy.array([1, -1, 0], 'int32')
    x_chx = chx.array(x, device=device).require_grad()
    loss = chx.softmax_cross_entropy(x_chx, chx.array(t, device=device))
    gout = chx.array(numpy.array([2.0, 0.5, -1.0], x_dtype), device=device)
    (loss * gout).sum().backward()
    rows = x.astype(numpy.float64)
    softmax = numpy.exp(rows - rows.max(axis=1, keepdims=True))
    softmax /= softmax.sum(axis=1, keepdims=True)
    expected = (softmax - numpy.eye(3)[[1, 0, 0]]) * numpy.array([[2.0], [0.0], [-1.0]])
    expected[1] = 0
    array_utils.assert_array_equal(x_chx.grad, expected, dtype=x_dtype)


@pytest.mark.parametrize('x_dtype', ['float16', 'float32', 'float64'])
def test_sigmoid_cross_entropy_one_kernel_each_way(x_dtype, device):
    # One elementwise kernel forward and one backward (numeric::SigmoidCrossEntropy and its gradient): an ignored
    # element gives exactly 0 both ways (NaN scores included), the gradient at x = 0 is 1/2 - t, and non-contiguous
    # and broadcast operands are read in place.
    x = numpy.array([[0.0, 0.0, numpy.nan, 3.0], [-2.0, 40.0, -40.0, 0.5]], x_dtype)
    t = numpy.array([[0, 1, -1, 1], [-1, 0, 1, 0]], 'int32')
    x_chx = chx.array(x, device=device).require_grad()
    loss = chx.sigmoid_cross_entropy(x_chx, chx.array(t, device=device))
    wide = x.astype(numpy.float64)
    with numpy.errstate(invalid='ignore'):
        expected = numpy.where(t == -1, 0, numpy.logaddexp(0, wide) - wide * t)
    array_utils.assert_array_equal(loss, expected, dtype=x_dtype)
    gout = numpy.array([[2.0, 1.0, 1.0, -1.0], [1.0, 0.5, 1.0, 1.0]], x_dtype)
    gx, = chx.grad([loss], [x_chx], grad_outputs=[chx.array(gout, device=device)])
    with numpy.errstate(invalid='ignore'):
        expected_gx = numpy.where(t == -1, 0, gout * (1 / (1 + numpy.exp(-wide)) - t))
    array_utils.assert_array_equal(gx, expected_gx, dtype=x_dtype)
    x_t = chx.array(numpy.ascontiguousarray(wide.T), device=device).T  # transposed
    t_b = chx.broadcast_to(chx.array(t[:1], device=device), (2, 4))
    out = chx.to_numpy(chx.sigmoid_cross_entropy(x_t, t_b))
    with numpy.errstate(invalid='ignore'):
        numpy.testing.assert_allclose(out, numpy.where(t[:1] == -1, 0, numpy.logaddexp(0, wide) - wide * t[:1]))
