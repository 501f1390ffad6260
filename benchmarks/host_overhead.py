"""Host-side overhead: operations on tiny arrays, where the time is the Python binding, argument
handling, dispatch, allocation and (for autograd) graph bookkeeping, not the arithmetic."""

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


@benchmark("tiny_graph_fwd_bwd",
           "x, w 2x3 float32 requiring grad: clear grads, y = (x * w).sum(), y.backward()",
           needs_autograd=True)
def tiny_graph_fwd_bwd(fw):
    x_np, w_np = _inputs()
    x = fw.asarray(x_np, requires_grad=True)
    w = fw.asarray(w_np, requires_grad=True)
    cleargrads = fw.cleargrads

    def step():
        # Cleared each call so backward writes fresh gradients instead of accumulating.
        cleargrads(x, w)
        y = (x * w).sum()
        y.backward()
        return x.grad  # lets the runner check the result against the other frameworks

    return step


@benchmark("sum_2x3", "a.sum() over all 6 elements of a 2x3 float32 array (0-d result)")
def sum_2x3(fw):
    a = fw.asarray(_inputs()[0])
    return lambda: a.sum()
