"""Splitting a dataset over the ranks."""

from chainermn.datasets.empty_dataset import create_empty_dataset  # NOQA
from chainermn.datasets.scatter_dataset import scatter_dataset  # NOQA
from chainermn.datasets.scatter_dataset import scatter_index  # NOQA
