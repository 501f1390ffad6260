"""`chainer.links.MLPConvolution2D`: a convolution and 1x1 convolutions (Network in Network)."""

from chainer import functions
from chainer import link
from chainer.links.connection import _util
from chainer.links.connection import convolution_2d


class MLPConvolution2D(link.ChainList):
    """A stack of convolutions: the first of `ksize`, the others 1x1, with activations between.

    Args:
        in_channels (int or None): Input channels (None: from the first input);
            ``MLPConvolution2D(out_channels, ksize)`` leaves it None.
        out_channels (tuple of ints): The output channels of each convolution (at least one).
        ksize (int or pair of ints): The kernel size of the first convolution.
        stride (int or pair of ints): The stride of the first convolution.
        pad (int or pair of ints): The padding of the first convolution.
        activation (callable): The activation after every convolution but the last.
        conv_init: Initializer of the kernels.
        bias_init: Initializer of the biases.

    Raises:
        ValueError: If `out_channels` is empty.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 activation=functions.relu, conv_init=None, bias_init=None):
        in_channels, out_channels, ksize = _util.shift_lazy_arguments(
            in_channels, out_channels, ksize)
        out_channels = tuple(out_channels)
        if not out_channels:
            raise ValueError('out_channels must be a non-empty sequence of channel counts')
        convolutions = [convolution_2d.Convolution2D(
            in_channels, out_channels[0], ksize, stride, pad, initialW=conv_init,
            initial_bias=bias_init)]
        for n_in, n_out in zip(out_channels, out_channels[1:]):
            convolutions.append(convolution_2d.Convolution2D(
                n_in, n_out, 1, initialW=conv_init, initial_bias=bias_init))
        super().__init__(*convolutions)
        self.activation = activation

    def forward(self, x):
        """Applies the convolutions in order, the activation between two of them."""
        for conv in self[:-1]:
            x = self.activation(conv(x))
        return self[-1](x)
