"""The multi-node evaluator and checkpointer."""

import os

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import training
from chainer.training import extensions
import chainermn


class _ReportRank(chainer.Link):
    """Reports the mean of its inputs as 'value'."""

    def forward(self, x):
        mean = float(numpy.mean(x))
        chainer.report({'value': mean}, self)


def test_evaluator_reports_the_mean_over_ranks(comm):
    data = [numpy.float32(comm.rank)] * (2 + comm.rank)  # uneven parts
    iterator = chainer.iterators.SerialIterator(data, 2, repeat=False, shuffle=False)
    evaluator = chainermn.create_multi_node_evaluator(
        extensions.Evaluator(iterator, _ReportRank()), comm)
    result = evaluator()
    mean = sum(range(comm.size)) / comm.size
    assert result['main/value'] == pytest.approx(mean)
    everyone = comm.allgather_obj(result['main/value'])
    assert len(set(everyone)) == 1  # bit-identical on every rank


def test_evaluator_with_different_keys_raises_on_every_rank(comm):
    if comm.size < 2:
        pytest.skip('needs 2 ranks')

    class Link(chainer.Link):
        def forward(self, x):
            chainer.report({'value' if comm.rank == 0 else 'other': 1.0}, self)
    iterator = chainer.iterators.SerialIterator([numpy.float32(0)], 1, repeat=False)
    evaluator = chainermn.create_multi_node_evaluator(extensions.Evaluator(iterator, Link()), comm)
    with pytest.raises(ValueError, match='different values'):
        evaluator()


def _trainer(comm, out, checkpointer, iterations):
    numpy.random.seed(0)
    model = L.Classifier(L.Linear(3, 2))
    model.to_device('native:0')
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    optimizer.setup(model)
    rng = numpy.random.RandomState(comm.rank)
    data = chainer.datasets.TupleDataset(rng.randn(8, 3).astype(numpy.float32),
                                         rng.randint(0, 2, 8).astype(numpy.int32))
    iterator = chainer.iterators.SerialIterator(data, 4, shuffle=False)
    updater = training.updaters.StandardUpdater(iterator, optimizer, device='native:0')
    trainer = training.Trainer(updater, (iterations, 'iteration'), out=out)
    trainer.extend(checkpointer, trigger=(1, 'iteration'))
    return trainer, model, optimizer


def test_checkpointer_resumes_every_rank_from_the_newest_common_iteration(comm, tmp_path_factory):
    out = str(comm.bcast_obj(str(tmp_path_factory.mktemp('cp')) if comm.rank == 0 else None))
    checkpointer = chainermn.create_multi_node_checkpointer('job', comm, cp_interval=3,
                                                            gc_interval=2)
    trainer, model, _ = _trainer(comm, out, checkpointer, 6)
    trainer.run()
    mine = sorted(f for f in os.listdir(out) if f.startswith('job.{}.'.format(comm.rank)))
    # 6 saves; the deletions after the 2nd, 4th and 6th keep the 3 newest
    assert mine == ['job.{}.{}'.format(comm.rank, i) for i in (4, 5, 6)]
    comm.mpi_comm.Barrier()
    if comm.rank == 0:  # rank 0's newest checkpoint is lost: all ranks must resume from 5
        os.remove(os.path.join(out, 'job.0.6'))
    comm.mpi_comm.Barrier()
    resumed_checkpointer = chainermn.create_multi_node_checkpointer('job', comm)
    resumed, resumed_model, optimizer = _trainer(comm, out, resumed_checkpointer, 8)
    assert resumed_checkpointer.maybe_load(resumed, optimizer) == 5
    assert resumed.updater.iteration == 5
    t_before = optimizer.t
    resumed.run()
    assert optimizer.t == t_before + 3  # no update was spent re-broadcasting the weights
    weights = comm.allgather_obj(chainer.backend.CpuDevice().send(resumed_model.predictor.W.array))
    for w in weights[1:]:
        numpy.testing.assert_array_equal(w, weights[0])


def test_checkpointer_without_checkpoints_and_bad_arguments(comm, tmp_path):
    checkpointer = chainermn.create_multi_node_checkpointer('none', comm, path=str(tmp_path))
    trainer = chainer.testing.get_trainer_with_mock_updater()
    assert checkpointer.maybe_load(trainer) is None
    with pytest.raises(ValueError, match='name'):
        chainermn.create_multi_node_checkpointer('', comm)
    with pytest.raises(ValueError, match='cp_interval'):
        chainermn.create_multi_node_checkpointer('x', comm, cp_interval=0)


def test_allreduce_persistent_averages_running_statistics(comm, kind):
    bn = L.BatchNormalization(3)
    if kind == 'chainerx':
        bn.to_device('native:0')
    x = bn.xp.asarray(numpy.full((4, 3), comm.rank, numpy.float32)) if kind == 'numpy' else \
        chainer.get_device('native:0').send(numpy.full((4, 3), comm.rank, numpy.float32))
    bn(x, finetune=True)  # one fine-tuning step: N = 1, running mean = the batch mean = rank
    chainermn.extensions.AllreducePersistent(bn, comm)()
    mean = sum(range(comm.size)) / comm.size
    numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(bn.avg_mean),
                                  numpy.full(3, mean), rtol=1e-6)
    assert bn.N == 1  # not an array: left alone
    everyone = comm.allgather_obj(chainer.backend.CpuDevice().send(bn.avg_var))
    for var in everyone[1:]:
        numpy.testing.assert_array_equal(var, everyone[0])
