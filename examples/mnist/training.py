"""What the training examples share: command line, SGD update, evaluation and the training loop.

A model is a list of parameter arrays plus a function ``forward(params, x) -> logits``; everything
else (shuffling, minibatches, loss, backward, update, progress lines) is the same for the MLP and
the CNN.
"""

import argparse
import time

import numpy

import chainerx as chx


def make_parser(description, **defaults):
    """The options every example takes; ``defaults`` sets per-example values (e.g. ``lr=0.1``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument('--mnist', help='directory with the MNIST files (default: sklearn digits)')
    parser.add_argument('--device', default='native:0')
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--lr', type=float, default=0.05)
    parser.add_argument('--momentum', type=float, default=0.0, help='0 for plain SGD')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--require-accuracy', type=float, default=0.0,
                        help='exit with status 1 if the final test accuracy is lower')
    parser.set_defaults(**defaults)
    return parser


class MomentumSGD:
    """v = momentum * v - lr * grad; p += v, in place and outside the graph (0: plain SGD)."""

    def __init__(self, params, lr, momentum=0.0):
        self.params = params
        self.lr = lr
        self.momentum = momentum
        self.velocities = [chx.zeros_like(p) for p in params] if momentum else None

    def update(self):
        """Applies one step from the gradients that backward() left, then clears them."""
        with chx.no_backprop_mode():
            for i, p in enumerate(self.params):
                if self.velocities is None:
                    p -= self.lr * p.grad
                else:
                    v = self.velocities[i]
                    v *= self.momentum
                    v -= self.lr * p.grad
                    p += v
                p.cleargrad()


def evaluate(forward, params, x, t, batch_size=256):
    """Mean loss and accuracy of the model over a data set, without building a graph."""
    total_loss, total_correct = 0.0, 0.0
    with chx.no_backprop_mode():
        for i in range(0, len(t), batch_size):
            xb, tb = x[i:i + batch_size], t[i:i + batch_size]
            y = forward(params, xb)
            total_loss += float(chx.softmax_cross_entropy(y, tb).sum())
            total_correct += float(chx.accuracy(y, tb)) * len(tb)
    return total_loss / len(t), total_correct / len(t)


def train(forward, params, x_train, t_train, x_test, t_test, args):
    """Minibatch training for ``args.epochs`` epochs, printing one line per epoch.

    Returns the final test accuracy. The printed time covers forward, backward and update of the
    training iterations only (not the evaluation).
    """
    optimizer = MomentumSGD(params, args.lr, args.momentum)
    device = x_train.device
    rng = numpy.random.RandomState(args.seed)
    n_train = len(t_train)
    train_seconds, iterations, test_acc = 0.0, 0, 0.0
    for epoch in range(1, args.epochs + 1):
        order = chx.array(rng.permutation(n_train).astype(numpy.int64), device=device)
        epoch_loss = 0.0
        start = time.perf_counter()
        for i in range(0, n_train, args.batch_size):
            index = order[i:i + args.batch_size]
            xb, tb = x_train.take(index, axis=0), t_train.take(index, axis=0)
            loss = chx.softmax_cross_entropy(forward(params, xb), tb).mean()
            loss.backward()
            optimizer.update()
            # float() waits for the device, so the timing includes all the work.
            epoch_loss += float(loss) * len(tb)
            iterations += 1
        train_seconds += time.perf_counter() - start
        test_loss, test_acc = evaluate(forward, params, x_test, t_test)
        print('epoch {:3d}  train loss {:.4f}  test loss {:.4f}  test accuracy {:.4f}  '
              '{:.3f} ms/iteration  {:.1f} s'.format(
                  epoch, epoch_loss / n_train, test_loss, test_acc,
                  1e3 * train_seconds / iterations, train_seconds), flush=True)
    print('final test accuracy: {:.4f}'.format(test_acc))
    return test_acc


def run(forward, params, data, args, input_shape=None):
    """Trains on ``data`` and applies ``--require-accuracy``; returns the process exit status.

    ``input_shape`` reshapes each sample (e.g. ``(1, 8, 8)`` for a CNN); by default they stay flat.
    """
    device = chx.get_device(args.device)

    def to_device(array, shape=None):
        return chx.array(array if shape is None else array.reshape((-1,) + shape), device=device)

    x_train, x_test = to_device(data.x_train, input_shape), to_device(data.x_test, input_shape)
    t_train, t_test = to_device(data.t_train), to_device(data.t_test)
    print('data: {}, {} train / {} test, input {}, device {}'.format(
        data.name, len(data.t_train), len(data.t_test), x_train.shape[1:], device), flush=True)
    test_acc = train(forward, params, x_train, t_train, x_test, t_test, args)
    if test_acc < args.require_accuracy:
        print('test accuracy below the required {:.4f}'.format(args.require_accuracy))
        return 1
    return 0
