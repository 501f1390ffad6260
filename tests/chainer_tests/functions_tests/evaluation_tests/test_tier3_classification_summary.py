"""classification_summary, precision, recall and f1_score against a per-class NumPy loop."""

import importlib

import numpy
import pytest

import chainer
from chainer.functions.evaluation.classification_summary import classification_summary
from chainer.functions.evaluation.classification_summary import f1_score
from chainer.functions.evaluation.classification_summary import precision
from chainer.functions.evaluation.classification_summary import recall
from chainer.utils import type_check

from mode_utils import make_array
from mode_utils import to_numpy

FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)
# The module, not the function that chainer.functions.evaluation binds under the same name.
summary_module = importlib.import_module('chainer.functions.evaluation.classification_summary')


def _summary(y, t, label_num, beta, ignore_label):
    pred = y.argmax(axis=1).reshape(-1)
    t = t.reshape(-1)
    counted = t != ignore_label
    if label_num is None:
        label_num = int(t.max()) + 1 if t.size else 0
    scores = numpy.empty((4, label_num))
    for k in range(label_num):
        tp = numpy.sum(counted & (pred == k) & (t == k))
        relevant, support = numpy.sum(counted & (pred == k)), numpy.sum(counted & (t == k))
        p = tp / relevant if relevant else numpy.nan
        r = tp / support if support else numpy.nan
        f = (1 + beta ** 2) * p * r / (beta ** 2 * p + r) if p + r else numpy.nan
        scores[:, k] = p, r, f, support
    return scores


def _inputs(mode, y_shape, t_shape, dtype, labels, ignore_label=-1, seed=0):
    rs = numpy.random.RandomState(seed)
    y = rs.uniform(-1, 1, y_shape).astype(dtype)
    t = rs.randint(0, labels, t_shape).astype(numpy.int32)
    t.ravel()[::4] = ignore_label
    return y, t, make_array(mode, y, dtype), make_array(mode, t, numpy.int32)


def _check(outputs, expected):
    p, r, f, support = outputs
    for v, dtype in ((p, numpy.float64), (r, numpy.float64), (f, numpy.float64),
                     (support, numpy.int64)):
        assert v.dtype == dtype and v.shape == expected.shape[1:]
    actual = numpy.stack([to_numpy(v.array) for v in outputs])
    numpy.testing.assert_allclose(actual, expected, rtol=1e-12, equal_nan=True)


@pytest.mark.parametrize('y_shape, t_shape', [
    ((20, 3), (20,)), ((4, 3, 5), (4, 5)), ((12, 4, 1, 1), (12,)), ((5, 2, 3, 1), (5, 3))])
@pytest.mark.parametrize('label_num, beta, ignore_label', [
    (None, 1.0, -1), (5, 2.0, -1), (None, 0.5, 1), (3, 1.0, 0)])
@pytest.mark.parametrize('dtype', FLOAT_DTYPES)
def test_classification_summary(mode, y_shape, t_shape, label_num, beta, ignore_label, dtype):
    labels = min(y_shape[1], label_num or y_shape[1])
    y, t, y_in, t_in = _inputs(mode, y_shape, t_shape, dtype, labels, ignore_label)
    with chainer.using_config('debug', False):
        outputs = classification_summary(y_in, t_in, label_num, beta, ignore_label)
    _check(outputs, _summary(y, t, label_num, beta, ignore_label))


def test_scores_of_absent_classes_are_nan(mode):
    y = make_array(mode, [[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]])
    t = make_array(mode, [0, 2], numpy.int32)
    p, r, f, support = [to_numpy(v.array) for v in classification_summary(y, t, label_num=4)]
    numpy.testing.assert_array_equal(support, [1, 0, 1, 0])
    numpy.testing.assert_array_equal(p, [0.5, numpy.nan, numpy.nan, numpy.nan])
    numpy.testing.assert_array_equal(r, [1.0, numpy.nan, 0.0, numpy.nan])
    numpy.testing.assert_array_equal(f, [2 / 3, numpy.nan, numpy.nan, numpy.nan])


@pytest.mark.parametrize('label_num, expected_size', [(None, 0), (2, 2)])
def test_no_samples(mode, label_num, expected_size):
    y = make_array(mode, numpy.zeros((0, 3)))
    t = make_array(mode, numpy.zeros(0), numpy.int32)
    outputs = classification_summary(y, t, label_num)
    assert all(v.shape == (expected_size,) for v in outputs)
    numpy.testing.assert_array_equal(to_numpy(outputs[3].array), numpy.zeros(expected_size))


def test_only_ignored_labels(mode):
    y = make_array(mode, numpy.zeros((3, 2)))
    t = make_array(mode, [-1, -1, -1], numpy.int32)
    assert all(v.shape == (0,) for v in classification_summary(y, t))


def test_predictions_beyond_label_num_count_for_no_class(mode):
    y = make_array(mode, [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
    t = make_array(mode, [0, 1], numpy.int32)
    p, r, _, support = [to_numpy(v.array) for v in classification_summary(y, t, label_num=2)]
    numpy.testing.assert_array_equal(p, [0.0, numpy.nan])
    numpy.testing.assert_array_equal(r, [0.0, 0.0])
    numpy.testing.assert_array_equal(support, [1, 1])


def test_chainerx_counts_in_chunks(monkeypatch):
    monkeypatch.setattr(summary_module, '_CHUNK', 7)  # 7 // 3 classes: chunks of 2 samples
    y, t, y_in, t_in = _inputs('chainerx', (11, 3), (11,), numpy.float32, 3, seed=2)
    _check(classification_summary(y_in, t_in), _summary(y, t, None, 1.0, -1))


@pytest.mark.parametrize('function, index', [(precision, 0), (recall, 1), (f1_score, 2)])
def test_single_scores(mode, function, index):
    y, t, y_in, t_in = _inputs(mode, (30, 4), (30,), numpy.float32, 4, 2, seed=1)
    score, support = function(y_in, t_in, label_num=5, ignore_label=2)
    expected = _summary(y, t, 5, 1.0, 2)
    numpy.testing.assert_allclose(to_numpy(score.array), expected[index], equal_nan=True)
    numpy.testing.assert_array_equal(to_numpy(support.array), expected[3])


def test_inputs_that_require_grad_give_no_gradient(mode):
    y = chainer.Variable(make_array(mode, numpy.random.RandomState(0).uniform(-1, 1, (4, 3))))
    t = make_array(mode, [0, 1, 2, 1], numpy.int32)
    for score in classification_summary(y, t)[:3]:
        if score.requires_grad:
            chainer.functions.sum(score).backward()
    assert y.grad is None


@pytest.mark.parametrize('y, t, error', [
    (numpy.zeros((2, 3)), numpy.zeros(2, numpy.float32), type_check.InvalidType),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32), type_check.InvalidType),
    (numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32), type_check.InvalidType),
    (numpy.zeros((2, 3, 4)), numpy.zeros(2, numpy.int32), type_check.InvalidType),
    (numpy.zeros((2, 3)), numpy.array([0, 3], numpy.int32), ValueError),
    (numpy.zeros((2, 3)), numpy.array([0, -2], numpy.int32), ValueError),
])
def test_errors(mode, y, t, error):
    with pytest.raises(error):
        classification_summary(make_array(mode, y, y.dtype), make_array(mode, t, t.dtype),
                               label_num=3)
