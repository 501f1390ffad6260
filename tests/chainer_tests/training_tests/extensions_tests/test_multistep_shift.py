"""MultistepShift: one more factor `gamma` at each call count of `step_value`; resumable."""

import types

import pytest

from chainer import training
from chainer.training import extensions


def test_values_follow_the_steps():
    optimizer = types.SimpleNamespace(lr=123.0)
    ext = extensions.MultistepShift('lr', 0.1, [2, 4, 5], 1.0, optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.lr] + [(ext(None), optimizer.lr)[1] for _ in range(7)]
    steps = [0, 0, 1, 1, 2, 3, 3, 3]
    assert values == [1.0 * 0.1 ** k for k in steps]


def test_init_none_reads_the_optimizer_attribute():
    optimizer = types.SimpleNamespace(lr=0.5)
    ext = extensions.MultistepShift('lr', 0.5, [1], None, optimizer=optimizer)
    ext.initialize(None)
    ext(None)
    assert optimizer.lr == 0.25


def test_trainer_snapshot_restores_the_stepped_value(mock_trainer, tmp_path):
    serializers = pytest.importorskip('chainer.serializers')
    optimizer = types.SimpleNamespace(lr=1.0)
    used_lr = []   # the value each update ran with (recorded before the shift's call)
    trainers = []
    for stop in (3, 5):
        trainer = mock_trainer(stop_trigger=(stop, 'iteration'))
        trainer.extend(extensions.MultistepShift('lr', 0.5, [1, 3], 1.0, optimizer=optimizer))
        trainer.extend(lambda t: used_lr.append(optimizer.lr), name='record',
                       priority=training.PRIORITY_WRITER)
        trainers.append(trainer)
    trainers[0].run()
    serializers.save_npz(str(tmp_path / 'snapshot.npz'), trainers[0])
    optimizer.lr = 1.0   # as a fresh process would set it
    serializers.load_npz(str(tmp_path / 'snapshot.npz'), trainers[1])
    trainers[1].run()
    assert used_lr == [1.0, 0.5, 0.5, 0.25, 0.25]


def test_bad_step_values_raise():
    with pytest.raises(TypeError):
        extensions.MultistepShift('lr', 0.5, ['1'], 1.0)
