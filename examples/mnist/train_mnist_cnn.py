#!/usr/bin/env python
"""Trains a small convolutional network on handwritten digits with Chainer's Trainer, on ChainerX.

Same options, extensions and outputs as train_mnist.py (``--help``); only the predictor differs: two
3x3 convolutions with ReLU and 2x2 max pooling, then a linear classifier whose input size is inferred.

    python train_mnist_cnn.py --device native:0 --epoch 15
"""

import sys

import chainer
import chainer.functions as F
import chainer.links as L

import train_mnist


class CNN(chainer.Chain):
    """conv(16) - relu - pool - conv(32) - relu - pool - linear(n_out)."""

    def __init__(self, n_out):
        super().__init__()
        with self.init_scope():
            self.conv1 = L.Convolution2D(None, 16, ksize=3, pad=1)
            self.conv2 = L.Convolution2D(16, 32, ksize=3, pad=1)
            self.fc = L.Linear(None, n_out)

    def forward(self, x):
        h = F.max_pooling_2d(F.relu(self.conv1(x)), 2)
        h = F.max_pooling_2d(F.relu(self.conv2(h)), 2)
        return self.fc(h)


def main(argv=None):
    args = train_mnist.parse_args(argv)
    return train_mnist.run(args, CNN(10), as_images=True)


if __name__ == '__main__':
    sys.exit(main())
