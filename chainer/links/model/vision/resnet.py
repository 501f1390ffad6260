"""`chainer.links.ResNet50Layers`, `ResNet101Layers` and `ResNet152Layers`: the residual networks
of He et al. (https://arxiv.org/abs/1512.03385) with the original Chainer's layer names so that its
npz files load, their building blocks, and `prepare`, which makes their inputs."""

import collections

from chainer import functions
from chainer import initializers
from chainer import link
from chainer.links.connection import convolution_2d
from chainer.links.connection import linear
from chainer.links.model.vision import _common
from chainer.links.normalization import batch_normalization
from chainer.serializers import npz

available = _common.available

# The mean pixel of the training images, in BGR (slightly different from VGG's).
_MEAN_BGR = (103.063, 115.903, 123.152)

# The bottlenecks of the stages res2..res5.
_STAGE_DEPTHS = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3)}


def prepare(image, size=(224, 224)):
    """Turns an image into an input of the residual networks.

    Args:
        image (PIL.Image.Image or numpy.ndarray): The image; an array has shape ``(h, w)``,
            ``(1, h, w)``, ``(3, h, w)`` or ``(h, w, 3)`` in RGB, and its values are cast to
            uint8.
        size (tuple of int): The ``(width, height)`` to resize to (None or empty: keep the size).

    Returns:
        numpy.ndarray: The BGR image minus the mean pixel, shape ``(3, height, width)``, dtype
        :func:`chainer.get_dtype`.

    Raises:
        ImportError: Pillow is not installed.
    """
    return _common.prepare_image(image, size, _MEAN_BGR)


def _conv_bn(in_channels, out_channels, ksize, stride, pad, initialW):
    conv = convolution_2d.Convolution2D(
        in_channels, out_channels, ksize, stride, pad, initialW=initialW, nobias=True)
    return conv, batch_normalization.BatchNormalization(out_channels)


class BottleneckA(link.Chain):
    """The first bottleneck of a stage: it changes the channels (and maybe the size), so the
    shortcut is a strided 1x1 convolution with batch normalization (``conv4``, ``bn4``).

    The residual path is 1x1 (``conv1``), 3x3 (``conv2``) and 1x1 (``conv3``) convolutions, each
    followed by batch normalization (``bn1``..``bn3``) and all but the last by ReLU; the output
    is ``relu(residual + shortcut)``.

    Args:
        in_channels (int): Input channels.
        mid_channels (int): Channels of the 3x3 convolution.
        out_channels (int): Output channels.
        stride (int): The stride of the block.
        initialW: Initializer of the convolution kernels.
        downsample_fb (bool): Stride on the 3x3 convolution (Facebook's ResNet) rather than on
            the first 1x1 one (the original MSRA ResNet).
    """

    def __init__(self, in_channels, mid_channels, out_channels, stride=2, initialW=None,
                 downsample_fb=False):
        super().__init__()
        stride_1x1, stride_3x3 = (1, stride) if downsample_fb else (stride, 1)
        with self.init_scope():
            self.conv1, self.bn1 = _conv_bn(in_channels, mid_channels, 1, stride_1x1, 0, initialW)
            self.conv2, self.bn2 = _conv_bn(mid_channels, mid_channels, 3, stride_3x3, 1, initialW)
            self.conv3, self.bn3 = _conv_bn(mid_channels, out_channels, 1, 1, 0, initialW)
            self.conv4, self.bn4 = _conv_bn(in_channels, out_channels, 1, stride, 0, initialW)

    def forward(self, x):
        """Applies the block to `x` of shape ``(n, in_channels, h, w)``."""
        h = functions.relu(self.bn1(self.conv1(x)))
        h = functions.relu(self.bn2(self.conv2(h)))
        h = self.bn3(self.conv3(h))
        return functions.relu(h + self.bn4(self.conv4(x)))


class BottleneckB(link.Chain):
    """A bottleneck that keeps the shape, so its shortcut is the identity.

    The residual path is as in :class:`BottleneckA` (``conv1``..``conv3``, ``bn1``..``bn3``),
    back to `in_channels`; the output is ``relu(residual + x)``.

    Args:
        in_channels (int): Input (and output) channels.
        mid_channels (int): Channels of the 3x3 convolution.
        initialW: Initializer of the convolution kernels.
    """

    def __init__(self, in_channels, mid_channels, initialW=None):
        super().__init__()
        with self.init_scope():
            self.conv1, self.bn1 = _conv_bn(in_channels, mid_channels, 1, 1, 0, initialW)
            self.conv2, self.bn2 = _conv_bn(mid_channels, mid_channels, 3, 1, 1, initialW)
            self.conv3, self.bn3 = _conv_bn(mid_channels, in_channels, 1, 1, 0, initialW)

    def forward(self, x):
        """Applies the block to `x` of shape ``(n, in_channels, h, w)``."""
        h = functions.relu(self.bn1(self.conv1(x)))
        h = functions.relu(self.bn2(self.conv2(h)))
        h = self.bn3(self.conv3(h))
        return functions.relu(h + x)


class BuildingBlock(link.Chain):
    """A stage of a residual network: a :class:`BottleneckA` (child ``a``) then
    ``n_layer - 1`` :class:`BottleneckB` (children ``b1``, ``b2``, ...).

    Args:
        n_layer (int): The number of bottlenecks.
        in_channels (int): Input channels.
        mid_channels (int): Channels of the 3x3 convolutions.
        out_channels (int): Output channels.
        stride (int): The stride of the first bottleneck.
        initialW: Initializer of the convolution kernels.
        downsample_fb (bool): See :class:`BottleneckA`.
    """

    def __init__(self, n_layer, in_channels, mid_channels, out_channels, stride, initialW=None,
                 downsample_fb=False):
        super().__init__()
        with self.init_scope():
            self.a = BottleneckA(in_channels, mid_channels, out_channels, stride, initialW,
                                 downsample_fb)
            self._forward = ['a']
            for i in range(1, n_layer):
                name = 'b{}'.format(i)
                setattr(self, name, BottleneckB(out_channels, mid_channels, initialW))
                self._forward.append(name)

    def forward(self, x):
        """Applies the bottlenecks in turn to `x` of shape ``(n, in_channels, h, w)``."""
        for name in self._forward:
            x = getattr(self, name)(x)
        return x


def _max_pooling_2d(x):
    return functions.max_pooling_2d(x, ksize=3, stride=2)


def _global_average_pooling_2d(x):
    n, channels, height, width = x.shape
    h = functions.average_pooling_2d(x, (height, width), stride=1)
    return functions.reshape(h, (n, channels))


class ResNetLayers(_common.PretrainedLayers):
    """A residual network of 50, 101 or 152 layers, whose activations `forward` returns by name.

    The layers (`available_layers`) are ``conv1`` (7x7 convolution with stride 2, batch
    normalization and ReLU), ``pool1`` (3x3 max pooling with stride 2), the stages ``res2`` to
    ``res5`` (:class:`BuildingBlock`), ``pool5`` (global average pooling), ``fc6`` (linear) and
    ``prob`` (softmax). Every layer takes any input size from about 32x32 up.

    Args:
        pretrained_model (str or None): ``'auto'`` (or a name ending in ``.caffemodel``, as the
            original takes) loads the converted weights ``ResNet-{n_layers}-model.npz`` from the
            cache (see Note [Pretrained weights without the network] in ``_common.py``); a path
            loads that npz (written by :func:`~chainer.serializers.save_npz`); None (or ``''``)
            initialises the convolutions with HeNormal(scale=1.0).
        n_layers (int): 50, 101 or 152.
        downsample_fb (bool): See :class:`BottleneckA`. The MSRA weights need False.

    Raises:
        ValueError: `n_layers` is not 50, 101 or 152.
        IOError: ``'auto'`` and the npz is not in the cache.

    .. note::
       This Chainer cannot convert the .caffemodel (the original uses ``CaffeFunction``): put
       ``ResNet-50-model.npz`` (101, 152), as the original converts it, under
       ``chainer.dataset.get_dataset_directory('pfnet/chainer/models/')``.
    """

    _mean_bgr = _MEAN_BGR

    def __init__(self, pretrained_model, n_layers, downsample_fb=False):
        super().__init__()
        if n_layers not in _STAGE_DEPTHS:
            raise ValueError('The n_layers argument should be either 50, 101, or 152, '
                             'but {} was given.'.format(n_layers))
        if pretrained_model == 'auto':
            pretrained_model = 'ResNet-{}-model.caffemodel'.format(n_layers)
        if isinstance(pretrained_model, str) and pretrained_model.endswith('.caffemodel'):
            pretrained_model = _common.cached_npz_path(
                'ResNet-{}-model.npz'.format(n_layers),
                '{} (from https://github.com/KaimingHe/deep-residual-networks)'.format(
                    pretrained_model))
        if pretrained_model:
            # The weights are overwritten at once: zeros skip the costly random sampling.
            initialW = initializers.Zero()
        else:
            initialW = initializers.HeNormal(scale=1.0)
        depths = _STAGE_DEPTHS[n_layers]
        with self.init_scope():
            self.conv1 = convolution_2d.Convolution2D(3, 64, 7, 2, 3, initialW=initialW)
            self.bn1 = batch_normalization.BatchNormalization(64)
            self.res2 = BuildingBlock(depths[0], 64, 64, 256, 1, initialW, downsample_fb)
            self.res3 = BuildingBlock(depths[1], 256, 128, 512, 2, initialW, downsample_fb)
            self.res4 = BuildingBlock(depths[2], 512, 256, 1024, 2, initialW, downsample_fb)
            self.res5 = BuildingBlock(depths[3], 1024, 512, 2048, 2, initialW, downsample_fb)
            self.fc6 = linear.Linear(2048, 1000)
        if pretrained_model:
            npz.load_npz(pretrained_model, self)

    @property
    def functions(self):
        """OrderedDict: The layer names, in order, and the callables computing each one."""
        return collections.OrderedDict([
            ('conv1', [self.conv1, self.bn1, functions.relu]),
            ('pool1', [_max_pooling_2d]),
            ('res2', [self.res2]),
            ('res3', [self.res3]),
            ('res4', [self.res4]),
            ('res5', [self.res5]),
            ('pool5', [_global_average_pooling_2d]),
            ('fc6', [self.fc6]),
            ('prob', [functions.softmax]),
        ])

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz, n_layers=50):
        """Not available here: the original converts with ``CaffeFunction``.

        Raises:
            RuntimeError: Always.
        """
        _common.raise_conversion_unavailable(path_caffemodel)


class ResNet50Layers(ResNetLayers):
    """The 50-layer residual network. See :class:`ResNetLayers`.

    Example:
        >>> model = ResNet50Layers(pretrained_model=None)
        >>> feature = model.extract([image], layers=['pool5'])['pool5']   # shape (1, 2048)
    """

    def __init__(self, pretrained_model='auto', downsample_fb=False):
        super().__init__(pretrained_model, 50, downsample_fb)


class ResNet101Layers(ResNetLayers):
    """The 101-layer residual network. See :class:`ResNetLayers`."""

    def __init__(self, pretrained_model='auto', downsample_fb=False):
        super().__init__(pretrained_model, 101, downsample_fb)


class ResNet152Layers(ResNetLayers):
    """The 152-layer residual network. See :class:`ResNetLayers`."""

    def __init__(self, pretrained_model='auto', downsample_fb=False):
        super().__init__(pretrained_model, 152, downsample_fb)
