"""chainer.links: the model links (their names are listed in __all__).

The pretrained image models live in chainer.links.model.vision (Note [Pretrained weights without
the network] in vision/_common.py).
"""

from chainer.links.model.classifier import Classifier  # NOQA
from chainer.links.model.vision.googlenet import GoogLeNet  # NOQA
from chainer.links.model.vision.resnet import ResNet101Layers  # NOQA
from chainer.links.model.vision.resnet import ResNet152Layers  # NOQA
from chainer.links.model.vision.resnet import ResNet50Layers  # NOQA
from chainer.links.model.vision.vgg import VGG16Layers  # NOQA
from chainer.links.model.vision.vgg import VGG19Layers  # NOQA

__all__ = [
    'Classifier', 'GoogLeNet', 'ResNet101Layers', 'ResNet152Layers', 'ResNet50Layers',
    'VGG16Layers', 'VGG19Layers',
]
