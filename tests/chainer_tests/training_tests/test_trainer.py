"""Trainer and StandardUpdater: the loop, extension registration and order, errors, and training a model."""

import io

import numpy
import pytest

import chainer
from chainer import optimizers
from chainer import serializers
from chainer import training

DEVICES = ['@numpy', 'native:0']


def _manual_training(tiny, n_iterations, batch_size=4):
    """What StandardUpdater must do: SGD steps on consecutive batches of the dataset (NumPy)."""
    model = tiny.Model()
    optimizer = optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    data = tiny.dataset()
    for i in range(n_iterations):
        batch = [data[(i * batch_size + j) % len(data)] for j in range(batch_size)]
        x = numpy.stack([b[0] for b in batch])
        t = numpy.stack([b[1] for b in batch])
        optimizer.update(model, x, t)
    return tiny.params_of(model)


@pytest.mark.parametrize('device', DEVICES)
def test_trainer_trains_like_a_manual_loop(tiny, tmp_path, device):
    updater = tiny.updater(device)
    model = updater.get_optimizer('main').target
    expected_xp = numpy if device == '@numpy' else chainer.backend.chainerx
    assert isinstance(model.W.array, expected_xp.ndarray)
    trainer = training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    losses = []
    trainer.extend(lambda t: losses.append(float(t.observation['main/loss'].array)), name='loss')
    trainer.run()
    assert updater.iteration == 6 and updater.epoch == 2 and updater.is_new_epoch
    assert len(losses) == 6 and losses[-1] < losses[0]
    expected = _manual_training(tiny, 6)
    for name, value in tiny.params_of(model).items():
        numpy.testing.assert_allclose(value, expected[name], rtol=1e-5, atol=1e-6)


def test_updater_accessors_and_epoch_progress(tiny):
    updater = tiny.updater(batch_size=5)
    optimizer = updater.get_optimizer('main')
    assert updater.get_all_optimizers() == {'main': optimizer}
    iterator = updater.get_iterator('main')
    assert updater.device == chainer.get_device('@numpy')
    progress = []
    for _ in range(3):
        updater.update()
        progress.append((updater.iteration, updater.epoch, updater.epoch_detail,
                         updater.previous_epoch_detail, updater.is_new_epoch))
    assert progress == [(1, 0, 5 / 12, 0., False), (2, 0, 10 / 12, 5 / 12, False),
                        (3, 1, 15 / 12, 10 / 12, True)]
    assert iterator.epoch == 1 and optimizer.epoch == 1  # auto_new_epoch


def test_updater_loss_func_and_dict_converter(tiny):
    model = tiny.Model()
    seen = []

    def loss_func(x, t):
        seen.append((x.shape, t.shape))
        return model(x, t)

    optimizer = optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    converter = chainer.dataset.converter()(
        lambda batch, device: {'x': numpy.stack([b[0] for b in batch]),
                               't': numpy.stack([b[1] for b in batch])})
    iterator = chainer.iterators.SerialIterator(tiny.dataset(), 4, shuffle=False)
    updater = training.updaters.StandardUpdater(iterator, optimizer, converter=converter,
                                                loss_func=loss_func)
    updater.update()
    assert seen == [((4, 3), (4, 1))]


def test_updater_serialize_restores_iteration_iterator_and_optimizer(tiny):
    source = tiny.updater(optimizer=optimizers.MomentumSGD(lr=0.05))
    for _ in range(4):
        source.update()
    saver = serializers.DictionarySerializer()
    source.serialize(saver)
    assert {'iteration', 'iterator:main/current_position', 'model:main/W'} <= set(saver.target)
    resumed = tiny.updater(optimizer=optimizers.MomentumSGD(lr=0.05))
    # Copies, as a file would give: a loaded state array must not alias the source's.
    saved = {key: numpy.array(value, copy=True) for key, value in saver.target.items()}
    resumed.serialize(serializers.NpzDeserializer(saved))
    assert resumed.iteration == 4 and resumed.epoch_detail == source.epoch_detail
    for _ in range(3):
        source.update()
        resumed.update()
    model, resumed_model = (u.get_optimizer('main').target for u in (source, resumed))
    for name, value in tiny.params_of(model).items():
        numpy.testing.assert_array_equal(tiny.params_of(resumed_model)[name], value)


def test_extensions_run_by_priority_with_their_triggers(mock_trainer):
    calls = []

    def recorder(label):
        return lambda trainer: calls.append((trainer.updater.iteration, label))

    trainer = mock_trainer((4, 'iteration'))
    trainer.extend(recorder('reader'), name='r', priority=training.PRIORITY_READER)
    trainer.extend(recorder('writer'), name='w', priority=training.PRIORITY_WRITER,
                   trigger=(2, 'iteration'))
    trainer.extend(recorder('editor'), name='e', priority=training.PRIORITY_EDITOR,
                   call_before_training=True)
    trainer.run()
    assert calls == [(0, 'editor'), (1, 'editor'), (1, 'reader'), (2, 'writer'), (2, 'editor'),
                     (2, 'reader'), (3, 'editor'), (3, 'reader'), (4, 'writer'), (4, 'editor'),
                     (4, 'reader')]


def test_make_extension_sets_defaults_and_hooks(mock_trainer):
    events = []

    @training.make_extension(trigger=(2, 'iteration'), priority=training.PRIORITY_WRITER,
                             initializer=lambda trainer: events.append('init'),
                             finalizer=lambda: events.append('final'))
    def my_ext(trainer):
        events.append(trainer.updater.iteration)

    assert my_ext.default_name == 'my_ext' and my_ext.priority == training.PRIORITY_WRITER
    trainer = mock_trainer((5, 'iteration'))
    trainer.extend(my_ext)
    assert trainer.get_extension('my_ext') is my_ext
    trainer.run()
    assert events == ['init', 2, 4, 'final']
    with pytest.raises(ValueError, match='invoke_before_training'):
        training.make_extension(invoke_before_training=True)


def test_extension_names(mock_trainer):
    trainer = mock_trainer()

    class Ext(training.Extension):
        def __call__(self, trainer):
            pass

    first, second = Ext(), Ext()
    trainer.extend(first)
    trainer.extend(second)
    assert (first.name, second.name) == ('Ext', 'Ext_1')
    assert trainer.get_extension('Ext_1') is second
    with pytest.raises(ValueError, match='not found'):
        trainer.get_extension('Ext_2')
    with pytest.raises(ValueError, match='training'):
        trainer.extend(Ext(), name='training')
    with pytest.raises(ValueError, match='invoke_before_training'):
        trainer.extend(Ext(), invoke_before_training=True)
    with pytest.raises(NotImplementedError):
        training.Extension()(trainer)


def test_error_in_loop_calls_on_error_and_finalize_then_propagates(mock_trainer, capsys):
    events = []

    class Failing(training.Extension):
        def __call__(self, trainer):
            if trainer.updater.iteration == 3:
                raise ZeroDivisionError('boom')

        def on_error(self, trainer, exc, tb):
            events.append(('on_error', type(exc).__name__, trainer.updater.iteration))

        def finalize(self):
            events.append('finalize')

    class FailingHandler(training.Extension):
        def __call__(self, trainer):
            pass

        def on_error(self, trainer, exc, tb):
            raise RuntimeError('handler fails too')

    trainer = mock_trainer()
    trainer.extend(FailingHandler(), priority=training.PRIORITY_WRITER)
    trainer.extend(Failing())
    with pytest.raises(ZeroDivisionError, match='boom'):
        trainer.run()
    assert events == [('on_error', 'ZeroDivisionError', 3), 'finalize']
    err = capsys.readouterr().err
    assert 'Exception in main training loop: boom' in err
    assert 'Exception in error handler: handler fails too' in err


def test_silent_loop_exception_and_single_run(mock_trainer, capsys):
    trainer = mock_trainer((2, 'iteration'))
    with pytest.raises(RuntimeError, match='not been started'):
        trainer.elapsed_time
    trainer.extend(lambda t: 1 / 0, name='fail')
    with pytest.raises(ZeroDivisionError):
        trainer.run(show_loop_exception_msg=False)
    assert capsys.readouterr().err == ''
    done = mock_trainer((2, 'iteration'))
    done.run()
    assert done.elapsed_time > 0 and not done.is_before_training
    with pytest.raises(RuntimeError, match='multiple times'):
        done.run()


def test_trainer_serialize_keeps_elapsed_time_and_extension_state(mock_trainer):
    log = training.extensions.LogReport(trigger=(1, 'iteration'), log_name=None)
    trainer = mock_trainer((3, 'iteration'), extensions=[log])
    trainer.extend(lambda t: chainer.report({'v': 1.5}), name='v', priority=training.PRIORITY_WRITER)
    trainer.run()
    saver = serializers.DictionarySerializer()
    trainer.serialize(saver)
    resumed_log = training.extensions.LogReport(trigger=(1, 'iteration'), log_name=None)
    resumed = mock_trainer((3, 'iteration'), extensions=[resumed_log])
    resumed.extend(lambda t: None, name='v')
    resumed.serialize(serializers.NpzDeserializer(saver.target))
    assert resumed.updater.iteration == 3
    assert resumed._snapshot_elapsed_time == pytest.approx(trainer.elapsed_time)
    assert resumed_log.log == log.log and len(log.log) == 3


def test_observers_are_the_optimizer_targets(tiny, tmp_path):
    updater = tiny.updater()
    trainer = training.Trainer(updater, (1, 'iteration'), out=str(tmp_path))
    out = io.StringIO()
    trainer.extend(lambda t: out.write(' '.join(sorted(t.observation))), name='keys')
    trainer.run()
    assert out.getvalue() == 'main/loss'


def test_get_trainer_with_mock_updater(tmp_path):
    trainer = chainer.testing.get_trainer_with_mock_updater((2, 'epoch'), iter_per_epoch=3,
                                                            out=str(tmp_path))
    seen = []
    trainer.extend(lambda t: seen.append(t.updater.epoch_detail), trigger=(1, 'iteration'))
    trainer.run()
    assert trainer.updater.iteration == 6
    assert seen == pytest.approx([1 / 3, 2 / 3, 1, 4 / 3, 5 / 3, 2])
