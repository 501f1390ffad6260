"""Gradients of views and gathers added in place into the gradient a backward pass holds (Note [Gradients added in
place] in chainerx/core/backward_context.cc): the sums must be those of full-size gradients, and no array that
anything else can see (seeds, stored grads, grad_outputs, views, results) may change."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _array(values, device, grad=True):
    a = chx.array(numpy.asarray(values, 'float64'), device=device)
    return a.require_grad() if grad else a


def _x(device, shape=(2, 5, 3), seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape)


def test_slices_of_one_array(device):
    x_np = _x(device)
    x = _array(x_np, device)
    loss = sum([(x[:, :, i] * (i + 1.0)).sum() for i in range(3)], chx.zeros((), 'float64', device=device))
    chx.backward(loss)
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), numpy.broadcast_to([1., 2., 3.], x_np.shape))


def test_overlapping_repeated_and_reversed_views(device):
    x_np = _x(device, (6, 4))
    x = _array(x_np, device)
    weights = numpy.random.RandomState(1).uniform(-1, 1, (6, 4))
    w = chx.array(weights, device=device)
    loss = ((x[1:4] * w[1:4]).sum() + (x[2:6] * w[:4]).sum() + (x[::-1] * w).sum() + (x[2] * w[5]).sum()
            + (x[2] * w[0]).sum() + x[..., 1::2].sum())
    chx.backward(loss)
    expected = numpy.zeros((6, 4))
    expected[1:4] += weights[1:4]
    expected[2:6] += weights[:4]
    expected[::-1] += weights
    expected[2] += weights[5] + weights[0]
    expected[..., 1::2] += 1
    numpy.testing.assert_allclose(chx.to_numpy(x.grad), expected, rtol=1e-15, atol=1e-15)


def test_loop_over_steps(device):
    # An RNN reading x[:, t] one step at a time.
    x_np = _x(device, (2, 7, 3))
    x = _array(x_np, device)
    h = chx.zeros((2, 3), 'float64', device=device)
    for t in range(7):
        h = chx.tanh(h + x[:, t])
    chx.backward(h.sum())
    xr = chx.array(x_np, device=device).require_grad()
    steps = chx.split(xr, 7, axis=1)
    h = chx.zeros((2, 3), 'float64', device=device)
    for step in steps:
        h = chx.tanh(h + step.reshape(2, 3))
    chx.backward(h.sum())
    numpy.testing.assert_allclose(chx.to_numpy(x.grad), chx.to_numpy(xr.grad), rtol=1e-14, atol=1e-15)


def test_gathers_and_views_mixed(device):
    w_np = _x(device, (5, 3))
    w = _array(w_np, device)
    rows = [numpy.array([1, 3, 1]), numpy.array([[4, 1], [1, 0]]), numpy.array([2])]
    loss = sum([chx.take(w, chx.array(r, device=device), 0).sum() * (k + 1.0) for k, r in enumerate(rows)],
               chx.zeros((), 'float64', device=device))
    loss = loss + (w[1:3] * 10.0).sum() + (w[numpy.array([0, 0])] * 100.0).sum() + w[1:2, numpy.array([2])].sum()
    chx.backward(loss)
    expected = numpy.zeros((5, 3))
    for k, r in enumerate(rows):
        numpy.add.at(expected, r.ravel(), k + 1.0)
    expected[1:3] += 10
    expected[0] += 200
    expected[1, 2] += 1
    numpy.testing.assert_array_equal(chx.to_numpy(w.grad), expected)


def test_seed_given_by_the_caller_is_not_changed(device):
    x = _array(_x(device, (3, 4)), device)
    y = x * 2.0
    z = y[1]
    gy_np = numpy.ones((3, 4))
    gy = chx.array(gy_np, device=device)
    gz = chx.full((4,), 5.0, 'float64', device=device)
    gx, = chx.grad([y, z], [x], grad_outputs=[gy, gz])
    numpy.testing.assert_array_equal(chx.to_numpy(gy), gy_np)
    expected = numpy.full((3, 4), 2.0)
    expected[1] += 10
    numpy.testing.assert_array_equal(chx.to_numpy(gx), expected)


def test_stored_grad_of_an_output_is_not_changed(device):
    x = _array(_x(device, (3, 4)), device)
    y = x * 1.0
    y.require_grad()
    y.set_grad(chx.ones((3, 4), 'float64', device=device))
    stored = y.grad
    z = y[0] * 3.0
    chx.backward([y, z])
    numpy.testing.assert_array_equal(chx.to_numpy(stored), numpy.ones((3, 4)))
    expected = numpy.ones((3, 4))
    expected[0] += 3
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), expected)


def test_retained_and_existing_grads(device):
    # An intermediate's stored gradient (retain_grad) and a leaf's earlier gradient keep their values; the new
    # gradient adds to the leaf's.
    x = _array(_x(device, (3, 4)), device)
    chx.backward((x[0] * 2.0).sum())
    first = x.grad
    first_np = chx.to_numpy(first).copy()
    y = x * 1.0
    gx, gy = chx.grad([(y[1] * 4.0).sum() + (y[2] * 5.0).sum() + (y * 1.0).sum()], [x, y], retain_grad=True)
    numpy.testing.assert_array_equal(chx.to_numpy(first), first_np)
    expected = numpy.ones((3, 4))
    expected[1] += 4
    expected[2] += 5
    numpy.testing.assert_array_equal(chx.to_numpy(gy), expected)
    numpy.testing.assert_array_equal(chx.to_numpy(gx), expected)


def test_views_of_the_gradient_are_not_changed(device):
    # The backward of a reshape passes a view of its output gradient to its input: that gradient is shared, so the
    # slices' gradients must go to a new array.
    x = _array(_x(device, (2, 6)), device)
    y = x.reshape(3, 4)
    loss = (y * 2.0).sum() + (x[0] * 3.0).sum() + (x[1, ::2] * 4.0).sum()
    gx, gy = chx.grad([loss], [x, y])
    numpy.testing.assert_array_equal(chx.to_numpy(gy), numpy.full((3, 4), 2.0))
    expected = numpy.full((2, 6), 2.0)
    expected[0] += 3
    expected[1, ::2] += 4
    numpy.testing.assert_array_equal(chx.to_numpy(gx), expected)


def test_double_backprop_through_slices():
    x_np = _x(None, (3, 4))
    rng = numpy.random.RandomState(3)
    gy = [chx.array(rng.uniform(-1, 1, (4,))) for _ in range(2)]
    ggx = [chx.array(rng.uniform(-1, 1, (3, 4)))]

    def fn(x):
        return (x[0] * x[0] * x[2], x[1] * x[0] + x[::-1][0])

    array_utils.check_backward(fn, [chx.array(x_np)], gy, 'float64')
    array_utils.check_double_backward(fn, [chx.array(x_np)], gy, ggx, 'float64')


def test_outer_graph_keeps_recording(device):
    # Backward on an inner graph records on the outer one: the slices' gradients must stay differentiable there.
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array(_x(device, (3, 2)), device=device).require_grad(outer).require_grad(inner)
        y = x * x
        loss = y[0].sum() + y[1].sum() + y[0].sum()
        gx, = chx.grad([loss], [x], backprop_id=inner)
        expected = 2 * chx.to_numpy(x) * numpy.array([[2.], [1.], [0.]])
        numpy.testing.assert_allclose(chx.to_numpy(gx), expected, rtol=1e-15)
        assert gx.is_backprop_required(outer)
        ggx, = chx.grad([gx.sum()], [x], backprop_id=outer)
        numpy.testing.assert_allclose(chx.to_numpy(ggx), numpy.broadcast_to([[4.], [2.], [0.]], (3, 2)))


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_dtypes_and_zero_size(dtype, device):
    x = chx.zeros((4, 0, 3), dtype, device=device).require_grad()
    chx.backward((x[1] * 2).sum() + x[1:3].sum())
    assert x.grad.shape == (4, 0, 3) and x.grad.dtype == dtype
    x = chx.zeros((4, 3), dtype, device=device).require_grad()
    chx.backward((x[1] * 2).sum() + x[1:3].sum() + chx.take(x, chx.array([1, 1], device=device), 0).sum())
    expected = numpy.zeros((4, 3))
    expected[1] = 5
    expected[2] = 1
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad).astype('float64'), expected)


def test_broadcast_gradient_is_not_updated_in_place(device):
    # sum's gradient is its output gradient broadcast (stride 0): adding a slice's gradient into it in place would
    # add to every element.
    x = _array(_x(device, (3, 4)), device)
    y = x * 1.0
    gx, = chx.grad([y.sum() + (y[1] * 4.0).sum()], [x])
    expected = numpy.ones((3, 4))
    expected[1] += 4
    numpy.testing.assert_array_equal(chx.to_numpy(gx), expected)
