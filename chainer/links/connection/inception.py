"""`chainer.links.Inception`: the Inception module of GoogLeNet."""

from chainer import functions
from chainer import link
from chainer.links.connection import convolution_2d


class Inception(link.Chain):
    """Four parallel paths concatenated along the channels, then ReLU.

    The paths: a 1x1 convolution (`out1` channels); a 1x1 projection (`proj3`) then a 3x3
    convolution (`out3`); a 1x1 projection (`proj5`) then a 5x5 convolution (`out5`); a 3x3 max
    pooling then a 1x1 projection (`proj_pool`). The output has
    ``out1 + out3 + out5 + proj_pool`` channels and the spatial size of the input.

    Args:
        in_channels (int or None): Input channels (None: from the first input).
        out1, proj3, out3, proj5, out5, proj_pool (int): Channel counts of the paths.
        conv_init: Initializer of the convolution kernels.
        bias_init: Initializer of the biases.
    """

    def __init__(self, in_channels, out1, proj3, out3, proj5, out5, proj_pool,
                 conv_init=None, bias_init=None):
        super().__init__()

        def conv(in_c, out_c, ksize, pad=0):
            return convolution_2d.Convolution2D(
                in_c, out_c, ksize, pad=pad, initialW=conv_init, initial_bias=bias_init)

        with self.init_scope():
            self.conv1 = conv(in_channels, out1, 1)
            self.proj3 = conv(in_channels, proj3, 1)
            self.conv3 = conv(proj3, out3, 3, pad=1)
            self.proj5 = conv(in_channels, proj5, 1)
            self.conv5 = conv(proj5, out5, 5, pad=2)
            self.projp = conv(in_channels, proj_pool, 1)

    def forward(self, x):
        """Applies the module to `x` of shape ``(n, in_channels, h, w)``."""
        out1 = self.conv1(x)
        out3 = self.conv3(functions.relu(self.proj3(x)))
        out5 = self.conv5(functions.relu(self.proj5(x)))
        pool = self.projp(functions.max_pooling_2d(x, 3, stride=1, pad=1))
        return functions.relu(functions.concat((out1, out3, out5, pool), axis=1))
