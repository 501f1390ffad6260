"""chainer.functions: the connection family (linear maps, convolutions, embeddings)."""

from chainer.functions.connection.bilinear import bilinear  # NOQA
from chainer.functions.connection.convolution_2d import convolution_2d  # NOQA
from chainer.functions.connection.convolution_nd import convolution_1d  # NOQA
from chainer.functions.connection.convolution_nd import convolution_3d  # NOQA
from chainer.functions.connection.convolution_nd import convolution_nd  # NOQA
from chainer.functions.connection.deconvolution_2d import deconvolution_2d  # NOQA
from chainer.functions.connection.deconvolution_nd import deconvolution_1d  # NOQA
from chainer.functions.connection.deconvolution_nd import deconvolution_3d  # NOQA
from chainer.functions.connection.deconvolution_nd import deconvolution_nd  # NOQA
from chainer.functions.connection.deformable_convolution_2d_sampler import (  # NOQA
    deformable_convolution_2d_sampler)
from chainer.functions.connection.depthwise_convolution_2d import depthwise_convolution_2d  # NOQA
from chainer.functions.connection.dilated_convolution_2d import dilated_convolution_2d  # NOQA
from chainer.functions.connection.embed_id import embed_id  # NOQA
from chainer.functions.connection.linear import linear  # NOQA
from chainer.functions.connection.local_convolution_2d import local_convolution_2d  # NOQA
from chainer.functions.connection.shift import shift  # NOQA

__all__ = [
    'bilinear', 'convolution_1d', 'convolution_2d', 'convolution_3d', 'convolution_nd',
    'deconvolution_1d', 'deconvolution_2d', 'deconvolution_3d', 'deconvolution_nd',
    'deformable_convolution_2d_sampler', 'depthwise_convolution_2d', 'dilated_convolution_2d',
    'embed_id', 'linear', 'local_convolution_2d', 'shift',
]
# Forward, backward and double backward stay on chainerx for the usual arguments (float inputs of
# one dtype; see Note [Native convolution options] in _convolution.py for dilate and groups).
NATIVE = frozenset(__all__)
