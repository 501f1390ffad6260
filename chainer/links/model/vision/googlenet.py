"""`chainer.links.GoogLeNet`: the GoogLeNet (Inception v1) of Szegedy et al.
(https://arxiv.org/abs/1409.4842) as trained by BVLC, with the original Chainer's layer names so
that its npz files load, and `prepare`, which makes its inputs."""

import collections

from chainer import functions
from chainer import initializers
from chainer.links.connection import convolution_2d
from chainer.links.connection import inception
from chainer.links.connection import linear
from chainer.links.model.vision import _common
from chainer.serializers import npz

available = _common.available

# The mean pixel of the training images, in BGR.
_MEAN_BGR = (104.0, 117.0, 123.0)

_CAFFEMODEL_URL = 'http://dl.caffe.berkeleyvision.org/bvlc_googlenet.caffemodel'

# (child name, layer name, Inception arguments: in, out1, proj3, out3, proj5, out5, proj_pool).
_INCEPTIONS = (
    ('inc3a', 'inception_3a', (192, 64, 96, 128, 16, 32, 32)),
    ('inc3b', 'inception_3b', (256, 128, 128, 192, 32, 96, 64)),
    ('inc4a', 'inception_4a', (480, 192, 96, 208, 16, 48, 64)),
    ('inc4b', 'inception_4b', (512, 160, 112, 224, 24, 64, 64)),
    ('inc4c', 'inception_4c', (512, 128, 128, 256, 24, 64, 64)),
    ('inc4d', 'inception_4d', (512, 112, 144, 288, 32, 64, 64)),
    ('inc4e', 'inception_4e', (528, 256, 160, 320, 32, 128, 128)),
    ('inc5a', 'inception_5a', (832, 256, 160, 320, 32, 128, 128)),
    ('inc5b', 'inception_5b', (832, 384, 192, 384, 48, 128, 128)),
)


def prepare(image, size=(224, 224)):
    """Turns an image into an input of GoogLeNet.

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
    return functions.max_pooling_2d(x, ksize=3, stride=2)


def _local_response_normalization(x):
    return functions.local_response_normalization(x, n=5, k=1, alpha=1e-4 / 5)


def _average_pooling_2d_k5(x):
    return functions.average_pooling_2d(x, ksize=5, stride=3)


def _average_pooling_2d_k7(x):
    return functions.average_pooling_2d(x, ksize=7, stride=1)


def _dropout(x):
    return functions.dropout(x, ratio=0.4)


class GoogLeNet(_common.PretrainedLayers):
    """GoogLeNet, whose activations `forward` returns by layer name.

    The layers (`available_layers`), in order: ``conv1`` (7x7 convolution with stride 2, ReLU),
    ``pool1`` (3x3 max pooling with stride 2, local response normalization), ``conv2_reduce``,
    ``conv2`` (convolutions, ReLU; then LRN), ``pool2``, ``inception_3a``, ``inception_3b``,
    ``pool3``, ``inception_4a`` to ``inception_4e``, ``pool4``, ``inception_5a``,
    ``inception_5b``, ``pool5`` (7x7 average pooling), ``loss3_fc`` (dropout, linear),
    ``prob`` (softmax), then the auxiliary classifiers ``loss1_fc2`` (from ``inception_4a``) and
    ``loss2_fc2`` (from ``inception_4d``), which are computed only when asked. The layers from
    ``pool5`` on, and the auxiliary ones, need 224x224 inputs.

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted weights
            ``bvlc_googlenet.npz`` from the cache (see Note [Pretrained weights without the
            network] in ``_common.py``); a path loads that npz (written by
            :func:`~chainer.serializers.save_npz`); None (or ``''``) initialises the weights
            outside the Inception modules with LeCunUniform(scale=1.0), as BVLC does.

    Raises:
        IOError: ``'auto'`` and the npz is not in the cache.

    .. note::
       This Chainer cannot download or convert the .caffemodel (the original uses
       ``CaffeFunction``): put ``bvlc_googlenet.npz``, as the original converts it, under
       ``chainer.dataset.get_dataset_directory('pfnet/chainer/models/')``.
    """

    _mean_bgr = _MEAN_BGR
    _branches = {'loss1_fc2': 'inception_4a', 'loss2_fc2': 'inception_4d'}

    def __init__(self, pretrained_model='auto'):
        super().__init__()
        if pretrained_model == 'auto':
            pretrained_model = _common.cached_npz_path('bvlc_googlenet.npz', _CAFFEMODEL_URL)
        if pretrained_model:
            # The weights are overwritten at once: zeros skip the costly random sampling.
            kwargs = {'initialW': initializers.Zero()}
        else:
            kwargs = {'initialW': initializers.LeCunUniform(scale=1.0)}
        with self.init_scope():
            self.conv1 = convolution_2d.Convolution2D(3, 64, 7, stride=2, pad=3, **kwargs)
            self.conv2_reduce = convolution_2d.Convolution2D(64, 64, 1, **kwargs)
            self.conv2 = convolution_2d.Convolution2D(64, 192, 3, stride=1, pad=1, **kwargs)
            for child, _, args in _INCEPTIONS:
                setattr(self, child, inception.Inception(*args))
            self.loss3_fc = linear.Linear(1024, 1000, **kwargs)
            self.loss1_conv = convolution_2d.Convolution2D(512, 128, 1, **kwargs)
            self.loss1_fc1 = linear.Linear(2048, 1024, **kwargs)
            self.loss1_fc2 = linear.Linear(1024, 1000, **kwargs)
            self.loss2_conv = convolution_2d.Convolution2D(528, 128, 1, **kwargs)
            self.loss2_fc1 = linear.Linear(2048, 1024, **kwargs)
            self.loss2_fc2 = linear.Linear(1024, 1000, **kwargs)
        if pretrained_model:
            npz.load_npz(pretrained_model, self)

    @property
    def functions(self):
        """OrderedDict: The layer names, in order, and the callables computing each one."""
        inc = {layer: [getattr(self, child)] for child, layer, _ in _INCEPTIONS}
        relu = functions.relu
        return collections.OrderedDict([
            ('conv1', [self.conv1, relu]),
            ('pool1', [_max_pooling_2d, _local_response_normalization]),
            ('conv2_reduce', [self.conv2_reduce, relu]),
            ('conv2', [self.conv2, relu, _local_response_normalization]),
            ('pool2', [_max_pooling_2d]),
            ('inception_3a', inc['inception_3a']),
            ('inception_3b', inc['inception_3b']),
            ('pool3', [_max_pooling_2d]),
            ('inception_4a', inc['inception_4a']),
            ('inception_4b', inc['inception_4b']),
            ('inception_4c', inc['inception_4c']),
            ('inception_4d', inc['inception_4d']),
            ('inception_4e', inc['inception_4e']),
            ('pool4', [_max_pooling_2d]),
            ('inception_5a', inc['inception_5a']),
            ('inception_5b', inc['inception_5b']),
            ('pool5', [_average_pooling_2d_k7]),
            ('loss3_fc', [_dropout, self.loss3_fc]),
            ('prob', [functions.softmax]),
            # Rarely wanted, so after 'prob': forward stops before them unless they are asked.
            ('loss1_fc2', [_average_pooling_2d_k5, self.loss1_conv, relu,
                           self.loss1_fc1, relu, self.loss1_fc2]),
            ('loss2_fc2', [_average_pooling_2d_k5, self.loss2_conv, relu,
                           self.loss2_fc1, relu, self.loss2_fc2]),
        ])

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz):
        """Not available here: the original converts with ``CaffeFunction``.

        Raises:
            RuntimeError: Always.
        """
        _common.raise_conversion_unavailable(path_caffemodel)
