"""chainerx._core._mean_over_labels (what F.softmax_cross_entropy's mean runs on chainerx): sum(loss) times
1 / max(count of labels other than ignore_label, 1), the factor rounded to the loss's dtype first, against NumPy;
one kernel forward (two for inputs larger than a block takes), gradients of first and second order, the errors."""

import numpy
import pytest

import chainerx as chx

import array_utils

_mean_over_labels = chx._core._mean_over_labels

_LABEL_DTYPES = ('int8', 'int16', 'int32', 'int64', 'uint8')


def _labels(shape, dtype, seed=0, low=-1, high=3):
    return numpy.random.default_rng(seed).integers(low, high, shape).astype(dtype)


def _expected(loss, t, ignore_label):
    """The original's rounding: the sum in the loss's dtype times 1 / count rounded to that dtype."""
    count = max(int((t.astype(numpy.int64) != ignore_label).sum()), 1)
    scale = numpy.asarray(1.0 / count).astype(loss.dtype)
    total = loss.astype(numpy.float64).sum().astype(loss.dtype)
    return (total * scale).astype(loss.dtype)


@pytest.mark.parametrize('shape', [(), (0,), (1,), (5,), (3, 4), (2, 0, 3), (2, 3, 4)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('ignore_label', [-1, 2])
def test_matches_numpy(shape, dtype, contiguous, ignore_label, device):
    loss = array_utils.make_numpy(shape, dtype, contiguous=contiguous, low=0, high=4)
    t = _labels(shape, 'int32')
    out = _mean_over_labels(chx.array(loss, copy=False, device=device), chx.array(t, device=device), ignore_label)
    assert out.device is device and out.shape == ()
    array_utils.assert_array_equal(out, _expected(loss, t, ignore_label), dtype=dtype)


@pytest.mark.parametrize('t_dtype', _LABEL_DTYPES)
def test_every_integer_label_dtype(t_dtype, device):
    loss = array_utils.make_numpy((4, 3), 'float32', low=0)
    t = _labels((4, 3), 'int64').astype(t_dtype)  # uint8 turns -1 into 255, a counted label
    out = _mean_over_labels(chx.array(loss, device=device), chx.array(t, device=device), -1)
    array_utils.assert_array_equal(out, _expected(loss, t, -1), dtype='float32')


def test_numpy_integer_ignore_label_and_keywords():
    loss = chx.array([1.0, 2.0, 4.0])
    t = chx.array([0, 5, 1])
    out = _mean_over_labels(loss=loss, t=t, ignore_label=numpy.int64(5))
    array_utils.assert_array_equal(out, 3.5)  # 7 over the 2 labels other than 5
    array_utils.assert_array_equal(_mean_over_labels(loss, chx.array([0, -1, -1])), 7.0)  # ignore_label=-1


def test_every_label_ignored_divides_by_one(device):
    loss = chx.array([0.0, 0.0], 'float32', device=device)
    out = _mean_over_labels(loss, chx.array([-1, -1], device=device), -1)
    array_utils.assert_array_equal(out, 0.0, dtype='float32')


@pytest.mark.parametrize('size', [4097, 300001])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_long_losses_fold_in_partials(size, dtype, device):
    # Past what one block folds, per-block partials are combined by a second kernel on CUDA; native folds in lanes.
    # float16's sums stay below its largest finite value.
    loss = array_utils.make_numpy((size,), dtype, low=0, high=min(1.0, 30000 / size))
    t = _labels((size,), 'int16', high=10)
    loss_chx, t_chx = chx.array(loss, device=device), chx.array(t, device=device)
    out = _mean_over_labels(loss_chx, t_chx, -1)
    rtol = {'float16': 2e-3, 'float32': 1e-5, 'float64': 1e-12}[dtype]
    array_utils.assert_array_equal(out, _expected(loss, t, -1), dtype=dtype, rtol=rtol)
    assert chx.to_numpy(_mean_over_labels(loss_chx, t_chx, -1)).tobytes() == chx.to_numpy(out).tobytes()


def test_gradient_is_gout_times_the_factor_everywhere(device):
    loss = chx.array([1.0, 0.0, 3.0, 0.5], 'float32', device=device).require_grad()
    t = chx.array([0, -1, 2, 1], device=device)
    out = _mean_over_labels(loss, t, -1)
    out.backward()
    # 1 / 3 rounded to float32, at the ignored element too (a loss is 0 there by construction).
    expected = numpy.full(4, numpy.float32(1.0 / 3), 'float32')
    assert numpy.array_equal(chx.to_numpy(loss.grad), expected)


@pytest.mark.parametrize('shape', [(5,), (2, 3), (0, 2)])
def test_backward_and_double_backward(shape):
    t = chx.array(_labels(shape, 'int32'))
    loss = array_utils.make_grad_input(shape, 'float64')
    gy = array_utils.make_grad_input((), 'float64', seed=1)
    ggx = array_utils.make_grad_input(shape, 'float64', seed=2)

    def fn(x):
        return _mean_over_labels(x * x, t, -1)  # a loss whose own gradient depends on x, for the second order

    array_utils.check_backward(fn, [loss], gy, 'float64')
    array_utils.check_double_backward(fn, [loss], gy, ggx, 'float64')


def test_graph_follows_the_loss_only():
    loss = chx.array([1.0, 2.0]).require_grad()
    assert _mean_over_labels(loss, chx.array([0, 1]), -1).is_backprop_required()
    assert not _mean_over_labels(chx.array([1.0, 2.0]), chx.array([0, 1]), -1).is_backprop_required()


@pytest.mark.parametrize('loss_dtype,t_dtype', [
    ('int32', 'int32'), ('bool_', 'int32'), ('float32', 'float32'), ('float32', 'bool_'),
])
def test_non_float_loss_or_non_integer_labels_raise_dtype_error(loss_dtype, t_dtype):
    with pytest.raises(chx.DtypeError):
        _mean_over_labels(chx.zeros((3,), loss_dtype), chx.zeros((3,), t_dtype), -1)


@pytest.mark.parametrize('loss_shape,t_shape', [((3,), (4,)), ((3,), (3, 1)), ((2, 3), (3, 2)), ((), (1,))])
def test_shapes_differing_raise_dimension_error(loss_shape, t_shape):
    with pytest.raises(chx.DimensionError):
        _mean_over_labels(chx.zeros(loss_shape), chx.zeros(t_shape, 'int32'), -1)


def test_operands_on_different_devices_raise_device_error():
    with pytest.raises(chx.DeviceError):
        _mean_over_labels(chx.zeros((2,)), chx.zeros((2,), 'int32', device=array_utils.other_device()), -1)


def test_non_integer_ignore_label_raises_type_error():
    with pytest.raises(TypeError):
        _mean_over_labels(chx.zeros((2,)), chx.zeros((2,), 'int32'), 1.5)
