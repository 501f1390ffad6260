"""Where the host waits for a CUDA device: only where results reach the host (item, to_numpy, repr), never in a
training step's kernels. A wait costs a GPU its queue: the device idles while the host issues the next kernels.
And how many kernels and library calls a training step launches: each costs the host a few microseconds, which
bound small steps (Note [Counting device work] in chainerx/cuda/emulation/grid.h).

Both are counted by the CUDA backend built for the host (Note [Deferred device work] in
chainerx/cuda/emulation/queue.h), which exports the counts; elsewhere (native, or a real GPU) these tests skip.
"""

import ctypes
import os
import subprocess
import sys

import numpy
import pytest

import chainerx as chx

import array_utils


def _emulation_counter(name):
    if array_utils.CUDA_DEVICE_COUNT == 0:
        return None
    import chainerx._core as core
    try:
        counter = getattr(ctypes.CDLL(core.__file__), name)
    except (OSError, AttributeError):
        return None
    counter.restype = ctypes.c_uint64
    return counter


_WAITS = _emulation_counter('chainerx_cuda_emulation_host_waits')
_LAUNCHES = _emulation_counter('chainerx_cuda_emulation_launches')
pytestmark = [
    pytest.mark.skipif(_WAITS is None or _LAUNCHES is None,
                       reason='needs the emulated CUDA backend, which counts host waits and launches'),
    # Without the pool's caching every free is a cudaFree, which waits for the device (tools/pytest_asan.sh --emulated).
    pytest.mark.skipif(os.environ.get('CHAINERX_CUDA_MEMORY_CACHING') == '0',
                       reason='counts the waits of a caching memory pool; CHAINERX_CUDA_MEMORY_CACHING=0 turns it off'),
]


def _counted(counter, fn):
    before = counter()
    fn()
    return counter() - before


def _waits(fn):
    return _counted(_WAITS, fn)


def _mlp(rng):
    return [chx.array(rng.standard_normal(shape).astype('float32') * 0.1, device='cuda:0').require_grad()
            for shape in ((100, 784), (100,), (10, 100), (10,))]


def _sgd_step(params, loss):
    loss.backward()
    with chx.no_backprop_mode():
        for p in params:
            p -= 0.01 * p.grad
    for p in params:
        p.cleargrad()


def _batch(rng):
    # Sent from NumPy as a data loader's batch is: an asynchronous copy through a pinned staging buffer.
    x = chx.array(rng.standard_normal((32, 784)).astype('float32'), device='cuda:0')
    t = chx.array(rng.integers(0, 10, 32), device='cuda:0')
    return x, t


def _logits(params, x):
    w1, b1, w2, b2 = params
    return chx.linear(chx.relu(chx.linear(x, w1, b1)), w2, b2)


def test_a_regression_training_step_never_waits():
    rng = numpy.random.default_rng(0)
    params = _mlp(rng)

    def step():
        x, _ = _batch(rng)
        y = _logits(params, x)
        _sgd_step(params, (y * y).mean())

    step()  # the first step allocates and fills the pools
    chx.get_device('cuda:0').synchronize()
    assert [_waits(step) for _ in range(3)] == [0, 0, 0]


def test_a_classifier_step_never_waits():
    # softmax_cross_entropy leaves its labels unchecked on a GPU, and embed_id's take wraps (IndexBoundsMode).
    rng = numpy.random.default_rng(0)
    params = _mlp(rng)
    embeddings = chx.array(rng.standard_normal((50, 784)).astype('float32'), device='cuda:0').require_grad()

    def step():
        x, t = _batch(rng)
        words = chx.array(rng.integers(0, 50, 32), device='cuda:0')
        x = x + chx.take(embeddings, words, axis=0) + embeddings[words]
        _sgd_step(params + [embeddings], chx.softmax_cross_entropy(_logits(params, x), t).mean())

    step()
    chx.get_device('cuda:0').synchronize()
    assert [_waits(step) for _ in range(3)] == [0, 0, 0]


@pytest.mark.parametrize('loss,lowest_label', [
    (lambda y, t: chx.hinge(y, t).sum(), 0),
    (lambda y, t: chx.hinge(y, t, 2.0).sum(), 0),
    (lambda y, t: chx.softmax_cross_entropy(y, t).sum() + chx.accuracy(y, t, ignore_label=-1), -1),
])
def test_losses_and_accuracy_never_wait(loss, lowest_label):
    # Their labels are not read back (out-of-range labels give NaN instead), nor accuracy's count of labels.
    rng = numpy.random.default_rng(0)
    y = chx.array(rng.standard_normal((8, 5)).astype('float32'), device='cuda:0').require_grad()
    t = chx.array(rng.integers(lowest_label, 5, 8), device='cuda:0')

    def step():
        loss(y, t).backward()
        y.cleargrad()

    step()
    assert _waits(step) == 0


@pytest.mark.parametrize('read', [
    lambda a: a.item(),
    lambda a: float(a),
    lambda a: chx.to_numpy(a),
    lambda a: numpy.asarray(a),
    lambda a: repr(a),
    lambda a: a.to_device('native:0'),
    lambda a: a.device.synchronize(),
])
def test_results_reaching_the_host_wait(read):
    a = chx.exp(chx.arange(1, dtype='float32', device='cuda:0'))
    assert _waits(lambda: read(a)) >= 1


def test_launches_of_an_mlp_training_step():
    # The step of benchmarks/mlp.py (784-1000-1000-10, batch 32), where PyTorch CUDA launches about as many. The
    # budgets are today's counts: a change that adds launches to a training step fails here.
    rng = numpy.random.default_rng(0)
    sizes = (784, 1000, 1000, 10)
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        params.append(chx.array(rng.standard_normal((n_out, n_in)).astype('float32') * 0.05, device='cuda:0'))
        params.append(chx.array(rng.standard_normal(n_out).astype('float32') * 0.01, device='cuda:0'))
    for p in params:
        p.require_grad()
    x, t = _batch(rng)
    state = {}

    def forward():
        h = x
        for i in range(0, len(params), 2):
            h = chx.linear(chx.relu(h) if i else h, params[i], params[i + 1])
        state['loss'] = chx.softmax_cross_entropy(h, t).mean()

    def update():
        with chx.no_backprop_mode():
            for p in params:
                p -= 0.01 * p.grad
                p.cleargrad()

    for _ in range(2):  # the first step fills the memory pool; the counts do not depend on it
        counts = (_counted(_LAUNCHES, forward), _counted(_LAUNCHES, lambda: state['loss'].backward()),
                  _counted(_LAUNCHES, update))
    # forward: per layer a GEMM with a bias epilogue, two relu, the fused loss and its mean;
    # backward: the loss's seed, mean and fused gradient, per layer a GEMM with a bias-gradient epilogue and one
    # more for the input's gradient (none for the first), two relu gradients; update: a product and a subtraction
    # per parameter.
    assert counts[0] <= 7 and counts[1] <= 10 and counts[2] <= 12, counts
    assert _counted(_WAITS, lambda: (forward(), state['loss'].backward(), update())) == 0


@pytest.mark.parametrize('ignore_label', [-1, 3])
def test_launches_of_a_chainer_classifier_step(ignore_label):
    # Chainer's Classifier over the same MLP with Adam, as tools/gpu_launches.py lists it on a GPU. The loss's mean
    # over its labels and the accuracy are one kernel each (Note [One launch per reported number] in
    # chainerx/core/routines/loss.cc); with another ignore_label than -1 the loss is composed instead of fused.
    chainer = pytest.importorskip('chainer')
    rng = numpy.random.default_rng(0)
    sizes = (784, 1000, 1000, 10)
    layers = [chainer.links.Linear(n_in, n_out) for n_in, n_out in zip(sizes[:-1], sizes[1:])]
    predictor = chainer.Sequential(layers[0], chainer.functions.relu, layers[1], chainer.functions.relu, layers[2])
    model = chainer.links.Classifier(
        predictor, lossfun=lambda y, t: chainer.functions.softmax_cross_entropy(y, t, ignore_label=ignore_label))
    model.to_device('cuda:0')
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    x, t = _batch(rng)
    state = {}

    def forward():
        model.cleargrads()
        state['loss'] = model(x, t)

    for _ in range(2):  # the first step makes the optimizer's states
        counts = (_counted(_LAUNCHES, forward), _counted(_LAUNCHES, lambda: state['loss'].backward()),
                  _counted(_LAUNCHES, optimizer.update))
    # forward: per layer a GEMM with a bias epilogue, two relu, the fused loss, its mean and the accuracy (and,
    # for another ignore_label than -1, a comparison and a select that map it to -1: Note [Softmax cross entropy on
    # chainerx] in chainer/functions/loss/softmax_cross_entropy.py); backward: the loss's seed, the mean's gradient,
    # the fused loss gradient, per layer a GEMM with a bias-gradient epilogue and one more for the input's gradient
    # (none for the first), two relu gradients; update: one multi-tensor launch.
    assert counts == (8 if ignore_label == -1 else 10, 10, 1), counts
    assert _counted(_WAITS, lambda: (forward(), state['loss'].backward(), optimizer.update())) == 0
    # And the two numbers are right: against NumPy from the logits of the same step.
    forward()
    y = chx.to_numpy(predictor(x).array).astype(numpy.float64)
    labels = chx.to_numpy(t)
    counted = labels != ignore_label
    log_p = y - y.max(axis=1, keepdims=True)
    log_p -= numpy.log(numpy.exp(log_p).sum(axis=1, keepdims=True))
    loss = -log_p[numpy.arange(len(labels)), labels][counted].sum() / max(counted.sum(), 1)
    # The layers' initial weights come from NumPy's global generator, so the loss differs from run to run, and after
    # three steps it can be a few thousandths: float32's rounding of the logits then needs an absolute tolerance.
    numpy.testing.assert_allclose(chx.to_numpy(model.loss.array), loss, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(chx.to_numpy(model.accuracy.array), (y.argmax(axis=1) == labels).mean(), rtol=1e-6)


def test_launches_of_a_chainer_cnn_step_with_batch_normalization():
    # Two blocks of convolution, batch normalization, relu and 2x2 max pooling, then a linear classifier, with Adam
    # (the CNN of examples/mnist with L.BatchNormalization). Besides cuDNN's call, a batch normalization launches one
    # kernel forward (the statistics and the running statistics' update) and one backward (cuDNN's statistics from
    # the forward's): Note [Batch statistics in one launch] in chainerx/cuda/normalization.cu. They were 11 and 3.
    chainer = pytest.importorskip('chainer')
    links = chainer.links
    rng = numpy.random.default_rng(0)
    blocks = []
    for n_in, n_out in ((1, 16), (16, 32)):
        conv = links.Convolution2D(n_in, n_out, ksize=3, pad=1, nobias=True)
        bn = links.BatchNormalization(n_out)
        blocks += [conv, bn, chainer.functions.relu, lambda h: chainer.functions.max_pooling_2d(h, 2)]
    model = links.Classifier(chainer.Sequential(*blocks, links.Linear(32 * 7 * 7, 10)))
    model.to_device('cuda:0')
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    x = chx.array(rng.standard_normal((32, 1, 28, 28)).astype('float32'), device='cuda:0')
    t = chx.array(rng.integers(0, 10, 32), device='cuda:0')
    state = {}

    def forward():
        model.cleargrads()
        state['loss'] = model(x, t)

    for _ in range(2):  # the first step makes the optimizer's states
        counts = (_counted(_LAUNCHES, forward), _counted(_LAUNCHES, lambda: state['loss'].backward()),
                  _counted(_LAUNCHES, optimizer.update))
    # forward: per block cuDNN's convolution and batch normalization, the statistics, relu and the pooling; then
    # the GEMM with its bias, the fused loss, its mean and the accuracy. backward: the seed, the mean's gradient, the
    # loss's gradient, two GEMMs, per block the pooling's and relu's gradients, cuDNN's statistics and batch
    # normalization, the convolution's data (not for the first block) and filter gradients; update: one launch.
    assert counts == (14, 16, 1), counts
    assert _counted(_WAITS, lambda: (forward(), state['loss'].backward(), optimizer.update())) == 0
    bn = blocks[1]
    assert numpy.isfinite(chx.to_numpy(bn.avg_var)).all() and (chx.to_numpy(bn.avg_var) > 0).all()


@pytest.mark.parametrize('ignore_label', [-1, 255])
def test_launches_of_a_per_pixel_softmax_cross_entropy(ignore_label):
    # Scores (N, C, H, W) go to the fused kernels with their class axis last (one copy) and their mean over the
    # labels is one kernel; the composition took about a dozen launches forward.
    chainer = pytest.importorskip('chainer')
    rng = numpy.random.default_rng(0)
    x = chainer.Variable(chx.array(rng.standard_normal((2, 5, 4, 4)).astype('float32'), device='cuda:0'))
    labels = rng.integers(0, 5, (2, 4, 4))
    labels[0, 0] = ignore_label
    t = chx.array(labels.astype('int32'), device='cuda:0')
    state = {}

    def forward():
        x.cleargrad()
        state['loss'] = chainer.functions.softmax_cross_entropy(x, t, ignore_label=ignore_label)

    for _ in range(2):
        counts = _counted(_LAUNCHES, forward), _counted(_LAUNCHES, lambda: state['loss'].backward())
    # forward: (the mapping of ignore_label to -1: a comparison and a select,) the copy, the loss, the mean;
    # backward: the seed, the mean's gradient, the loss's gradient (x's gradient is its transposed view).
    assert counts == (3 if ignore_label == -1 else 5, 3), counts
    assert _counted(_WAITS, lambda: (forward(), state['loss'].backward())) == 0
    scores = numpy.moveaxis(chx.to_numpy(x.array).astype(numpy.float64), 1, -1).reshape(-1, 5)
    flat = labels.reshape(-1)
    log_p = scores - scores.max(axis=1, keepdims=True)
    log_p -= numpy.log(numpy.exp(log_p).sum(axis=1, keepdims=True))
    counted = flat != ignore_label
    expected = -log_p[numpy.arange(len(flat)), numpy.where(counted, flat, 0)][counted].sum() / counted.sum()
    numpy.testing.assert_allclose(chx.to_numpy(state['loss'].array), expected, rtol=1e-5)


@pytest.mark.parametrize('name,gates', [('n_step_lstm', 4), ('n_step_bigru', 3), ('n_step_rnn', 1)])
def test_a_recurrent_network_is_one_library_call(name, gates):
    # Note [Fused recurrent networks]: the forward packs the time steps and the weights in one copy launch, then
    # one cuDNN call; the backward packs the output gradients in one launch, zeroes the weight gradients' space in
    # another, then two cuDNN calls. The composition took several launches per layer, direction and time step.
    rng = numpy.random.default_rng(0)
    n_layers, batch, in_size, units = 2, 4, 3, 5
    n_dirs = 2 if name.startswith('n_step_bi') else 1

    def array(*shape):
        return chx.array(rng.uniform(-1, 1, shape).astype('float32'), device='cuda:0').require_grad()

    hx = array(n_layers * n_dirs, batch, units)
    states = (hx, array(*hx.shape)) if gates == 4 else (hx,)
    ws = [[array(units, (in_size if k < n_dirs else units * n_dirs) if j < gates else units)
           for j in range(2 * gates)] for k in range(n_layers * n_dirs)]
    bs = [[array(units) for _ in range(2 * gates)] for _ in range(n_layers * n_dirs)]
    xs = [array(b, in_size) for b in (4, 4, 3, 2, 2, 1)]
    extra = ('tanh',) if name == 'n_step_rnn' else ()
    state = {}

    def forward():
        state['out'] = getattr(chx, name)(n_layers, *states, ws, bs, xs, *extra)

    def backward():
        chx.backward([state['out'][0]] + state['out'][-1])

    leaves = list(states) + sum(ws, []) + sum(bs, []) + xs
    for _ in range(2):
        counts = _counted(_LAUNCHES, forward), _counted(_LAUNCHES, backward)
        for leaf in leaves:
            leaf.cleargrad()
    # The backward also fills the seeds of hy's and the ys' gradients (ones), and gives every gradient an array of
    # its own in one more launch (Note [Stored gradients own their memory]).
    assert counts == (2, 5 + 1 + len(xs)), counts
    assert _counted(_WAITS, lambda: (forward(), backward())) == 0


def test_launches_of_a_tiny_graph():
    # benchmarks/host_overhead.py's tiny forward and backward: (x * w).sum() and its backward.
    x = chx.ones((2, 3), 'float32', device='cuda:0').require_grad()
    w = chx.ones((2, 3), 'float32', device='cuda:0').require_grad()

    def step():
        (x * w).sum().backward()
        x.cleargrad()
        w.cleargrad()

    step()
    # forward: the product and the sum; backward: the seed, the sum's broadcast, and a product for each input
    assert _counted(_LAUNCHES, step) <= 6
    assert _counted(_LAUNCHES, lambda: chx.ones((2, 3), 'float32', device='cuda:0') + x) == 2  # fill, add


@pytest.mark.parametrize('op', [
    lambda x, c, i: chx.maximum(x, 0), lambda x, c, i: chx.minimum(0.5, x), lambda x, c, i: x ** 2,
    lambda x, c, i: 2 ** x, lambda x, c, i: chx.where(c, x, 0), lambda x, c, i: chx.where(c, 0, x),
    lambda x, c, i: x > 0, lambda x, c, i: 1 / x, lambda x, c, i: x // 2, lambda x, c, i: 3 % x,
    lambda x, c, i: c & True, lambda x, c, i: 5 | i, lambda x, c, i: i ^ 1, lambda x, c, i: i << 2,
    lambda x, c, i: 1 << i, lambda x, c, i: i >> 1, lambda x, c, i: chx.where(c, 1, 2.5),
])
def test_an_array_scalar_operation_launches_one_kernel(op):
    # The scalar goes to the kernel as an argument: no fill of a 0-d array before it (routines/elementwise.h).
    x = chx.ones((2, 3), 'float32', device='cuda:0')
    c = x > 0
    i = chx.ones((2, 3), 'int64', device='cuda:0')
    assert _counted(_LAUNCHES, lambda: op(x, c, i)) == 1


def test_where_s_backward_launches_one_kernel_per_input():
    c = chx.array(numpy.array([True, False, True]), device='cuda:0')
    x, y = (chx.ones((3,), 'float32', device='cuda:0').require_grad() for _ in range(2))
    out = chx.where(c, x, y)
    out.grad = chx.ones((3,), 'float32', device='cuda:0')
    # the copy of the output's gradient that backward starts from (as for any op), then a where per input (where
    # filled a 0-d array with the zero before each)
    assert _counted(_LAUNCHES, out.backward) == 3


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
def test_a_batched_matmul_is_one_library_call(dtype):
    # As attention's products are: 32 matrices of each operand in one strided-batched cuBLAS call, and the two
    # gradients in one call each (the second operand's read transposed in place).
    rng = numpy.random.default_rng(0)
    a, b = [chx.array(rng.standard_normal(shape).astype(dtype), device='cuda:0').require_grad()
            for shape in ((4, 8, 16, 32), (4, 8, 32, 16))]
    gout = chx.array(rng.standard_normal((4, 8, 16, 16)).astype(dtype), device='cuda:0')
    state = {}

    def forward():
        state['out'] = chx.matmul(a, b)

    assert _counted(_LAUNCHES, forward) == 1
    assert _counted(_LAUNCHES, lambda: chx.grad([state['out']], [a, b], grad_outputs=[gout])) == 2
    expected = numpy.matmul(chx.to_numpy(a).astype('float64'), chx.to_numpy(b).astype('float64'))
    tol = 1e-2 if dtype == 'float16' else 1e-5
    numpy.testing.assert_allclose(chx.to_numpy(state['out']).astype('float64'), expected, rtol=tol, atol=tol)


@pytest.mark.parametrize('dtype', ['int32', 'bool_'])
def test_an_integer_batched_matmul_is_one_launch(dtype):
    # cuBLAS has no integer products: one plain kernel takes every matrix of the batch (it took one launch per
    # matrix), here with a transposed, unevenly spaced operand.
    a_np = array_utils.make_numpy((3, 4, 5, 2), dtype, seed=1)
    b_np = array_utils.make_numpy((4, 2, 6), dtype, seed=2)
    a = chx.array(a_np, device='cuda:0').transpose(1, 0, 2, 3)
    b = chx.array(b_np, device='cuda:0')[:, None]
    state = {}

    def product():
        state['out'] = chx.matmul(a, b)

    assert _counted(_LAUNCHES, product) == 1
    expected = numpy.matmul(a_np.transpose(1, 0, 2, 3), b_np[:, None])
    numpy.testing.assert_array_equal(chx.to_numpy(state['out']), expected)


@pytest.mark.parametrize('parts,launches', [(3, 1), (9, 1), (10, 2), (17, 2), (18, 3)])
def test_a_concatenation_copies_eight_parts_per_launch(parts, launches):
    # Note [Concatenation in one launch]: the copies of up to eight parts in one kernel; the first part is strided
    # and the second empty (no copy).
    rng = numpy.random.default_rng(0)
    arrays_np = [rng.standard_normal((4, 0 if k == 1 else 1 + k % 3, 5)).astype('float32') for k in range(parts)]
    arrays = [chx.array(a, device='cuda:0') for a in arrays_np]
    arrays_np[0] = arrays_np[0][::-1]
    arrays[0] = arrays[0][::-1]
    state = {}

    def concatenate():
        state['out'] = chx.concatenate(arrays, axis=1)

    assert _counted(_LAUNCHES, concatenate) == launches
    numpy.testing.assert_array_equal(chx.to_numpy(state['out']), numpy.concatenate(arrays_np, axis=1))


def test_a_concatenation_casts_parts_of_other_dtypes_on_their_own():
    parts_np = [numpy.arange(6, dtype=dtype).reshape(2, 3) for dtype in ('float32', 'int32', 'float32', 'float16')]
    parts = [chx.array(a, device='cuda:0') for a in parts_np]
    state = {}

    def concatenate():
        state['out'] = chx.concatenate(parts)

    assert _counted(_LAUNCHES, concatenate) == 3  # both float32 parts in one launch, a cast for each other part
    numpy.testing.assert_array_equal(chx.to_numpy(state['out']), numpy.concatenate(parts_np).astype('float32'))


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


# name -> the derivative of chainerx.<name> (defaults) at x, in float64.
_ACTIVATION_DERIVATIVES = {
    'tanh': lambda x: 1 - numpy.tanh(x) ** 2,
    'sigmoid': lambda x: _sigmoid(x) * (1 - _sigmoid(x)),
    'leaky_relu': lambda x: numpy.where(x >= 0, 1, 0.2),
    'elu': lambda x: numpy.where(x > 0, 1, numpy.exp(numpy.minimum(x, 0))),
    'softplus': _sigmoid,
}


@pytest.mark.parametrize('name', sorted(_ACTIVATION_DERIVATIVES))
def test_activations_are_one_launch_each_way(name):
    # Note [Gradient kernels] in chainerx/core/routines/elementwise.h: the gradient is one kernel of the output
    # (tanh, sigmoid) or of the input and the parameter (leaky_relu, elu, softplus), where the compositions took
    # three or more each way.
    x_np = numpy.linspace(-4, 4, 24, dtype='float32').reshape(4, 6)
    gy_np = numpy.linspace(-1, 2, 24, dtype='float32').reshape(4, 6)
    x = chx.array(x_np, device='cuda:0').require_grad()
    gy = chx.array(gy_np, device='cuda:0')
    state = {}

    def forward():
        state['y'] = getattr(chx, name)(x)

    assert _counted(_LAUNCHES, forward) == 1
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([state['y']], [x], grad_outputs=[gy]))) == 1
    expected = gy_np * _ACTIVATION_DERIVATIVES[name](x_np.astype('float64'))
    numpy.testing.assert_allclose(chx.to_numpy(grads[0]), expected, rtol=1e-5, atol=1e-6)


def test_launches_of_a_frozen_batch_normalization():
    # Note [Frozen batch normalization] in chainerx/core/routines/normalization.cc: fixed_batch_norm differentiated
    # with respect to x alone is cuDNN's inference call forward (the composition took eight launches), and
    # var + eps, its square root, gamma's quotient by it and the product with gout backward.
    rng = numpy.random.default_rng(0)
    x = chx.array(rng.standard_normal((8, 16, 4, 4)).astype('float32'), device='cuda:0').require_grad()
    gamma, beta, mean = (chx.array(rng.standard_normal(16).astype('float32'), device='cuda:0') for _ in range(3))
    var = chx.array(rng.uniform(0.5, 2, 16).astype('float32'), device='cuda:0')
    gy = chx.array(rng.standard_normal((8, 16, 4, 4)).astype('float32'), device='cuda:0')
    state = {}

    def forward():
        state['y'] = chx.fixed_batch_norm(x, gamma, beta, mean, var, eps=2e-5, axis=(0, 2, 3))

    assert _counted(_LAUNCHES, forward) == 1
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([state['y']], [x], grad_outputs=[gy]))) == 4
    scale = (chx.to_numpy(gamma) / numpy.sqrt(chx.to_numpy(var) + 2e-5))[:, None, None]
    numpy.testing.assert_allclose(chx.to_numpy(grads[0]), chx.to_numpy(gy) * scale, rtol=1e-5, atol=1e-6)


def test_an_lstm_cell_is_one_launch_each_way():
    # Note [LSTM cell in one pass] in chainerx/core/routines/rnn.cc: F.lstm's cell composed of routines took nine
    # launches forward and over twenty backward.
    rng = numpy.random.default_rng(0)
    c = chx.array(rng.standard_normal((16, 32)).astype('float32'), device='cuda:0').require_grad()
    x = chx.array(rng.standard_normal((16, 128)).astype('float32'), device='cuda:0').require_grad()
    gc, gh = (chx.array(rng.standard_normal((16, 32)).astype('float32'), device='cuda:0') for _ in range(2))
    state = {}

    def forward():
        state['c'], state['h'] = chx.lstm(c, x)

    assert _counted(_LAUNCHES, forward) == 1
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(
        chx.grad([state['c'], state['h']], [c, x], grad_outputs=[gc, gh]))) == 1
    # Against NumPy's formulas, the gates interleaved along axis 1.
    c_np, x_np, gc_np, gh_np = (chx.to_numpy(a).astype('float64') for a in (c, x, gc, gh))
    a, i, f, o = (x_np.reshape(16, 32, 4)[:, :, k] for k in range(4))
    sig = [1 / (1 + numpy.exp(-g)) for g in (i, f, o)]
    c_new = numpy.tanh(a) * sig[0] + sig[1] * c_np
    g = gc_np + gh_np * sig[2] * (1 - numpy.tanh(c_new) ** 2)
    numpy.testing.assert_allclose(chx.to_numpy(state['c']), c_new, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(chx.to_numpy(state['h']), sig[2] * numpy.tanh(c_new), rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(chx.to_numpy(grads[0]), g * sig[1], rtol=1e-5, atol=1e-6)
    gx = numpy.stack([g * sig[0] * (1 - numpy.tanh(a) ** 2), g * numpy.tanh(a) * sig[0] * (1 - sig[0]),
                      g * c_np * sig[1] * (1 - sig[1]), gh_np * numpy.tanh(c_new) * sig[2] * (1 - sig[2])], axis=2)
    numpy.testing.assert_allclose(chx.to_numpy(grads[1]), gx.reshape(16, 128), rtol=1e-5, atol=1e-6)


def test_launches_of_a_huber_loss():
    # The difference and one kernel forward (the composition took eight), the gradient kernel and the difference's
    # negation for t backward.
    rng = numpy.random.default_rng(0)
    x_np, t_np, gy_np = (rng.standard_normal((32, 16)).astype('float32') * 2 for _ in range(3))
    x, t = (chx.array(a, device='cuda:0').require_grad() for a in (x_np, t_np))
    gy = chx.array(gy_np, device='cuda:0')
    state = {}

    def forward():
        state['loss'] = chx.huber_loss(x, t, 1.0)

    assert _counted(_LAUNCHES, forward) == 2
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([state['loss']], [x, t], grad_outputs=[gy]))) == 2
    d = x_np.astype('float64') - t_np
    inside = numpy.abs(d) < 1
    numpy.testing.assert_allclose(
        chx.to_numpy(state['loss']), numpy.where(inside, d * d / 2, numpy.abs(d) - 0.5), rtol=1e-5, atol=1e-6)
    expected = gy_np * numpy.where(inside, d, numpy.sign(d))
    numpy.testing.assert_allclose(chx.to_numpy(grads[0]), expected, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(chx.to_numpy(grads[1]), -expected, rtol=1e-5, atol=1e-6)


_ATTENTION_HEADS_SCRIPT = """
import sys
import numpy
import chainerx as chx
x = chx.array(numpy.ones((2, 7, 3, 4), 'float32'), device='cuda:0').require_grad()
q = x.transpose(0, 2, 1, 3)  # (batch, heads, tokens, features) out of (batch, tokens, heads, features)
gy = chx.ones((2, 3, 7, 7), 'float32', device='cuda:0')
print('forward', file=sys.stderr, flush=True)
y = chx.matmul(q, q.swapaxes(-1, -2))
print('backward', file=sys.stderr, flush=True)
chx.grad([y], [x], grad_outputs=[gy])
print('end', file=sys.stderr, flush=True)
"""


def test_attention_heads_are_multiplied_where_they_are():
    # The heads' batch axes do not merge into one stride (Note [Batch axes of a batched product]): a kernel writes
    # the address of each matrix and one cublasGemmBatchedEx call takes them, where a copy of the operand came
    # before a strided-batched call. The launch trace names what runs.
    env = dict(os.environ, CHAINERX_CUDA_EMULATION_TRACE='1')
    result = subprocess.run([sys.executable, '-c', _ATTENTION_HEADS_SCRIPT], env=env, capture_output=True, text=True,
                            timeout=300, check=True)
    lines = result.stderr.splitlines()
    forward = lines[lines.index('forward') + 1:lines.index('backward')]
    backward = lines[lines.index('backward') + 1:lines.index('end')]
    assert [line.split()[3] for line in forward] == ['IndexedKernel', 'cublasGemmBatchedEx']
    # Two products (gy · q and gyᵀ · q, each read in place), then the sum of x's two gradients.
    assert [line.split()[3] for line in backward] == [
        'IndexedKernel', 'cublasGemmBatchedEx', 'IndexedKernel', 'cublasGemmBatchedEx', 'ElementwiseKernel<N>']


@pytest.mark.parametrize('name', ['softmax', 'log_softmax'])
@pytest.mark.parametrize('shape,axis', [((32, 64), 1), ((2, 5, 4, 4), 1)])
def test_softmax_along_one_axis_is_one_launch_each_way(name, shape, axis):
    # Note [Softmax along one axis] in chainerx/core/routines/explog.cc; the composition took six forward, four
    # backward.
    rng = numpy.random.default_rng(0)
    x = chx.array(rng.standard_normal(shape).astype('float32'), device='cuda:0').require_grad()
    gy = chx.array(rng.standard_normal(shape).astype('float32'), device='cuda:0')
    state = {}

    def forward():
        state['y'] = getattr(chx, name)(x, axis)

    assert _counted(_LAUNCHES, forward) == 1
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y']], [x], grad_outputs=[gy])) == 1


def test_launches_of_a_sigmoid_cross_entropy():
    # F.sigmoid_cross_entropy (normalize, mean): one elementwise kernel and the mean over the labels forward, the
    # mean's gradient and one elementwise kernel backward; the composition took eighteen forward.
    chainer = pytest.importorskip('chainer')
    rng = numpy.random.default_rng(0)
    x = chainer.Variable(chx.array(rng.standard_normal((32, 64)).astype('float32'), device='cuda:0'))
    t = chx.array(rng.integers(-1, 2, (32, 64)).astype('int32'), device='cuda:0')
    state = {}

    def forward():
        state['loss'] = chainer.functions.sigmoid_cross_entropy(x, t)

    assert _counted(_LAUNCHES, forward) == 2
    gy = chx.array(numpy.float32(1.5), device='cuda:0')
    assert _counted(_LAUNCHES, lambda: chx.grad([state['loss'].chx_array], [x.chx_array], grad_outputs=[gy])) == 2
    x_np, t_np = chx.to_numpy(x.chx_array).astype(numpy.float64), chx.to_numpy(t)
    counted = t_np != -1
    expected = numpy.where(counted, numpy.logaddexp(0, x_np) - x_np * t_np, 0).sum() / counted.sum()
    numpy.testing.assert_allclose(chx.to_numpy(state['loss'].chx_array), expected, rtol=1e-5)


def test_launches_of_a_weighted_softmax_cross_entropy():
    # F.softmax_cross_entropy with class weights (Note [Softmax cross entropy on chainerx]): the fused loss, the
    # labels' weights gathered by take (its indices normalized, then gathered), their product and the mean over the
    # labels forward; backward the seed of the output gradient, the mean's gradient, the product's and the fused
    # gradient. The composition of log_softmax, a one-hot selection and the reductions took nine forward and six
    # backward.
    chainer = pytest.importorskip('chainer')
    rng = numpy.random.default_rng(0)
    x = chainer.Variable(chx.array(rng.standard_normal((32, 10)).astype('float32'), device='cuda:0'))
    t_np = rng.integers(0, 10, 32).astype('int32')
    t_np[::5] = -1
    t = chx.array(t_np, device='cuda:0')
    weight = chx.array(rng.uniform(0.5, 2, 10).astype('float32'), device='cuda:0')
    state = {}

    def forward():
        state['loss'] = chainer.functions.softmax_cross_entropy(x, t, class_weight=weight)

    assert _counted(_LAUNCHES, forward) == 5
    state['loss'].grad = chx.array(numpy.float32(1.5), device='cuda:0')
    assert _counted(_LAUNCHES, state['loss'].backward) == 4
    x_np, w_np = chx.to_numpy(x.chx_array).astype(numpy.float64), chx.to_numpy(weight).astype(numpy.float64)
    counted = t_np != -1
    log_p = x_np - x_np.max(axis=1, keepdims=True)
    log_p -= numpy.log(numpy.exp(log_p).sum(axis=1, keepdims=True))
    rows, labels = numpy.arange(32)[counted], t_np[counted]
    numpy.testing.assert_allclose(chx.to_numpy(state['loss'].chx_array),
                                  -(log_p[rows, labels] * w_np[labels]).sum() / counted.sum(), rtol=1e-5)
    expected_grad = numpy.exp(log_p)
    expected_grad[rows, labels] -= 1
    expected_grad *= numpy.where(counted, w_np[numpy.maximum(t_np, 0)], 0)[:, None] * 1.5 / counted.sum()
    numpy.testing.assert_allclose(chx.to_numpy(x.grad), expected_grad, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize('rows,backward_launches', [(32, 2), (4096, 3)])
def test_layer_normalization_is_one_launch_forward(rows, backward_launches):
    # Note [Layer normalization on CUDA]: gx per row, then gamma's and beta's gradients per column (in chunks of
    # rows, added by one more launch, past 64 rows); the composition took nine forward and about twenty backward.
    chainer = pytest.importorskip('chainer')
    rng = numpy.random.default_rng(0)
    link = chainer.links.LayerNormalization(64)
    link.to_device('cuda:0')
    x = chainer.Variable(chx.array(rng.standard_normal((rows, 64)).astype('float32'), device='cuda:0'))
    gy = chx.array(rng.standard_normal((rows, 64)).astype('float32'), device='cuda:0')
    state = {}

    def forward():
        state['y'] = link(x)

    assert _counted(_LAUNCHES, forward) == 1
    inputs = [x.chx_array, link.gamma.chx_array, link.beta.chx_array]
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y'].chx_array], inputs, grad_outputs=[gy])) == \
        backward_launches


@pytest.mark.parametrize('dtype,bias_view,launches', [
    ('float32', lambda b: b, 1), ('float16', lambda b: b, 1),
    ('float64', lambda b: b, 2), ('float32', lambda b: b[::-1], 2),
])
def test_linear_with_a_bias_is_one_launch_where_cublaslt_applies(dtype, bias_view, launches):
    # cuBLASLt's bias epilogue (float16, float32, a contiguous bias); otherwise a copy of the bias and a GEMM.
    x = chx.ones((4, 3), dtype, device='cuda:0')
    w = chx.ones((5, 3), dtype, device='cuda:0')
    b = bias_view(chx.arange(5, dtype=dtype, device='cuda:0'))
    y = chx.linear(x, w, b)  # the first call asks cuBLASLt's heuristic
    assert _counted(_LAUNCHES, lambda: chx.linear(x, w, b)) == launches
    numpy.testing.assert_array_equal(chx.to_numpy(y), 3 + chx.to_numpy(b)[None, :].repeat(4, axis=0))


@pytest.mark.parametrize('dtype,x_requires_grad,launches', [
    # the seed's copy, gx's GEMM, and gw with gb in one cuBLASLt call (its bias-gradient epilogue)
    ('float32', True, 3), ('float16', True, 3), ('float32', False, 2),
    # float64 has no epilogue: a GEMM and a sum
    ('float64', True, 4),
])
def test_linear_s_weight_and_bias_gradients_are_one_launch_where_cublaslt_applies(dtype, x_requires_grad, launches):
    x = chx.ones((4, 3), dtype, device='cuda:0')
    if x_requires_grad:
        x.require_grad()
    w = chx.ones((5, 3), dtype, device='cuda:0').require_grad()
    b = chx.arange(5, dtype=dtype, device='cuda:0').require_grad()
    gy = chx.arange(20, dtype=dtype, device='cuda:0').reshape(4, 5)

    def backward():
        for param in (x, w, b):
            if param.is_grad_required():
                param.cleargrad()  # no accumulation into the previous call's gradients
        y = chx.linear(x, w, b)
        y.grad = gy
        y.backward()

    backward()  # the first call asks cuBLASLt's heuristic
    forward = _counted(_LAUNCHES, lambda: chx.linear(x, w, b))
    assert _counted(_LAUNCHES, backward) - forward == launches
    numpy.testing.assert_array_equal(chx.to_numpy(b.grad), chx.to_numpy(gy).sum(axis=0))
    numpy.testing.assert_array_equal(chx.to_numpy(w.grad), numpy.full((5, 3), chx.to_numpy(gy).sum(axis=0)[:, None]))


@pytest.mark.parametrize('dtypes,launches', [
    (('float32',) * 6, 1),  # one table
    (('float32',) * 40, 2),  # 32 tensors per table
    (('float32', 'float16') * 3, 2),  # a table per dtype
])
def test_a_batch_of_fused_updates_launches_once_per_table(dtypes, launches):
    # Note [Multi-tensor updates] in cuda/optimizer.cu.
    opt = chx._core._optimizers
    arrays = [[chx.ones((i + 1, 3), dtype, device='cuda:0') for _ in range(4)] for i, dtype in enumerate(dtypes)]

    def step():
        with opt.Batch():
            for param, grad, m, v in arrays:
                opt.adam(param, grad, m, v, None, 0.01, 0.9, 0.999, 1e-8, 1.0, 0.0, None, None)

    assert _counted(_LAUNCHES, step) == launches
    assert _counted(_WAITS, step) == 0


@pytest.mark.parametrize('channels', [8, 32])
def test_a_depthwise_convolution_is_one_call_whatever_its_channels(channels):
    # Note [Channel groups]: one cuDNN call for every group (plus the bias) forward; the data and filter gradients
    # and the bias's sum backward. One convolution per group and a concatenation took 17 launches forward and 43
    # backward for 8 channels, growing with the channels.
    rng = numpy.random.default_rng(0)
    x, w, b = (chx.array(rng.standard_normal(shape).astype('float32'), device='cuda:0').require_grad()
               for shape in [(2, channels, 6, 6), (2 * channels, 1, 3, 3), (2 * channels,)])
    gy = chx.ones((2, 2 * channels, 6, 6), 'float32', device='cuda:0')
    state = {}

    def forward():
        state['y'] = chx.conv(x, w, b, 1, 1, False, channels)

    assert _counted(_LAUNCHES, forward) == 2
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y']], [x, w, b], grad_outputs=[gy])) == 3


def test_launches_of_a_division_backward():
    # Note [Division gradients]: gy / x2, then -(gx1 * out) for x2 (five launches when gx2 was -(gy * x1) / (x2 * x2)).
    x1, x2 = (chx.array(numpy.full((4, 8), v, 'float32'), device='cuda:0').require_grad() for v in (3.0, 2.0))
    gy = chx.ones((4, 8), 'float32', device='cuda:0')
    y = x1 / x2
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([y], [x1, x2], grad_outputs=[gy]))) == 3
    numpy.testing.assert_allclose(chx.to_numpy(grads[0]), numpy.full((4, 8), 0.5))
    numpy.testing.assert_allclose(chx.to_numpy(grads[1]), numpy.full((4, 8), -0.75))


def test_launches_of_a_clip_backward():
    # One ClipKernel forward and one ClipGradKernel backward (Note [Clip in one pass]; maximum then minimum took two
    # launches each way, and six backward with the masks composed).
    x_np = numpy.linspace(-2, 2, 32, dtype='float32').reshape(4, 8)
    x = chx.array(x_np, device='cuda:0').require_grad()
    gy = chx.full((4, 8), 3, 'float32', device='cuda:0')
    outputs = []
    assert _counted(_LAUNCHES, lambda: outputs.append(chx.clip(x, -1.0, 1.0))) == 1
    y = outputs[0]
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([y], [x], grad_outputs=[gy]))) == 1
    numpy.testing.assert_array_equal(chx.to_numpy(grads[0]), numpy.where(numpy.abs(x_np) <= 1, 3, 0))


def test_launches_of_a_constant_padding():
    # F.pad in mode 'constant' with one value: a fill and a copy whatever the padded axes (three launches per axis
    # before, two fills and a concatenation); the gradient is a view of the output gradient.
    x = chx.array(numpy.ones((2, 3, 4, 5), 'float32'), device='cuda:0').require_grad()
    gy = chx.ones((2, 3, 6, 9), 'float32', device='cuda:0')
    state = {}

    def forward():
        state['y'] = chx._core._pad_constant(x, [(0, 0), (0, 0), (1, 1), (2, 2)], 0.0)

    assert _counted(_LAUNCHES, forward) == 2
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([state['y']], [x], grad_outputs=[gy]))) == 0
    assert float(chx.to_numpy(state['y']).sum()) == 120
    assert grads[0].shape == (2, 3, 4, 5)


@pytest.mark.parametrize('name,n_inputs,launches', [
    ('gaussian_kl_divergence', 2, (1, 2)),
    ('_bernoulli_nll', 2, (1, 5)),
    ('_gaussian_nll', 3, (2, 5)),
])
def test_launches_of_the_losses_of_variational_autoencoders(name, n_inputs, launches):
    # Note [Losses of variational autoencoders]: one kernel forward (after x - mean), a kernel or a factor times gout
    # per operand backward (the compositions took 6, 3 and 8 forward). bernoulli_nll's gradients are composed:
    # gout * (sigmoid(y) - x) and -(gout * y).
    routine = getattr(chx, name, None) or getattr(chx._core, name)
    rng = numpy.random.default_rng(0)
    xs = [chx.array(rng.uniform(-1, 1, (4, 8)).astype('float32'), device='cuda:0').require_grad()
          for _ in range(n_inputs)]
    gy = chx.ones((4, 8), 'float32', device='cuda:0')
    state = {}

    def forward():
        state['y'] = routine(*xs)

    assert _counted(_LAUNCHES, forward) == launches[0]
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y']], xs, grad_outputs=[gy])) == launches[1]


def test_launches_of_a_group_normalization():
    # F.group_normalization on chainerx: each (sample, group) a row of the LayerNorm kernel (gamma 1, beta 0 filled),
    # then the channels' gamma and beta (9 launches forward and 20 backward composed).
    import chainer
    import chainer.functions as F
    rng = numpy.random.default_rng(0)
    x_np = rng.standard_normal((2, 4, 3, 5)).astype('float32')
    g_np, b_np = rng.standard_normal(4).astype('float32'), rng.standard_normal(4).astype('float32')
    x, gamma, beta = (chainer.Variable(chx.array(a, device='cuda:0')) for a in (x_np, g_np, b_np))
    state = {}

    def forward():
        state['y'] = F.group_normalization(x, 2, gamma, beta)

    assert _counted(_LAUNCHES, forward) == 5
    y = state['y']
    y.grad = chx.ones(y.shape, 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, y.backward) == 7
    rows = x_np.reshape(4, -1).astype('float64')
    standard = ((rows - rows.mean(1, keepdims=True)) / numpy.sqrt(rows.var(1, keepdims=True) + 1e-5))
    standard = standard.reshape(x_np.shape)
    expected = standard * g_np.reshape(1, 4, 1, 1) + b_np.reshape(1, 4, 1, 1)
    numpy.testing.assert_allclose(chx.to_numpy(y.array), expected, rtol=1e-4, atol=1e-4)
    numpy.testing.assert_allclose(chx.to_numpy(beta.grad), numpy.full(4, 30.0), rtol=1e-5)
    numpy.testing.assert_allclose(chx.to_numpy(gamma.grad), standard.sum(axis=(0, 2, 3)), rtol=1e-4, atol=1e-4)


def test_launches_of_a_bilinear_resize():
    # F.resize_images on chainerx: per axis one gather of both neighbours, their weights and the pair sums (14
    # launches forward with a gather, a product per neighbour and a sum per axis).
    import chainer
    import chainer.functions as F
    x_np = numpy.arange(2 * 3 * 4 * 4, dtype='float32').reshape(2, 3, 4, 4)
    x = chainer.Variable(chx.array(x_np, device='cuda:0'))
    state = {}

    def forward():
        state['y'] = F.resize_images(x, (7, 7))

    assert _counted(_LAUNCHES, forward) == 8
    y = state['y']
    y.grad = chx.ones(y.shape, 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, y.backward) == 7
    # align_corners: the corners are the input's, and the image is linear in rows and columns.
    out = chx.to_numpy(y.array)
    numpy.testing.assert_allclose(out[:, :, [0, -1]][:, :, :, [0, -1]], x_np[:, :, [0, -1]][:, :, :, [0, -1]])
    numpy.testing.assert_allclose(out[0, 0, 3, 3], x_np[0, 0].mean(), rtol=1e-6)
    numpy.testing.assert_allclose(chx.to_numpy(x.grad).sum(axis=(2, 3)), numpy.full((2, 3), 49.0), rtol=1e-6)


def test_launches_of_a_local_response_normalization():
    # The channel window sums of F.local_response_normalization on chainerx are one convolution each (with a fill of
    # ones): 7 launches forward and 12 backward, where zero padding, a concatenation and 2 half additions per sum
    # took 11 and 25.
    import chainer
    import chainer.functions as F
    x_np = numpy.random.default_rng(0).uniform(0, 1, (2, 7, 3, 4)).astype('float32')
    x = chainer.Variable(chx.array(x_np, device='cuda:0'))
    state = {}

    def forward():
        state['y'] = F.local_response_normalization(x, n=5)

    assert _counted(_LAUNCHES, forward) == 7
    y = state['y']
    y.grad = chx.ones(y.shape, 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, y.backward) == 12
    squares = numpy.pad(x_np.astype('float64') ** 2, [(0, 0), (2, 2), (0, 0), (0, 0)])
    window = sum(squares[:, i:i + 7] for i in range(5))
    numpy.testing.assert_allclose(chx.to_numpy(y.array), x_np * (2 + 1e-4 * window) ** -0.75, rtol=1e-5)


def test_launches_of_a_ctc_loss():
    # Note [CTC in kernels]: the log-softmax and one kernel for every frame's forward variables; one kernel backward
    # (the output gradient's fill aside). F.connectionist_temporal_classification adds the stack of its frames and
    # the mean (250 launches forward and 78 backward for these three frames when composed, one step per frame).
    import chainer
    import chainer.functions as F
    rng = numpy.random.default_rng(0)
    x = chx.array(rng.standard_normal((3, 2, 4)).astype('float32'), device='cuda:0').require_grad()
    ints = [chx.array(numpy.array(a, 'int32'), device='cuda:0') for a in ([[1, 2], [3, 3]], [3, 3], [2, 1])]
    gy = chx.ones((2,), 'float32', device='cuda:0')
    state = {}

    def forward():
        state['y'] = chx._core._ctc_loss(x, *ints, 0)

    assert _counted(_LAUNCHES, forward) == 2
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y']], [x], grad_outputs=[gy])) == 1
    frames = [chainer.Variable(chx.array(frame, device='cuda:0')) for frame in chx.to_numpy(x)]

    def chainer_forward():
        state['loss'] = F.connectionist_temporal_classification(frames, ints[0], 0)

    assert _counted(_LAUNCHES, chainer_forward) == 5
    assert _counted(_LAUNCHES, lambda: chainer.grad([state['loss']], frames)) == 3


def test_a_repeated_batched_product_reuses_its_matrix_addresses():
    # Note [Cached matrix pointers]: heads taken from a transposed projection are not evenly spaced along the batch,
    # so cublasGemmBatchedEx gets the address of every matrix, written by a kernel; the device keeps those addresses,
    # and the same product met again (the pool hands out the same blocks) launches the GEMM alone.
    rng = numpy.random.default_rng(0)
    q_np, k_np = (rng.standard_normal((2, 5, 3, 4)).astype('float32') for _ in range(2))
    q, k = (chx.array(a, device='cuda:0').transpose(0, 2, 1, 3) for a in (q_np, k_np))  # (2, 3, 5, 4)

    def product():
        return chx.matmul(q, k.transpose(0, 1, 3, 2))

    first = _counted(_LAUNCHES, product)
    assert _counted(_LAUNCHES, product) == first - 1
    expected = numpy.matmul(q_np.transpose(0, 2, 1, 3), k_np.transpose(0, 2, 3, 1))
    numpy.testing.assert_allclose(chx.to_numpy(product()), expected, rtol=1e-5, atol=1e-5)
    # Other operands at the same addresses' layout (a fresh array each) give fresh addresses: still right.
    numpy.testing.assert_allclose(chx.to_numpy(chx.matmul(q * 2, k.transpose(0, 1, 3, 2))), 2 * expected,
                                  rtol=1e-5, atol=1e-5)


def test_launches_of_an_l2_normalization():
    # Note [L2 normalization in two kernels]: the sum of squares and one elementwise kernel forward; a product, its
    # sum and one elementwise kernel backward (9 and 11 composed, the norm's derivative guarded at zero vectors).
    import chainer
    import chainer.functions as F
    x_np = numpy.arange(12, dtype='float32').reshape(3, 4) - 5
    x = chainer.Variable(chx.array(x_np, device='cuda:0'))
    state = {}

    def forward():
        state['y'] = F.normalize(x)

    assert _counted(_LAUNCHES, forward) == 2
    norm = numpy.sqrt((x_np.astype('float64') ** 2).sum(axis=1, keepdims=True))
    numpy.testing.assert_allclose(chx.to_numpy(state['y'].array), x_np / (norm + 1e-5), rtol=1e-6)
    x_chx = chx.array(x_np, device='cuda:0').require_grad()
    y = chx._core._normalize(x_chx)
    gy = chx.ones((3, 4), 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, lambda: chx.grad([y], [x_chx], grad_outputs=[gy])) == 3


def test_launches_of_sums_of_squares():
    # One reduction kernel (a product and a sum composed) forward, 2 gout and its product with x backward:
    # F.batch_l2_norm_squared is that one kernel, F.mean_squared_error the difference, it and the division by the size.
    import chainer
    import chainer.functions as F
    x_np = numpy.arange(12, dtype='float32').reshape(3, 4) - 5
    x = chx.array(x_np, device='cuda:0').require_grad()
    state = {}

    def forward():
        state['y'] = chx._core._sum_squares(x, 1)

    assert _counted(_LAUNCHES, forward) == 1
    gy = chx.ones((3,), 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y']], [x], grad_outputs=[gy])) == 2
    numpy.testing.assert_array_equal(chx.to_numpy(state['y']), (x_np * x_np).sum(axis=1))
    variables = [chainer.Variable(chx.array(a, device='cuda:0')) for a in (x_np, x_np * 0.5)]
    assert _counted(_LAUNCHES, lambda: F.batch_l2_norm_squared(variables[0])) == 1
    assert _counted(_LAUNCHES, lambda: F.mean_squared_error(*variables)) == 3


def test_launches_of_a_logsumexp_along_one_axis():
    # Note [Softmax along one axis]: one row kernel forward (six composed: max, subtract, exp, sum, log, add); the
    # gradient gout * exp(x - out) is composed (three).
    x_np = numpy.linspace(-3, 3, 24, dtype='float32').reshape(4, 6)
    x = chx.array(x_np, device='cuda:0').require_grad()
    state = {}

    def forward():
        state['y'] = chx.logsumexp(x, 1)

    assert _counted(_LAUNCHES, forward) == 1
    gy = chx.ones((4,), 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, lambda: chx.grad([state['y']], [x], grad_outputs=[gy])) == 3
    numpy.testing.assert_allclose(chx.to_numpy(state['y']), numpy.log(numpy.exp(x_np).sum(axis=1)), rtol=1e-6)


@pytest.mark.parametrize('name', ['amax', 'amin'])
def test_launches_of_an_extremum_backward(name):
    # The gradient goes to the extrema through a comparison and a select (three launches with a cast mask).
    x_np = numpy.array([[1, 3, 3, -2], [0, -1, 5, 5]], 'float32')
    x = chx.array(x_np, device='cuda:0').require_grad()
    y = getattr(chx, name)(x, 1)
    gy = chx.array(numpy.array([2, -1], 'float32'), device='cuda:0')
    grads = []
    assert _counted(_LAUNCHES, lambda: grads.extend(chx.grad([y], [x], grad_outputs=[gy]))) == 2
    reduce = numpy.max if name == 'amax' else numpy.min
    mask = x_np == reduce(x_np, axis=1, keepdims=True)
    numpy.testing.assert_array_equal(chx.to_numpy(grads[0]), numpy.where(mask, [[2], [-1]], 0))


@pytest.mark.parametrize('name', ['prelu', 'swish'])
def test_launches_of_an_activation_with_a_parameter(name):
    # One kernel forward; x's gradient, the parameter's factor and its sum over the broadcast axes backward (Note
    # [Activations with an array parameter]: the compositions took three and seven (prelu) or eight (swish)).
    import chainer
    import chainer.functions as F
    x_np = numpy.linspace(-2, 2, 24, dtype='float32').reshape(2, 3, 4)
    w_np = numpy.array([0.1, 0.2, 0.3], 'float32')
    x, w = (chx.array(a, device='cuda:0').require_grad() for a in (x_np, w_np))
    state = {}

    def forward():
        state['y'] = getattr(F, name)(chainer.Variable(x), chainer.Variable(w))

    assert _counted(_LAUNCHES, forward) == 1
    y = getattr(chx._core, '_' + name)(x, w.reshape(1, 3, 1))
    gy = chx.ones((2, 3, 4), 'float32', device='cuda:0')
    assert _counted(_LAUNCHES, lambda: chx.grad([y], [x, w], grad_outputs=[gy])) == 3
    w3 = w_np.reshape(1, 3, 1).astype('float64')
    if name == 'prelu':
        expected = numpy.where(x_np >= 0, x_np, x_np * w3)
    else:
        expected = x_np / (1 + numpy.exp(-w3 * x_np))
    numpy.testing.assert_allclose(chx.to_numpy(state['y'].array), expected, rtol=1e-6, atol=1e-7)


def test_launches_of_the_gradients_of_several_views_and_gathers():
    # Note [Gradients added in place]: the first view's gradient is a zero fill and a copy, each further one an
    # addition into its region of the same array (8 launches for three views when each made a full-size gradient
    # and the pass added them); a gather's gradient likewise scatters into the gradient held so far.
    x_np = numpy.arange(24, dtype='float32').reshape(2, 4, 3)
    x = chx.array(x_np, device='cuda:0').require_grad()
    heads = [x[:, :, i] for i in range(3)]
    gys = [chx.ones((2, 4), 'float32', device='cuda:0')] * 3
    assert _counted(_LAUNCHES, lambda: chx.grad(heads, [x], grad_outputs=gys)) == 4
    w = chx.array(x_np.reshape(8, 3), device='cuda:0').require_grad()
    rows = [chx.array(numpy.array([1, 5, 1]), device='cuda:0') for _ in range(4)]
    taken = [chx.take(w, r, 0) for r in rows[:2]] + [w[r] for r in rows[2:]]  # advanced indexing gathers from w
    gys = [chx.ones((3, 3), 'float32', device='cuda:0')] * 4  # one seed for all: shared, never updated
    state = {}

    def backward():
        state['gw'], = chx.grad(taken, [w], grad_outputs=gys)

    assert _counted(_LAUNCHES, backward) == 5
    expected = numpy.zeros((8, 3), 'float32')
    expected[1], expected[5] = 8, 4
    numpy.testing.assert_array_equal(chx.to_numpy(state['gw']), expected)


@pytest.mark.parametrize('product', ['linear', 'dot'])
def test_launches_of_the_gradients_of_a_weight_applied_at_every_step(product):
    # Note [Product gradients added in place]: each step's weight gradient is a GEMM accumulating into the one the
    # pass holds (and so is the input's, read by two products), where it was a GEMM and an addition per step.
    rng = numpy.random.RandomState(0)
    w_np = rng.uniform(-1, 1, (4, 4)).astype('float32')
    xs_np = rng.uniform(-1, 1, (3, 2, 4)).astype('float32')
    w = chx.array(w_np, device='cuda:0').require_grad()
    x = chx.array(xs_np[0], device='cuda:0').require_grad()

    def apply(h):  # h @ w.T or h @ w
        return chx.linear(h, w) if product == 'linear' else chx.dot(h, w)

    h = apply(x) + apply(x)
    for _ in range(2):
        h = apply(h)
    state = {}
    seed = chx.ones((2, 4), 'float32', device='cuda:0')

    def backward():
        state['gx'], state['gw'] = chx.grad([h], [x, w], grad_outputs=[seed])

    # Per product: one GEMM for the input's gradient and one for the weight's; no addition.
    assert _counted(_LAUNCHES, backward) == 8
    m = w_np.T if product == 'linear' else w_np
    h1 = 2 * xs_np[0] @ m
    h2 = h1 @ m
    g = numpy.ones((2, 4), 'float32')
    gm = h2.T @ g + h1.T @ (g @ m.T) + 2 * xs_np[0].T @ (g @ m.T @ m.T)
    numpy.testing.assert_allclose(chx.to_numpy(state['gw']), gm.T if product == 'linear' else gm, rtol=1e-5,
                                  atol=1e-5)
    numpy.testing.assert_allclose(chx.to_numpy(state['gx']), 2 * g @ m.T @ m.T @ m.T, rtol=1e-5, atol=1e-5)


def test_launches_of_weight_decay_and_gradient_clipping():
    # WeightDecay: one fused pass per parameter (grad += rate * param as an SGD step on the gradient, where the
    # product and the addition took two); GradientClipping: three launches for all gradients (partial sums of squares,
    # their sum, the scaling: Note [Clipping by the global norm]), where a sum of squares per parameter, their stack
    # and sum, the rate (sqrt, division, minimum) and a product per gradient took 13; MomentumSGD's updates in one
    # batched launch. 28 launches at first, 18 with the stacked norms, 8 now.
    import chainer
    import chainer.functions as F
    import chainer.links as L
    models = [chainer.Sequential(L.Linear(5, 7), F.relu, L.Linear(7, 3)) for _ in range(2)]
    models[1].copyparams(models[0])
    models[0].to_device('cuda:0')
    x = numpy.random.RandomState(0).uniform(-1, 1, (4, 5)).astype('float32')
    launches = []
    for model, xs in zip(models, [chx.array(x, device='cuda:0'), x]):
        optimizer = chainer.optimizers.MomentumSGD(0.1)
        optimizer.setup(model)
        optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(1e-2))
        optimizer.add_hook(chainer.optimizer_hooks.GradientClipping(0.5))
        for _ in range(2):
            model.cleargrads()
            F.sum(model(xs) ** 2).backward()
            launches.append(_counted(_LAUNCHES, optimizer.update))
    assert launches[1] == 8
    for (_, p), (_, q) in zip(sorted(models[0].namedparams()), sorted(models[1].namedparams())):
        numpy.testing.assert_allclose(chx.to_numpy(p.array), q.array, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('routine,waits', [(chx._core._det, 1), (chx._core._batch_inv, 2)])
def test_a_batch_of_small_matrices_is_factorized_in_one_launch(routine, waits):
    # Note [Batches of LU factorizations on CUDA]: cuBLAS's batched LU takes the whole batch, so the launches do not
    # grow with it; the finiteness check waits, and the inverse reads its info words once.
    def launches(batch):
        rng = numpy.random.default_rng(batch)
        a = chx.array(rng.standard_normal((batch, 6, 6)), device='cuda:0')
        a.device.synchronize()
        state = {}
        assert _waits(lambda: state.setdefault('out', routine(a))) == waits
        expected = numpy.linalg.det if routine is chx._core._det else numpy.linalg.inv
        numpy.testing.assert_allclose(chx.to_numpy(state['out']), expected(chx.to_numpy(a)), rtol=1e-8, atol=1e-10)
        return _counted(_LAUNCHES, lambda: routine(a))

    assert launches(2) == launches(50)
