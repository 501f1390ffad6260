"""`chainer.links.VGG16Layers` and `VGG19Layers`: the VGG networks of Simonyan and Zisserman
(https://arxiv.org/abs/1409.1556), with the original Chainer's layer names so that its npz files
load, and `prepare`, which makes their inputs."""

import collections

from chainer import functions
from chainer import initializers
from chainer.links.connection import convolution_2d
from chainer.links.connection import linear
from chainer.links.model.vision import _common
from chainer.serializers import npz

available = _common.available

# The mean pixel of the training images, in BGR (the VGG team's, used instead of the mean image
# so that any image size works).
_MEAN_BGR = (103.939, 116.779, 123.68)

_CAFFEMODEL_URL = 'https://www.robots.ox.ac.uk/%7Evgg/software/very_deep/caffe/{}.caffemodel'

# The convolutions in each of the five blocks, and their channels.
_BLOCK_DEPTHS = {16: (2, 2, 3, 3, 3), 19: (2, 2, 4, 4, 4)}
_BLOCK_CHANNELS = (64, 128, 256, 512, 512)


def prepare(image, size=(224, 224)):
    """Turns an image into an input of the VGG networks.

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


def _max_pooling_2d(x):
    return functions.max_pooling_2d(x, ksize=2)


def _relu_dropout(x):
    return functions.dropout(functions.relu(x))


class VGGLayers(_common.PretrainedLayers):
    """The 16- or 19-layer VGG network, whose activations `forward` returns by layer name.

    The layers (`available_layers`) are ``conv{b}_{i}`` (3x3 convolutions and ReLU), ``pool{b}``
    (2x2 max pooling) for the blocks ``b`` = 1..5, then ``fc6`` and ``fc7`` (linear, ReLU and
    dropout), ``fc8`` (linear) and ``prob`` (softmax). The fully connected layers need
    224x224 inputs; the convolutional ones take any size.

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted weights from the cache
            (see Note [Pretrained weights without the network] in ``_common.py``); a path loads
            that npz (written by :func:`~chainer.serializers.save_npz`); None (or ``''``)
            initialises the weights at random as in the paper (Normal(0.01), zero biases).
        n_layers (int): 16 or 19.

    Raises:
        ValueError: `n_layers` is neither 16 nor 19.
        IOError: ``'auto'`` and the npz is not in the cache.

    .. note::
       This Chainer cannot download or convert the .caffemodel (the original uses
       ``CaffeFunction``): put ``VGG_ILSVRC_16_layers.npz`` (or ``..._19_layers.npz``), as the
       original converts it, under
       ``chainer.dataset.get_dataset_directory('pfnet/chainer/models/')``.
    """

    _mean_bgr = _MEAN_BGR

    def __init__(self, pretrained_model='auto', n_layers=16):
        super().__init__()
        if n_layers not in _BLOCK_DEPTHS:
            raise ValueError('The n_layers argument should be either 16 or 19, '
                             'but {} was given.'.format(n_layers))
        name = 'VGG_ILSVRC_{}_layers'.format(n_layers)
        if pretrained_model == 'auto':
            pretrained_model = _common.cached_npz_path(
                name + '.npz', _CAFFEMODEL_URL.format(name))
        if pretrained_model:
            # The weights are overwritten at once: zeros skip the costly random sampling.
            kwargs = {'initialW': initializers.Zero(), 'initial_bias': initializers.Zero()}
        else:
            kwargs = {'initialW': initializers.Normal(0.01), 'initial_bias': initializers.Zero()}
        self.n_layers = n_layers
        in_channels = 3
        with self.init_scope():
            for block, (depth, channels) in enumerate(
                    zip(_BLOCK_DEPTHS[n_layers], _BLOCK_CHANNELS), 1):
                for i in range(1, depth + 1):
                    setattr(self, 'conv{}_{}'.format(block, i), convolution_2d.Convolution2D(
                        in_channels, channels, 3, 1, 1, **kwargs))
                    in_channels = channels
            self.fc6 = linear.Linear(512 * 7 * 7, 4096, **kwargs)
            self.fc7 = linear.Linear(4096, 4096, **kwargs)
            self.fc8 = linear.Linear(4096, 1000, **kwargs)
        if pretrained_model:
            npz.load_npz(pretrained_model, self)

    @property
    def functions(self):
        """OrderedDict: The layer names, in order, and the callables computing each one."""
        layers = collections.OrderedDict()
        for block, depth in enumerate(_BLOCK_DEPTHS[self.n_layers], 1):
            for i in range(1, depth + 1):
                name = 'conv{}_{}'.format(block, i)
                layers[name] = [getattr(self, name), functions.relu]
            layers['pool{}'.format(block)] = [_max_pooling_2d]
        layers['fc6'] = [self.fc6, _relu_dropout]
        layers['fc7'] = [self.fc7, _relu_dropout]
        layers['fc8'] = [self.fc8]
        layers['prob'] = [functions.softmax]
        return layers

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz, n_layers=16):
        """Not available here: the original converts with ``CaffeFunction``.

        Raises:
            RuntimeError: Always.
        """
        _common.raise_conversion_unavailable(path_caffemodel)


class VGG16Layers(VGGLayers):
    """The 16-layer VGG network (configuration D). See :class:`VGGLayers`.

    Example:
        >>> model = VGG16Layers(pretrained_model=None)
        >>> feature = model.extract([image], layers=['fc7'])['fc7']   # shape (1, 4096)
    """

    def __init__(self, pretrained_model='auto'):
        super().__init__(pretrained_model, 16)


class VGG19Layers(VGGLayers):
    """The 19-layer VGG network (configuration E). See :class:`VGGLayers`."""

    def __init__(self, pretrained_model='auto'):
        super().__init__(pretrained_model, 19)
