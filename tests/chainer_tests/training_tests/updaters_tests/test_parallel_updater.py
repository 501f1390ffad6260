"""ParallelUpdater: one step equals a StandardUpdater step on the whole batch with the summed gradients."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import iterators
from chainer import optimizers
from chainer import serializers
from chainer import training
from chainer.training.updaters.parallel_updater import ParallelUpdater

NAMES = ('main', 'second', 'third')


def _sum_regression(tiny):
    """The tiny regression with a loss summed (not averaged) over the examples."""
    model = tiny.Model()
    model.loss_function = lambda y, t: F.sum(F.squared_error(y, t))
    return model


def _iterator(tiny, batch_size):
    return iterators.SerialIterator(tiny.dataset(), batch_size, shuffle=False)


def _parallel(tiny, devices, model=None, optimizer=None, batch_size=None, **kwargs):
    model = tiny.Model() if model is None else model
    optimizer = optimizer or optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    batch_size = batch_size or 2 * len(devices)
    return ParallelUpdater(_iterator(tiny, batch_size), optimizer,
                           devices=dict(zip(NAMES, devices)), **kwargs)


def _reference(tiny, n_devices, model=None, optimizer=None, scale_loss=True):
    """A StandardUpdater on the whole batch whose loss is n times the model's (Note [Summed gradients])."""
    model = tiny.Model() if model is None else model
    optimizer = optimizer or optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    factor = n_devices if scale_loss else 1
    return training.updaters.StandardUpdater(
        _iterator(tiny, 2 * n_devices), optimizer, loss_func=lambda x, t: factor * model(x, t))


def _run(updater, n):
    for _ in range(n):
        updater.update()
    return updater


def _check_models(tiny, updater, reference, devices, rtol=1e-5):
    expected = tiny.params_of(reference.get_optimizer('main').target)
    for name, spec in zip(NAMES, devices):
        model = updater._models[name]
        assert model.device == chainer.get_device(spec)
        got = tiny.params_of(model)
        for key, value in expected.items():
            numpy.testing.assert_allclose(got[key], value, rtol=rtol, atol=1e-6, err_msg=name + key)


DEVICE_SETS = [
    ('@numpy', 'native:0'),
    ('native:0', 'native:1'),
    ('native:1', '@numpy'),
    ('@numpy', '@numpy'),
    ('@numpy', 'native:0', 'native:1'),
]


@pytest.mark.parametrize('devices', DEVICE_SETS)
def test_equals_standard_updater_with_summed_gradients(tiny, devices):
    updater = _run(_parallel(tiny, devices), 5)
    reference = _run(_reference(tiny, len(devices)), 5)
    assert updater.iteration == 5 and updater.epoch == reference.epoch
    _check_models(tiny, updater, reference, devices)
    assert updater.get_optimizer('main').t == 5


@pytest.mark.parametrize('devices', [('@numpy', 'native:0'), ('native:1', 'native:0', '@numpy')])
def test_sum_loss_equals_the_plain_standard_updater(tiny, devices):
    updater = _run(_parallel(tiny, devices, model=_sum_regression(tiny)), 4)
    reference = _run(_reference(tiny, len(devices), model=_sum_regression(tiny), scale_loss=False), 4)
    _check_models(tiny, updater, reference, devices)


def test_one_step_by_hand(tiny):
    """The first step written out: the gradient is the sum of the two sub-batch gradients."""
    updater = _run(_parallel(tiny, ('@numpy', 'native:0')), 1)
    x, t = chainer.dataset.concat_examples(tiny.dataset()[:4])
    w0 = numpy.array([[0.1, -0.2, 0.3]], numpy.float64)
    grad_w = numpy.zeros_like(w0)
    for rows in ([0, 2], [1, 3]):   # batch[i::2]
        residual = x[rows] @ w0.T - t[rows]
        grad_w += 2 * residual.T @ x[rows] / residual.size
    numpy.testing.assert_allclose(tiny.params_of(updater._models['main'])['/W'], w0 - 0.1 * grad_w, rtol=1e-5)


def test_momentum_state_stays_with_the_main_model(tiny):
    devices = ('native:0', '@numpy')
    updater = _run(_parallel(tiny, devices, optimizer=optimizers.MomentumSGD(lr=0.05)), 6)
    reference = _run(_reference(tiny, 2, optimizer=optimizers.MomentumSGD(lr=0.05)), 6)
    _check_models(tiny, updater, reference, devices)


@pytest.mark.parametrize('devices', [('@numpy', 'native:0'), ('native:0', '@numpy'), ('native:0', 'native:1')])
def test_loss_scale_gives_the_same_steps(tiny, devices):
    updater = _run(_parallel(tiny, devices, loss_scale=8.0), 4)
    reference = _run(_reference(tiny, 2), 4)
    _check_models(tiny, updater, reference, devices)


def test_models_given_explicitly(tiny):
    model = tiny.Model()
    optimizer = optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    second = model.copy(mode='copy').to_device('native:1')
    updater = ParallelUpdater(_iterator(tiny, 4), optimizer, models={'main': model, 'second': second})
    assert updater._devices == {'main': chainer.get_device('@numpy'), 'second': chainer.get_device('native:1')}
    _run(updater, 3)
    _check_models(tiny, updater, _run(_reference(tiny, 2), 3), ('@numpy', 'native:1'))
    with_devices = ParallelUpdater(_iterator(tiny, 4), optimizer, models={'main': model, 'second': second},
                                   devices={'main': '@numpy', 'second': 'native:1'})
    assert with_devices._models['second'] is second


def test_loss_func_is_called_per_device_with_its_sub_batch(tiny):
    calls = []
    updater = _parallel(tiny, ('@numpy', 'native:1'), batch_size=5)

    def loss_func(x, t):
        calls.append((x.shape, chainer.backend.get_device_from_array(x)))
        return F.sum(x)

    updater.loss_func = loss_func
    updater.update()
    assert calls == [((3, 3), chainer.get_device('@numpy')), ((2, 3), chainer.get_device('native:1'))]


def test_trainer_reports_every_model(tiny, tmp_path):
    updater = _parallel(tiny, ('@numpy', 'native:0'))
    trainer = training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    seen = []
    trainer.extend(lambda t: seen.append(sorted(t.observation)), name='record')
    trainer.run()
    assert seen == [['main/loss', 'second/loss']] * 6


def test_serialization_resumes_every_model(tiny):
    devices = ('@numpy', 'native:0')
    updater = _run(_parallel(tiny, devices, optimizer=optimizers.MomentumSGD(lr=0.05)), 2)
    saved = serializers.DictionarySerializer()
    updater.serialize(saved)
    resumed = _parallel(tiny, devices, optimizer=optimizers.MomentumSGD(lr=0.05))
    # Copies: DictionarySerializer keeps the arrays themselves (the momentum states would be shared).
    resumed.serialize(serializers.NpzDeserializer({key: numpy.array(value) for key, value in saved.target.items()}))
    assert resumed.iteration == 2
    _check_models(tiny, resumed, updater, devices, rtol=0)   # the copy on native:0 is loaded too
    _run(updater, 2)
    _run(resumed, 2)
    _check_models(tiny, resumed, updater, devices, rtol=1e-6)


def test_bad_arguments(tiny):
    def optimizer():
        opt = optimizers.SGD()
        opt.setup(tiny.Model())
        return opt

    iterator = _iterator(tiny, 4)
    with pytest.raises(ValueError, match='either models or devices'):
        ParallelUpdater(iterator, optimizer())
    with pytest.raises(KeyError, match='main'):
        ParallelUpdater(iterator, optimizer(), devices={'first': '@numpy', 'second': 'native:0'})
    opt = optimizer()
    with pytest.raises(KeyError, match='main'):
        ParallelUpdater(iterator, opt, models={'second': opt.target})
    with pytest.raises(ValueError, match='target'):
        ParallelUpdater(iterator, opt, models={'main': tiny.Model()})
    with pytest.raises(ValueError, match='same models'):
        ParallelUpdater(iterator, opt, models={'main': opt.target}, devices={'main': '@numpy', 'x': '@numpy'})
    with pytest.raises(ValueError):   # a malformed device specifier
        ParallelUpdater(iterator, optimizer(), devices={'main': '@bogus'})
    with pytest.raises(TypeError):
        ParallelUpdater(iterator, optimizer(), devices={'main': '@numpy'}, device='native:0')
