"""Bad arguments to the public constructors and functions of the training framework (links,
optimizers, datasets, iterators, triggers, updaters, the trainer, extensions, serializers) raise an
exception of the right class naming the argument, never a deep AttributeError, a ZeroDivisionError
or a hang."""

import numpy
import pytest

import chainer
from chainer import datasets
from chainer import iterators
from chainer import links as L
from chainer import optimizers
from chainer import serializers
from chainer import training
from chainer.training import extensions
from chainer.training import triggers


def _iterator():
    return iterators.SerialIterator(list(range(4)), 2)


def _optimizer():
    optimizer = optimizers.SGD()
    optimizer.setup(L.Linear(3, 2))
    return optimizer


def _updater():
    return training.updaters.StandardUpdater(_iterator(), _optimizer())


# (call, exception class, message pattern): each row is one bad argument.
_CASES = {
    # iterators
    'batch_size_zero': (lambda: iterators.SerialIterator([1, 2], 0), ValueError, 'batch_size'),
    'batch_size_negative': (lambda: iterators.MultithreadIterator([1, 2], -1), ValueError,
                            'batch_size'),
    'batch_size_float': (lambda: iterators.SerialIterator([1, 2], 2.5), TypeError, 'batch_size'),
    'batch_size_0d_array': (lambda: iterators.SerialIterator([1, 2], numpy.array(2)), TypeError,
                            'batch_size'),
    'batch_size_bool': (lambda: iterators.SerialIterator([1, 2], True), TypeError, 'batch_size'),
    'n_threads_zero': (lambda: iterators.MultithreadIterator([1, 2], 1, n_threads=0), ValueError,
                       'n_threads'),
    'n_processes_zero': (lambda: iterators.MultiprocessIterator([1, 2], 1, n_processes=0),
                         ValueError, 'n_processes'),
    'empty_dataset_repeat': (lambda: next(iterators.SerialIterator([], 2)), ValueError, 'empty'),
    # datasets
    'tuple_dataset_lengths': (lambda: datasets.TupleDataset([1, 2], [1]), ValueError, 'length'),
    'sub_dataset_overrun': (lambda: datasets.SubDataset([1, 2], 0, 5), ValueError, 'overruns'),
    'split_at_float': (lambda: datasets.split_dataset([1, 2], 1.5), TypeError, 'split_at'),
    'split_at_too_big': (lambda: datasets.split_dataset([1, 2], 3), ValueError, 'split_at'),
    'split_n_zero': (lambda: datasets.split_dataset_n([1, 2], 0), ValueError, 'n must be positive'),
    'split_n_negative': (lambda: datasets.split_dataset_n([1, 2], -2), ValueError, 'positive'),
    'split_n_float': (lambda: datasets.split_dataset_n([1, 2], 2.0), TypeError, 'integer'),
    'cross_validation_zero': (lambda: datasets.get_cross_validation_datasets([1, 2], 0),
                              ValueError, 'n_folds'),
    'concat_empty': (lambda: chainer.dataset.concat_examples([]), ValueError, 'empty'),
    # triggers
    'trigger_unit': (lambda: training.get_trigger((1, 'epochs')), ValueError, 'unit'),
    'trigger_zero': (lambda: triggers.IntervalTrigger(0, 'iteration'), ValueError, 'period'),
    'trigger_negative': (lambda: training.get_trigger((-1, 'epoch')), ValueError, 'period'),
    'trigger_nan': (lambda: training.get_trigger((float('nan'), 'epoch')), ValueError, 'period'),
    'trigger_inf': (lambda: training.get_trigger((float('inf'), 'epoch')), ValueError, 'period'),
    'trigger_string': (lambda: triggers.IntervalTrigger('1', 'epoch'), TypeError, 'period'),
    'trigger_0d_array': (lambda: triggers.IntervalTrigger(numpy.array(2), 'epoch'), TypeError,
                         'period'),
    'time_trigger_zero': (lambda: triggers.TimeTrigger(0), ValueError, 'period'),
    'time_trigger_nan': (lambda: triggers.TimeTrigger(float('nan')), ValueError, 'period'),
    'early_stopping_mode': (lambda: triggers.EarlyStoppingTrigger(mode='maximum'), ValueError,
                            'mode'),
    # updater and trainer
    'updater_iterator_list': (lambda: training.updaters.StandardUpdater([1, 2], _optimizer()),
                              TypeError, "iterator 'main' must be a Iterator, not list"),
    'updater_link_as_optimizer': (
        lambda: training.updaters.StandardUpdater(_iterator(), L.Linear(3, 2)), TypeError,
        "optimizer 'main' must be a Optimizer, not Linear"),
    'updater_dict_entry': (
        lambda: training.updaters.StandardUpdater(_iterator(), {'main': 3}), TypeError,
        "optimizer 'main'"),
    'updater_optimizer_not_set_up': (
        lambda: training.updaters.StandardUpdater(_iterator(), optimizers.SGD()), ValueError,
        'setup'),
    'trainer_updater': (lambda: training.Trainer(5), TypeError, 'updater'),
    'trainer_out': (lambda: training.Trainer(_updater(), out=5), TypeError, 'out'),
    'trainer_stop_unit': (lambda: training.Trainer(_updater(), (1, 'foo')), ValueError, 'unit'),
    # extensions
    'evaluator_iterator': (lambda: extensions.Evaluator(5, L.Linear(3, 2)), TypeError,
                           'iterator'),
    'evaluator_target': (lambda: extensions.Evaluator(_iterator(), 5), TypeError, 'target'),
    'progress_bar_interval': (lambda: extensions.ProgressBar(update_interval=0), ValueError,
                              'update_interval'),
    'snapshot_filename': (lambda: extensions.snapshot_object(L.Linear(3, 2), filename=5),
                          TypeError, 'filename'),
    'snapshot_writer': (lambda: extensions.snapshot(writer=5), TypeError, 'writer'),
    'snapshot_n_retains': (lambda: extensions.snapshot(n_retains='3'), TypeError, 'n_retains'),
    'snapshot_autoload_callable': (
        lambda: extensions.snapshot(filename=lambda t: 'x', autoload=True), ValueError, 'autoload'),
    # serializers
    'save_non_serializable': (lambda: serializers.save_npz('unused.npz', 1j), TypeError,
                              'serialize'),
    'load_non_serializable': (lambda: serializers.load_npz('unused.npz', b'x'), TypeError,
                              'serialize'),
}


@pytest.mark.parametrize('name', sorted(_CASES))
def test_bad_argument_raises(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call, error, match = _CASES[name]
    with pytest.raises(error, match=match):
        call()
    assert not (tmp_path / 'unused.npz').exists()


def test_numpy_integers_are_accepted_where_ints_are_expected():
    iterator = iterators.SerialIterator(list(range(10)), numpy.int64(3), shuffle=False)
    assert next(iterator) == [0, 1, 2]
    assert len(datasets.split_dataset_n(list(range(10)), numpy.int32(2))) == 2
    assert triggers.IntervalTrigger(numpy.int64(2), 'iteration').period == 2


@pytest.mark.parametrize('make_link', [
    lambda: L.Linear(None, 2),
    lambda: L.Convolution2D(None, 2, 3),
    lambda: L.LayerNormalization(),
    lambda: L.GroupNormalization(1),
    lambda: L.SimplifiedDropconnect(None, 2),
    lambda: L.Swish(None),
], ids=['Linear', 'Convolution2D', 'LayerNormalization', 'GroupNormalization',
        'SimplifiedDropconnect', 'Swish'])
@pytest.mark.parametrize('bad_input', [None, 3, 'x', [1.0, 2.0]], ids=repr)
def test_lazy_link_given_a_non_array_raises_type_error(make_link, bad_input):
    # A lazy link reads the input's shape to create its parameters: a wrong input must be named, not
    # end in an AttributeError from inside the link.
    with pytest.raises(TypeError, match='must be a chainer.Variable'):
        make_link()(bad_input)
