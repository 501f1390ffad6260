"""chainer.optimizer: Hyperparameter, UpdateRule, Optimizer and GradientMethod."""

import copy
import ctypes
import pickle
import warnings

import numpy
import pytest

import chainer
from chainer import optimizer
from chainer import optimizers
from chainer import serializers
import chainer.functions as F
import chainerx

import optimizer_check

DEVICES = optimizer_check.DEVICES


# -- Hyperparameter ---------------------------------------------------------------------------

def test_hyperparameter_falls_back_to_parent():
    parent = optimizer.Hyperparameter()
    parent.lr, parent.momentum = 0.1, 0.9
    child = optimizer.Hyperparameter(parent)
    child.lr = 0.5
    assert child.parent is parent
    assert (child.lr, child.momentum) == (0.5, 0.9)
    assert child.get_dict() == {'lr': 0.5, 'momentum': 0.9}
    assert repr(child) == 'Hyperparameter(lr=0.5, momentum=0.9)'
    with pytest.raises(AttributeError):
        child.beta


def test_hyperparameter_copies_and_pickles():
    parent = optimizer.Hyperparameter()
    parent.lr = 0.1
    child = optimizer.Hyperparameter(parent)
    for clone in (copy.deepcopy(child), pickle.loads(pickle.dumps(child))):
        assert clone.lr == 0.1


# -- UpdateRule -------------------------------------------------------------------------------

class _HalvingRule(optimizer.UpdateRule):
    # A user-defined rule with NumPy code only: p -= g / 2, and a counter state that is rebound.

    def init_state(self, param):
        self.state['count'] = numpy.zeros((), numpy.float32) if isinstance(
            param.array, numpy.ndarray) else chainerx.zeros((), numpy.float32)
        self.state['acc'] = numpy.zeros_like(param.array) if isinstance(
            param.array, numpy.ndarray) else chainerx.zeros_like(param.array)

    def update_core_cpu(self, param):
        param.array[...] -= param.grad / 2
        self.state['acc'] += param.grad
        self.state['count'] = self.state['count'] + 1


def _param(device, values=(1., 2., 3.), grad=(1., 1., 1.)):
    param = chainer.Parameter(numpy.array(values, numpy.float32))
    param.to_device(device)
    param.grad = chainer.get_device(device).send(numpy.array(grad, numpy.float32))
    return param


@pytest.mark.parametrize('device', DEVICES)
def test_user_rule_without_chainerx_code_runs_on_views(device):
    if device.startswith('cuda') and not chainer.backends.cuda.available:
        pytest.skip('a rule without chainerx code runs on CuPy views of CUDA arrays: needs CuPy')
    param = _param(device)
    rule = _HalvingRule()
    rule.update(param)
    rule.update(param)
    numpy.testing.assert_allclose(optimizer_check.to_numpy(param.array), [0., 1., 2.])
    xp = chainer.get_device(device).xp
    assert isinstance(rule.state['acc'], xp.ndarray)
    if xp is chainerx:  # the rebound state went back to chainerx
        assert isinstance(rule.state['count'], chainerx.ndarray)
    numpy.testing.assert_allclose(optimizer_check.to_numpy(rule.state['acc']), [2., 2., 2.])
    assert float(optimizer_check.to_numpy(rule.state['count'])) == 2
    assert rule.t == 2


def test_update_rule_hooks_order_and_errors():
    calls = []
    rule = optimizers.SGD(lr=1.).create_update_rule()
    rule.add_hook(lambda r, p: calls.append(('pre', float(p.array[0]))), name='a')
    rule.add_hook(lambda r, p: calls.append(('post', float(p.array[0]))), name='b',
                  timing='post')
    rule.update(_param('@numpy'))
    assert calls == [('pre', 1.), ('post', 0.)]
    with pytest.raises(KeyError):
        rule.add_hook(lambda r, p: None, name='a')
    with pytest.raises(ValueError):
        rule.add_hook(lambda r, p: None, name='c', timing='auto')
    with pytest.raises(TypeError):
        rule.add_hook(1, name='d')
    rule.remove_hook('a')
    with pytest.raises(KeyError):
        rule.remove_hook('a')


@pytest.mark.parametrize('device', DEVICES)
def test_disabled_rule_and_missing_grad_leave_param(device):
    rule = optimizers.SGD(lr=1.).create_update_rule()
    param = _param(device)
    rule.enabled = False
    rule.update(param)
    assert rule.t == 0 and rule.state is None
    rule.enabled = True
    param.cleargrad()
    rule.update(param)
    assert rule.t == 1
    numpy.testing.assert_array_equal(optimizer_check.to_numpy(param.array), [1., 2., 3.])


def test_rule_state_follows_param_to_another_device():
    rule = optimizers.MomentumSGD(lr=1., momentum=0.5).create_update_rule()
    param = _param('@numpy')
    rule.update(param)
    param.to_device('native:0')
    param.grad = chainerx.array(numpy.ones(3, numpy.float32))
    rule.update(param)
    assert isinstance(rule.state['v'], chainerx.ndarray)
    # v: -1, then -0.5 - 1; p: 1 - 1 - 1.5
    numpy.testing.assert_allclose(optimizer_check.to_numpy(param.array), [-1.5, -.5, .5])


# -- Optimizer --------------------------------------------------------------------------------

def test_setup_errors():
    with pytest.raises(TypeError):
        optimizers.SGD().setup(chainer.Parameter(numpy.zeros(2, numpy.float32)))
    opt = optimizers.SGD()
    with pytest.raises(RuntimeError):
        opt.update()
    with pytest.raises(RuntimeError):
        opt.add_hook(lambda o: None, name='h')


def test_add_hook_timing_and_names():
    opt = optimizers.SGD().setup(optimizer_check.TwoParams())
    with pytest.raises(ValueError):
        opt.add_hook(lambda o: None, name='h', timing='middle')
    with pytest.raises(TypeError):
        opt.add_hook(None, name='h')
    opt.add_hook(lambda o: None, name='h')
    with pytest.raises(KeyError):
        opt.add_hook(lambda o: None, name='h', timing='post')
    opt.remove_hook('h')
    with pytest.raises(KeyError):
        opt.remove_hook('h')


@pytest.mark.parametrize('device', DEVICES)
def test_hooks_run_before_and_after_the_update(device):
    model = optimizer_check.TwoParams()
    opt = optimizers.SGD(lr=1.)
    seen = []

    class PostHook:
        timing = 'post'
        call_for_each_param = True

        def __call__(self, rule, param):
            seen.append(('post', param.name, rule.t))

    def pre_hook(o):
        seen.append(('pre', o.t))

    optimizer_check.run_steps(opt, model, device, 0)
    opt.add_hook(pre_hook)
    opt.add_hook(PostHook(), name='post')
    optimizer_check.run_steps(opt, model, device, 1)
    assert seen == [('pre', 0), ('post', 'b', 1), ('post', 'w', 1)]


def test_new_epoch():
    opt = optimizers.SGD().setup(optimizer_check.TwoParams())
    opt.new_epoch()
    assert opt.epoch == 1
    with pytest.raises(RuntimeError):
        opt.new_epoch(auto=True)
    opt.use_auto_new_epoch = True
    opt.new_epoch(auto=True)
    assert opt.epoch == 2
    with pytest.raises(RuntimeError):
        opt.new_epoch()


@pytest.mark.parametrize('device', DEVICES)
def test_update_with_lossfun(device):
    model = optimizer_check.TwoParams().to_device(device)
    before = optimizer_check.param_values(model)
    opt = optimizers.SGD(lr=0.5).setup(model)
    x = chainer.get_device(device).send(numpy.arange(12, dtype=numpy.float32).reshape(3, 4))

    def lossfun(x):
        return F.sum(model.w * x) + F.sum(model.b)

    model.w.grad = chainer.get_device(device).send(numpy.full((3, 4), 100., numpy.float32))
    opt.update(lossfun, x)  # clears the stale gradient first
    after = optimizer_check.param_values(model)
    numpy.testing.assert_allclose(after['w'], before['w'] - 0.5 * optimizer_check.to_numpy(x))
    numpy.testing.assert_allclose(after['b'], before['b'] - 0.5)
    assert opt.t == 1


@pytest.mark.parametrize('device', DEVICES + ['native:1'])
def test_missing_gradients_become_zeros(device):
    # On the parameters' device, whatever the default device is (native:0 for native:1).
    model = optimizer_check.TwoParams().to_device(device)
    opt = optimizers.MomentumSGD(lr=1., momentum=0.5).setup(model)
    model.w.grad = chainer.get_device(device).send(numpy.ones((3, 4), numpy.float32))
    model.b.grad = chainer.get_device(device).send(numpy.ones(4, numpy.float32))
    opt.update()
    start = optimizer_check.param_values(model)
    model.cleargrads()
    opt.update()  # only the velocity (-0.5 after one step of -1) moves the parameters
    for name, value in optimizer_check.param_values(model).items():
        numpy.testing.assert_allclose(value, start[name] - 0.5)
        assert optimizer_check.to_numpy(getattr(model, name).grad).sum() == 0


@pytest.mark.parametrize('device', DEVICES)
def test_disable_update(device):
    model = optimizer_check.TwoParams()
    opt = optimizers.SGD(lr=1.)
    optimizer_check.run_steps(opt, model, device, 0)
    model.disable_update()
    before = optimizer_check.param_values(model)
    optimizer_check.run_steps(opt, model, device, 1)
    for name, value in optimizer_check.param_values(model).items():
        numpy.testing.assert_array_equal(value, before[name])


@pytest.mark.parametrize('device', DEVICES)
def test_static_loss_scaling_gives_the_unscaled_update(device):
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    results = []
    for scale in (None, 1024.):
        model = optimizer_check.TwoParams().to_device(device)
        opt = optimizers.SGD(lr=0.25).setup(model)
        if scale is not None:
            opt.loss_scaling(scale=scale)
        send = chainer.get_device(device).send
        opt.update(lambda x: F.sum(model.w * x) + F.sum(model.b), send(x))
        results.append(optimizer_check.param_values(model))
    for name in results[0]:
        numpy.testing.assert_allclose(results[1][name], results[0][name], rtol=1e-6)


@pytest.mark.parametrize('device', DEVICES)
def test_dynamic_loss_scaling(device):
    model = optimizer_check.TwoParams().to_device(device)
    opt = optimizers.SGD(lr=0.25).setup(model)
    opt.loss_scaling(interval=2)
    send = chainer.get_device(device).send
    scale = numpy.float32(1.)

    def lossfun():
        return F.sum(model.w * send(numpy.full((3, 4), scale, numpy.float32))) + F.sum(model.b)

    opt.update(lossfun)
    opt.update(lossfun)
    assert opt._loss_scale == 4.
    before = optimizer_check.param_values(model)
    scale = numpy.float32(numpy.inf)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        opt.update(lossfun)
    assert any('Non finite' in str(w.message) for w in caught)
    assert opt._loss_scale == 2. and opt.t == 2
    for name, value in optimizer_check.param_values(model).items():
        numpy.testing.assert_array_equal(value, before[name])
    scale = numpy.float32(1.)
    opt.update(lossfun)
    assert opt._loss_scale == pytest.approx(2. * 2 ** 0.5) and opt.t == 3
    with pytest.raises(ValueError):
        opt.loss_scaling(interval=0)
    with pytest.raises(ValueError):
        opt.loss_scaling(scale=-1.)


def test_serialize_counters():
    model = optimizer_check.TwoParams()
    opt = optimizers.Adam()
    optimizer_check.run_steps(opt, model, '@numpy', 3)
    opt.new_epoch()
    target = {}
    opt.serialize(serializers.DictionarySerializer(target))
    assert target['t'] == 3 and target['epoch'] == 1
    assert sorted(k for k in target if k.startswith('w/')) == ['w/m', 'w/t', 'w/v']
    fresh = optimizers.Adam().setup(optimizer_check.TwoParams())
    serializers.NpzDeserializer(target).load(fresh)
    assert (fresh.t, fresh.epoch) == (3, 1)
    numpy.testing.assert_array_equal(fresh.target.w.update_rule.state['m'], target['w/m'])


def test_gradient_method_use_fp32_update_after_setup():
    model = optimizer_check.TwoParams(numpy.float16)
    opt = optimizers.SGD(lr=1e-4).setup(model)
    opt.use_fp32_update()
    assert all(p.update_rule._use_fp32_update for p in model.params())
    # Steps of 1e-4 vanish in float16 around 1 but accumulate in the float32 master copy.
    model.w.array[...] = 1
    for _ in range(10):
        model.w.grad = numpy.ones((3, 4), numpy.float16)
        model.b.grad = numpy.ones(4, numpy.float16)
        opt.update()
    numpy.testing.assert_allclose(model.w.update_rule._fp32_param.array, 1 - 1e-3, rtol=1e-5)
    assert numpy.all(model.w.array < 1)


def test_uninitialized_parameters_are_skipped():
    model = chainer.Chain()
    with model.init_scope():
        model.p = chainer.Parameter()
    opt = optimizers.Adam().setup(model)
    opt.update()
    assert model.p.array is None and model.p.update_rule.state is None


@pytest.mark.parametrize('device', DEVICES)
def test_npz_file_round_trip_with_fp32_masters(device, tmp_path):
    def fresh():
        model = optimizer_check.TwoParams(numpy.float16)
        opt = optimizers.MomentumSGD(lr=0.01)
        opt.use_fp32_update()
        return model, opt

    model, opt = fresh()
    optimizer_check.run_steps(opt, model, device, 2, numpy.float16)
    serializers.save_npz(str(tmp_path / 'model.npz'), model)
    serializers.save_npz(str(tmp_path / 'opt.npz'), opt)
    expected = optimizer_check.run_steps(opt, model, device, 2, numpy.float16, first_step=2)

    model2, opt2 = fresh()
    model2.to_device(device)
    opt2.setup(model2)
    serializers.load_npz(str(tmp_path / 'model.npz'), model2)
    serializers.load_npz(str(tmp_path / 'opt.npz'), opt2)
    got = optimizer_check.run_steps(opt2, model2, device, 2, numpy.float16, first_step=2)
    for g, e in zip(got, expected):
        for name in e:
            numpy.testing.assert_array_equal(g[name], e[name])
    master = model2.w.update_rule._fp32_param
    assert isinstance(master.array, chainer.get_device(device).xp.ndarray)


class _ScalingRule(optimizer.UpdateRule):
    """A user rule with its own chainerx update (several routines): never queued in a batch."""

    def update_core_chainerx(self, param):
        param.array[...] = param.array * 0.5 - param.grad

    def update_core_cpu(self, param):
        param.array[...] = param.array * 0.5 - param.grad


@pytest.mark.parametrize('device', DEVICES)
def test_batched_updates_observe_what_unbatched_ones_observe(device):
    # GradientMethod.update queues the built-in rules' kernels (Note [Batched updates of chainerx
    # parameters]); a rule hook, a user rule and a float32 master copy still see every earlier
    # parameter updated and their own parameter not yet.
    link = chainer.Link()
    with link.init_scope():
        for i in range(5):
            dtype = numpy.float16 if i == 3 else numpy.float32
            setattr(link, 'p{}'.format(i), chainer.Parameter(numpy.full((3,), i + 1, dtype)))
    params = sorted(link.namedparams())
    opt = optimizers.MomentumSGD(lr=0.5, momentum=0.5)
    opt.setup(link)
    link.to_device(device)
    seen = []
    params[1][1].update_rule = _ScalingRule()
    params[2][1].update_rule.add_hook(
        lambda rule, param: seen.append([float(optimizer_check.to_numpy(p.array)[0])
                                         for _, p in params]), name='watch')
    params[3][1].update_rule.use_fp32_update()
    for step in range(2):
        for _, p in params:
            p.grad = p.xp.ones((3,), p.dtype) if p.xp is not chainerx else chainerx.ones(
                (3,), p.dtype, device=p.device.device)
        opt.update()
    values = [float(optimizer_check.to_numpy(p.array)[0]) for _, p in params]
    # MomentumSGD: v = 0.5 v - 0.5, p += v: 1st step p - 0.5, 2nd step p - 0.75; the user rule
    # p / 2 - 1 twice.
    assert seen == [[0.5, 0.0, 3.0, 4.0, 5.0], [-0.25, -1.0, 2.5, 3.5, 4.5]]
    assert values == [-0.25, -1.0, 1.75, 2.75, 3.75]


def _emulated_cuda_launches():
    """The emulated CUDA backend's count of launches (Note [Counting device work] in
    chainerx/cuda/emulation/grid.h), or None elsewhere."""
    if not optimizer_check.DEVICES[2:]:
        return None
    try:
        counter = ctypes.CDLL(chainerx._core.__file__).chainerx_cuda_emulation_launches
    except (OSError, AttributeError):
        return None
    counter.restype = ctypes.c_uint64
    return counter


def test_an_optimizer_step_updates_all_chainerx_cuda_parameters_in_one_launch():
    # GradientMethod.update batches the built-in rules (Note [Batched updates of chainerx
    # parameters]): the six parameters take one multi-tensor launch, where they took six.
    launches = _emulated_cuda_launches()
    if launches is None:
        pytest.skip('needs the emulated CUDA backend, which counts launches')
    model = chainer.Sequential(chainer.links.Linear(5, 4), chainer.links.Linear(4, 3),
                               chainer.links.Linear(3, 2))
    model.to_device('cuda:0')
    opt = optimizers.Adam()
    opt.setup(model)
    for param in model.params():
        param.grad = chainerx.ones(param.shape, 'float32', device='cuda:0')
    opt.update()  # the first step makes the states
    before = launches()
    opt.update()
    assert launches() - before == 1
