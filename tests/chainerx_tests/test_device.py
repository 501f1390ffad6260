"""Contexts, backends, devices, default-device/context scopes and their errors (spec A.13)."""

import copy
import pickle
import threading

import pytest

import chainerx as chx

# Default-device mechanics and printed examples are about native:0 (see conftest.py).
pytestmark = pytest.mark.usefixtures('native_default_device')


@pytest.mark.parametrize('name', ['native:0', 'native:1', 'native:3'])
def test_get_device_by_name_returns_a_singleton(name):
    device = chx.get_device(name)
    assert isinstance(device, chx.Device)
    assert device.name == name
    assert repr(device) == name
    assert chx.get_device(name) is device
    backend_name, index = name.split(':')
    assert chx.get_device(backend_name, int(index)) is device
    assert chx.get_device(device) is device
    assert device.index == int(index)
    assert device.backend is chx.get_backend('native')
    assert device.context is chx.get_default_context()


def test_get_device_without_argument_is_the_default_device():
    assert chx.get_device() is chx.get_default_device()
    assert chx.get_device('native') is chx.get_device('native:0')


def test_native_backend_has_four_devices():
    backend = chx.get_backend('native')
    assert isinstance(backend, chx.Backend)
    assert backend.name == 'native'
    assert backend.context is chx.get_default_context()
    assert backend.get_device_count() == 4
    assert [backend.get_device(i) for i in range(4)] == [
        chx.get_device('native', i) for i in range(4)
    ]
    assert chx.get_backend('native') is backend


@pytest.mark.parametrize('args', [('native:4',), ('native', 4), ('native:99',)])
def test_out_of_range_device_index_raises_device_error(args):
    with pytest.raises(chx.DeviceError):
        chx.get_device(*args)


def test_backend_get_device_out_of_range_raises_device_error():
    with pytest.raises(chx.DeviceError):
        chx.get_backend('native').get_device(4)


@pytest.mark.parametrize('name', ['native:x', 'native:', ':0', 'native:-1', 'native:1:2', ''])
def test_malformed_device_name_raises_device_error(name):
    with pytest.raises(chx.DeviceError):
        chx.get_device(name)


@pytest.mark.parametrize(
    'call',
    [
        lambda: chx.get_backend('unknown_backend'),
        lambda: chx.get_device('unknown_backend:0'),
        lambda: chx.Context().get_backend('unknown_backend'),
    ],
)
def test_unknown_backend_raises_backend_error(call):
    with pytest.raises(chx.BackendError):
        call()


@pytest.mark.parametrize('bad', [3, 1.0, object()])
def test_device_arguments_of_wrong_type_raise_type_error(bad):
    with pytest.raises(TypeError):
        chx.get_device(bad)
    with pytest.raises(TypeError):
        chx.zeros((1,), device=bad)


@pytest.mark.parametrize('name', ['native:0', 'native:2'])
def test_pickle_copy_and_deepcopy_return_the_same_device(name):
    device = chx.get_device(name)
    assert pickle.loads(pickle.dumps(device)) is device
    assert copy.copy(device) is device
    assert copy.deepcopy(device) is device
    assert copy.deepcopy([device])[0] is device


def test_synchronize_returns_none():
    assert chx.get_device('native:1').synchronize() is None


def test_default_device_starts_as_native_0():
    assert chx.get_default_device() is chx.get_device('native:0')


@pytest.mark.parametrize('argument', ['native:1', ('device',)])
def test_set_default_device_accepts_names_and_devices(argument):
    target = chx.get_device('native:1')
    chx.set_default_device(target if argument == ('device',) else argument)
    assert chx.get_default_device() is target
    assert chx.zeros((1,)).device is target


def test_set_default_device_of_another_context_raises_context_error():
    other = chx.Context()
    with pytest.raises(chx.ContextError):
        chx.set_default_device(other.get_device('native:0'))


def test_default_device_is_per_thread():
    chx.set_default_device('native:2')
    seen = []
    thread = threading.Thread(target=lambda: seen.append(chx.get_default_device()))
    thread.start()
    thread.join()
    assert seen == [chx.get_device('native:0')]
    assert chx.get_default_device() is chx.get_device('native:2')


@pytest.mark.parametrize('args', [('native:1',), ('native', 1), (('device', 'native:1'),)])
def test_using_device_switches_on_enter_and_restores_on_exit(args):
    if isinstance(args[0], tuple):
        args = (chx.get_device(args[0][1]),)
    target = chx.get_device('native:1')
    scope = chx.using_device(*args)
    assert isinstance(scope, chx.DeviceScope)
    assert scope.device is target
    assert chx.get_default_device() is chx.get_device('native:0')
    with scope as entered:
        assert entered is scope
        assert chx.get_default_device() is target
        assert chx.ones((2,)).device is target
    assert chx.get_default_device() is chx.get_device('native:0')


def test_nested_using_device_restores_each_level():
    with chx.using_device('native:1'):
        with chx.using_device('native:2'):
            assert chx.get_default_device().name == 'native:2'
        assert chx.get_default_device().name == 'native:1'
    assert chx.get_default_device().name == 'native:0'


def test_using_device_restores_after_an_exception():
    with pytest.raises(ValueError):
        with chx.using_device('native:3'):
            raise ValueError()
    assert chx.get_default_device().name == 'native:0'


def test_global_default_context_is_the_module_context():
    assert chx.get_global_default_context() is chx._global_context
    assert chx.get_default_context() is chx._global_context


def test_unset_global_default_context_raises_context_error():
    chx.set_global_default_context(None)
    with pytest.raises(chx.ContextError):
        chx.get_default_context()
    with pytest.raises(chx.ContextError):
        chx.get_global_default_context()


def test_thread_local_default_context_overrides_the_global_one():
    context = chx.Context()
    chx.set_default_context(context)
    assert chx.get_default_context() is context
    assert chx.get_global_default_context() is chx._global_context
    assert chx.get_default_device().context is context
    chx.set_default_context(None)
    assert chx.get_default_context() is chx._global_context


def test_devices_are_singletons_per_context():
    context = chx.Context()
    device = context.get_device('native:1')
    assert device is not chx.get_device('native:1')
    assert device is context.get_device('native', 1)
    assert device.context is context
    assert context.get_backend('native').context is context


def test_context_scope_switches_context_and_device_and_restores_them():
    context = chx.Context()
    chx.set_default_device('native:2')
    scope = chx.context_scope(context)
    assert isinstance(scope, chx.ContextScope)
    assert chx.get_default_context() is chx._global_context
    with scope:
        assert chx.get_default_context() is context
        assert chx.get_default_device() is context.get_device('native:0')
        assert chx.zeros((1,)).device.context is context
    assert chx.get_default_context() is chx._global_context
    assert chx.get_default_device() is chx.get_device('native:2')


def test_backprop_ids_are_made_and_released_by_a_context():
    context = chx.Context()
    backprop_id = context.make_backprop_id('graph')
    assert isinstance(backprop_id, chx.BackpropId)
    assert backprop_id.name == 'graph'
    assert repr(backprop_id) == 'graph'
    assert backprop_id.context is context
    context._check_valid_backprop_id(backprop_id)
    context.release_backprop_id(backprop_id)
    assert repr(backprop_id) == '<expired>'
    with pytest.raises(chx.ChainerxError):
        context._check_valid_backprop_id(backprop_id)


@pytest.mark.parametrize(
    'call',
    [
        lambda: chx.get_device(device='native:1'),
        lambda: chx.get_device(backend_name='native', index=1),
        lambda: chx.get_default_context().get_device(device_name='native:1'),
        lambda: chx.get_default_context().get_device(backend_name='native', index=1),
        lambda: chx.get_default_context().get_device(chx.get_device('native:1')),
        lambda: chx.using_device(backend_name='native', index=1).device,
        lambda: chx.using_device(device='native:1').device,
        lambda: chx.get_backend(backend_name='native').get_device(index=1),
    ],
)
def test_device_functions_accept_the_spec_keywords(call):
    assert call() is chx.get_device('native:1')


@pytest.mark.parametrize(
    'call',
    [
        lambda: chx.get_device('native', 'x'),
        lambda: chx.get_device('native', 1.5),
        lambda: chx.get_device(0, 1),
        lambda: chx.using_device(1),
        lambda: chx.get_backend(0),
        lambda: chx.Context().get_device(None, 0),
        lambda: chx.set_default_device(1),
    ],
)
def test_device_functions_reject_wrong_argument_types(call):
    with pytest.raises(TypeError):
        call()


def test_each_context_has_its_own_backends_and_devices():
    first, second = chx.Context(), chx.Context()
    assert first.get_backend('native') is not second.get_backend('native')
    assert first.get_device('native:0') is not second.get_device('native:0')
    assert first.get_device('native:0').name == second.get_device('native:0').name == 'native:0'


def test_arrays_cannot_move_between_contexts():
    other = chx.Context()
    with pytest.raises(chx.ContextError):
        chx.zeros((2,)).to_device(other.get_device('native:0'))


def test_device_scope_can_be_entered_after_being_created_in_another_scope():
    scope = chx.using_device('native:3')
    with chx.using_device('native:1'):
        with scope:
            assert chx.get_default_device().name == 'native:3'
        assert chx.get_default_device().name == 'native:1'
