"""Fused in-place optimizer updates, chainerx._core._optimizers (routines/optimizer.h).

Each rule runs several steps against a NumPy transcription of its formula, which computes in the
kernel's compute dtype (float32 for float16 arrays) and rounds to the array dtype after each step,
as the kernel stores its states. Hyperparameters change per step where the update rule changes them
(Adam's alpha_t, MSVAG's bias corrections and rho). Then: any strides (only the viewed elements
change), every shape including 0-d and zero-size, a threaded size, both devices, the typed errors,
and that no graph is recorded.
"""

import ast
import math
import os

import numpy
import pytest

import chainerx as chx

import array_utils
import pybind_signatures

_OPT = chx._core._optimizers
_STEPS = 4
_BETA1, _BETA2 = 0.9, 0.999


def _adam_hyper(eta=1.0, weight_decay_rate=0.0, bounded=False):
    """Per-step arguments of adam after its arrays (vhat excluded), as its update rule makes."""
    def hyper(t):
        alpha_t = 0.01 * math.sqrt(1 - _BETA2 ** t) / (1 - _BETA1 ** t)
        bounds = (0.1 - 0.1 / (0.001 * t + 1), 0.1 + 0.1 / (0.001 * t)) if bounded else (None, None)
        return (alpha_t, _BETA1, _BETA2, 1e-8, eta, weight_decay_rate) + bounds
    return hyper


def _msvag_hyper(t):
    rho_inf = (1 - _BETA2) / (1 + _BETA2)
    rho = rho_inf * (1 + _BETA2 ** t) / (1 - _BETA2 ** t) if t > 1 else 1.0
    return (0.1, _BETA1, _BETA2, 1 - _BETA1 ** t, 1 - _BETA2 ** t, rho, 0.5, 0.01)


def _clip(x, low, high):
    return x if low is None else numpy.clip(x, low, high)


def _sgd(p, g, lr):
    p -= lr * g


def _momentum_sgd(p, g, v, lr, momentum):
    v[...] = momentum * v - lr * g
    p += v


def _corrected_momentum_sgd(p, g, v, lr, momentum):
    v[...] = momentum * v - g
    p += lr * v


def _nesterov_ag(p, g, v, lr, momentum):
    v[...] = momentum * v - lr * g
    p += momentum * momentum * v - (1 + momentum) * lr * g


def _adagrad(p, g, h, lr, eps):
    h += g * g
    p -= lr * g / (numpy.sqrt(h) + eps)


def _adadelta(p, g, msg, msdx, rho, eps):
    msg[...] = rho * msg + (1 - rho) * g * g
    dx = numpy.sqrt((msdx + eps) / (msg + eps)) * g
    msdx[...] = rho * msdx + (1 - rho) * dx * dx
    p -= dx


def _rmsprop(p, g, ms, lr, alpha, eps, eps_inside_sqrt):
    ms[...] = alpha * ms + (1 - alpha) * g * g
    p -= lr * g / (numpy.sqrt(ms + eps) if eps_inside_sqrt else numpy.sqrt(ms) + eps)


def _rmsprop_graves(p, g, n, g_avg, delta, lr, alpha, momentum, eps):
    n[...] = alpha * n + (1 - alpha) * g * g
    g_avg[...] = alpha * g_avg + (1 - alpha) * g
    delta[...] = momentum * delta - lr * g / numpy.sqrt(n - g_avg * g_avg + eps)
    p += delta


def _adam(p, g, m, v, *rest):
    vhat = rest[0] if len(rest) == 9 else None
    alpha_t, beta1, beta2, eps, eta, weight_decay_rate, lower, upper = rest[-8:]
    m += (1 - beta1) * (g - m)
    v += (1 - beta2) * (g * g - v)
    if vhat is not None:
        numpy.maximum(vhat, v, out=vhat)
    step = _clip(alpha_t / (numpy.sqrt(v if vhat is None else vhat) + eps), lower, upper)
    p -= eta * (step * m + weight_decay_rate * p)


def _smorms3(p, g, mem, g_avg, g2, lr, eps):
    r = 1 / (mem + 1)
    g_avg[...] = (1 - r) * g_avg + r * g
    g2[...] = (1 - r) * g2 + r * g * g
    x = g_avg * g_avg / (g2 + eps)
    p -= g * numpy.minimum(lr, x) / (numpy.sqrt(g2) + eps)
    mem[...] = 1 + mem * (1 - x)


def _msvag(p, g, m, v, lr, beta1, beta2, bias1, bias2, rho, eta, weight_decay_rate):
    m += (1 - beta1) * (g - m)
    v += (1 - beta2) * (g * g - v)
    mt = m / bias1
    vt = v / bias2
    if rho >= 1:
        factor = 1
    else:
        s = (vt - mt * mt) / (1 - rho)
        d = mt * mt + rho * s
        with numpy.errstate(divide='ignore', invalid='ignore'):
            factor = numpy.where(d > 0, numpy.clip(mt * mt / numpy.where(d > 0, d, 1), 0, 1), 0)
    p -= eta * (lr * factor * mt + weight_decay_rate * p)


# case -> (kernel name, NumPy reference, initial state values (as Chainer's init_state; None: no
# vhat), hyperparameters of step t)
_CASES = {
    'sgd': ('sgd', _sgd, (), lambda t: (0.1,)),
    'momentum_sgd': ('momentum_sgd', _momentum_sgd, (0,), lambda t: (0.1, 0.9)),
    'corrected_momentum_sgd': ('corrected_momentum_sgd', _corrected_momentum_sgd, (0,),
                               lambda t: (0.1, 0.9)),
    'nesterov_ag': ('nesterov_ag', _nesterov_ag, (0,), lambda t: (0.1, 0.9)),
    'adagrad': ('adagrad', _adagrad, (0,), lambda t: (0.1, 1e-8)),
    'adadelta': ('adadelta', _adadelta, (0, 0), lambda t: (0.95, 1e-6)),
    'rmsprop': ('rmsprop', _rmsprop, (0,), lambda t: (0.01, 0.99, 1e-8, False)),
    'rmsprop_eps_inside_sqrt': ('rmsprop', _rmsprop, (0,), lambda t: (0.01, 0.99, 1e-8, True)),
    'rmsprop_graves': ('rmsprop_graves', _rmsprop_graves, (0, 0, 0),
                       lambda t: (1e-2, 0.95, 0.9, 1e-4)),
    'adam': ('adam', _adam, (0, 0, None), _adam_hyper()),
    'adamw': ('adam', _adam, (0, 0, None), _adam_hyper(eta=0.5, weight_decay_rate=0.01)),
    'amsgrad': ('adam', _adam, (0, 0, 0), _adam_hyper()),
    'adabound': ('adam', _adam, (0, 0, None), _adam_hyper(bounded=True)),
    'amsbound': ('adam', _adam, (0, 0, 0), _adam_hyper(bounded=True)),
    'smorms3': ('smorms3', _smorms3, (1, 0, 0), lambda t: (0.001, 1e-16)),
    'msvag': ('msvag', _msvag, (0, 0), _msvag_hyper),
}
# (rtol, atol) after _STEPS steps; float16 results may differ by an ulp where the reference rounds
# differently.
_TOLERANCES = {'float16': (2e-3, 2e-3), 'float32': (1e-5, 1e-6), 'float64': (1e-12, 1e-14)}


def _compute_dtype(dtype):
    return numpy.float32 if numpy.dtype(dtype) == numpy.float16 else numpy.dtype(dtype)


def _initial_arrays(case, shape, dtype, seed):
    """(param, [grad of each step], [states, None for an absent vhat]) as NumPy arrays."""
    rng = numpy.random.default_rng(seed)
    param = rng.uniform(-1, 1, shape).astype(dtype)
    grads = [rng.uniform(-1, 1, shape).astype(dtype) for _ in range(_STEPS)]
    states = [None if value is None else numpy.full(shape, value, dtype)
              for value in _CASES[case][2]]
    return param, grads, states


def _reference(case, param, grads, states):
    """The NumPy results after all steps, each computed in the compute dtype and rounded back."""
    _, formula, _, hyper = _CASES[case]
    dtype = param.dtype
    compute = _compute_dtype(dtype)
    param = param.copy()
    states = [None if s is None else s.copy() for s in states]
    for t, grad in enumerate(grads, 1):
        p = param.astype(compute)
        work = [None if s is None else s.astype(compute) for s in states]
        formula(p, grad.astype(compute), *[w for w in work if w is not None], *hyper(t))
        param[...] = p
        for state, w in zip(states, work):
            if state is not None:
                state[...] = w
    return param, states


def _run(case, param, grads, states, to_chx=chx.array):
    """Runs the chainerx kernel for all steps on chainerx arrays made by `to_chx`; returns them."""
    name, _, _, hyper = _CASES[case]
    x_param = to_chx(param)
    x_states = [None if s is None else to_chx(s) for s in states]
    # adam takes vhat (or None) at its position among the states; the other kernels take the
    # present states only.
    args = x_states if name == 'adam' else [s for s in x_states if s is not None]
    for t, grad in enumerate(grads, 1):
        assert getattr(_OPT, name)(x_param, to_chx(grad), *args, *hyper(t)) is None
    return x_param, x_states


def _assert_close(actual, expected):
    rtol, atol = _TOLERANCES[expected.dtype.name]
    assert actual.dtype == expected.dtype
    numpy.testing.assert_allclose(chx.to_numpy(actual), expected, rtol=rtol, atol=atol)


def _check(case, shape, dtype, seed=0, to_chx=chx.array):
    param, grads, states = _initial_arrays(case, shape, dtype, seed)
    expected_param, expected_states = _reference(case, param, grads, states)
    x_param, x_states = _run(case, param, grads, states, to_chx)
    _assert_close(x_param, expected_param)
    for x_state, expected in zip(x_states, expected_states):
        if expected is not None:
            _assert_close(x_state, expected)


@pytest.mark.parametrize('case', sorted(_CASES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_steps_match_numpy(case, dtype):
    _check(case, (3, 5), dtype)


@pytest.mark.parametrize('case', sorted(_CASES))
@pytest.mark.parametrize('shape', array_utils.SHAPES)
def test_any_shape(case, shape):
    _check(case, shape, 'float32', seed=1)


@pytest.mark.parametrize('case', sorted(_CASES))
def test_threaded_size_matches_numpy(case):
    # Above twice the native elementwise grain (32K elements): the update is split across threads.
    _check(case, (3, 50001), 'float32', seed=2)


@pytest.mark.parametrize('device', array_utils.DEVICES)
@pytest.mark.parametrize('case', ['sgd', 'amsbound', 'msvag'])
def test_on_each_device(case, device):
    _check(case, (2, 3), 'float64', seed=3, to_chx=lambda a: chx.array(a, device=device))


def _strided_index(ndim):
    """Every other element of each axis, backwards, and one element of an extra last axis."""
    return (slice(None, None, -2),) * ndim + (1,)


def _strided_view(a):
    """A chainerx view of a copy of `a` whose every axis steps over elements (_strided_index),
    and the array it views, filled with 7 elsewhere."""
    base = numpy.full(tuple(2 * n for n in a.shape) + (2,), 7, a.dtype)
    base[_strided_index(a.ndim)] = a
    x_base = chx.array(base)
    return x_base[_strided_index(a.ndim)], x_base


@pytest.mark.parametrize('case', sorted(_CASES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_strided_views_are_updated_in_place(case, dtype):
    bases = []

    def to_chx(a):
        view, base = _strided_view(a)
        bases.append(base)
        return view

    _check(case, (3, 4), dtype, seed=4, to_chx=to_chx)
    outside = numpy.ones((6, 8, 2), bool)
    outside[_strided_index(2)] = False
    for base in bases:
        assert (chx.to_numpy(base)[outside] == 7).all()


def test_transposed_and_broadcast_grad():
    param, grads, states = _initial_arrays('momentum_sgd', (4, 3), 'float32', 5)
    grads = [numpy.broadcast_to(g[:1], g.shape) for g in grads]
    expected_param, expected_states = _reference('momentum_sgd', param, grads, states)
    x_param = chx.array(param.T.copy()).T
    v = chx.array(states[0])
    for grad in grads:
        _OPT.momentum_sgd(x_param, chx.broadcast_to(chx.array(grad[0]), grad.shape), v, 0.1, 0.9)
    _assert_close(x_param, expected_param)
    _assert_close(v, expected_states[0])


def test_nan_propagates():
    p = chx.array(numpy.array([1.0, 1.0], 'float32'))
    m, v, vhat = (chx.zeros((2,), 'float32') for _ in range(3))
    grad = chx.array(numpy.array([numpy.nan, 1.0], 'float32'))
    _OPT.adam(p, grad, m, v, vhat, 0.01, 0.9, 0.999, 1e-8, 1.0, 0.0, 0.0, 1.0)
    result = chx.to_numpy(p)
    assert numpy.isnan(result[0]) and numpy.isfinite(result[1])
    assert numpy.isnan(chx.to_numpy(vhat)[0])


def test_no_graph_is_recorded():
    x = chx.ones((2, 3), 'float32').require_grad()
    param = x * 2
    grad = chx.full((2, 3), 0.5, 'float32').require_grad()
    _OPT.sgd(param, grad, 1.0)
    numpy.testing.assert_array_equal(chx.to_numpy(param), numpy.full((2, 3), 1.5, 'float32'))
    param.backward()
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), numpy.full((2, 3), 2, 'float32'))
    assert grad.grad is None


def test_leaf_that_requires_grad_is_written():
    param = chx.ones((3,), 'float32').require_grad()
    _OPT.sgd(param, chx.ones((3,), 'float32'), 0.25)
    assert param.is_backprop_required()
    assert param.grad is None
    numpy.testing.assert_array_equal(chx.to_numpy(param), numpy.full((3,), 0.75, 'float32'))


def _call(name, arrays, hyper):
    getattr(_OPT, name)(*arrays, *hyper)


_ADAM_HYPER = (None, 0.01, 0.9, 0.999, 1e-8, 1.0, 0.0, None, None)


@pytest.mark.parametrize('name,arrays,hyper,error', [
    ('sgd', [('int32', (3,)), ('int32', (3,))], (0.1,), chx.DtypeError),
    ('sgd', [('float32', (3,)), ('float64', (3,))], (0.1,), chx.DtypeError),
    ('momentum_sgd', [('float32', (3,)), ('float32', (3,)), ('float16', (3,))], (0.1, 0.9),
     chx.DtypeError),
    ('sgd', [('float32', (3,)), ('float32', (1,))], (0.1,), chx.DimensionError),
    ('sgd', [('float32', (2, 3)), ('float32', (3,))], (0.1,), chx.DimensionError),
    ('adam', [('float32', (3,))] * 3 + [('float32', (4,))], _ADAM_HYPER, chx.DimensionError),
])
def test_dtype_and_shape_errors(name, arrays, hyper, error):
    made = [chx.ones(shape, dtype) for dtype, shape in arrays]
    with pytest.raises(error):
        _call(name, made, hyper)


def test_device_error():
    param = chx.ones((3,), 'float32', device='native:0')
    with pytest.raises(chx.DeviceError):
        _OPT.sgd(param, chx.ones((3,), 'float32', device='native:1'), 0.1)
    with pytest.raises(chx.DeviceError):
        v = chx.zeros((3,), 'float32', device='native:1')
        _OPT.momentum_sgd(param, chx.ones((3,), 'float32'), v, 0.1, 0.9)


def test_overlapping_param_or_state_is_a_value_error():
    broadcast = chx.broadcast_to(chx.ones((1, 3), 'float32'), (2, 3))
    ones = chx.ones((2, 3), 'float32')
    with pytest.raises(ValueError, match='param'):
        _OPT.sgd(broadcast, ones, 0.1)
    with pytest.raises(ValueError, match='vhat'):
        _OPT.adam(ones, ones, chx.zeros((2, 3), 'float32'), chx.zeros((2, 3), 'float32'), broadcast,
                  *_ADAM_HYPER[1:])
    numpy.testing.assert_array_equal(chx.to_numpy(ones), numpy.ones((2, 3), 'float32'))


def test_size_one_broadcast_param_is_allowed():
    param = chx.broadcast_to(chx.ones((1, 3), 'float32'), (1, 3))
    _OPT.sgd(param, chx.ones((1, 3), 'float32'), 0.5)
    numpy.testing.assert_array_equal(chx.to_numpy(param), numpy.full((1, 3), 0.5, 'float32'))


def test_wrong_argument_types():
    ones = chx.ones((3,), 'float32')
    with pytest.raises(TypeError):
        _OPT.sgd(numpy.ones(3, 'float32'), ones, 0.1)
    with pytest.raises(TypeError):
        _OPT.sgd(ones, ones, None)
    with pytest.raises(TypeError):
        _OPT.sgd(ones, ones)


def _stub_functions():
    """{name: parameter names} of the _optimizers class in chainerx/_core.pyi."""
    with open(os.path.join(os.path.dirname(chx.__file__), '_core.pyi')) as f:
        module = ast.parse(f.read())
    stub = next(node for node in module.body
                if isinstance(node, ast.ClassDef) and node.name == '_optimizers')
    return {func.name: [arg.arg for arg in func.args.args] for func in stub.body
            if isinstance(func, ast.FunctionDef)}


def test_stub_matches_runtime():
    stub = _stub_functions()
    runtime = {name for name in dir(_OPT) if not name.startswith('_') and name != 'Batch'}
    assert set(stub) == runtime
    assert {case[0] for case in _CASES.values()} == runtime
    for name, params in stub.items():
        (signature,) = pybind_signatures.signatures(getattr(_OPT, name))
        assert [param.name for param in signature] == params, name
        assert all(param.default is pybind_signatures.NO_DEFAULT for param in signature), name
