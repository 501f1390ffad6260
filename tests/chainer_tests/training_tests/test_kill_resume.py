"""A training process killed with SIGKILL resumes from its last snapshot and ends exactly as an
uninterrupted run: same parameters, same optimizer state, same log (shuffled batches included, see
Note [Resumable shuffling] in chainer/iterators/order_samplers.py)."""

import json
import os
import signal
import subprocess
import sys
import textwrap

import numpy
import pytest

# The training script run in a child process: a small classifier, Adam, shuffled SerialIterator, a
# snapshot every 3 iterations with autoload, and (with --kill-at K) SIGKILL at iteration K, after that
# iteration's extensions (so the snapshot of iteration K - K % 3 is the last one on disk).
_SCRIPT = textwrap.dedent('''
    import os, signal, sys
    import numpy
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import training
    from chainer.training import extensions

    out, device, kill_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
    numpy.random.seed(0)
    rng = numpy.random.RandomState(1)
    x = rng.rand(40, 5).astype(numpy.float32)
    t = (x.sum(axis=1) > 2.5).astype(numpy.int32)
    model = L.Classifier(chainer.Sequential(L.Linear(5, 8), F.relu, L.Linear(8, 2)))
    model.to_device(device)
    optimizer = chainer.optimizers.Adam(alpha=0.01).setup(model)
    iterator = chainer.iterators.SerialIterator(chainer.datasets.TupleDataset(x, t), 6)
    updater = training.updaters.StandardUpdater(iterator, optimizer, device=device)
    trainer = training.Trainer(updater, (30, 'iteration'), out=out)
    trainer.extend(extensions.LogReport(trigger=(3, 'iteration')))
    trainer.extend(extensions.snapshot(n_retains=2, autoload=True), trigger=(3, 'iteration'))
    if kill_at:
        def kill(trainer):
            if trainer.updater.iteration == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
        trainer.extend(kill, trigger=(1, 'iteration'), priority=-1000)
    trainer.run()
    chainer.serializers.save_npz(os.path.join(out, 'final.npz'), trainer)
''')


def _train(script, out, device, kill_at=0):
    return subprocess.run([sys.executable, str(script), str(out), device, str(kill_at)],
                          env=dict(os.environ), timeout=120, capture_output=True, text=True)


@pytest.mark.parametrize('device', ['@numpy', 'native:0'])
@pytest.mark.parametrize('kill_at', [7, 12])
def test_killed_training_resumes_exactly(tmp_path, device, kill_at):
    script = tmp_path / 'train.py'
    script.write_text(_SCRIPT)
    reference = _train(script, tmp_path / 'reference', device)
    assert reference.returncode == 0, reference.stderr

    killed = _train(script, tmp_path / 'run', device, kill_at)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert not (tmp_path / 'run' / 'final.npz').exists()
    last = kill_at - kill_at % 3
    assert 'snapshot_iter_{}'.format(last) in os.listdir(tmp_path / 'run')
    resumed = _train(script, tmp_path / 'run', device)
    assert resumed.returncode == 0, resumed.stderr

    with numpy.load(tmp_path / 'reference' / 'final.npz') as want, \
            numpy.load(tmp_path / 'run' / 'final.npz') as got:
        # Wall-clock times differ; the log (which holds them) is compared entry by entry below.
        def compared(files):
            return sorted(k for k in files if not k.endswith(('elapsed_time', 'LogReport/_log')))
        keys = compared(want.files)
        assert keys == compared(got.files)
        assert any(k.startswith('updater/model:main/') for k in keys)
        for key in keys:
            numpy.testing.assert_array_equal(got[key], want[key], err_msg=key)

    def entries(run):
        with open(tmp_path / run / 'log') as f:
            return [{k: v for k, v in e.items() if k != 'elapsed_time'} for e in json.load(f)]
    assert entries('run') == entries('reference')
