"""Tabular datasets: datasets of named columns with batch reads and lazy views."""

# tabular_dataset first: it imports the view modules, which subclass TabularDataset.
from chainer.dataset.tabular.tabular_dataset import TabularDataset  # NOQA isort:skip
from chainer.dataset.tabular.delegate_dataset import DelegateDataset  # NOQA
from chainer.dataset.tabular.from_data import from_data  # NOQA
