"""The six optimizer hooks against NumPy references, on NumPy and chainerx parameters."""

import numpy
import pytest

import chainer
from chainer import optimizer_hooks
from chainer import optimizers
import chainerx

import optimizer_check

DEVICES = optimizer_check.DEVICES


def _lars(p, g, threshold=1e-2, weight_decay=0.0, eps=1e-9):
    p_norm = numpy.linalg.norm(p)
    rate = p_norm / (eps + numpy.linalg.norm(g) + weight_decay * p_norm)
    return (g + weight_decay * p) * (rate if p_norm > threshold else 1.0)


def _constant_noise(xp, shape, dtype, hook, rule):
    assert isinstance(rule, chainer.optimizer.UpdateRule)
    return xp.full(shape, hook.eta, dtype)


# (id, hook factory, reference: (param, grad) -> new grad, per parameter)
PER_PARAM = [
    ('WeightDecay', lambda: optimizer_hooks.WeightDecay(0.1), lambda p, g: g + 0.1 * p),
    ('Lasso', lambda: optimizer_hooks.Lasso(0.1), lambda p, g: g + 0.1 * numpy.sign(p)),
    ('GradientHardClipping', lambda: optimizer_hooks.GradientHardClipping(-0.3, 0.5),
     lambda p, g: numpy.clip(g, -0.3, 0.5)),
    ('GradientNoise', lambda: optimizer_hooks.GradientNoise(0.25, noise_func=_constant_noise),
     lambda p, g: g + 0.25),
    ('GradientLARS', lambda: optimizer_hooks.GradientLARS(threshold=0.5, weight_decay=0.1),
     lambda p, g: _lars(p, g, 0.5, 0.1)),
    ('GradientLARS-below-threshold', lambda: optimizer_hooks.GradientLARS(threshold=100.),
     lambda p, g: _lars(p, g, 100.)),
]


def _clipping_reference(threshold):
    grads = optimizer_check.gradients(0)
    norm = numpy.sqrt(sum(float((g.astype(numpy.float64) ** 2).sum()) for g in grads.values()))
    rate = min(1., threshold / norm)
    return lambda p, g: g * rate


ALL = PER_PARAM + [
    ('GradientClipping', lambda: optimizer_hooks.GradientClipping(1.0), _clipping_reference(1.0)),
    ('GradientClipping-inactive', lambda: optimizer_hooks.GradientClipping(100.),
     _clipping_reference(100.)),
]


@pytest.mark.parametrize('device', DEVICES)
@pytest.mark.parametrize('case', ALL, ids=[c[0] for c in ALL])
def test_hook_through_sgd(case, device):
    # With SGD(lr=1) the update subtracts the gradient as the hook left it.
    _, make_hook, reference = case
    model = optimizer_check.TwoParams()
    before = optimizer_check.param_values(model)
    history = optimizer_check.run_steps(optimizers.SGD(lr=1.), model, device, 1,
                                        hooks=[make_hook()])
    grads = optimizer_check.gradients(0)
    for name, value in history[0].items():
        p = before[name].astype(numpy.float64)
        expected = p - reference(p, grads[name].astype(numpy.float64))
        numpy.testing.assert_allclose(value, expected, rtol=1e-5, atol=1e-6)
        numpy.testing.assert_allclose(
            optimizer_check.to_numpy(getattr(model, name).grad),
            reference(p, grads[name].astype(numpy.float64)), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('case', PER_PARAM, ids=[c[0] for c in PER_PARAM])
def test_per_param_hook_as_update_rule_hook(case):
    _, make_hook, reference = case
    for device in DEVICES:
        param = chainer.Parameter(numpy.array([0.5, -2., 1.5], numpy.float32))
        param.to_device(device)
        param.grad = chainer.get_device(device).send(numpy.array([1., -1., 0.2], numpy.float32))
        rule = optimizers.SGD(lr=0.).create_update_rule()
        hook = make_hook()
        rule.add_hook(hook)
        rule.update(param)
        numpy.testing.assert_allclose(
            optimizer_check.to_numpy(param.grad),
            reference(numpy.array([0.5, -2., 1.5]), numpy.array([1., -1., 0.2])), rtol=1e-6)


def test_hooks_account_for_the_pending_loss_scale():
    # Pre-update hooks see NumPy gradients still multiplied by the loss scale.
    param = chainer.Parameter(numpy.array([0.5, -2.], numpy.float32))
    param.grad = numpy.array([4., -8.], numpy.float32)
    param._loss_scale = 4.
    optimizer_hooks.WeightDecay(0.1)(None, param)
    numpy.testing.assert_allclose(param.grad, [4. + 0.2, -8. - 0.8])
    optimizer_hooks.GradientHardClipping(-1., 1.)(None, param)
    numpy.testing.assert_allclose(param.grad, [4., -4.])


@pytest.mark.parametrize('device', DEVICES)
def test_default_gradient_noise_is_on_the_device(device):
    param = chainer.Parameter(numpy.zeros((100, 100), numpy.float32))
    param.to_device(device)
    param.grad = chainer.get_device(device).send(numpy.zeros((100, 100), numpy.float32))
    rule = optimizers.SGD().create_update_rule()
    rule.t = 3
    numpy.random.seed(0)
    optimizer_hooks.GradientNoise(0.3)(rule, param)
    grad = param.grad
    assert isinstance(grad, chainer.get_device(device).xp.ndarray)
    assert grad.dtype == numpy.float32
    std = numpy.sqrt(0.3 / 4 ** 0.55)
    assert abs(optimizer_check.to_numpy(grad).std() - std) < 0.05 * std


def test_hooks_skip_params_without_grad():
    param = chainer.Parameter(numpy.ones(2, numpy.float32))
    for _, make_hook, _ in PER_PARAM:
        make_hook()(optimizers.SGD().create_update_rule(), param)
    assert param.grad is None


def test_hook_attributes():
    for cls in (optimizer_hooks.WeightDecay, optimizer_hooks.Lasso,
                optimizer_hooks.GradientNoise):
        hook = cls(0.1)
        assert (hook.name, hook.timing, hook.call_for_each_param) == (cls.__name__, 'pre', True)
    assert not optimizer_hooks.GradientClipping(1.).call_for_each_param
    lars = optimizer_hooks.GradientLARS()
    assert (lars.threshold, lars.weight_decay, lars.eps) == (1e-2, 0.0, 1e-9)


def test_hooks_on_chainerx_update_in_place():
    param = chainer.Parameter(numpy.array([0.5, -2.], numpy.float32))
    param.to_device('native:0')
    param.grad = chainerx.array(numpy.array([1., 1.], numpy.float32))
    grad = param._data[0].grad
    optimizer_hooks.WeightDecay(1.)(None, param)
    optimizer_hooks.GradientHardClipping(-0.5, 1.2)(None, param)
    assert param._data[0].grad is not None
    numpy.testing.assert_allclose(chainerx.to_numpy(grad), [1.2, -0.5])


@pytest.mark.parametrize('grad_layout', ['contiguous', 'transposed', 'strided'])
def test_weight_decay_on_chainerx_gradients_of_any_layout(grad_layout):
    # A C-contiguous gradient takes the fused pass (an SGD step on the gradient); the others the product and sum.
    values = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    param = chainer.Parameter(chainerx.array(values))
    grads = {'contiguous': chainerx.ones((2, 3), 'float32'),
             'transposed': chainerx.ones((3, 2), 'float32').T,
             'strided': chainerx.ones((2, 6), 'float32')[:, ::2]}
    param.grad = grads[grad_layout]
    optimizer_hooks.WeightDecay(0.5)(None, param)
    numpy.testing.assert_allclose(chainerx.to_numpy(param.grad), 1 + 0.5 * values)


@pytest.mark.parametrize('layout', ['contiguous', 'transposed', 'two-devices', 'mixed-dtypes'])
@pytest.mark.parametrize('threshold', [0.5, 100.])
def test_gradient_clipping_on_chainerx_gradients(layout, threshold):
    # C-contiguous chainerx gradients on one device are clipped in one call (Note [Clipping by the global norm] in
    # chainerx/core/routines/clip_by_norm.cc); a transposed gradient or a second device takes the composed path.
    # Both must clip by the norm of all gradients together.
    rng = numpy.random.RandomState(0)
    link = chainer.Link()
    grads = {}
    dtypes = {'a': numpy.float32, 'b': numpy.float16 if layout == 'mixed-dtypes' else numpy.float32}
    with link.init_scope():
        for name, shape in (('a', (2, 3)), ('b', (4,))):
            setattr(link, name, chainer.Parameter(rng.uniform(-1, 1, shape).astype(dtypes[name])))
            grads[name] = rng.uniform(-1, 1, shape).astype(dtypes[name])
    link.to_device('native:0')
    if layout == 'two-devices':
        link.b.to_device('native:1')
    for name, g in grads.items():
        device = getattr(link, name).array.device
        if layout == 'transposed':
            getattr(link, name).grad = chainerx.array(g.T.copy(), device=device).T
        else:
            getattr(link, name).grad = chainerx.array(g, device=device)
    optimizer = optimizers.SGD(lr=1.)
    optimizer.setup(link)
    optimizer_hooks.GradientClipping(threshold)(optimizer)
    norm = numpy.sqrt(sum(float((g.astype(numpy.float64) ** 2).sum()) for g in grads.values()))
    rate = min(1., threshold / norm)
    for name, g in grads.items():
        tolerance = 1e-3 if g.dtype == numpy.float16 else 1e-6
        numpy.testing.assert_allclose(chainerx.to_numpy(getattr(link, name).grad).astype(numpy.float64), g * rate,
                                      rtol=tolerance, atol=tolerance)
