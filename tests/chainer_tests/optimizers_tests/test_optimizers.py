"""The 15 optimizers against hand-written NumPy references, NumPy vs chainerx, and resuming."""

import math

import numpy
import pytest

import chainer
from chainer import optimizer_hooks
from chainer import optimizers
from chainer import serializers

import optimizer_check


# -- references: one step on float64 NumPy arrays, the state a dict of arrays ------------------

def _sgd(p, g, s, t, lr):
    return p - lr * g


def _momentum(p, g, s, t, lr, momentum):
    s['v'] = momentum * s.get('v', 0) - lr * g
    return p + s['v']


def _corrected(p, g, s, t, lr, momentum):
    s['v'] = momentum * s.get('v', 0) - g
    return p + lr * s['v']


def _nesterov(p, g, s, t, lr, momentum):
    s['v'] = momentum * s.get('v', 0) - lr * g
    return p + momentum ** 2 * s['v'] - (1 + momentum) * lr * g


def _adagrad(p, g, s, t, lr, eps):
    s['h'] = s.get('h', 0) + g * g
    return p - lr * g / (numpy.sqrt(s['h']) + eps)


def _adadelta(p, g, s, t, rho, eps):
    s['msg'] = rho * s.get('msg', 0) + (1 - rho) * g * g
    dx = numpy.sqrt((s.get('msdx', 0) + eps) / (s['msg'] + eps)) * g
    s['msdx'] = rho * s.get('msdx', 0) + (1 - rho) * dx * dx
    return p - dx


def _rmsprop(p, g, s, t, lr, alpha, eps, eps_inside_sqrt=False):
    s['ms'] = alpha * s.get('ms', 0) + (1 - alpha) * g * g
    denom = numpy.sqrt(s['ms'] + eps) if eps_inside_sqrt else numpy.sqrt(s['ms']) + eps
    return p - lr * g / denom


def _graves(p, g, s, t, lr, alpha, momentum, eps):
    s['n'] = alpha * s.get('n', 0) + (1 - alpha) * g * g
    s['g'] = alpha * s.get('g', 0) + (1 - alpha) * g
    s['delta'] = momentum * s.get('delta', 0) - lr * g / numpy.sqrt(s['n'] - s['g'] ** 2 + eps)
    return p + s['delta']


def _adam(p, g, s, t, alpha, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0, weight_decay_rate=0,
          amsgrad=False, adabound=False, final_lr=0.1, gamma=1e-3):
    s['m'] = s.get('m', 0) + (1 - beta1) * (g - s.get('m', 0))
    s['v'] = s.get('v', 0) + (1 - beta2) * (g * g - s.get('v', 0))
    denom = s['v']
    if amsgrad:
        s['vhat'] = denom = numpy.maximum(s.get('vhat', 0), s['v'])
    alpha_t = alpha * math.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
    step = alpha_t / (numpy.sqrt(denom) + eps)
    if adabound:
        step = numpy.clip(step, final_lr * (1 - 1 / (gamma * t + 1)),
                          final_lr * (1 + 1 / (gamma * t)))
    return p - eta * (step * s['m'] + weight_decay_rate * p)


def _smorms3(p, g, s, t, lr, eps):
    mem = s.get('mem', 1)
    r = 1 / (mem + 1)
    s['g'] = (1 - r) * s.get('g', 0) + r * g
    s['g2'] = (1 - r) * s.get('g2', 0) + r * g * g
    x = s['g'] ** 2 / (s['g2'] + eps)
    s['mem'] = 1 + mem * (1 - x)
    return p - g * numpy.minimum(lr, x) / (numpy.sqrt(s['g2']) + eps)


def _msvag(p, g, s, t, lr, beta1, beta2, eta=1.0, weight_decay_rate=0):
    s['m'] = s.get('m', 0) + (1 - beta1) * (g - s.get('m', 0))
    s['v'] = s.get('v', 0) + (1 - beta2) * (g * g - s.get('v', 0))
    mt = s['m'] / (1 - beta1 ** t)
    vt = s['v'] / (1 - beta2 ** t)
    rho = (1 - beta2) * (1 + beta2 ** t) / ((1 + beta2) * (1 - beta2 ** t))
    factor = 1.0
    if rho < 1:
        d = mt ** 2 + rho * (vt - mt ** 2) / (1 - rho)
        factor = numpy.where(d > 0, numpy.clip(mt ** 2 / numpy.where(d > 0, d, 1), 0, 1), 0)
    return p - eta * (lr * factor * mt + weight_decay_rate * p)


_ADAM = dict(alpha=0.01, beta1=0.8, beta2=0.9, eps=1e-7, eta=0.5)
_BOUND = dict(alpha=0.01, beta1=0.8, beta2=0.9, final_lr=0.05, gamma=0.01)

# (id, optimizer class, its arguments, reference, the reference's extra arguments)
CASES = [
    ('SGD', optimizers.SGD, dict(lr=0.1), _sgd, {}),
    ('MomentumSGD', optimizers.MomentumSGD, dict(lr=0.1, momentum=0.8), _momentum, {}),
    ('CorrectedMomentumSGD', optimizers.CorrectedMomentumSGD, dict(lr=0.1, momentum=0.8),
     _corrected, {}),
    ('NesterovAG', optimizers.NesterovAG, dict(lr=0.1, momentum=0.8), _nesterov, {}),
    ('AdaGrad', optimizers.AdaGrad, dict(lr=0.1, eps=1e-6), _adagrad, {}),
    ('AdaDelta', optimizers.AdaDelta, dict(rho=0.9, eps=1e-4), _adadelta, {}),
    ('RMSprop', optimizers.RMSprop, dict(lr=0.05, alpha=0.9, eps=1e-6), _rmsprop, {}),
    ('RMSprop-inside', optimizers.RMSprop,
     dict(lr=0.05, alpha=0.9, eps=1e-3, eps_inside_sqrt=True), _rmsprop, {}),
    ('RMSpropGraves', optimizers.RMSpropGraves, dict(lr=0.01, alpha=0.9, momentum=0.8, eps=1e-2),
     _graves, {}),
    ('Adam', optimizers.Adam, _ADAM, _adam, {}),
    ('AdamW', optimizers.AdamW, dict(_ADAM, weight_decay_rate=0.1), _adam, {}),
    ('AMSGrad', optimizers.AMSGrad, _ADAM, _adam, dict(amsgrad=True)),
    ('AdaBound', optimizers.AdaBound, _BOUND, _adam, dict(adabound=True)),
    ('AMSBound', optimizers.AMSBound, _BOUND, _adam, dict(adabound=True, amsgrad=True)),
    ('SMORMS3', optimizers.SMORMS3, dict(lr=0.01, eps=1e-8), _smorms3, {}),
    ('MSVAG', optimizers.MSVAG, dict(lr=0.1, beta1=0.8, beta2=0.9, weight_decay_rate=0.05),
     _msvag, {}),
]
_IDS = [case[0] for case in CASES]
STEPS = 4


def _reference_history(reference, kwargs, steps):
    params = {k: v.astype(numpy.float64) for k, v in
              optimizer_check.param_values(optimizer_check.TwoParams()).items()}
    states = {name: {} for name in params}
    history = []
    for step in range(steps):
        grads = optimizer_check.gradients(step)
        for name in params:
            params[name] = reference(params[name], grads[name].astype(numpy.float64),
                                     states[name], step + 1, **kwargs)
        history.append(dict(params))
    return history


@pytest.mark.parametrize('device', optimizer_check.DEVICES)
@pytest.mark.parametrize('case', CASES, ids=_IDS)
def test_matches_numpy_reference(case, device):
    _, cls, args, reference, extra = case
    history = optimizer_check.run_steps(cls(**args), optimizer_check.TwoParams(), device, STEPS)
    expected = _reference_history(reference, dict(args, **extra), STEPS)
    for got, want in zip(history, expected):
        for name in want:
            numpy.testing.assert_allclose(got[name], want[name], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('case', CASES, ids=_IDS)
def test_native_equals_numpy_with_hook(case, dtype):
    _, cls, args, _, _ = case
    results = []
    for device in optimizer_check.DEVICES:
        model = optimizer_check.TwoParams(dtype)
        results.append(optimizer_check.run_steps(
            cls(**args), model, device, STEPS, dtype, hooks=[optimizer_hooks.WeightDecay(0.01)]))
    tol = 1e-5 if dtype == numpy.float32 else 1e-12
    for other in results[1:]:
        for got, want in zip(other, results[0]):
            for name in want:
                numpy.testing.assert_allclose(got[name], want[name], rtol=tol, atol=tol)


@pytest.mark.parametrize('device', optimizer_check.DEVICES)
@pytest.mark.parametrize('case', CASES, ids=_IDS)
def test_serialize_and_resume(case, device):
    _, cls, args, _, _ = case
    model = optimizer_check.TwoParams()
    opt = cls(**args)
    optimizer_check.run_steps(opt, model, device, 2)
    saved_model, saved_opt = {}, {}
    model.serialize(serializers.DictionarySerializer(saved_model))
    opt.serialize(serializers.DictionarySerializer(saved_opt))
    # Snapshots hold the arrays themselves: copy them before the updates go on in place.
    saved_model = {k: numpy.array(v) for k, v in saved_model.items()}
    saved_opt = {k: numpy.array(v) for k, v in saved_opt.items()}
    expected = optimizer_check.run_steps(opt, model, device, 2, first_step=2)

    resumed_model = optimizer_check.TwoParams(seed=1).to_device(device)
    resumed = cls(**args).setup(resumed_model)
    serializers.NpzDeserializer(saved_model).load(resumed_model)
    serializers.NpzDeserializer(saved_opt).load(resumed)
    assert resumed.t == 2
    assert all(p.update_rule.t == 2 for p in resumed_model.params())
    got = optimizer_check.run_steps(resumed, resumed_model, device, 2, first_step=2)
    for g, e in zip(got, expected):
        for name in e:
            numpy.testing.assert_array_equal(g[name], e[name])


@pytest.mark.parametrize('device', optimizer_check.DEVICES)
@pytest.mark.parametrize('case', CASES, ids=_IDS)
def test_state_arrays_live_on_the_param_device(case, device):
    _, cls, args, _, _ = case
    model = optimizer_check.TwoParams()
    optimizer_check.run_steps(cls(**args), model, device, 1)
    xp = chainer.get_device(device).xp
    for param in model.params():
        for value in param.update_rule.state.values():
            assert isinstance(value, xp.ndarray)
            assert value.shape == param.shape and value.dtype == param.dtype


@pytest.mark.parametrize('device', optimizer_check.DEVICES)
@pytest.mark.parametrize('case', CASES, ids=_IDS)
def test_float16_with_fp32_update(case, device):
    _, cls, args, reference, extra = case
    opt = cls(**args)
    opt.use_fp32_update()
    model = optimizer_check.TwoParams(numpy.float16)
    history = optimizer_check.run_steps(opt, model, device, STEPS, numpy.float16)
    for param in model.params():
        assert param.dtype == numpy.float16
        master = param.update_rule._fp32_param
        assert master.dtype == numpy.float32
        for value in param.update_rule.state.values():
            assert value.dtype == numpy.float32
    # The reference starts from the float16 values and gradients and keeps float64 masters.
    params = {k: v.astype(numpy.float64) for k, v in
              optimizer_check.param_values(optimizer_check.TwoParams(numpy.float16)).items()}
    states = {name: {} for name in params}
    for step, got in enumerate(history):
        grads = optimizer_check.gradients(step, numpy.float16)
        for name in params:
            params[name] = reference(params[name], grads[name].astype(numpy.float64),
                                     states[name], step + 1, **dict(args, **extra))
            numpy.testing.assert_allclose(got[name], params[name].astype(numpy.float16),
                                          rtol=2e-3, atol=2e-3)


def test_adam_learning_rate_properties():
    opt = optimizers.Adam(alpha=0.01, beta1=0.8, beta2=0.9)
    with pytest.raises(RuntimeError):
        opt.alpha_t
    opt.t = 3
    expected = 0.01 * math.sqrt(1 - 0.9 ** 3) / (1 - 0.8 ** 3)
    assert opt.alpha_t == pytest.approx(expected)
    assert opt.lr == pytest.approx(expected)
    rule = opt.create_update_rule()
    rule.t = 3
    assert rule.alpha_t == pytest.approx(expected) and rule.lr == pytest.approx(expected)


@pytest.mark.parametrize('case', CASES, ids=_IDS)
def test_hyperparameters_are_proxied(case):
    _, cls, args, _, _ = case
    opt = cls(**args)
    for name, value in args.items():
        assert getattr(opt, name) == value
        assert getattr(opt.hyperparam, name) == value
    rule = opt.create_update_rule()
    name = next(iter(args))
    setattr(opt, name, 0.125)
    assert getattr(rule.hyperparam, name) == 0.125


def test_original_defaults():
    assert optimizers.SGD().lr == 0.01
    assert (optimizers.MomentumSGD().lr, optimizers.MomentumSGD().momentum) == (0.01, 0.9)
    assert optimizers.AdaGrad().hyperparam.get_dict() == dict(lr=0.001, eps=1e-8)
    assert optimizers.AdaDelta().hyperparam.get_dict() == dict(rho=0.95, eps=1e-6)
    assert optimizers.RMSprop().hyperparam.get_dict() == dict(
        lr=0.01, alpha=0.99, eps=1e-8, eps_inside_sqrt=False)
    assert optimizers.RMSpropGraves().hyperparam.get_dict() == dict(
        lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4)
    adam = optimizers.Adam().hyperparam.get_dict()
    assert adam == dict(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                        weight_decay_rate=0, amsgrad=False, adabound=False, final_lr=0.1,
                        gamma=1e-3)
    assert optimizers.SMORMS3().hyperparam.get_dict() == dict(lr=0.001, eps=1e-16)
    assert optimizers.MSVAG().hyperparam.get_dict() == dict(
        lr=0.1, beta1=0.9, beta2=0.999, eta=1.0, weight_decay_rate=0)
    assert optimizers.AMSBound().amsgrad and optimizers.AMSBound().adabound


def test_adam_float16_eps_too_small_on_numpy():
    opt = optimizers.Adam(eps=1e-10)
    param = chainer.Parameter(numpy.ones(3, numpy.float16))
    param.grad = numpy.ones(3, numpy.float16)
    rule = opt.create_update_rule()
    with pytest.raises(ValueError, match='eps of Adam optimizer is too small'):
        rule.update(param)
