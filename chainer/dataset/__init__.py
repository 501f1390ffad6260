"""Dataset abstractions: converters, the iterator base class, the dataset mixin and downloads."""

from chainer.dataset.convert import concat_examples  # NOQA
from chainer.dataset.convert import ConcatWithAsyncTransfer  # NOQA
from chainer.dataset.convert import converter  # NOQA
from chainer.dataset.convert import Converter  # NOQA
from chainer.dataset.convert import to_device  # NOQA
from chainer.dataset.dataset_mixin import DatasetMixin  # NOQA
from chainer.dataset.download import cache_or_load_file  # NOQA
from chainer.dataset.download import cached_download  # NOQA
from chainer.dataset.download import get_dataset_directory  # NOQA
from chainer.dataset.download import get_dataset_root  # NOQA
from chainer.dataset.download import set_dataset_root  # NOQA
from chainer.dataset.iterator import Iterator  # NOQA
from chainer.dataset import tabular  # NOQA
from chainer.dataset.tabular import TabularDataset  # NOQA
