"""A Trainer's loop on a CUDA device makes the host wait for the device only where it reports (LogReport reads the
loss and accuracy back): the Classifier's softmax cross entropy and accuracy, Adam's update and the updater's batch
transfer queue their work and return. The waits are counted by the CUDA backend built for the host (Note [Deferred
device work] in chainerx/cuda/emulation/queue.h); elsewhere this skips.
"""

import ctypes

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


def _host_wait_counter():
    import chainerx
    import chainerx._core as core
    try:
        if chainerx.get_backend('cuda').get_device_count() == 0:
            return None
        counter = ctypes.CDLL(core.__file__).chainerx_cuda_emulation_host_waits
    except (chainerx.BackendError, OSError, AttributeError):
        return None
    counter.restype = ctypes.c_uint64
    return counter


_COUNTER = _host_wait_counter()


class _MLP(chainer.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, 50)
            self.l2 = L.Linear(None, 10)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


class _CountWaits(training.Extension):
    trigger = (1, 'iteration')
    priority = training.PRIORITY_READER  # after LogReport (PRIORITY_WRITER) in each iteration

    def __init__(self):
        self.waits = []
        self._last = _COUNTER()

    def __call__(self, trainer):
        now = _COUNTER()
        self.waits.append(now - self._last)
        self._last = now


@pytest.mark.skipif(_COUNTER is None, reason='needs the emulated CUDA backend, which counts host waits')
def test_a_trainer_loop_waits_only_to_report(tmp_path):
    rng = numpy.random.default_rng(0)
    data = chainer.datasets.TupleDataset(
        rng.standard_normal((320, 784)).astype('float32'), rng.integers(0, 10, 320).astype('int32'))
    model = L.Classifier(_MLP())
    device = chainer.get_device('cuda:0')
    model.to_device(device)
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    updater = training.updaters.StandardUpdater(
        chainer.iterators.SerialIterator(data, 32), optimizer, device=device)
    trainer = training.Trainer(updater, (12, 'iteration'), out=str(tmp_path))
    trainer.extend(extensions.LogReport(trigger=(6, 'iteration')))
    count = _CountWaits()
    trainer.extend(count)
    trainer.run()
    # The first iteration allocates and initialises (Linear(None, ...) infers its input size); LogReport reads the
    # observations back at iterations 6 and 12.
    steady = count.waits[1:]
    assert [w for i, w in enumerate(steady, 2) if i % 6 != 0] == [0] * 9
    assert all(steady[i - 2] > 0 for i in (6, 12))


class _Tagger(chainer.Chain):
    # An embedding, a linear layer and an ignored label: embed_id, softmax_cross_entropy and accuracy with
    # ignore_label, as a sequence tagger computes them.
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(30, 16, ignore_label=-1)
            self.out = L.Linear(16, 5)

    def forward(self, words, tags):
        y = self.out(self.embed(words))
        self.accuracy = F.accuracy(y, tags, ignore_label=-1)
        return F.softmax_cross_entropy(y, tags)


def _on_cuda(model, optimizer):
    """Moves `model` to cuda:0 and sets `optimizer` up on it; returns the device."""
    device = chainer.get_device('cuda:0')
    model.to_device(device)
    optimizer.setup(model)
    return device


def _waits_of_a_second_step(device, step):
    step()  # allocates the optimizer's state and the memory pools' blocks
    device.device.synchronize()
    before = _COUNTER()
    step()
    return _COUNTER() - before


@pytest.mark.skipif(_COUNTER is None, reason='needs the emulated CUDA backend, which counts host waits')
@pytest.mark.parametrize('hook,waits', [
    (None, 0),
    (lambda: chainer.optimizer_hooks.GradientClipping(0.01), 0),  # clips
    (lambda: chainer.optimizer_hooks.GradientClipping(1e9), 0),  # does not
    (lambda: chainer.optimizer_hooks.WeightDecay(1e-4), 0),
    (lambda: chainer.optimizer_hooks.GradientLARS(), 0),
    ('loss_scaling', 1),  # reads the gradients' finiteness back once, to decide whether to update
])
def test_an_update_with_hooks_and_embeddings_waits_only_for_loss_scaling(hook, waits):
    rng = numpy.random.default_rng(0)
    model = _Tagger()
    optimizer = chainer.optimizers.Adam()
    device = _on_cuda(model, optimizer)
    if hook == 'loss_scaling':
        optimizer.loss_scaling()
    elif hook is not None:
        optimizer.add_hook(hook())
    words = device.send(rng.integers(-1, 30, 24).astype('int32'))
    tags = device.send(numpy.where(rng.random(24) < 0.2, -1, rng.integers(0, 5, 24)).astype('int32'))
    assert _waits_of_a_second_step(device, lambda: optimizer.update(model, words, tags)) == waits


@pytest.mark.skipif(_COUNTER is None, reason='needs the emulated CUDA backend, which counts host waits')
@pytest.mark.parametrize('make', [
    lambda: L.NStepLSTM(2, 6, 5, 0.0),
    lambda: L.NStepBiGRU(1, 6, 5, 0.0),
    lambda: L.NStepRNNTanh(1, 6, 5, 0.0),
])
def test_an_nstep_rnn_step_never_waits(make):
    # The links sort the sequences by length on the host and permutate their states on the device
    # (F.permutate reads its indices back only in debug mode there).
    rng = numpy.random.default_rng(0)
    model = make()
    optimizer = chainer.optimizers.SGD()
    device = _on_cuda(model, optimizer)

    def step():
        xs = [device.send(rng.standard_normal((n, 6)).astype('float32')) for n in (3, 5, 2)]
        model.cleargrads()
        initial_states = [None, None] if isinstance(model, L.NStepLSTM) else [None]  # h (and c) of zeros
        out = model(*initial_states, xs)
        (F.sum(out[0]) + sum(F.sum(y) for y in out[-1])).backward()
        optimizer.update()

    assert _waits_of_a_second_step(device, step) == 0
