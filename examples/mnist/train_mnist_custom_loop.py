#!/usr/bin/env python
"""Trains the MLP of train_mnist.py with a hand-written loop instead of the Trainer.

The loop does what the Trainer's StandardUpdater and Evaluator do, spelled out: draw a minibatch from
a ``SerialIterator``, convert it with ``concat_examples`` onto the device, ``optimizer.update(model, x,
t)`` (clear gradients, forward, backward, one update rule per parameter), and at each epoch boundary
evaluate on the test set under ``train=False`` and ``no_backprop_mode``. ``--out`` saves the model and
the optimizer with ``save_npz`` at the end; ``--resume`` loads both before training.

    python train_mnist_custom_loop.py --device native:0 --epoch 20
"""

import argparse
import os
import sys

import numpy

import chainer
import chainer.links as L
from chainer.dataset import convert

import train_mnist


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[1])
    parser.add_argument('--batchsize', '-b', type=int, default=100)
    parser.add_argument('--epoch', '-e', type=int, default=20)
    parser.add_argument('--device', '-d', default='native:0')
    parser.add_argument('--out', '-o', default='result_custom_loop')
    parser.add_argument('--resume', '-r', default='', help='directory of a previous --out')
    parser.add_argument('--unit', '-u', type=int, default=1000)
    parser.add_argument('--mnist', help='directory with the MNIST files (default: sklearn digits)')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--require-accuracy', type=float, default=0.0)
    return parser.parse_args(argv)


def evaluate(model, test, batchsize, device):
    """Mean loss and accuracy over the test set, weighted by batch size."""
    test_iter = chainer.iterators.SerialIterator(test, batchsize, repeat=False, shuffle=False)
    total_loss = total_accuracy = 0.0
    with chainer.using_config('train', False), chainer.no_backprop_mode():
        for batch in test_iter:
            x, t = convert.concat_examples(batch, device)
            loss = model(x, t)
            total_loss += float(loss.array) * len(batch)
            total_accuracy += float(model.accuracy.array) * len(batch)
    return total_loss / len(test), total_accuracy / len(test)


def main(argv=None):
    args = parse_args(argv)
    device = chainer.get_device(args.device)
    device.use()
    numpy.random.seed(args.seed)
    _, train, test = train_mnist.load_data(args.mnist, args.seed)

    model = L.Classifier(train_mnist.MLP(args.unit, 10))
    model.to_device(device)
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    if args.resume:
        # The lazy layers get their shapes from the file.
        chainer.serializers.load_npz(os.path.join(args.resume, 'model.npz'), model)
        chainer.serializers.load_npz(os.path.join(args.resume, 'optimizer.npz'), optimizer)

    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    sum_loss = sum_accuracy = 0.0
    count = 0
    accuracy = 0.0
    print('epoch  main/loss  main/accuracy  validation/main/loss  validation/main/accuracy')
    while train_iter.epoch < args.epoch:
        batch = train_iter.next()
        x, t = convert.concat_examples(batch, device)
        optimizer.update(model, x, t)
        sum_loss += float(model.loss.array) * len(batch)
        sum_accuracy += float(model.accuracy.array) * len(batch)
        count += len(batch)
        if train_iter.is_new_epoch:
            test_loss, accuracy = evaluate(model, test, args.batchsize, device)
            print('{:<6d} {:<10.4f} {:<14.4f} {:<21.4f} {:<.4f}'.format(
                train_iter.epoch, sum_loss / count, sum_accuracy / count, test_loss, accuracy))
            sum_loss = sum_accuracy = 0.0
            count = 0

    os.makedirs(args.out, exist_ok=True)
    chainer.serializers.save_npz(os.path.join(args.out, 'model.npz'), model)
    chainer.serializers.save_npz(os.path.join(args.out, 'optimizer.npz'), optimizer)
    print('Saved the model and the optimizer in {}'.format(os.path.abspath(args.out)))
    if accuracy < args.require_accuracy:
        print('accuracy {:.4f} is below the required {:.4f}'.format(accuracy, args.require_accuracy))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
