"""Where downloaded datasets live, and the download and cache helpers that dataset loaders share.

Files live under the dataset root: ``$CHAINER_DATASET_ROOT``, by default ``~/.chainer/dataset``.
Raw downloads are cached in ``<root>/_dl_cache/<md5 of the URL>``; loaders keep their preprocessed
files in ``<root>/<dataset name>/`` (e.g. ``pfnet/chainer/mnist/train.npz``). The layout is that
of the original Chainer, so an existing cache is used as it is.
"""

# Note [Atomic cache files]
# A cache file must never be seen half-written: a process killed mid-download, or two processes
# (e.g. several training jobs) fetching the same dataset at once, must not leave a truncated file
# that later runs would trust. Each writer therefore writes into a private temporary directory next
# to the target (same filesystem) and publishes the finished file with os.replace, which is atomic.
# Two concurrent writers both download, and the last rename wins with identical content; readers
# see either no file or a complete one. This needs no file lock (the original used the `filelock`
# package for the same end).

import hashlib
import os
import shutil
import sys
import tempfile
from typing import Any, Callable
from urllib import request

_dataset_root = os.environ.get(
    'CHAINER_DATASET_ROOT', os.path.join(os.path.expanduser('~'), '.chainer', 'dataset'))


def get_dataset_root() -> str:
    """Returns the root directory of downloaded and cached datasets."""
    return _dataset_root


def set_dataset_root(path: str) -> None:
    """Sets the root directory of datasets (initially ``$CHAINER_DATASET_ROOT`` or
    ``~/.chainer/dataset``)."""
    global _dataset_root
    _dataset_root = path


def get_dataset_directory(dataset_name: str, create_directory: bool = True) -> str:
    """Returns the directory of a dataset under the dataset root.

    Args:
        dataset_name: The relative path of the dataset's directory, e.g. ``'pfnet/chainer/mnist'``.
        create_directory: Whether to create the directory (and its parents) if missing.

    Returns:
        The path ``<dataset root>/<dataset_name>``.
    """
    path = os.path.join(_dataset_root, dataset_name)
    if create_directory:
        os.makedirs(path, exist_ok=True)
    return path


def cached_download(url: str) -> str:
    """Downloads a file once and returns the path of the cached copy.

    The file is cached as ``<dataset root>/_dl_cache/<md5 hex digest of url>``; later calls with the
    same URL return that path without downloading. Any URL ``urllib`` opens works, ``file://``
    included. See Note [Atomic cache files].

    Raises:
        urllib.error.URLError: If the download fails (nothing is cached then).
    """
    cache_root = os.path.join(_dataset_root, '_dl_cache')
    os.makedirs(cache_root, exist_ok=True)
    cache_path = os.path.join(cache_root, hashlib.md5(url.encode('utf-8')).hexdigest())
    if os.path.exists(cache_path):
        return cache_path
    temp_root = tempfile.mkdtemp(dir=cache_root)
    try:
        temp_path = os.path.join(temp_root, 'dl')
        sys.stderr.write('Downloading from {}...\n'.format(url))
        sys.stderr.flush()
        request.urlretrieve(url, temp_path)
        os.replace(temp_path, cache_path)
    finally:
        shutil.rmtree(temp_root, ignore_errors=True)
    return cache_path


def cache_or_load_file(path: str, creator: Callable[[str], Any],
                       loader: Callable[[str], Any]) -> Any:
    """Loads a cached file, or creates it first.

    If `path` exists, returns ``loader(path)``. Otherwise calls ``creator(temp_path)``, which
    writes the file at ``temp_path`` (in a temporary directory beside `path`) and returns the
    content; the file is then moved to `path` and the creator's result is returned. See Note
    [Atomic cache files].

    Args:
        path: The path of the cache file.
        creator: ``creator(path) -> content``, which writes the file.
        loader: ``loader(path) -> content``, which reads it.
    """
    if os.path.exists(path):
        return loader(path)
    directory = os.path.dirname(path) or '.'
    os.makedirs(directory, exist_ok=True)
    temp_root = tempfile.mkdtemp(dir=directory)
    try:
        temp_path = os.path.join(temp_root, os.path.basename(path))
        content = creator(temp_path)
        os.replace(temp_path, path)
    finally:
        shutil.rmtree(temp_root, ignore_errors=True)
    return content
