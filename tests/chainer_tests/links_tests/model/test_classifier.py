"""L.Classifier: loss and accuracy against NumPy, reporting, label keys, gradients, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import reporter

from mode_utils import to_numpy

DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _data(mode, n=6):
    rng = numpy.random.RandomState(0)
    device = chainer.get_device(DEVICES[mode])
    x = rng.uniform(-1, 1, (n, 4)).astype(numpy.float32)
    t = rng.randint(0, 3, n).astype(numpy.int32)
    return device.send(x), device.send(t), x, t


def _expected(model, x, t):
    W, b = to_numpy(model.predictor.W.array), to_numpy(model.predictor.b.array)
    y = x.astype(numpy.float64) @ W.T + b
    log_p = y - y.max(1, keepdims=True)
    log_p -= numpy.log(numpy.exp(log_p).sum(1, keepdims=True))
    return -log_p[numpy.arange(len(t)), t].mean(), (y.argmax(1) == t).mean()


def test_loss_and_accuracy_are_returned_kept_and_reported(mode):
    model = L.Classifier(L.Linear(4, 3)).to_device(DEVICES[mode])
    x, t, x_np, t_np = _data(mode)
    rep = reporter.Reporter()
    rep.add_observer('main', model)
    observation = {}
    with rep.scope(observation):
        loss = model(x, t)
    expected_loss, expected_accuracy = _expected(model, x_np, t_np)
    assert loss is model.loss and model.y.shape == (6, 3)
    numpy.testing.assert_allclose(to_numpy(loss.array), expected_loss, rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(model.accuracy.array), expected_accuracy)
    assert sorted(observation) == ['main/accuracy', 'main/loss']
    reported = observation['main/loss']
    assert reported is not loss  # a detached copy
    numpy.testing.assert_allclose(to_numpy(reported.array), expected_loss, rtol=1e-5)
    loss.backward()
    assert model.predictor.W.grad is not None and model.predictor.b.grad is not None


def test_compute_accuracy_off_skips_the_accuracy(mode):
    model = L.Classifier(L.Linear(4, 3)).to_device(DEVICES[mode])
    model.compute_accuracy = False
    x, t, _, _ = _data(mode)
    observation = {}
    rep = reporter.Reporter()
    rep.add_observer('main', model)
    with rep.scope(observation):
        model(x, t)
    assert model.accuracy is None
    assert [k for k in observation if k.endswith('accuracy')] == []


class TwoInputs(chainer.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(4, 3)

    def forward(self, x, scale, shift=0):
        return self.l(x) * scale + shift


def test_label_key_picks_the_labels_by_position_or_keyword():
    x, t, _, _ = _data('numpy')
    model = L.Classifier(TwoInputs(), label_key=1)
    loss_position = model(x, t, 2.0)
    model.label_key = 't'
    loss_keyword = model(x, 2.0, t=t)
    model.label_key = -1
    loss_last = model(x, 2.0, t)
    numpy.testing.assert_allclose(loss_position.array, loss_keyword.array)
    numpy.testing.assert_allclose(loss_position.array, loss_last.array)


def test_custom_loss_and_accuracy_functions():
    x, t, _, _ = _data('numpy')
    calls = []

    def lossfun(y, t):
        calls.append('loss')
        return F.sum(y)

    model = L.Classifier(L.Linear(4, 3), lossfun=lossfun, accfun=lambda y, t: calls.append(
        'acc') or F.accuracy(y, t))
    loss = model(x, t)
    assert calls == ['loss', 'acc']
    numpy.testing.assert_allclose(loss.array, model.y.array.sum(), rtol=1e-6)


def test_bad_label_keys_raise():
    with pytest.raises(TypeError, match='label_key'):
        L.Classifier(L.Linear(4, 3), label_key=1.5)
    x, t, _, _ = _data('numpy')
    with pytest.raises(ValueError, match='out of bounds'):
        L.Classifier(L.Linear(4, 3), label_key=2)(x, t)
    with pytest.raises(ValueError, match='not found'):
        L.Classifier(L.Linear(4, 3), label_key='t')(x, t)


def test_predictor_is_a_registered_child():
    model = L.Classifier(L.Linear(4, 3))
    assert [p for p, _ in model.namedparams()] == ['/predictor/W', '/predictor/b']
    assert model.predictor.name == 'predictor'
