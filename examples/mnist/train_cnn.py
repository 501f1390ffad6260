"""Trains a small convolutional network on handwritten digits with the chainerx Python API alone.

The network is two blocks of 3x3 convolution (pad 1), ReLU and 2x2 max pooling, then a linear layer:

    (N, 1, H, W) -> conv 16 -> relu -> max_pool 2 -> conv 32 -> relu -> max_pool 2 -> linear 10

It is written with raw routines (``conv``, ``relu``, ``max_pool``, ``linear``,
``softmax_cross_entropy``); gradients come from ``backward()`` and the update is an in-place
momentum SGD step (``training.py``, shared with the MLP example, which also holds the training loop
and the evaluation).

Data: by default the 8x8 digits set that ships inside scikit-learn, as 1x8x8 images; ``--mnist DIR``
reads the four standard MNIST files from DIR (1x28x28 images).

    bazel run //examples/mnist:train_cnn -- --epochs 15
"""

import sys

import numpy

import chainerx as chx

import datasets
import training


def init_params(image_shape, channels, device, seed):
    """He-initialised conv and linear weights with zero biases, requiring grad.

    ``channels`` lists the output channels of the conv blocks; each block halves height and width
    (rounding down, as max_pool without cover_all does).
    """
    rng = numpy.random.RandomState(seed)

    def param(shape, fan_in):
        w = rng.normal(0, numpy.sqrt(2.0 / fan_in), shape) if fan_in else numpy.zeros(shape)
        return chx.array(w.astype(numpy.float32), device=device).require_grad()

    params, c_in = [], 1
    rows, cols = image_shape
    for c_out in channels:
        params += [param((c_out, c_in, 3, 3), c_in * 9), param((c_out,), 0)]
        c_in, rows, cols = c_out, rows // 2, cols // 2
    n_features = c_in * rows * cols
    params += [param((10, n_features), n_features), param((10,), 0)]
    return params


def forward(params, x):
    """Logits of the CNN: conv blocks, then the linear classifier on the flattened feature maps."""
    h = x
    for i in range(0, len(params) - 2, 2):
        h = chx.max_pool(chx.relu(chx.conv(h, params[i], params[i + 1], stride=1, pad=1)), 2)
    return chx.linear(h, params[-2], params[-1])  # linear flattens the trailing (C, H, W) axes


def main(argv=None):
    parser = training.make_parser(__doc__.split('\n')[0], epochs=15, lr=0.01, momentum=0.9)
    parser.add_argument('--channels', type=int, nargs='+', default=[16, 32],
                        help='output channels of each conv block')
    args = parser.parse_args(argv)
    data = datasets.load(args.mnist, seed=args.seed)
    device = chx.get_device(args.device)
    params = init_params(data.image_shape, args.channels, device, args.seed)
    return training.run(forward, params, data, args, input_shape=(1,) + tuple(data.image_shape))


if __name__ == '__main__':
    sys.exit(main())
