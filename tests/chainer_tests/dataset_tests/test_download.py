"""The dataset root, cached_download (through file:// URLs) and cache_or_load_file."""

import hashlib
import os
import subprocess
import sys
import urllib.error

import pytest

from chainer.dataset import download


@pytest.fixture
def root(tmp_path, monkeypatch):
    path = tmp_path / 'root'
    monkeypatch.setattr(download, '_dataset_root', str(path))
    return path


def test_set_and_get_dataset_root(monkeypatch, tmp_path):
    monkeypatch.setattr(download, '_dataset_root', download.get_dataset_root())
    download.set_dataset_root(str(tmp_path))
    assert download.get_dataset_root() == str(tmp_path)


def _root_in_fresh_interpreter(home, **environment):
    code = 'from chainer.dataset import download; print(download.get_dataset_root())'
    env = {key: value for key, value in os.environ.items() if key != 'CHAINER_DATASET_ROOT'}
    env.update(PYTHONPATH=os.pathsep.join(sys.path), HOME=home, **environment)
    return subprocess.run([sys.executable, '-c', code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_root_from_environment_and_default(tmp_path):
    root = str(tmp_path / 'root')
    assert _root_in_fresh_interpreter(str(tmp_path), CHAINER_DATASET_ROOT=root) == root
    expected = os.path.join(str(tmp_path), '.chainer', 'dataset')
    assert _root_in_fresh_interpreter(str(tmp_path)) == expected


def test_get_dataset_directory(root):
    path = download.get_dataset_directory('pfnet/chainer/x')
    assert path == os.path.join(str(root), 'pfnet/chainer/x')
    assert os.path.isdir(path)
    assert download.get_dataset_directory('pfnet/chainer/x') == path  # exists already
    other = download.get_dataset_directory('other', create_directory=False)
    assert not os.path.exists(other)


def test_cached_download_from_file_url(root, tmp_path, capsys):
    source = tmp_path / 'data.bin'
    source.write_bytes(b'\x00payload')
    url = source.as_uri()
    path = download.cached_download(url)
    assert path == os.path.join(str(root), '_dl_cache', hashlib.md5(url.encode()).hexdigest())
    with open(path, 'rb') as cached:
        assert cached.read() == b'\x00payload'
    assert 'Downloading from {}'.format(url) in capsys.readouterr().err
    source.unlink()
    assert download.cached_download(url) == path  # served from the cache
    assert os.listdir(os.path.join(str(root), '_dl_cache')) == [os.path.basename(path)]


def test_failed_download_caches_nothing(root, tmp_path):
    with pytest.raises(urllib.error.URLError):
        download.cached_download((tmp_path / 'missing').as_uri())
    assert os.listdir(os.path.join(str(root), '_dl_cache')) == []


def test_cache_or_load_file(root):
    path = os.path.join(str(root), 'sub', 'cache.txt')
    calls = []

    def creator(temp_path):
        calls.append('create')
        assert os.path.dirname(os.path.dirname(temp_path)) == os.path.dirname(path)
        with open(temp_path, 'w') as f:
            f.write('content')
        return 'created'

    def loader(load_path):
        calls.append('load')
        with open(load_path) as f:
            return f.read()

    assert download.cache_or_load_file(path, creator, loader) == 'created'
    assert download.cache_or_load_file(path, creator, loader) == 'content'
    assert calls == ['create', 'load']
    assert os.listdir(os.path.dirname(path)) == ['cache.txt']


def test_failing_creator_leaves_no_file(root):
    path = os.path.join(str(root), 'cache.txt')

    def creator(temp_path):
        with open(temp_path, 'w') as f:
            f.write('partial')
        raise RuntimeError('interrupted')

    with pytest.raises(RuntimeError, match='interrupted'):
        download.cache_or_load_file(path, creator, None)
    assert os.listdir(str(root)) == []
