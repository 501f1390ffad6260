"""ExponentialShift: ``init * rate ** t`` after t calls, stopped at the target, resumable."""

import types

import pytest

from chainer import training
from chainer.training import extensions


def _values(ext, optimizer, n):
    """The learning rate after initialize, then after each of `n` calls."""
    ext.initialize(None)
    return [optimizer.lr] + [(ext(None), optimizer.lr)[1] for _ in range(n)]


@pytest.mark.parametrize('rate,init,target,expected_t', [
    (0.5, 2.0, None, None),
    (0.5, 2.0, 0.3, 3),     # 2 * 0.5 ** 3 = 0.25 passes 0.3
    (2.0, 1.0, 10.0, 4),    # 1 * 2 ** 4 = 16 passes 10
    (0.5, -2.0, -0.3, 3),   # negative schedule, negative target
    (3.0, -1.0, -5.0, 2),
    (1.0, 0.7, None, None),
])
def test_values_follow_the_formula(rate, init, target, expected_t):
    optimizer = types.SimpleNamespace(lr=123.0)
    ext = extensions.ExponentialShift('lr', rate, init=init, target=target, optimizer=optimizer)
    values = _values(ext, optimizer, 8)
    for t, value in enumerate(values):
        formula = init * rate ** t
        if expected_t is not None and t >= expected_t:
            formula = target
        assert value == formula, t


def test_init_defaults_to_the_optimizer_attribute():
    optimizer = types.SimpleNamespace(lr=0.1)
    values = _values(extensions.ExponentialShift('lr', 0.9, optimizer=optimizer), optimizer, 3)
    assert values == [0.1, 0.1 * 0.9, 0.1 * 0.9 ** 2, 0.1 * 0.9 ** 3]


def test_uses_the_main_optimizer_of_the_trainer():
    optimizer = types.SimpleNamespace(eps=1.0)
    optimizers = {'main': optimizer}
    trainer = types.SimpleNamespace(updater=types.SimpleNamespace(get_optimizer=optimizers.get))
    ext = extensions.ExponentialShift('eps', 0.1)
    ext.initialize(trainer)
    ext(trainer)
    assert optimizer.eps == 0.1


def test_default_trigger_is_every_iteration():
    assert extensions.ExponentialShift('lr', 0.5).trigger == (1, 'iteration')


@pytest.mark.parametrize('kwargs,error', [
    (dict(rate=-0.5), ValueError),
    (dict(rate='0.5'), TypeError),
    (dict(rate=0.5, init='1'), TypeError),
    (dict(rate=0.5, target=[1]), TypeError),
])
def test_bad_arguments_raise(kwargs, error):
    with pytest.raises(error):
        extensions.ExponentialShift('lr', **kwargs)


def test_serialize_resumes_the_schedule():
    serializers = pytest.importorskip('chainer.serializers')
    optimizer = types.SimpleNamespace(lr=1.0)
    ext = extensions.ExponentialShift('lr', 0.5, optimizer=optimizer)
    _values(ext, optimizer, 3)
    saved = serializers.DictionarySerializer()
    ext.serialize(saved)

    resumed_optimizer = types.SimpleNamespace(lr=1.0)
    resumed = extensions.ExponentialShift('lr', 0.5, optimizer=resumed_optimizer)
    resumed.serialize(serializers.NpzDeserializer(saved.target))
    resumed.initialize(None)
    assert resumed_optimizer.lr == 0.5 ** 3
    resumed(None)
    assert resumed_optimizer.lr == 0.5 ** 4


def _shifted_trainer(tiny, tmp_path, mode, stop, seen_lr):
    """A real Trainer halving SGD's lr by ExponentialShift(0.5), recording it with observe_lr."""
    optimizers = pytest.importorskip('chainer.optimizers')
    optimizer = optimizers.SGD(lr=1.0)
    updater = tiny.updater(device='native:0' if mode == 'chainerx' else '@numpy',
                           optimizer=optimizer)
    trainer = training.Trainer(updater, (stop, 'iteration'), out=str(tmp_path))
    trainer.extend(extensions.ExponentialShift('lr', 0.5))
    trainer.extend(extensions.observe_lr(), trigger=(1, 'iteration'))
    trainer.extend(lambda t: seen_lr.append(t.observation['lr']), name='record')
    return trainer, optimizer


def test_real_trainer_shifts_after_each_update_and_resumes(tiny, tmp_path, mode):
    serializers = pytest.importorskip('chainer.serializers')
    seen_lr = []
    trainer, optimizer = _shifted_trainer(tiny, tmp_path, mode, 3, seen_lr)
    trainer.run()
    assert seen_lr == [1.0, 0.5, 0.25]   # the lr each update used
    assert optimizer.lr == 0.125
    serializers.save_npz(str(tmp_path / 'snapshot.npz'), trainer)

    resumed, resumed_optimizer = _shifted_trainer(tiny, tmp_path, mode, 5, seen_lr)
    serializers.load_npz(str(tmp_path / 'snapshot.npz'), resumed)
    resumed.run()
    assert seen_lr == [1.0, 0.5, 0.25, 0.125, 0.0625]
    assert resumed_optimizer.lr == 0.5 ** 5
