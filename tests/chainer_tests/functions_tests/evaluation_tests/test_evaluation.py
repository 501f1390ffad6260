"""F.accuracy, F.binary_accuracy and F.r2_score against NumPy references, in both modes."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _accuracy(y, t, ignore_label):
    pred = y.argmax(axis=1).reshape(t.shape)
    counted = t != ignore_label if ignore_label is not None else numpy.ones(t.shape, bool)
    if not counted.any():
        return 0.0
    return ((pred == t) & counted).sum() / counted.sum()


@pytest.mark.parametrize('y_shape, t_shape', [
    ((10, 3), (10,)), ((4, 3, 5), (4, 5)), ((6, 4, 1, 1), (6,)), ((5, 2, 3, 1), (5, 3))])
@pytest.mark.parametrize('ignore_label', [None, -1, 1])
@pytest.mark.parametrize('dtype', loss_check.FLOAT_DTYPES)
def test_accuracy(mode, y_shape, t_shape, ignore_label, dtype):
    rs = numpy.random.RandomState(0)
    y = rs.uniform(-1, 1, y_shape).astype(dtype)
    t = rs.randint(-1, y_shape[1], t_shape).astype(numpy.int32)
    t[0] = y[0].argmax(axis=0).reshape(t[0].shape)  # at least one hit
    result = F.accuracy(make_array(mode, y, dtype), make_array(mode, t, numpy.int32),
                        ignore_label=ignore_label)
    assert result.shape == () and result.dtype == dtype
    numpy.testing.assert_allclose(to_numpy(result.array), _accuracy(y, t, ignore_label),
                                  rtol=1e-3)


def test_accuracy_of_only_ignored_labels_is_zero(mode):
    y = make_array(mode, numpy.zeros((3, 2)))
    t = make_array(mode, [-1, -1, -1], numpy.int32)
    assert float(to_numpy(F.accuracy(y, t, ignore_label=-1).array)) == 0.0


@pytest.mark.filterwarnings('ignore::RuntimeWarning')
def test_accuracy_of_no_labels_is_nan(mode):
    y = make_array(mode, numpy.zeros((0, 2)))
    t = make_array(mode, numpy.zeros(0), numpy.int32)
    assert numpy.isnan(to_numpy(F.accuracy(y, t).array))


@pytest.mark.parametrize('function', [F.accuracy, F.binary_accuracy])
def test_accuracies_have_no_gradient(mode, function):
    shape = (4, 3)
    y = chainer.Variable(make_array(mode, numpy.random.RandomState(0).uniform(-1, 1, shape)))
    t_shape = (4,) if function is F.accuracy else shape
    result = function(y, make_array(mode, numpy.zeros(t_shape), numpy.int32))
    if result.requires_grad:
        result.backward()
    assert y.grad is None


@pytest.mark.parametrize('y, t', [
    (numpy.zeros((2, 3)), numpy.zeros(2, numpy.float32)),  # float labels
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32)),  # integer scores
    (numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32)),  # batch sizes differ
    (numpy.zeros((2, 3, 4)), numpy.zeros((2, 5), numpy.int32)),  # other axes differ
    (numpy.zeros((2, 3, 4)), numpy.zeros(2, numpy.int32)),  # a trailing axis of size 4
])
def test_accuracy_invalid_inputs(mode, y, t):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.accuracy, y, t)


@pytest.mark.parametrize('shape', [(10,), (4, 3), (0,)])
@pytest.mark.parametrize('dtype', loss_check.FLOAT_DTYPES)
def test_binary_accuracy(mode, shape, dtype):
    rs = numpy.random.RandomState(1)
    y = rs.uniform(-1, 1, shape).astype(dtype)
    t = rs.randint(-1, 2, shape).astype(numpy.int32)
    result = F.binary_accuracy(make_array(mode, y, dtype), make_array(mode, t, numpy.int32))
    assert result.shape == () and result.dtype == dtype
    expected = ((y >= 0) == t).sum() / max(1, (t != -1).sum())
    numpy.testing.assert_allclose(to_numpy(result.array), expected, rtol=1e-3)


def test_binary_accuracy_invalid_inputs(mode):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.binary_accuracy,
                                    numpy.zeros(3), numpy.zeros(4, numpy.int32))


def _r2(pred, true):
    ss_res = ((pred - true) ** 2).sum(axis=0)
    ss_tot = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
    return numpy.where(ss_tot == 0, 0.0, 1 - ss_res / numpy.where(ss_tot == 0, 1, ss_tot))


@pytest.mark.parametrize('shape', [(8,), (6, 3)])
@pytest.mark.parametrize('multioutput', ['uniform_average', 'raw_values'])
@pytest.mark.parametrize('dtype', loss_check.FLOAT_DTYPES)
def test_r2_score(mode, shape, multioutput, dtype):
    rs = numpy.random.RandomState(2)
    pred = rs.uniform(-1, 1, shape).astype(dtype)
    true = rs.uniform(-1, 1, shape).astype(dtype)
    if len(shape) == 2:
        true[:, 1] = 0.5  # a constant column scores 0
    result = F.r2_score(make_array(mode, pred, dtype), make_array(mode, true, dtype),
                        multioutput=multioutput)
    expected = _r2(pred.astype(numpy.float64), true.astype(numpy.float64))
    if multioutput == 'uniform_average':
        expected = expected.mean()
    assert result.dtype == dtype and result.shape == numpy.shape(expected)
    numpy.testing.assert_allclose(to_numpy(result.array), expected, rtol=1e-2, atol=1e-3)


def test_r2_score_arguments():
    x = numpy.zeros(3)
    with pytest.raises(NotImplementedError):
        F.r2_score(x, x, sample_weight=numpy.ones(3))
    with pytest.raises(ValueError):
        F.r2_score(x, x, multioutput='variance_weighted')


def test_r2_score_invalid_inputs(mode):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.r2_score,
                                    numpy.zeros(3), numpy.zeros(3, numpy.float32))
