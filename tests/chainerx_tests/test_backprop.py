"""Autograd API: require_grad, backward, gradients, backprop modes, multiple graphs (spec A.14)."""

import numpy
import pytest

import chainerx as chx

import array_utils

_NON_FLOAT_DTYPES = ('bool_',) + array_utils.INT_DTYPES


def _leaf(values=(1.0, 2.0), dtype='float64'):
    return chx.array(numpy.array(values, dtype)).require_grad()


def _values(a):
    return chx.to_numpy(a).tolist()


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_require_grad_returns_self_and_is_idempotent(dtype):
    x = chx.zeros((2,), dtype)
    assert not x.is_grad_required()
    assert x.require_grad() is x
    assert x.require_grad() is x
    assert x.is_grad_required() and x.is_backprop_required()
    assert x.grad is None


@pytest.mark.parametrize('dtype', _NON_FLOAT_DTYPES)
def test_require_grad_on_non_float_raises_dtype_error(dtype):
    with pytest.raises(chx.DtypeError):
        chx.zeros((2,), dtype).require_grad()


def test_backward_sets_the_grad_of_leaves_and_grad_is_the_same_object():
    x = _leaf()
    (x * x).sum().backward()
    assert _values(x.grad) == [2.0, 4.0]
    assert x.grad is x.grad
    assert x.get_grad() is x.grad


def test_backward_of_a_non_scalar_output_starts_from_ones():
    x = _leaf()
    (x * 3).backward()
    assert _values(x.grad) == [3.0, 3.0]


def test_gradients_accumulate_across_backward_calls():
    x = _leaf()
    (x * x).sum().backward()
    (x * 10).sum().backward()
    assert _values(x.grad) == [12.0, 14.0]


def _owns_distinct_memory(grads):
    """Each array's elements are at distinct addresses (no stride-0 axis) and no two arrays share memory."""
    for g in grads:
        assert all(stride != 0 or n <= 1 for stride, n in zip(g.strides, g.shape))
    ranges = sorted((g.data_ptr + g.offset, g.data_ptr + g.offset + g.nbytes) for g in grads)
    assert all(end <= next_start for (_, end), (next_start, _) in zip(ranges, ranges[1:]))


# Gradients that a backward function shares between inputs (add), broadcasts (sum) or passes through as a view
# (reshape, a seed taken from y.grad) are stored as arrays that own their memory: in-place updates of one
# parameter's grad (clipping, weight decay) must not reach another's (Note [Stored gradients own their memory]).
@pytest.mark.parametrize('double_backprop', [False, True])
@pytest.mark.parametrize('make_loss', [
    lambda a, b: (a + b).sum(),            # one gradient for both inputs, broadcast from a 0-d seed
    lambda a, b: a.sum() + b.sum(),
    lambda a, b: a.reshape(2, 1) + b.reshape(2, 1),  # views of the seed of ones
    lambda a, b: a * 1.0 + b,
])
def test_stored_gradients_own_their_memory(make_loss, double_backprop):
    a, b = _leaf(), _leaf((3.0, 4.0))
    make_loss(a, b).backward(enable_double_backprop=double_backprop)
    assert _values(a.grad) == [1.0, 1.0] and _values(b.grad) == [1.0, 1.0]
    _owns_distinct_memory([a.grad, b.grad])
    a.grad *= 5
    a.grad += 1
    assert _values(a.grad) == [6.0, 6.0]
    assert _values(b.grad) == [1.0, 1.0]


def test_a_gradient_passed_through_from_a_seed_does_not_alias_the_seed():
    x = _leaf()
    y = x.reshape((2,))  # its backward returns a view of y's gradient
    y.require_grad()
    seed = chx.array([2.0, 3.0])
    y.grad = seed
    y.backward()  # starts from y.grad
    x.grad += 100
    assert _values(x.grad) == [102.0, 103.0]
    assert _values(seed) == [2.0, 3.0]
    _owns_distinct_memory([x.grad, seed])


def test_a_stored_gradient_is_not_modified_when_later_gradients_accumulate():
    x = _leaf()
    (x * x).sum().backward()
    first = x.grad
    assert _values(first) == [2.0, 4.0]
    (x * x).sum().backward()
    assert _values(x.grad) == [4.0, 8.0]
    assert _values(first) == [2.0, 4.0]  # accumulation makes a new array


def test_cleargrad_and_grad_none_clear_the_gradient():
    x = _leaf()
    (x * x).sum().backward()
    x.cleargrad()
    assert x.grad is None and x.is_grad_required()
    (x * 1).sum().backward()
    assert _values(x.grad) == [1.0, 1.0]
    x.grad = None
    assert x.grad is None


def test_module_backward_accepts_one_output_or_a_list():
    x = _leaf()
    chx.backward(x * 2)
    assert _values(x.grad) == [2.0, 2.0]
    x.cleargrad()
    chx.backward([x * 2, x * x])
    assert _values(x.grad) == [4.0, 6.0]


# The loss scale multiplies the seed (so small gradients survive low precision in between) and is divided out again
# from every gradient handed to the user.
@pytest.mark.parametrize('call', [
    lambda y, x: y.backward(loss_scale=10.0),
    lambda y, x: chx.backward(y, loss_scale=10.0),
    lambda y, x: chx.backward([y], None, False, 10.0),
    lambda y, x: x.set_grad(chx.grad([y], [x], loss_scale=10.0)[0]),
    lambda y, x: chx.grad([y], [x], set_grad=True, loss_scale=10.0),
], ids=['method', 'function', 'positional', 'grad', 'grad_set_grad'])
def test_loss_scale_is_divided_out_of_the_gradients(call, device):
    x = chx.array([1.0, 2.0], 'float32', device=device).require_grad()
    call((x * 3).sum(), x)
    assert _values(x.grad) == [3.0, 3.0] and x.grad.device is device


def test_loss_scale_scales_what_flows_through_the_graph():
    x = _leaf()
    y = (x * 2).sum()
    h = x * 1
    (gx,) = chx.grad([(h * h).sum()], [x], retain_grad=True, loss_scale=4.0)
    assert _values(gx) == [2.0, 4.0] and _values(h.grad) == [2.0, 4.0]  # intermediates are unscaled too
    y.set_grad(chx.array(5.0, 'float64'))
    y.backward(loss_scale=4.0)  # a stored seed is scaled as well
    assert _values(x.grad) == [10.0, 10.0] and _values(y.grad) == 5.0
    (gx,) = chx.grad([(x * x).sum()], [x], enable_double_backprop=True, loss_scale=8.0)
    (ggx,) = chx.grad([gx.sum()], [x])
    assert _values(gx) == [2.0, 4.0] and _values(ggx) == [2.0, 2.0]


def test_intermediate_results_do_not_require_grad():
    x = _leaf()
    y = x * 2
    y.backward()
    assert not y.is_grad_required()
    with pytest.raises(chx.ChainerxError):
        y.grad


@pytest.mark.parametrize('setter', ['set_grad', 'property'])
def test_set_grad_stores_the_given_array(setter):
    x = _leaf()
    g = chx.full((2,), 5.0, 'float64')
    if setter == 'set_grad':
        x.set_grad(g)
    else:
        x.grad = g
    assert x.grad is g
    (x * 1).sum().backward()
    assert _values(x.grad) == [6.0, 6.0]


@pytest.mark.parametrize(
    'grad',
    [
        lambda: chx.zeros((3,), 'float64'),
        lambda: chx.zeros((2,), 'float32'),
        lambda: chx.zeros((2,), 'float64', device=array_utils.other_device()),
        lambda: chx.zeros((), 'float64'),
    ],
    ids=['shape', 'dtype', 'device', '0d'],
)
def test_set_grad_with_a_mismatching_gradient_raises_gradient_error(grad):
    x = _leaf()
    with pytest.raises(chx.GradientError):
        x.set_grad(grad())
    with pytest.raises(chx.GradientError):
        x.grad = grad()


@pytest.mark.parametrize(
    'call',
    [lambda x: x.get_grad(), lambda x: x.set_grad(chx.zeros((2,))), lambda x: x.cleargrad()],
    ids=['get_grad', 'set_grad', 'cleargrad'],
)
def test_grad_methods_on_an_array_not_requiring_grad_raise(call):
    with pytest.raises(chx.ChainerxError):
        call(chx.zeros((2,)))


# As get_grad: ChainerxError unless the array requires grad (it may be in no graph, or an intermediate result);
# None while a grad-required array has no gradient yet.
@pytest.mark.parametrize('make', [lambda: chx.zeros((2,)), lambda: _leaf() * 2], ids=['constant', 'intermediate'])
def test_grad_property_of_an_array_not_requiring_grad_raises(make):
    with pytest.raises(chx.ChainerxError):
        make().grad


def test_grad_property_of_a_grad_required_array_without_gradient_is_none():
    assert _leaf().grad is None
    with chx.backprop_scope('bp') as bp:
        x = chx.zeros((2,)).require_grad(bp)
        assert x.get_grad(bp) is None


@pytest.mark.parametrize('call', [
    lambda a: a.set_grad(chx.zeros((2,))),
    lambda a: setattr(a, 'grad', chx.zeros((2,))),
    lambda a: setattr(a, 'grad', None),
    lambda a: a.set_grad(None),
    lambda a: a.cleargrad(),
], ids=['set_grad', 'property', 'property_none', 'set_grad_none', 'cleargrad'])
def test_setting_the_grad_of_an_array_outside_the_graph_raises(call):
    with pytest.raises(chx.ChainerxError):
        call(chx.zeros((2,)))
    with chx.backprop_scope('bp') as bp:
        x = _leaf()  # in the default graph, not in bp
        with pytest.raises(chx.ChainerxError):
            x.set_grad(chx.zeros((2,), 'float64'), bp)
        with pytest.raises(chx.ChainerxError):
            x.cleargrad(bp)


# R16 (b): an output outside the graph contributes nothing; backward from it does nothing.
def test_backward_from_an_array_not_in_the_graph_does_nothing(device):
    x = chx.array([1.0, 2.0], device=device).require_grad()
    chx.zeros((2,), device=device).backward()
    with chx.backprop_scope('bp') as bp:
        y = x * 2
        chx.backward(y, backprop_id=bp)
        y.backward(bp)
        assert x.grad is None
        chx.backward([chx.ones((1,)), y])  # only y counts
        assert _values(x.grad) == [2.0, 2.0]


def test_as_grad_stopped_disconnects_from_every_graph():
    x = _leaf()
    for stopped, shares in ((x.as_grad_stopped(), True), (x.as_grad_stopped(copy=True), False)):
        assert not stopped.is_grad_required()
        assert not stopped.is_backprop_required(chx.anygraph)
        assert (stopped.data_ptr == x.data_ptr) == shares
    (x * 2 + x.as_grad_stopped() * 5).sum().backward()
    assert _values(x.grad) == [2.0, 2.0]


@pytest.mark.parametrize(
    'transform',
    [
        lambda x: x.copy(),
        lambda x: chx.copy(x),
        lambda x: x.view(),
        lambda x: x.astype('float32'),
        lambda x: x.to_device('native:1'),
        lambda x: chx.array(x, device='native:2'),
    ],
    ids=['copy', 'module_copy', 'view', 'astype', 'to_device', 'array_to_device'],
)
def test_copies_conversions_and_transfers_stay_in_the_graph(transform):
    x = _leaf()
    (transform(x) * 3).sum().backward()
    assert x.grad.device is x.device and x.grad.dtype == x.dtype
    assert _values(x.grad) == [3.0, 3.0]


def test_no_backprop_mode_stops_recording_and_force_backprop_mode_restores_it():
    x = _leaf()
    assert chx.is_backprop_required()
    with chx.no_backprop_mode():
        assert not chx.is_backprop_required()
        y = x * 2
        assert not y.is_backprop_required()
        assert x.is_grad_required() and not x.is_backprop_required()
        with chx.force_backprop_mode():
            assert chx.is_backprop_required()
            assert (x * 2).is_backprop_required()
        assert not chx.is_backprop_required()
    assert chx.is_backprop_required()
    assert x.is_backprop_required()


def test_backprop_mode_scopes_switch_on_enter():
    scope = chx.no_backprop_mode()
    assert isinstance(scope, chx.NoBackpropMode)
    assert chx.is_backprop_required()
    with scope:
        assert not chx.is_backprop_required()
    assert isinstance(chx.force_backprop_mode(), chx.ForceBackpropMode)


def test_backprop_modes_accept_a_context():
    context = chx.get_default_context()
    with chx.no_backprop_mode(context):
        assert not chx.is_backprop_required(context)
    with chx.force_backprop_mode(context):
        assert chx.is_backprop_required(context)


@pytest.mark.parametrize('bad', [3, 'graph', 1.5])
def test_is_backprop_required_with_an_argument_of_wrong_type_raises_type_error(bad):
    with pytest.raises(TypeError):
        chx.is_backprop_required(bad)


@pytest.mark.parametrize('mode', [chx.no_backprop_mode, chx.force_backprop_mode])
def test_backprop_modes_with_a_non_sequence_of_wrong_type_raise_type_error(mode):
    with pytest.raises(TypeError):
        mode(3)


@pytest.mark.parametrize('bad', ['graph', [1, 2]])
def test_backprop_modes_with_a_sequence_of_non_ids_raise_type_error(bad):
    with pytest.raises(TypeError):
        chx.no_backprop_mode(bad)


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_double_backprop_on_one_graph_gives_the_second_derivative(dtype):
    x = chx.array(numpy.array([1.0, 2.0], dtype)).require_grad()
    (x * x * x).sum().backward(enable_double_backprop=True)
    gx = x.grad
    assert _values(gx) == [3.0, 12.0]
    assert gx.is_backprop_required()
    x.cleargrad()
    gx.sum().backward()
    assert _values(x.grad) == [6.0, 12.0]


def test_without_double_backprop_the_gradient_is_not_in_the_graph():
    x = _leaf()
    (x * x * x).sum().backward()
    assert not x.grad.is_backprop_required()


def test_is_chained_tells_whether_an_op_created_the_array():
    x = chx.array([1.0]).require_grad()
    assert not x._is_chained()
    assert (x * 2)._is_chained()
    with pytest.raises(chx.ChainerxError):
        chx.array([1.0])._is_chained()


def test_as_grad_stopped_on_listed_graphs_keeps_the_others():
    with chx.backprop_scope('bp') as bp:
        x = chx.array([1.0]).require_grad().require_grad(bp)
        y = x.as_grad_stopped([bp])
        assert y.is_backprop_required()
        assert not y.is_backprop_required(bp)
        z = x.as_grad_stopped(copy=True)
        assert not z.is_backprop_required(chx.anygraph)


def test_graphs_do_not_keep_arrays_alive():
    import gc
    with chx._core._ArrayBodyLeakTracker() as tracker:
        x = chx.array([1.0, 2.0]).require_grad()
        y = (x * x * 3 + x).sum()
        y.backward(enable_double_backprop=True)
        gx = x.grad
        x.cleargrad()
        gx.sum().backward()
        del x, y, gx
    gc.collect()
    assert tracker.get_alive_arrays() == []


def test_leak_tracker_reports_arrays_still_referenced():
    with chx._core._ArrayBodyLeakTracker() as tracker:
        kept = chx.ones((1,))
    alive = tracker.get_alive_arrays()
    assert len(alive) == 1 and alive[0] is kept


def test_debug_dump_lists_the_ops_behind_an_array(capsys):
    x = chx.ones((2, 3)).require_grad()
    y = (x * x + 1).sum()
    y._debug_dump_computational_graph()
    out = capsys.readouterr().out
    assert out.index('sum') < out.index('add') < out.index('multiply')
    assert '(2, 3) float32 (leaf)' in out
    with pytest.raises(chx.ChainerxError):
        chx.ones((1,))._debug_dump_computational_graph()


def test_long_chain_backward_from_python():
    x = chx.array([0.0]).require_grad()
    y = x
    for _ in range(100000):
        y = y + 1
    y.sum().backward()
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [1.0])
    numpy.testing.assert_array_equal(chx.to_numpy(y), [100000.0])
    del y  # destroying 1e5 op nodes must not recurse


def test_is_backprop_required_takes_a_context_keyword():
    ctx = chx.get_default_context()
    assert chx.is_backprop_required(context=ctx)
    with chx.no_backprop_mode(ctx):
        assert not chx.is_backprop_required(context=ctx)
    with pytest.raises(TypeError):
        chx.is_backprop_required(context='native')


# R16 (c): setting the gradient of a graph member makes it require grad; backward then starts from it.
@pytest.mark.parametrize('setter', ['set_grad', 'property'])
def test_set_grad_on_an_intermediate_array_seeds_backward(device, setter):
    x = chx.ones((1,), device=device).require_grad()
    c = chx.ones((1,), device=device)
    y = x * c
    assert not y.is_grad_required()
    g = chx.full((1,), 2.0, device=device)
    if setter == 'set_grad':
        y.set_grad(g)
    else:
        y.grad = g
    assert y.is_grad_required() and y.get_grad() is g
    chx.backward(y)
    assert _values(x.get_grad()) == [2.0]
    assert _values(y.grad) == [2.0]


def test_set_grad_on_another_graph_flags_only_that_graph():
    with chx.backprop_scope('bp1') as bp1, chx.backprop_scope('bp2') as bp2:
        x = chx.ones((1,)).require_grad(bp1).require_grad(bp2)
        y = x * 3
        y.set_grad(chx.full((1,), 2.0), bp2)
        assert y.is_grad_required(bp2) and not y.is_grad_required(bp1)
        y.backward(bp2)
        assert _values(x.get_grad(bp2)) == [6.0] and x.get_grad(bp1) is None
