"""Bad arguments to the autograd API raise typed exceptions (never crash), and degenerate ones are no-ops."""

import pytest

import chainerx as chx

import array_utils


def _values(a):
    return chx.to_numpy(a).tolist()


def _leaf(device=None):
    return chx.array([1.0, 2.0], 'float64', device=device).require_grad()


def test_empty_lists_are_no_ops():
    x = _leaf()
    chx.backward([])
    assert chx.grad([], [x]) == [None]
    assert chx.grad([x * 2], []) == []
    assert chx.grad([], []) == []
    assert x.grad is None


@pytest.mark.parametrize('call', [
    lambda x: chx.backward(None),
    lambda x: chx.backward(3),
    lambda x: chx.backward('ab'),
    lambda x: chx.backward([x * 2, 3]),
    lambda x: chx.grad([x * 2], [1.0]),
    lambda x: chx.grad(3, [x]),
    lambda x: chx.grad([x * 2], [x], grad_outputs=5),
    lambda x: chx.grad([x * 2], [x], grad_outputs=['a']),
    lambda x: x.set_grad(3),
    lambda x: setattr(x, 'grad', [1.0, 2.0]),
], ids=['none', 'int', 'str', 'list_with_int', 'float_input', 'int_outputs', 'int_grad_outputs',
        'str_grad_output', 'set_grad_int', 'grad_list'])
def test_non_arrays_raise_type_error(call):
    with pytest.raises(TypeError):
        call(_leaf())


@pytest.mark.parametrize('grad_outputs', [
    lambda: [chx.ones((3,), 'float64')],
    lambda: [chx.ones((2,), 'float32')],
    lambda: [chx.ones((2,), 'float64', device=array_utils.other_device())],
    lambda: [None, None],
    lambda: [chx.ones((2,), 'float64')] * 2,
], ids=['shape', 'dtype', 'device', 'too_many_none', 'too_many'])
def test_mismatching_grad_outputs_raise_gradient_error(grad_outputs):
    x = _leaf()
    with pytest.raises(chx.GradientError):
        chx.grad([x * 2], [x], grad_outputs=grad_outputs())


def test_a_single_array_is_accepted_for_outputs_inputs_and_grad_outputs():
    x = _leaf()
    (gx,) = chx.grad(x * 2, x, grad_outputs=chx.full((2,), 3.0, 'float64'))
    assert _values(gx) == [6.0, 6.0]


def test_outputs_on_different_devices_are_differentiated_together():
    x = _leaf('native:0')
    w = _leaf('native:1')
    chx.backward([(x * 2).sum(), (w * 3).sum()])
    assert _values(x.grad) == [2.0, 2.0] and x.grad.device.name == 'native:0'
    assert _values(w.grad) == [3.0, 3.0] and w.grad.device.name == 'native:1'


def test_the_same_output_twice_is_seeded_once():
    x = _leaf()
    y = x * 2
    chx.backward([y, y])
    assert _values(x.grad) == [2.0, 2.0]
    assert [_values(g) for g in chx.grad([y, y], [x, x])] == [[2.0, 2.0]] * 2


def test_arrays_and_backprop_ids_of_another_context_raise_context_error():
    x = _leaf()
    other = chx.Context()
    a = chx.ones((2,), 'float64', device=other.get_device('native:0')).require_grad()
    with pytest.raises(chx.ContextError):
        chx.backward([x * 2, a * 2])
    with pytest.raises(chx.ContextError):
        chx.grad([x * 2], [a])
    with chx.backprop_scope('bp', other) as foreign:
        with pytest.raises(chx.ContextError):
            chx.backward(x * 2, backprop_id=foreign)
        with pytest.raises(chx.ContextError):
            chx.grad([x * 2], [x], backprop_id=foreign)
        with pytest.raises(chx.ContextError):
            x.set_grad(chx.zeros((2,), 'float64'), foreign)
        with pytest.raises(chx.ContextError):
            x.get_grad(foreign)


def test_a_released_backprop_id_raises_chainerx_error():
    with chx.backprop_scope('bp') as bp:
        x = chx.ones((2,)).require_grad(bp)
        y = x * 2
    for call in (lambda: chx.backward(y, backprop_id=bp), lambda: chx.grad([y], [x], backprop_id=bp),
                 lambda: y.backward(bp), lambda: x.get_grad(bp), lambda: x.set_grad(chx.ones((2,)), bp),
                 lambda: x.cleargrad(bp), lambda: x.require_grad(bp)):
        with pytest.raises(chx.ChainerxError):
            call()


@pytest.mark.parametrize('grad', [
    lambda: chx.zeros((3,), 'float64'),
    lambda: chx.zeros((2,), 'float32'),
    lambda: chx.zeros((2,), 'float64', device=array_utils.other_device()),
], ids=['shape', 'dtype', 'device'])
def test_set_grad_on_an_intermediate_array_checks_the_gradient(grad):
    y = _leaf() * 2
    with pytest.raises(chx.GradientError):
        y.set_grad(grad())
    assert not y.is_grad_required()  # a rejected gradient flags nothing
