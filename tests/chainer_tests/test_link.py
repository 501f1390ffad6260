"""chainer.Link, Chain, ChainList: registration, traversal, devices, copies, gradients, hooks."""

import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import link_hook

from mode_utils import to_numpy

DEVICES = ['@numpy', 'native:0']


class Affine(chainer.Link):
    """y = x W^T + b with a persistent array and a persistent scalar."""

    def __init__(self, in_size=3, out_size=2, seed=0):
        super().__init__()
        rng = numpy.random.RandomState(seed)
        with self.init_scope():
            self.W = chainer.Parameter(rng.uniform(-1, 1, (out_size, in_size)).astype('f'))
            self.b = chainer.Parameter(rng.uniform(-1, 1, (out_size,)).astype('f'))
        self.add_persistent('mean', numpy.arange(out_size, dtype='f'))
        self.add_persistent('count', 7)

    def forward(self, x):
        return F.linear(x, self.W, self.b)


class Lazy(chainer.Link):
    """A link with one uninitialised parameter, filled with 0.5 on initialize."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(lambda a: a.fill(0.5))

    def forward(self, x):
        if self.W.array is None:
            self.W.initialize((2, x.shape[1]))
        return F.linear(x, self.W)


class Net(chainer.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = Affine(3, 4, seed=1)
            self.l2 = Affine(4, 2, seed=2)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


class UpdateRule:
    """The part of an optimizer's update rule that Link uses."""
    enabled = True


def _x(device, shape=(5, 3), seed=3):
    array = numpy.random.RandomState(seed).uniform(-1, 1, shape).astype('f')
    return chainer.get_device(device).send(array)


def _values(link):
    return {path: to_numpy(p.array) for path, p in link.namedparams()}


# -- registration ---------------------------------------------------------------------------------

def test_parameters_assigned_in_init_scope_are_registered_and_named():
    link = Affine()
    assert [name for name, _ in link.namedparams()] == ['/W', '/b']
    assert link.W.name == 'W' and link.b.name == 'b'
    assert link._persistent == {'mean', 'count'}


def test_parameter_assigned_outside_init_scope_is_a_plain_attribute():
    link = chainer.Link()
    link.p = chainer.Parameter(numpy.zeros(2, 'f'))
    assert list(link.params()) == []
    assert link.within_init_scope is False
    with link.init_scope():
        assert link.within_init_scope is True
    assert link.within_init_scope is False


def test_deleting_an_attribute_unregisters_it():
    link = Affine()
    del link.W
    del link.mean
    assert [name for name, _ in link.namedparams()] == ['/b']
    assert link._persistent == {'count'}
    net = Net()
    del net.l1
    assert [name for name, _ in net.namedlinks(skipself=True)] == ['/l2']


@pytest.mark.parametrize('method,args', [
    ('add_persistent', ('W', 1)), ('add_persistent', ('count', 1))])
def test_registering_an_existing_name_raises_attribute_error(method, args):
    with pytest.raises(AttributeError, match='attribute exists'):
        getattr(Affine(), method)(*args)


def test_add_param_registers_an_uninitialised_or_nan_parameter():
    link = chainer.Link()
    link.add_param('W', (2, 3))
    link.add_param('u')
    link.add_param('h', 2, dtype=numpy.float16)
    link.add_param('c', (2,), initializer=chainer.initializers.One())
    assert sorted(p for p, _ in link.namedparams()) == ['/W', '/c', '/h', '/u']
    assert link.W.shape == (2, 3) and numpy.isnan(link.W.array).all()
    assert link.W.dtype == numpy.float32 and link.h.dtype == numpy.float16
    assert link.u.array is None and numpy.all(link.c.array == 1)
    with pytest.raises(AttributeError, match='attribute exists'):
        link.add_param('W', (1,))


def test_legacy_keyword_arguments_create_parameters():
    link = chainer.Link(x=(2, 3), y=((4,), numpy.float64))
    assert link.x.shape == (2, 3) and link.x.dtype == numpy.float32
    assert link.y.shape == (4,) and link.y.dtype == numpy.float64


def test_register_persistent_of_a_missing_attribute_raises_attribute_error():
    link = chainer.Link()
    with pytest.raises(AttributeError, match='non-existent attribute'):
        link.register_persistent('missing')
    link.x = 3
    link.register_persistent('x')
    assert link._persistent == {'x'}


def test_registering_a_persistent_value_unregisters_a_parameter_of_that_name():
    link = Affine()
    link.register_persistent('W')
    assert [name for name, _ in link.namedparams()] == ['/b']
    assert 'W' in link._persistent


def test_chain_registers_links_and_rejects_name_clashes_and_non_links():
    net = Net()
    assert net.l1.name == 'l1' and net['l2'] is net.l2
    with pytest.raises(AttributeError, match='attribute exists'):
        with net.init_scope():
            net.l1 = Affine()
    with pytest.raises(AttributeError, match='attribute exists'):
        net.add_link('l2', Affine())
    with pytest.raises(TypeError):
        net.add_link('l3', 'not a link')
    net.add_link('l3', Affine())
    assert net.l3.name == 'l3'
    chain = chainer.Chain(a=Affine(), b=Lazy())
    assert [name for name, _ in chain.namedlinks()] == ['/', '/a', '/b']


# -- traversal ------------------------------------------------------------------------------------

def test_traversal_of_a_tree_of_links():
    net = Net()
    top = chainer.ChainList(net, Lazy())
    assert [p for p, _ in top.namedparams()] == [
        '/0/l1/W', '/0/l1/b', '/0/l2/W', '/0/l2/b', '/1/W']
    assert [p for p, _ in top.namedparams(include_uninit=False)] == [
        '/0/l1/W', '/0/l1/b', '/0/l2/W', '/0/l2/b']
    assert len(list(top.params(include_uninit=False))) == 4
    assert [p for p, _ in top.namedlinks()] == ['/', '/0', '/0/l1', '/0/l2', '/1']
    assert [p for p, _ in top.namedlinks(skipself=True)] == ['/0', '/0/l1', '/0/l2', '/1']
    assert list(top.links()) == [top, net, net.l1, net.l2, top[1]]
    assert list(top.links(skipself=True))[0] is net
    assert list(top.children()) == [net, top[1]]
    assert list(net.children()) == [net.l1, net.l2]
    assert list(net.l1.children()) == []


def test_count_params_warns_about_uninitialised_parameters():
    assert Net().count_params() == 3 * 4 + 4 + 4 * 2 + 2
    with pytest.warns(UserWarning, match="'/1/W' has not been initialized"):
        assert chainer.ChainList(Affine(), Lazy()).count_params() == 8


# -- calling and gradients -------------------------------------------------------------------------

@pytest.mark.parametrize('device', DEVICES)
def test_call_runs_forward_and_backward_reaches_every_parameter(device):
    net = Net().to_device(device)
    x = chainer.Variable(_x(device))
    loss = F.sum(net(x))
    loss.backward()
    ref = Net()
    W1, b1, W2, b2 = (p.array.astype(numpy.float64) for p in ref.params())
    h = numpy.maximum(to_numpy(x.array) @ W1.T + b1, 0)
    numpy.testing.assert_allclose(to_numpy(loss.array), (h @ W2.T + b2).sum(), rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(net.l2.W.grad), numpy.tile(h.sum(0), (2, 1)),
                                  rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(net.l2.b.grad), [5, 5])
    assert all(p.grad is not None for p in net.params())
    net.cleargrads()
    assert all(p.grad is None for p in net.params())


@pytest.mark.parametrize('device', DEVICES)
def test_zerograds_is_deprecated_and_fills_zeros(device):
    net = Net().to_device(device)
    with pytest.warns(DeprecationWarning):
        net.zerograds()
    for p in net.params():
        assert numpy.all(to_numpy(p.grad) == 0)


@pytest.mark.parametrize('src_device,dst_device', [
    ('@numpy', '@numpy'), ('@numpy', 'native:0'), ('native:0', '@numpy'),
    ('native:0', 'native:0')])
def test_addgrads_adds_the_gradients_of_another_link(src_device, dst_device):
    src, dst = Net().to_device(src_device), Net().to_device(dst_device)
    F.sum(src(_x(src_device))).backward()
    F.sum(dst(_x(dst_device))).backward()
    expected = {n: to_numpy(p.grad) * 2 for n, p in dst.namedparams()}
    dst.addgrads(src)
    for name, param in dst.namedparams():
        numpy.testing.assert_allclose(to_numpy(param.grad), expected[name], rtol=1e-6)
        assert chainer.backend.get_device_from_array(param.grad) == chainer.get_device(
            dst_device)


def test_update_rules_are_enabled_and_disabled_through_the_link():
    net = Net()
    assert net.update_enabled is False  # no optimizer: no update rule
    for param in net.params():
        param.update_rule = UpdateRule()
    assert net.update_enabled is True
    net.l1.disable_update()
    assert [p.update_rule.enabled for p in net.params()] == [False, False, True, True]
    net.disable_update()
    assert net.update_enabled is False
    net.enable_update()
    assert all(p.update_rule.enabled for p in net.params())


# -- devices --------------------------------------------------------------------------------------

@pytest.mark.parametrize('src,dst', [('@numpy', 'native:0'), ('native:0', '@numpy'),
                                     ('native:0', 'native:0')])
def test_to_device_moves_parameters_persistent_arrays_and_children(src, dst):
    net = chainer.ChainList(Net(), Lazy()).to_device(src)
    before = _values(net)
    assert net.to_device(dst) is net
    device = chainer.get_device(dst)
    for link in net.links():
        assert link.device == device
        assert link.xp is device.xp
    for param in net.params(include_uninit=False):
        assert chainer.backend.get_device_from_array(param.array) == device
    assert chainer.backend.get_device_from_array(net[0].l1.mean) == device
    assert net[0].l1.count == 7  # scalars stay
    after = _values(net)
    for name, value in before.items():
        numpy.testing.assert_array_equal(after[name], value)
    x = _x(dst, (1, 4))
    net[1](x)  # the lazy parameter is initialised on the link's device
    assert chainer.backend.get_device_from_array(net[1].W.array) == device


@pytest.mark.parametrize('device', DEVICES)
def test_to_cpu_moves_everything_to_numpy(device):
    net = Net().to_device(device)
    net.to_cpu()
    assert isinstance(net.l1.W.array, numpy.ndarray)
    assert isinstance(net.l1.mean, numpy.ndarray)
    assert net.device == chainer.get_device('@numpy')


def test_to_chx_and_from_chx_convert_without_copy():
    net = Net()
    W = net.l1.W.array
    net.to_chx()
    assert net.l1.W.array.device.name == 'native:0'
    assert isinstance(net.l1.mean, chainerx.ndarray)
    net.l1.W.array[0, 0] = 42
    assert W[0, 0] == 42
    net.from_chx()
    assert isinstance(net.l1.W.array, numpy.ndarray) and net.device.name == '@numpy'


# -- copies ---------------------------------------------------------------------------------------

@pytest.mark.parametrize('device', DEVICES)
def test_copy_share_shares_arrays_not_parameters_or_gradients(device):
    net = Net().to_device(device)
    F.sum(net(_x(device))).backward()
    shared = net.copy()
    assert shared.name is None and shared.l1.name == 'l1'
    assert shared.l1 is not net.l1 and shared.l1.W is not net.l1.W
    assert all(p.grad is None for p in shared.params())
    assert all(p.grad is not None for p in net.params())
    net.l1.W.array[...] = 3
    assert numpy.all(to_numpy(shared.l1.W.array) == 3)
    with shared.init_scope():  # the copy's registrations are its own
        shared.l3 = Affine()
    assert not hasattr(net, 'l3') and 'l3' not in net._children


@pytest.mark.parametrize('device', DEVICES)
def test_copy_copy_is_independent(device):
    net = Net().to_device(device)
    copied = net.copy(mode='copy')
    before = _values(copied)
    net.l1.W.array[...] = 3
    for name, value in _values(copied).items():
        numpy.testing.assert_array_equal(value, before[name])
    assert copied.device == net.device
    assert chainer.backend.get_device_from_array(copied.l1.mean) == net.device


@pytest.mark.parametrize('device', ['@numpy', 'native:0'])
def test_copy_init_initialises_the_parameters_again(device):
    link = chainer.Link()
    with link.init_scope():
        link.W = chainer.Parameter(lambda a: a.fill(1.5), (2, 3))
    link.to_device(device)
    link.W.array[...] = 0
    fresh = link.copy(mode='init')
    numpy.testing.assert_array_equal(to_numpy(fresh.W.array), numpy.full((2, 3), 1.5, 'f'))
    numpy.testing.assert_array_equal(to_numpy(link.W.array), numpy.zeros((2, 3), 'f'))


def test_copy_with_an_unknown_mode_raises_value_error():
    with pytest.raises(ValueError, match="'init', 'copy', or 'share'"):
        Net().copy(mode='deep')
    with pytest.raises(ValueError):
        Net().repeat(2, mode='deep')


@pytest.mark.parametrize('src_device,dst_device', [('@numpy', 'native:0'), ('native:0', '@numpy')])
@pytest.mark.parametrize('copy_persistent', [True, False])
def test_copyparams_copies_arrays_in_place(src_device, dst_device, copy_persistent):
    src = chainer.ChainList(Net()).to_device(src_device)
    for param in src.params():
        param.array[...] = 2
    src[0].l1.mean[...] = 5
    src[0].l1.count = 9
    dst = chainer.ChainList(Net()).to_device(dst_device)
    W = dst[0].l1.W.array
    dst.copyparams(src, copy_persistent=copy_persistent)
    assert dst[0].l1.W.array is W
    assert all(numpy.all(to_numpy(p.array) == 2) for p in dst.params())
    assert numpy.all(to_numpy(dst[0].l1.mean) == 5) == copy_persistent
    assert dst[0].l1.count == (9 if copy_persistent else 7)


def test_repeat_returns_a_sequential_of_copies():
    link = Affine()
    assert len(link.repeat(0)) == 0
    shared = link.repeat(3, mode='share')
    assert isinstance(shared, chainer.Sequential) and len(shared) == 3
    assert [c.name for c in shared] == ['0', '1', '2']
    assert all(c.W.array is not None and c is not link for c in shared)
    link.W.array[...] = 4
    assert numpy.all(shared[2].W.array == 4)
    copied = link.repeat(2, mode='copy')
    link.W.array[...] = 1
    assert numpy.all(copied[0].W.array == 4)


# -- serialization --------------------------------------------------------------------------------

class _Saver:
    """A serializer that saves into a flat dict (the Serializer protocol: value returned)."""

    def __init__(self, target, prefix=''):
        self.target, self.prefix = target, prefix

    def __getitem__(self, key):
        return _Saver(self.target, self.prefix + key + '/')

    def __call__(self, key, value):
        self.target[self.prefix + key] = to_numpy(value) if hasattr(value, 'shape') else value
        return value


class _Loader(_Saver):
    """A deserializer from a flat dict: arrays are copied in place, None gets the loaded value."""

    def __getitem__(self, key):
        return _Loader(self.target, self.prefix + key + '/')

    def __call__(self, key, value):
        loaded = self.target[self.prefix + key]
        if value is None:
            return loaded
        if hasattr(value, 'shape'):
            chainer.backend.copyto(value, loaded)
            return value
        return type(value)(loaded)


@pytest.mark.parametrize('device', DEVICES)
def test_serialize_round_trip_initialises_lazy_parameters(device):
    src = chainer.ChainList(Net(), Lazy())
    src[1](_x('@numpy', (1, 4)))
    saved = {}
    src.serialize(_Saver(saved))
    assert sorted(saved) == [
        '0/l1/W', '0/l1/b', '0/l1/count', '0/l1/mean', '0/l2/W', '0/l2/b', '0/l2/count',
        '0/l2/mean', '1/W']
    dst = chainer.ChainList(Net(), Lazy()).to_device(device)
    for param in dst.params(include_uninit=False):
        param.array[...] = 0
    dst.serialize(_Loader(saved))
    for name, value in _values(dst).items():
        numpy.testing.assert_array_equal(value, _values(src)[name])
    assert chainer.backend.get_device_from_array(dst[1].W.array) == chainer.get_device(device)
    assert dst[0].l1.count == 7


@pytest.mark.parametrize('src_device,dst_device', [('@numpy', 'native:0'), ('native:0', '@numpy')])
def test_save_npz_and_load_npz_round_trip(tmp_path, src_device, dst_device):
    from chainer import serializers
    src = chainer.ChainList(Net(), Lazy()).to_device(src_device)
    src[1](_x(src_device, (1, 4)))
    src[0].l2.mean[...] = 9
    src[0].l2.count = 11
    serializers.save_npz(str(tmp_path / 'net.npz'), src)
    dst = chainer.ChainList(Net(), Lazy()).to_device(dst_device)
    serializers.load_npz(str(tmp_path / 'net.npz'), dst)
    for name, value in _values(dst).items():
        numpy.testing.assert_array_equal(value, _values(src)[name])
    assert numpy.all(to_numpy(dst[0].l2.mean) == 9) and dst[0].l2.count == 11
    for param in dst.params():
        assert chainer.backend.get_device_from_array(param.array) == chainer.get_device(
            dst_device)


# -- hooks ----------------------------------------------------------------------------------------

class Recorder(chainer.LinkHook):

    def __init__(self, name='Recorder'):
        self.name = name
        self.events = []

    def added(self, link):
        self.events.append(('added', link))

    def deleted(self, link):
        self.events.append(('deleted', link))

    def forward_preprocess(self, args):
        self.events.append(('pre', args.link, args.forward_name, args.args, args.kwargs))

    def forward_postprocess(self, args):
        self.events.append(('post', args.link, args.out))


def test_local_hook_is_called_around_forward():
    link = Affine()
    hook = Recorder()
    assert link.add_hook(hook) is link
    x = _x('@numpy')
    y = link(x)
    assert hook.events[0] == ('added', link)
    assert hook.events[1][:4] == ('pre', link, 'forward', (x,)) and hook.events[1][4] == {}
    assert hook.events[2][:2] == ('post', link) and hook.events[2][2] is y
    link.delete_hook('Recorder')
    assert hook.events[3] == ('deleted', link)
    link(x)
    assert len(hook.events) == 4
    assert link._local_link_hooks is None


def test_global_hook_applies_to_every_link_in_its_scope():
    net = Net()
    with Recorder() as hook:
        assert link_hook._n_global_hooks == 1
        net(_x('@numpy'))
    assert link_hook._n_global_hooks == 0
    assert [e[0] for e in hook.events] == ['added', 'pre', 'pre', 'post', 'pre', 'post', 'post',
                                           'deleted']
    assert [e[1] for e in hook.events if e[0] == 'pre'] == [net, net.l1, net.l2]
    net(_x('@numpy'))
    assert len(hook.events) == 8


def test_hook_registration_errors():
    link = Affine()
    with pytest.raises(TypeError):
        link.add_hook(object())
    link.add_hook(Recorder())
    with pytest.raises(KeyError):
        link.add_hook(Recorder())
    link.add_hook(Recorder(), name='second')
    assert list(link.local_link_hooks) == ['Recorder', 'second']
    with pytest.raises(KeyError):
        link.delete_hook('missing')
    with Recorder('g'):
        with pytest.raises(KeyError):
            with Recorder('g'):
                pass


def test_copy_keeps_its_own_hook_dict():
    link = Affine()
    link.add_hook(Recorder())
    shared = link.copy()
    shared.delete_hook('Recorder')
    assert list(link.local_link_hooks) == ['Recorder']


# -- ChainList ------------------------------------------------------------------------------------

def test_chain_list_is_a_mutable_sequence_of_named_links():
    a, b, c = Affine(), Lazy(), Net()
    chain = chainer.ChainList(a)
    chain.append(b)
    chain.insert(0, c)
    assert list(chain) == [c, a, b] and len(chain) == 3
    assert [x.name for x in chain] == ['0', '1', '2']
    assert chain[-1] is b and chain[0:2] == [c, a]
    d = Affine()
    chain[1] = d
    assert a.name is None and d.name == '1'
    del chain[0]
    assert list(chain) == [d, b] and [x.name for x in chain] == ['0', '1'] and c.name is None
    chain.add_link(a)
    assert chain.pop() is a and len(chain) == 2
    assert [p for p, _ in chain.namedparams()] == ['/0/W', '/0/b', '/1/W']


@pytest.mark.parametrize('mode', ['share', 'copy'])
def test_chain_list_copy_has_its_own_list_of_copied_children(mode):
    chain = chainer.ChainList(Affine(), Lazy())
    copied = chain.copy(mode)
    assert [c.name for c in copied] == ['0', '1'] and copied[0] is not chain[0]
    assert (copied[0].W.array is chain[0].W.array) == (mode == 'share')
    copied.append(Affine())
    assert len(chain) == 2 and len(copied) == 3


def test_chain_list_rejects_non_links_and_links_assigned_in_init_scope():
    chain = chainer.ChainList()
    with pytest.raises(TypeError):
        chain.append(lambda x: x)
    with pytest.raises(TypeError):
        chainer.ChainList(Affine())['0'] = Affine()
    with pytest.raises(TypeError, match='init_scope'):
        with chain.init_scope():
            chain.child = Affine()
    with chain.init_scope():
        chain.p = chainer.Parameter(numpy.zeros(2, 'f'))
    assert [p for p, _ in chain.namedparams()] == ['/p']


# -- printing and speed ---------------------------------------------------------------------------

def test_repr_lists_children_with_indentation():
    class Spec(chainer.Link):
        printable_specs = property(lambda self: iter([('n', 3), ('flag', True)]))

    top = chainer.ChainList(Spec(), chainer.Chain(x=Spec()))
    assert repr(top) == ('ChainList(\n  (0): Spec(n=3, flag=True),\n  (1): Chain(\n'
                         '    (x): Spec(n=3, flag=True),\n  ),\n)')
    assert repr(chainer.Chain()) == 'Chain()'


def test_call_without_hooks_adds_no_hook_work(monkeypatch):
    def fail(*args):
        raise AssertionError('hook machinery used without hooks')

    monkeypatch.setattr(chainer.Link, '_call_with_hooks', fail)
    link = Affine()
    link(_x('@numpy'))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        Net()(_x('@numpy'))
