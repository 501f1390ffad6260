"""observe_value / observe_lr: record a value of the trainer in the observation, once per epoch."""

import types

import pytest

import chainer
from chainer.training import extensions


def _trainer(**optimizers):
    return types.SimpleNamespace(
        observation={}, updater=types.SimpleNamespace(get_optimizer=optimizers.__getitem__))


def test_observe_value_records_the_function_result():
    trainer = _trainer()
    trainer.step = 7
    ext = extensions.observe_value('step', lambda t: t.step * 2)
    ext(trainer)
    assert trainer.observation == {'step': 14}
    assert ext.trigger == (1, 'epoch')
    assert ext.priority == chainer.training.PRIORITY_WRITER


def test_observe_lr_reads_the_named_optimizer():
    trainer = _trainer(main=types.SimpleNamespace(lr=0.1), gen=types.SimpleNamespace(lr=0.02))
    extensions.observe_lr()(trainer)
    extensions.observe_lr('gen', 'gen/lr')(trainer)
    assert trainer.observation == {'lr': 0.1, 'gen/lr': 0.02}


def test_observe_lr_of_a_real_optimizer_follows_a_shift():
    optimizers = pytest.importorskip('chainer.optimizers')
    optimizer = optimizers.SGD(lr=0.5)
    optimizer.setup(chainer.Link())
    trainer = _trainer(main=optimizer)
    shift = extensions.ExponentialShift('lr', 0.5)
    shift.initialize(trainer)
    shift(trainer)
    extensions.observe_lr()(trainer)
    assert trainer.observation == {'lr': 0.25}


def test_observe_value_rejects_a_non_callable():
    with pytest.raises(TypeError):
        extensions.observe_value('x', 3)
