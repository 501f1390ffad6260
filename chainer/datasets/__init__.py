"""Datasets: combinators over datasets (tuples, dicts, subsets, transforms), file-backed datasets
(images, text, pickles) and the loaders of standard datasets (MNIST, CIFAR, PTB, ...)."""

from chainer.datasets.cifar import get_cifar10  # NOQA
from chainer.datasets.cifar import get_cifar100  # NOQA
from chainer.datasets.concatenated_dataset import ConcatenatedDataset  # NOQA
from chainer.datasets.dict_dataset import DictDataset  # NOQA
from chainer.datasets.fashion_mnist import get_fashion_mnist  # NOQA
from chainer.datasets.fashion_mnist import get_fashion_mnist_labels  # NOQA
from chainer.datasets.image_dataset import ImageDataset  # NOQA
from chainer.datasets.image_dataset import LabeledImageDataset  # NOQA
from chainer.datasets.image_dataset import LabeledZippedImageDataset  # NOQA
from chainer.datasets.image_dataset import MultiZippedImageDataset  # NOQA
from chainer.datasets.image_dataset import ZippedImageDataset  # NOQA
from chainer.datasets.kuzushiji_mnist import get_kuzushiji_mnist  # NOQA
from chainer.datasets.kuzushiji_mnist import get_kuzushiji_mnist_labels  # NOQA
from chainer.datasets.mnist import get_mnist  # NOQA
from chainer.datasets.pickle_dataset import open_pickle_dataset  # NOQA
from chainer.datasets.pickle_dataset import open_pickle_dataset_writer  # NOQA
from chainer.datasets.pickle_dataset import PickleDataset  # NOQA
from chainer.datasets.pickle_dataset import PickleDatasetWriter  # NOQA
from chainer.datasets.ptb import get_ptb_words  # NOQA
from chainer.datasets.ptb import get_ptb_words_vocabulary  # NOQA
from chainer.datasets.sub_dataset import get_cross_validation_datasets  # NOQA
from chainer.datasets.sub_dataset import get_cross_validation_datasets_random  # NOQA
from chainer.datasets.sub_dataset import split_dataset  # NOQA
from chainer.datasets.sub_dataset import split_dataset_n  # NOQA
from chainer.datasets.sub_dataset import split_dataset_n_random  # NOQA
from chainer.datasets.sub_dataset import split_dataset_random  # NOQA
from chainer.datasets.sub_dataset import SubDataset  # NOQA
from chainer.datasets.svhn import get_svhn  # NOQA
from chainer.datasets.text_dataset import TextDataset  # NOQA
from chainer.datasets.transform_dataset import TransformDataset  # NOQA
from chainer.datasets.tuple_dataset import TupleDataset  # NOQA
