"""Host-side overhead: operations on tiny arrays, where the time is the Python binding, argument
handling, dispatch, allocation and (for autograd) graph bookkeeping, not the arithmetic.

The ``chainer`` rows (Variables holding chainerx arrays) against the ``chainerx`` rows measure what
the Chainer layer adds per call on top of the chainerx routine it wraps; ``chainer-numpy`` is
Chainer's own Python graph over NumPy.
"""

import numpy as np

from _registry import benchmark

_SHAPE = (2, 3)


def _inputs(seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(_SHAPE).astype(np.float32),
            rng.standard_normal(_SHAPE).astype(np.float32))


@benchmark("add_2x3", "a + b on 2x3 float32 arrays (new output array each call)")
def add_2x3(fw):
    a_np, b_np = _inputs()
    a, b = fw.asarray(a_np), fw.asarray(b_np)
    return lambda: a + b


@benchmark("relu_2x3", "relu(a) on a 2x3 float32 array not requiring grad "
                       "(chainerx.relu, F.relu, torch.relu, numpy.maximum(a, 0))")
def relu_2x3(fw):
    a = fw.asarray(_inputs()[0])
    if fw.name == "numpy":
        maximum = np.maximum
        return lambda: maximum(a, 0)
    relu = fw.functions.relu
    return lambda: relu(a)


@benchmark("tiny_graph_fwd_bwd",
           "x, w 2x3 float32 requiring grad: clear grads, y = (x * w).sum() (F.sum for chainer), "
           "y.backward()",
           needs_autograd=True)
def tiny_graph_fwd_bwd(fw):
    x_np, w_np = _inputs()
    x = fw.asarray(x_np, requires_grad=True)
    w = fw.asarray(w_np, requires_grad=True)
    cleargrads = fw.cleargrads
    total = fw.functions.sum if not fw.has_sum_method else None

    # Cleared each call so backward writes fresh gradients instead of accumulating. The result
    # x.grad lets the runner check the result against the other frameworks. Two bodies, so that
    # frameworks with a .sum() method time exactly that call and no adapter in between.
    def step_sum_method():
        cleargrads(x, w)
        y = (x * w).sum()
        y.backward()
        return x.grad

    def step_sum_function():
        cleargrads(x, w)
        y = total(x * w)
        y.backward()
        return x.grad

    return step_sum_method if total is None else step_sum_function


@benchmark("sum_2x3", "a.sum() (F.sum(a) for chainer) over all 6 elements of a 2x3 float32 array "
                      "(0-d result)")
def sum_2x3(fw):
    a = fw.asarray(_inputs()[0])
    if fw.has_sum_method:
        return lambda: a.sum()
    total = fw.functions.sum
    return lambda: total(a)
