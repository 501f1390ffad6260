"""Trains a multi-layer perceptron on handwritten digits with the chainerx Python API alone.

The model is written with raw routines (``linear``, ``relu``, ``softmax_cross_entropy``),
gradients come from ``backward()`` and the update is an in-place SGD step on each parameter, so this
file shows what ``chainerx`` offers without the ``chainer`` framework on top. The training loop, the
update and the evaluation are shared with the CNN example (``training.py``).

Data: by default the 8x8 digits set that ships inside scikit-learn (1,797 images; it works offline);
``--mnist DIR`` reads the four standard MNIST files (``train-images-idx3-ubyte`` etc., optionally
gzipped) from DIR instead.

    bazel run //examples/mnist:train_mlp -- --epochs 20
"""

import sys

import numpy

import chainerx as chx

import datasets
import training


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


def main(argv=None):
    parser = training.make_parser(__doc__.split('\n')[0])
    parser.add_argument('--units', type=int, default=100)
    args = parser.parse_args(argv)
    data = datasets.load(args.mnist, seed=args.seed)
    n_features = data.x_train.shape[1]
    device = chx.get_device(args.device)
    params = init_params([n_features, args.units, args.units, 10], device, args.seed)
    return training.run(forward, params, data, args)


if __name__ == '__main__':
    sys.exit(main())
