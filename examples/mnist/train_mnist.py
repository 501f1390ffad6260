#!/usr/bin/env python
"""Trains a multi-layer perceptron on handwritten digits with Chainer's Trainer, on ChainerX.

The script is written the way Chainer's own MNIST example is: a ``Chain`` of ``L.Linear`` links under
``L.Classifier``, an optimizer, a ``SerialIterator``, a ``StandardUpdater`` and a ``Trainer`` with the
extensions users rely on (evaluation, log, printed report, progress bar, plots, snapshots that a
killed run resumes from, learning-rate observation, NaN guard).

Data: by default the 8x8 digits that ship inside scikit-learn (1,797 images; it works offline);
``--mnist DIR`` reads the four standard MNIST files from DIR instead.

    python train_mnist.py --device native:0 --epoch 20         # on ChainerX (the default)
    python train_mnist.py --device @numpy                      # the original Chainer's CPU mode
    python train_mnist.py --resume result/snapshot_iter_300    # continue from a snapshot
"""

import argparse
import os
import sys

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions

import datasets


class MLP(chainer.Chain):
    """Two hidden layers of ``n_units`` ReLU units; the input size is inferred on the first call."""

    def __init__(self, n_units, n_out):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_units)
            self.l3 = L.Linear(None, n_out)

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[1])
    parser.add_argument('--batchsize', '-b', type=int, default=100, help='examples per minibatch')
    parser.add_argument('--epoch', '-e', type=int, default=20, help='sweeps over the training data')
    parser.add_argument('--frequency', '-f', type=int, default=-1,
                        help='snapshot every this many epochs (-1: at the end only)')
    parser.add_argument('--device', '-d', default='native:0',
                        help="device specifier: 'native:0', '@numpy', 'cuda:0', ...")
    parser.add_argument('--out', '-o', default='result', help='directory of the log, plots, snapshots')
    parser.add_argument('--resume', '-r', default='', help='snapshot to resume from')
    parser.add_argument('--autoload', action='store_true',
                        help='resume from the latest snapshot found in --out, if any')
    parser.add_argument('--unit', '-u', type=int, default=1000, help='units per hidden layer')
    parser.add_argument('--noplot', dest='plot', action='store_false', help='no PlotReport')
    parser.add_argument('--mnist', help='directory with the MNIST files (default: sklearn digits)')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--require-accuracy', type=float, default=0.0,
                        help='exit with status 1 if the final validation accuracy is lower')
    args = parser.parse_args(argv)
    # `bazel run` starts the example in its runfiles; relative paths mean where it was called from.
    here = os.environ.get('BUILD_WORKING_DIRECTORY', '')
    args.out = os.path.join(here, args.out)
    if args.resume:
        args.resume = os.path.join(here, args.resume)
    return args


def load_data(mnist_dir, seed, as_images=False):
    """(name, train, test): TupleDatasets of float32 images and int32 labels; an image is a vector, or
    with ``as_images`` a (1, rows, cols) array."""
    data = datasets.load(mnist_dir, seed=seed)

    def dataset(x, t):
        if as_images:
            x = x.reshape((len(x), 1) + tuple(data.image_shape))
        return chainer.datasets.TupleDataset(x, t.astype(numpy.int32))

    return data.name, dataset(data.x_train, data.t_train), dataset(data.x_test, data.t_test)


def make_trainer(args, model, train, test, device):
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    trainer.extend(extensions.Evaluator(test_iter, model, device=device), call_before_training=True)
    frequency = args.epoch if args.frequency == -1 else max(1, args.frequency)
    # n_retains=1 keeps the latest snapshot only; autoload resumes a killed run from it.
    trainer.extend(extensions.snapshot(n_retains=1, autoload=args.autoload),
                   trigger=(frequency, 'epoch'))
    trainer.extend(extensions.FailOnNonNumber())
    trainer.extend(extensions.observe_lr())
    trainer.extend(extensions.LogReport(), call_before_training=True)
    if args.plot and extensions.PlotReport.available():
        trainer.extend(extensions.PlotReport(['main/loss', 'validation/main/loss'], 'epoch',
                                             filename='loss.png'),
                       call_before_training=True)
        trainer.extend(extensions.PlotReport(['main/accuracy', 'validation/main/accuracy'],
                                             'epoch', filename='accuracy.png'),
                       call_before_training=True)
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
         'validation/main/accuracy', 'lr', 'elapsed_time']), call_before_training=True)
    trainer.extend(extensions.ProgressBar(update_interval=50))
    return trainer


def run(args, predictor, as_images=False):
    """Trains ``L.Classifier(predictor)`` as the options say; the exit status (accuracy check).

    ``as_images``: the predictor takes (1, rows, cols) images (a CNN), not vectors.
    """
    device = chainer.get_device(args.device)
    device.use()
    numpy.random.seed(args.seed)
    name, train, test = load_data(args.mnist, args.seed, as_images)
    print('Device: {}'.format(device))
    print('Data: {} ({} training, {} test images)'.format(name, len(train), len(test)))
    print('# minibatch: {}, # epoch: {}'.format(args.batchsize, args.epoch))
    print('')

    model = L.Classifier(predictor)
    model.to_device(device)
    trainer = make_trainer(args, model, train, test, device)
    if args.resume:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()
    return report(trainer, args)


def report(trainer, args):
    """Prints the final accuracy and where the outputs are; 1 if the accuracy is too low."""
    accuracy = float(chainer.as_array(trainer.observation['validation/main/accuracy']))
    out = os.path.abspath(args.out)
    print('')
    print('Final validation accuracy: {:.4f}'.format(accuracy))
    print('Log: {}'.format(os.path.join(out, 'log')))
    for plot in ('loss.png', 'accuracy.png'):
        if os.path.exists(os.path.join(out, plot)):
            print('Plot: {}'.format(os.path.join(out, plot)))
    snapshots = sorted(f for f in os.listdir(out) if f.startswith('snapshot_'))
    if snapshots:
        print('Snapshot: {}'.format(os.path.join(out, snapshots[-1])))
    if accuracy < args.require_accuracy:
        print('accuracy {:.4f} is below the required {:.4f}'.format(accuracy, args.require_accuracy))
        return 1
    return 0


def main(argv=None):
    args = parse_args(argv)
    return run(args, MLP(args.unit, 10))


if __name__ == '__main__':
    sys.exit(main())
