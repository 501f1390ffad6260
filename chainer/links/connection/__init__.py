"""chainer.links: the connection links (their names are listed in __all__)."""

from chainer.links.connection.bias import Bias  # NOQA
from chainer.links.connection.bilinear import Bilinear  # NOQA
from chainer.links.connection.convolution_2d import Convolution2D  # NOQA
from chainer.links.connection.convolution_nd import Convolution1D  # NOQA
from chainer.links.connection.convolution_nd import Convolution3D  # NOQA
from chainer.links.connection.convolution_nd import ConvolutionND  # NOQA
from chainer.links.connection.deconvolution_2d import Deconvolution2D  # NOQA
from chainer.links.connection.deconvolution_nd import Deconvolution1D  # NOQA
from chainer.links.connection.deconvolution_nd import Deconvolution3D  # NOQA
from chainer.links.connection.deconvolution_nd import DeconvolutionND  # NOQA
from chainer.links.connection.deformable_convolution_2d import DeformableConvolution2D  # NOQA
from chainer.links.connection.depthwise_convolution_2d import DepthwiseConvolution2D  # NOQA
from chainer.links.connection.dilated_convolution_2d import DilatedConvolution2D  # NOQA
from chainer.links.connection.embed_id import EmbedID  # NOQA
from chainer.links.connection.highway import Highway  # NOQA
from chainer.links.connection.inception import Inception  # NOQA
from chainer.links.connection.inceptionbn import InceptionBN  # NOQA
from chainer.links.connection.linear import Linear  # NOQA
from chainer.links.connection.local_convolution_2d import LocalConvolution2D  # NOQA
from chainer.links.connection.mlp_convolution_2d import MLPConvolution2D  # NOQA
from chainer.links.connection.parameter import Parameter  # NOQA
from chainer.links.connection.scale import Scale  # NOQA

__all__ = [
    'Bias', 'Bilinear', 'Convolution1D', 'Convolution2D', 'Convolution3D', 'ConvolutionND',
    'Deconvolution1D', 'Deconvolution2D', 'Deconvolution3D', 'DeconvolutionND',
    'DeformableConvolution2D', 'DepthwiseConvolution2D', 'DilatedConvolution2D', 'EmbedID',
    'Highway', 'Inception', 'InceptionBN', 'Linear', 'LocalConvolution2D', 'MLPConvolution2D',
    'Parameter', 'Scale',
]
