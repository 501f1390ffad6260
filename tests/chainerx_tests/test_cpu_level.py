"""CPU levels (Note [CPU levels] in native/cpu_level.cc): CHAINERX_CPU_LEVEL picks which compiled version of
the level-dispatched kernels runs. The direct convolution must give the same results at every level (its
AVX2 and AVX-512 tiles run on this machine when it has them), and the float math (exp, log, tanh, ...)
must stay within its error bounds at every level."""

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



# The float32 float math (Note [Float math] in core/numeric/float_math.h) at one level: the maximum error in
# ulps of each function against NumPy's float64 over special values and random inputs of every binade, whether
# infinite results are the same, and whether a strided view gives what its contiguous copy gives.
_FLOAT_MATH_SCRIPT = r'''
import json, math, sys
import numpy
import chainerx as chx
rng = numpy.random.RandomState(0)
bits = rng.randint(0, 2 ** 32, 200000, dtype=numpy.uint64).astype(numpy.uint32)
x = numpy.concatenate([bits.view(numpy.float32), rng.uniform(-8, 8, 200000).astype(numpy.float32),
                       numpy.array([0, -0.0, 1e-45, -1e-45, 88.7, 89, -104, 0.625, 1, 4, 524288],
                                   numpy.float32)])
x = x[numpy.isfinite(x)]
erf = numpy.vectorize(math.erf, otypes=[numpy.float64])
def sigmoid(v):
    e = numpy.exp(-numpy.abs(v))
    return numpy.where(v >= 0, 1, e) / (1 + e)
functions = {'exp': (chx.exp, numpy.exp, x[x < 88]), 'log': (chx.log, numpy.log, numpy.abs(x)),
             'tanh': (chx.tanh, numpy.tanh, x), 'sigmoid': (chx.sigmoid, sigmoid, x),
             'erf': (chx.erf, erf, x), 'sin': (chx.sin, numpy.sin, x[numpy.abs(x) < 1e6]),
             'cos': (chx.cos, numpy.cos, x[numpy.abs(x) < 1e6])}
out = {'level': chx._core._cpu_level()}
for name, (f, reference, v) in functions.items():
    got = chx.to_numpy(f(chx.array(v))).astype(numpy.float64)
    expected = reference(v.astype(numpy.float64))
    spacing = numpy.spacing(numpy.abs(expected.astype(numpy.float32))).astype(numpy.float64)
    finite = numpy.isfinite(expected.astype(numpy.float32))
    error = numpy.abs(got - expected)[finite] / spacing[finite]
    same_specials = (got[~finite] == expected[~finite].astype(numpy.float32)).all()
    strided = chx.to_numpy(f(chx.array(numpy.repeat(v, 2))[::2]))
    out[name] = [float(error.max()), bool(same_specials),
                 bool((strided == got.astype(numpy.float32)).all())]
json.dump(out, sys.stdout)
'''

_FLOAT_MATH_ULP_BOUNDS = {'exp': 1.5, 'log': 1, 'tanh': 2, 'sigmoid': 3, 'erf': 3, 'sin': 2, 'cos': 2}


def test_float_math_is_within_its_bounds_at_every_level():
    supported = chx._core._cpu_supported_level()
    for level in _LEVELS[:_LEVELS.index(supported) + 1]:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), CHAINERX_CPU_LEVEL=level)
        result = subprocess.run([sys.executable, '-c', _FLOAT_MATH_SCRIPT], env=env, capture_output=True,
                                text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        got = json.loads(result.stdout)
        assert got['level'] == level
        for name, bound in _FLOAT_MATH_ULP_BOUNDS.items():
            max_ulp, same_specials, strided_matches = got[name]
            assert max_ulp <= bound, (level, name, max_ulp)
            assert same_specials, (level, name)
            assert strided_matches, (level, name)
