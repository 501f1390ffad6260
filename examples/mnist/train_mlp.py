"""Trains a multi-layer perceptron on handwritten digits with the chainerx Python API alone.

The model is written with raw routines (``linear``, ``relu``, ``softmax_cross_entropy``), gradients come
from ``backward()`` and the update is an in-place SGD step on each parameter, so this file shows what
``chainerx`` offers without the ``chainer`` framework on top.

Data: by default the 8x8 digits set that ships inside scikit-learn (1,797 images; it works offline);
``--mnist DIR`` reads the four standard MNIST files (``train-images-idx3-ubyte`` etc., optionally
gzipped) from DIR instead.

    bazel run //examples/mnist:train_mlp -- --epochs 20
"""

import argparse
import sys
import time

import numpy

import chainerx as chx

import datasets


def init_params(sizes, device, seed):
    """He-initialised weights and zero biases for consecutive layer sizes, requiring grad."""
    rng = numpy.random.RandomState(seed)
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        w = rng.normal(0, numpy.sqrt(2.0 / n_in), (n_out, n_in)).astype(numpy.float32)
        b = numpy.zeros(n_out, numpy.float32)
        params.append(chx.array(w, device=device).require_grad())
        params.append(chx.array(b, device=device).require_grad())
    return params


def forward(params, x):
    """Logits of the MLP: linear layers with ReLU in between."""
    h = x
    n_layers = len(params) // 2
    for i in range(n_layers):
        h = chx.linear(h, params[2 * i], params[2 * i + 1])
        if i < n_layers - 1:
            h = chx.relu(h)
    return h


def sgd_step(params, lr):
    """p -= lr * grad in place, outside the graph, then clears the gradients."""
    with chx.no_backprop_mode():
        for p in params:
            p -= lr * p.grad
            p.cleargrad()


def evaluate(params, x, t, batch_size):
    """Mean loss and accuracy over a data set, without building a graph."""
    total_loss, total_correct = 0.0, 0.0
    with chx.no_backprop_mode():
        for i in range(0, len(t), batch_size):
            xb, tb = x[i:i + batch_size], t[i:i + batch_size]
            y = forward(params, xb)
            total_loss += float(chx.softmax_cross_entropy(y, tb).sum())
            total_correct += float(chx.accuracy(y, tb)) * len(tb)
    return total_loss / len(t), total_correct / len(t)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--mnist', help='directory with the MNIST files (default: sklearn digits)')
    parser.add_argument('--device', default='native:0')
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--units', type=int, default=100)
    parser.add_argument('--lr', type=float, default=0.05)
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--require-accuracy', type=float, default=0.0,
                        help='exit with status 1 if the final test accuracy is lower')
    args = parser.parse_args(argv)

    device = chx.get_device(args.device)
    data = datasets.load(args.mnist, seed=args.seed)
    x_train = chx.array(data.x_train, device=device)
    t_train = chx.array(data.t_train, device=device)
    x_test = chx.array(data.x_test, device=device)
    t_test = chx.array(data.t_test, device=device)
    print('data: {}, {} train / {} test, {} features, device {}'.format(
        data.name, len(data.t_train), len(data.t_test), data.x_train.shape[1], device))

    params = init_params([data.x_train.shape[1], args.units, args.units, 10], device, args.seed)
    rng = numpy.random.RandomState(args.seed)
    n_train = len(data.t_train)
    start = time.perf_counter()
    iterations = 0
    for epoch in range(1, args.epochs + 1):
        order = chx.array(rng.permutation(n_train).astype(numpy.int64), device=device)
        epoch_loss = 0.0
        for i in range(0, n_train, args.batch_size):
            index = order[i:i + args.batch_size]
            xb, tb = x_train.take(index, axis=0), t_train.take(index, axis=0)
            loss = chx.softmax_cross_entropy(forward(params, xb), tb).mean()
            loss.backward()
            sgd_step(params, args.lr)
            epoch_loss += float(loss) * len(tb)
            iterations += 1
        elapsed = time.perf_counter() - start
        test_loss, test_acc = evaluate(params, x_test, t_test, 256)
        print('epoch {:3d}  train loss {:.4f}  test loss {:.4f}  test accuracy {:.4f}  '
              '{:.3f} ms/iteration  {:.1f} s'.format(
                  epoch, epoch_loss / n_train, test_loss, test_acc,
                  1e3 * elapsed / iterations, elapsed))
    print('final test accuracy: {:.4f}'.format(test_acc))
    if test_acc < args.require_accuracy:
        print('test accuracy below the required {:.4f}'.format(args.require_accuracy))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
