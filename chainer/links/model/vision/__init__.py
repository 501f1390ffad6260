"""chainer.links.model.vision: networks pretrained on ImageNet (VGG, ResNet, GoogLeNet).

Each module also has its own ``prepare`` (the images' preprocessing); the model classes are
listed in ``__all__``.
"""

from chainer.links.model.vision import googlenet  # NOQA
from chainer.links.model.vision import resnet  # NOQA
from chainer.links.model.vision import vgg  # NOQA
from chainer.links.model.vision.googlenet import GoogLeNet  # NOQA
from chainer.links.model.vision.resnet import ResNet101Layers  # NOQA
from chainer.links.model.vision.resnet import ResNet152Layers  # NOQA
from chainer.links.model.vision.resnet import ResNet50Layers  # NOQA
from chainer.links.model.vision.vgg import VGG16Layers  # NOQA
from chainer.links.model.vision.vgg import VGG19Layers  # NOQA

__all__ = ['GoogLeNet', 'ResNet101Layers', 'ResNet152Layers', 'ResNet50Layers', 'VGG16Layers',
           'VGG19Layers']
