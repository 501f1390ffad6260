"""The OpenBLAS kernels chosen before _core loads the system OpenBLAS (Note [OpenBLAS's core type])."""

import ctypes
import os

import pytest

import chainerx as chx
from chainerx import _openblas_core

_AVX512 = {'avx512f', 'avx512cd', 'avx512bw', 'avx512dq', 'avx512vl'}


@pytest.mark.parametrize('vendor,flags,expected', [
    ('GenuineIntel', _AVX512 | {'avx2', 'fma'}, 'SkylakeX'),
    ('GenuineIntel', {'avx2', 'fma', 'avx512f'}, 'Haswell'),  # not every subset the kernels use
    ('GenuineIntel', {'avx2', 'fma'}, 'Haswell'),
    ('GenuineIntel', {'avx', 'sse4_2'}, None),
    ('AuthenticAMD', _AVX512 | {'avx2', 'fma'}, None),
    (None, frozenset(), None),
])
def test_core_type_for_the_cpu(vendor, flags, expected):
    assert _openblas_core.core_type_for(vendor, frozenset(flags)) == expected


def test_a_core_type_the_user_set_is_kept():
    environ = {'OPENBLAS_CORETYPE': 'Zen'}
    assert _openblas_core.choose(environ) == 'Zen'
    assert environ == {'OPENBLAS_CORETYPE': 'Zen'}


def test_an_unset_core_type_is_set_from_the_cpu(monkeypatch):
    monkeypatch.setattr(_openblas_core, '_first_cpu_info', lambda: ('GenuineIntel', frozenset({'avx2', 'fma'})))
    environ = {}
    assert _openblas_core.choose(environ) == 'Haswell'
    assert environ == {'OPENBLAS_CORETYPE': 'Haswell'}


def test_cpu_info_of_a_missing_file_is_empty():
    assert _openblas_core._first_cpu_info('/nonexistent/cpuinfo') == (None, frozenset())


def _loaded_openblas():
    # The system's OpenBLAS that _core links, not a copy bundled with NumPy (in site-packages; NumPy's own copies
    # also rename their symbols).
    with open('/proc/self/maps') as f:
        paths = {line.split()[-1] for line in f if 'libopenblas' in line}
    for path in sorted(p for p in paths if 'site-packages' not in p):
        lib = ctypes.CDLL(path)
        if hasattr(lib, 'openblas_get_corename') and hasattr(lib, 'openblas_get_config'):
            lib.openblas_get_corename.restype = ctypes.c_char_p
            lib.openblas_get_config.restype = ctypes.c_char_p
            return lib
    pytest.skip('no system OpenBLAS loaded in this process')


def test_the_loaded_openblas_runs_the_kernels_of_the_cpu():
    # Where the import set the core type (an Intel CPU with AVX2), the OpenBLAS that _core loaded uses it, not the
    # SSE3 fallback of a CPU it does not know.
    chosen = _openblas_core.core_type_for(*_openblas_core._first_cpu_info())
    if chosen is None or os.environ.get('OPENBLAS_CORETYPE') != chosen:
        pytest.skip('the core type was left to OpenBLAS or set by the user')
    lib = _loaded_openblas()
    if b'DYNAMIC_ARCH' not in lib.openblas_get_config():
        pytest.skip('an OpenBLAS built for one CPU ignores OPENBLAS_CORETYPE')
    assert lib.openblas_get_corename().decode().lower() == chosen.lower()
    # And the product is right with those kernels.
    a = chx.arange(12, dtype='float32').reshape(3, 4)
    assert chx.to_numpy(chx.dot(a, a.T)).tolist() == [[14.0, 38.0, 62.0], [38.0, 126.0, 214.0], [62.0, 214.0, 366.0]]
