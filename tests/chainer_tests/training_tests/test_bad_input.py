"""Bad input to a training run, end to end: wrong devices, inconsistent datasets, broken or
foreign snapshots, diverging losses and failing snapshot writes each raise an exception naming the
problem."""

import os

import numpy
import pytest

import chainer
import chainerx
from chainer import datasets
from chainer import iterators
from chainer import links as L
from chainer import optimizers
from chainer import serializers
from chainer import training
from chainer.training import extensions


def _classifier_trainer(tmp_path, dataset=None, device=None):
    rng = numpy.random.RandomState(0)
    model = L.Classifier(L.Linear(3, 2))
    if dataset is None:
        dataset = datasets.TupleDataset(rng.rand(8, 3).astype(numpy.float32),
                                        rng.randint(0, 2, 8).astype(numpy.int32))
    optimizer = optimizers.SGD()
    optimizer.setup(model)
    iterator = iterators.SerialIterator(dataset, 4, shuffle=False)
    updater = training.updaters.StandardUpdater(iterator, optimizer, device=device)
    return model, training.Trainer(updater, (1, 'epoch'), out=str(tmp_path))


@pytest.mark.parametrize('device', ['foo:0', 'native:99', object()])
def test_wrong_device_specifier_of_updater(tmp_path, device):
    with pytest.raises((TypeError, ValueError, chainerx.ChainerxError), match='foo|99|object'):
        _classifier_trainer(tmp_path, device=device)


def test_wrong_device_specifier_of_evaluator_and_converter():
    iterator = iterators.SerialIterator([numpy.zeros(3, numpy.float32)], 1, repeat=False)
    with pytest.raises(chainerx.ChainerxError, match='foo'):
        extensions.Evaluator(iterator, L.Linear(3, 2), device='foo:0')
    with pytest.raises(chainerx.ChainerxError, match='foo'):
        chainer.dataset.concat_examples([numpy.zeros(3)], device='foo:0')


def test_model_and_data_on_different_devices(tmp_path):
    model, trainer = _classifier_trainer(tmp_path)
    model.to_device('native:0')  # the batches stay NumPy arrays
    with pytest.raises(TypeError, match='chainerx arrays cannot be mixed'):
        trainer.run(show_loop_exception_msg=False)


def test_updater_device_moves_model_to_the_data(tmp_path):
    model, trainer = _classifier_trainer(tmp_path, device='native:0')
    trainer.run(show_loop_exception_msg=False)
    assert isinstance(model.predictor.W.array, chainerx.ndarray)


def test_dataset_with_inconsistent_shapes(tmp_path):
    dataset = [(numpy.zeros(3, numpy.float32), numpy.int32(0)),
               (numpy.zeros(4, numpy.float32), numpy.int32(1))] * 4
    _, trainer = _classifier_trainer(tmp_path, dataset=dataset)
    with pytest.raises(ValueError, match=r'different shapes \(3,\) and \(4,\)'):
        trainer.run(show_loop_exception_msg=False)


@pytest.mark.parametrize('batch, match', [
    ([(numpy.zeros(3), 1), (numpy.zeros(3),)], 'tuple of length 1'),
    ([{'a': numpy.zeros(3)}, {'b': numpy.zeros(3)}], r"keys \['b'\]"),
    ([(numpy.zeros(3),), numpy.zeros(3)], 'a ndarray'),
])
def test_examples_of_inconsistent_structure(batch, match):
    with pytest.raises(ValueError, match=match):
        chainer.dataset.concat_examples(batch)


def _saved_linear(tmp_path):
    path = str(tmp_path / 'model.npz')
    serializers.save_npz(path, L.Linear(3, 2))
    return path


@pytest.mark.parametrize('damage', ['truncate', 'garbage', 'empty'])
def test_corrupted_snapshot(tmp_path, damage):
    path = _saved_linear(tmp_path)
    data = open(path, 'rb').read()
    data = {'truncate': data[:len(data) // 2], 'garbage': b'not a zip file' * 8,
            'empty': b''}[damage]
    with open(path, 'wb') as f:
        f.write(data)
    with pytest.raises(ValueError, match='not a valid npz file'):
        serializers.load_npz(path, L.Linear(3, 2))


def test_snapshot_of_another_model(tmp_path):
    path = _saved_linear(tmp_path)
    with pytest.raises(ValueError, match=r"'W'.*\(2, 4\).*\(2, 3\)"):
        serializers.load_npz(path, L.Linear(4, 2))
    with pytest.raises(KeyError, match='predictor/W'):
        serializers.load_npz(path, L.Classifier(L.Linear(3, 2)), strict=True)


def test_missing_snapshot_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        serializers.load_npz(str(tmp_path / 'missing.npz'), L.Linear(3, 2))


def test_nan_loss_with_fail_on_nonnumber(tmp_path):
    model, trainer = _classifier_trainer(tmp_path)
    model.predictor.W.array[...] = numpy.nan
    trainer.extend(extensions.FailOnNonNumber())
    with pytest.raises(RuntimeError, match='predictor/W'):
        trainer.run(show_loop_exception_msg=False)


def test_failed_snapshot_write_keeps_previous_snapshot(tmp_path):
    model, trainer = _classifier_trainer(tmp_path)
    trainer.extend(extensions.snapshot(filename='snap'), trigger=(1, 'iteration'))
    trainer.run(show_loop_exception_msg=False)
    good = (tmp_path / 'snap').read_bytes()

    model, trainer = _classifier_trainer(tmp_path)
    trainer.extend(extensions.snapshot(filename='snap'), trigger=(1, 'iteration'))
    model.add_persistent('unstorable', object())  # would need a pickle
    with pytest.raises(TypeError, match='unstorable'):
        trainer.run(show_loop_exception_msg=False)
    assert (tmp_path / 'snap').read_bytes() == good
    assert os.listdir(str(tmp_path)) == ['snap']  # no temporary file left behind


def test_huge_batch_size_fails_at_once():
    iterator = iterators.SerialIterator(list(range(10)), 2 ** 62)
    with pytest.raises((MemoryError, ValueError), match="too big|allocate"):
        next(iterator)
