"""CPU levels (Note [CPU levels] in native/cpu_level.cc): CHAINERX_CPU_LEVEL picks which compiled version of
the level-dispatched kernels runs; every level must give the same results (here: the direct convolution, whose
AVX2 and AVX-512 tiles run on this machine when it has them)."""

import json
import os
import subprocess
import sys

import numpy

import chainerx as chx

_LEVELS = ('baseline', 'avx2', 'avx512')

# Stride-1 convolutions (the direct kernels' domain) with partial vectors, few and many output channels,
# float32 and float64; integer-valued data so that every summation order gives the same result.
_SCRIPT = r'''
import json, sys
import numpy
import chainerx as chx
out = {'level': chx._core._cpu_level()}
for dtype in ('float32', 'float64'):
    for (n, c, h, w, o, k, pad) in ((2, 3, 5, 19, 5, 3, 1), (1, 4, 9, 9, 20, 3, 0), (2, 2, 6, 7, 3, 2, 1)):
        rng = numpy.random.RandomState(0)
        x = chx.array(rng.randint(-2, 3, (n, c, h, w)).astype(dtype)).require_grad()
        W = chx.array(rng.randint(-2, 3, (o, c, k, k)).astype(dtype)).require_grad()
        b = chx.array(rng.randint(-2, 3, (o,)).astype(dtype)).require_grad()
        y = chx.conv(x, W, b, stride=1, pad=pad)
        gy = chx.array(rng.randint(-2, 3, y.shape).astype(dtype))
        (y * gy).sum().backward()
        key = '{}-{}-{}-{}'.format(dtype, n, c, o)
        out[key] = [chx.to_numpy(a).tolist() for a in (y, x.grad, W.grad, b.grad)]
json.dump(out, sys.stdout)
'''


def _run(level=None, direct=True):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env.pop('CHAINERX_CPU_LEVEL', None)
    if level is not None:
        env['CHAINERX_CPU_LEVEL'] = level
    if not direct:
        env['CHAINERX_CONV_DIRECT'] = '0'
    result = subprocess.run([sys.executable, '-c', _SCRIPT], env=env, capture_output=True, text=True,
                            timeout=120)
    return result


def test_cpu_level_names():
    assert chx._core._cpu_level() in _LEVELS
    assert chx._core._cpu_supported_level() in _LEVELS
    assert _LEVELS.index(chx._core._cpu_level()) <= _LEVELS.index(chx._core._cpu_supported_level())


def test_every_level_gives_the_results_of_im2col():
    reference = _run(direct=False)
    assert reference.returncode == 0, reference.stderr
    expected = json.loads(reference.stdout)
    supported = chx._core._cpu_supported_level()
    for level in _LEVELS:
        result = _run(level)
        assert result.returncode == 0, result.stderr
        got = json.loads(result.stdout)
        # a level above the CPU's is lowered to it, never raised
        assert got['level'] == _LEVELS[min(_LEVELS.index(level), _LEVELS.index(supported))]
        for key, arrays in expected.items():
            if key == 'level':
                continue
            for a, b in zip(got[key], arrays):
                numpy.testing.assert_array_equal(numpy.array(a), numpy.array(b), err_msg=(level, key))


def test_an_unknown_level_is_a_clear_error():
    result = _run('avx9000')
    assert result.returncode != 0
    assert "CHAINERX_CPU_LEVEL must be baseline, avx2 or avx512, got 'avx9000'" in result.stderr

