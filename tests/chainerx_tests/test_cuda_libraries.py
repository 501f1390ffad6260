"""chainerx._cuda_libraries: how a CUDA build finds cuBLAS/cuDNN on sys.path (Note [Finding the CUDA libraries])."""

import os
import sys

import pytest

import chainerx
from chainerx import _cuda_libraries


def _install(root, sonames, layout=0):
    for directories, soname in _cuda_libraries._LIBRARIES:
        if soname in sonames:
            path = root / directories[min(layout, len(directories) - 1)]
            path.mkdir(parents=True, exist_ok=True)
            (path / soname).write_bytes(b'')


def _all_sonames():
    return [soname for _, soname in _cuda_libraries._LIBRARIES]


def test_find_takes_each_library_from_the_first_entry_that_has_it(tmp_path):
    first, second = tmp_path / 'first', tmp_path / 'second'
    _install(first, ['libcublas.so.13', 'libcublasLt.so.13'])
    _install(second, _all_sonames())
    paths = _cuda_libraries.find(['', str(tmp_path / 'missing'), str(first), str(second)])
    assert len(paths) == len(_cuda_libraries._LIBRARIES)
    assert paths[0] == str(first / 'nvidia/cu13/lib/libcublasLt.so.13')
    assert paths[1] == str(first / 'nvidia/cu13/lib/libcublas.so.13')
    assert all(path.startswith(str(second)) for path in paths[2:])


def test_find_knows_the_older_cublas_layout(tmp_path):
    _install(tmp_path, _all_sonames(), layout=1)
    paths = _cuda_libraries.find([str(tmp_path)])
    assert paths[1] == str(tmp_path / 'nvidia/cublas/lib/libcublas.so.13')


def test_find_returns_nothing_when_a_library_is_missing(tmp_path):
    _install(tmp_path, _all_sonames()[:-1])
    assert _cuda_libraries.find([str(tmp_path)]) == []
    assert _cuda_libraries.find([]) == []


def test_only_a_missing_cuda_library_is_recognised():
    assert _cuda_libraries.is_missing_library_error(
        ImportError('libcublas.so.13: cannot open shared object file: No such file or directory'))
    assert _cuda_libraries.is_missing_library_error(ImportError('libcudnn_ops.so.9: cannot open shared object file'))
    assert not _cuda_libraries.is_missing_library_error(ImportError('libfoo.so.1: cannot open shared object file'))
    assert not _cuda_libraries.is_missing_library_error(ImportError('undefined symbol: _ZN8chainerx'))


def test_preload_names_the_wheels_when_nothing_is_found(monkeypatch):
    monkeypatch.setattr('sys.path', [])
    cause = ImportError('libcublas.so.13: cannot open shared object file')
    with pytest.raises(ImportError, match='pip install nvidia-cublas and nvidia-cudnn-cu13') as info:
        _cuda_libraries.preload(cause)
    assert info.value.__cause__ is cause


def _install_optional(root, layout):
    for group in _cuda_libraries._OPTIONAL_GROUPS:
        for directories, soname in group:
            path = root / directories[layout]
            path.mkdir(parents=True, exist_ok=True)
            (path / soname).write_bytes(b'')


def test_find_takes_the_optional_libraries_from_their_wheels(tmp_path):
    _install_optional(tmp_path, layout=-1)
    paths = _cuda_libraries.find([str(tmp_path)], _cuda_libraries._CUSOLVER_LIBRARIES)
    assert [os.path.relpath(path, tmp_path) for path in paths] == [
        'nvidia/nvjitlink/lib/libnvJitLink.so.13', 'nvidia/cusparse/lib/libcusparse.so.12',
        'nvidia/cusolver/lib/libcusolver.so.12']
    assert _cuda_libraries.find([str(tmp_path)], _cuda_libraries._NVRTC_LIBRARIES) == [
        str(tmp_path / 'nvidia/cuda_nvrtc/lib/libnvrtc.so.13')]


def test_preload_loads_each_optional_group_it_can_and_survives_a_broken_one(tmp_path, monkeypatch):
    _install(tmp_path, _all_sonames())
    _install_optional(tmp_path, layout=0)
    loaded = []

    def fake_cdll(path, mode=0):
        if path.endswith('libcusparse.so.12'):
            raise OSError(f'{path}: invalid ELF header')
        loaded.append(os.path.basename(path))

    monkeypatch.setattr('sys.path', [str(tmp_path)])
    monkeypatch.setattr(_cuda_libraries.ctypes, 'CDLL', fake_cdll)
    _cuda_libraries.preload(ImportError('libcublas.so.13: cannot open shared object file'))
    # cuSPARSE fails to load, so cuSOLVER is not tried; NVRTC is another group.
    assert loaded == _all_sonames() + ['libnvJitLink.so.13', 'libnvrtc.so.13']


def test_linalg_library_is_cusolver_or_says_why_not():
    if getattr(chainerx._core, '_cuda_cusolver_load_failure', None) is None:
        with pytest.raises(chainerx.BackendError, match='no CUDA backend'):
            chainerx._cuda.linalg_library()
        return
    library = chainerx._cuda.linalg_library()
    assert library == 'cusolver' or (library.startswith('host: ') and len(library) > len('host: '))
    if _cuda_libraries.find(sys.path, _cuda_libraries._CUSOLVER_LIBRARIES):
        # Installed where chainerx looks (the GPU check's machine has the wheels): chainerx.linalg uses them.
        assert library == 'cusolver'
