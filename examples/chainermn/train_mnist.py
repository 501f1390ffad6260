#!/usr/bin/env python
"""Trains the MNIST multi-layer perceptron data-parallel over MPI processes with ChainerMN.

This is examples/mnist/train_mnist.py with the four ChainerMN lines (marked below): a communicator,
the training and test sets scattered over the processes, an optimizer whose gradients are averaged
over them, and an evaluator whose results are. Every process trains on its own part of each epoch
with `--batchsize` examples per step, so the global batch is size x batchsize; the weights stay
identical on every process. Rank 0 prints the report and writes the log and plots.

    mpiexec -n 2 python examples/chainermn/train_mnist.py                   # 2 processes, offline
    mpiexec -n 4 python examples/chainermn/train_mnist.py --mnist ~/mnist   # the MNIST files
    python examples/chainermn/train_mnist.py                                # 1 process works too

(As root, Open MPI also wants ``--allow-run-as-root``.)
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'mnist'))

import chainer  # NOQA: E402
import chainer.links as L  # NOQA: E402
from chainer import training  # NOQA: E402
from chainer.training import extensions  # NOQA: E402
import chainermn  # NOQA: E402

import train_mnist  # NOQA: E402  (the single-process example: its model and data)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[1])
    parser.add_argument('--batchsize', '-b', type=int, default=50,
                        help='examples per step and process')
    parser.add_argument('--epoch', '-e', type=int, default=20, help='sweeps over the training data')
    parser.add_argument('--device', '-d', default='native:0',
                        help="'native:0', '@numpy', or 'cuda' (each process takes GPU intra_rank)")
    parser.add_argument('--communicator', default='flat',
                        help="'flat', 'naive', 'non_cuda_aware' or 'pure_nccl'")
    parser.add_argument('--out', '-o', default='result', help='directory of the log and plots')
    parser.add_argument('--unit', '-u', type=int, default=1000, help='units per hidden layer')
    parser.add_argument('--noplot', dest='plot', action='store_false', help='no PlotReport')
    parser.add_argument('--mnist', help='directory with the MNIST files (default: sklearn digits)')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--require-accuracy', type=float, default=0.0,
                        help='exit with status 1 if the final validation accuracy is lower')
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    comm = chainermn.create_communicator(args.communicator)  # ChainerMN 1: the processes
    device_spec = 'cuda:{}'.format(comm.intra_rank) if args.device == 'cuda' else args.device
    device = chainer.get_device(device_spec)
    device.use()
    chainer.backend.numpy.random.seed(args.seed)  # the same initial weights everywhere

    if comm.rank == 0:
        name, train, test = train_mnist.load_data(args.mnist, args.seed)
        print('Processes: {} ({} per machine), device: {}'.format(
            comm.size, comm.intra_size, device))
        print('Data: {} ({} training, {} test images)'.format(name, len(train), len(test)))
        print('# minibatch: {} x {} processes, # epoch: {}\n'.format(
            args.batchsize, comm.size, args.epoch))
    else:
        train, test = None, None
    # ChainerMN 2: each process gets its part of the data
    train = chainermn.scatter_dataset(train, comm, shuffle=True, seed=args.seed)
    test = chainermn.scatter_dataset(test, comm)

    model = L.Classifier(train_mnist.MLP(args.unit, 10))
    model.to_device(device)
    # ChainerMN 3: gradients averaged over the processes
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    optimizer.setup(model)

    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)
    # ChainerMN 4: validation results averaged over the processes
    evaluator = chainermn.create_multi_node_evaluator(
        extensions.Evaluator(test_iter, model, device=device), comm)
    trainer.extend(evaluator)
    if comm.rank == 0:
        trainer.extend(extensions.LogReport())
        if args.plot and extensions.PlotReport.available():
            trainer.extend(extensions.PlotReport(['main/loss', 'validation/main/loss'], 'epoch',
                                                 filename='loss.png'))
        trainer.extend(extensions.PrintReport(
            ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
             'validation/main/accuracy', 'elapsed_time']))
        trainer.extend(extensions.ProgressBar(update_interval=10))
    trainer.run()

    accuracy = float(trainer.observation['validation/main/accuracy'])
    if comm.rank == 0:
        print('\nFinal validation accuracy (mean over {} processes): {:.4f}'.format(
            comm.size, accuracy))
    if accuracy < args.require_accuracy:
        print('accuracy {:.4f} is below the required {:.4f}'.format(
            accuracy, args.require_accuracy))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
