"""chainerx._core._ctc_loss (F.connectionist_temporal_classification's routine, Note [CTC in kernels]) against a
NumPy reference of the recursions (itself checked against a sum over every alignment): every float dtype, variable
lengths, repeated labels, another blank, padding, strided operands, zero-size batches, impossible labellings, the
gradient and its derivative in the output gradient, and bad arguments."""

import itertools

import numpy
import pytest

import chainerx as chx

import array_utils


def _log_softmax(x):
    m = x.max(axis=-1, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=-1, keepdims=True))


def _path(labels, blank):
    path = [blank]
    for label in labels:
        path += [int(label), blank]
    return path


def _reference(x, labels, input_lengths, label_lengths, blank):
    """(-log p per sample, its gradient with respect to x for an output gradient of ones), float64, with -inf as
    log 0 (the kernels' -1e30 gives the same values for labellings some alignment produces)."""
    n_frames, batch, _ = x.shape
    lp = _log_softmax(x.astype(numpy.float64))
    losses = numpy.zeros(batch)
    grad = numpy.zeros(x.shape)
    for b in range(batch):
        frames = int(input_lengths[b])
        path = _path(labels[b, :label_lengths[b]], blank)
        size = len(path)
        skip = [s >= 2 and path[s] != blank and path[s] != path[s - 2] for s in range(size)]
        alpha = numpy.full((frames, size), -numpy.inf)
        beta = numpy.full((frames, size), -numpy.inf)
        for t in range(frames):
            for s in range(size):
                if t == 0:  # from the virtual start, log 1 at position 0
                    prev = [0.0] if s <= 1 else []
                else:
                    prev = [alpha[t - 1, s]] + ([alpha[t - 1, s - 1]] if s >= 1 else [])
                    prev += [alpha[t - 1, s - 2]] if skip[s] else []
                alpha[t, s] = numpy.logaddexp.reduce(prev + [-numpy.inf]) + lp[t, b, path[s]]
        for t in range(frames - 1, -1, -1):
            for s in range(size):
                if t == frames - 1:
                    beta[t, s] = 0.0 if s >= size - 2 else -numpy.inf
                    continue
                nxt = [beta[t + 1, s] + lp[t + 1, b, path[s]]]
                nxt += [beta[t + 1, s + 1] + lp[t + 1, b, path[s + 1]]] if s + 1 < size else []
                nxt += [beta[t + 1, s + 2] + lp[t + 1, b, path[s + 2]]] if s + 2 < size and skip[s + 2] else []
                beta[t, s] = numpy.logaddexp.reduce(nxt + [-numpy.inf])
        if frames == 0:
            log_p = 0.0 if size == 1 else -numpy.inf
        else:
            log_p = numpy.logaddexp.reduce(alpha[frames - 1, max(size - 2, 0):])
        losses[b] = -log_p
        for t in range(frames):
            grad[t, b] = numpy.exp(lp[t, b])
            for s in range(size):
                grad[t, b, path[s]] -= numpy.exp(alpha[t, s] + beta[t, s] - log_p)
    return losses, grad


def _brute_force(x, labels, blank):
    """-log p(labels | x) of one sample x (T, K), summing the probabilities of every alignment."""
    p = numpy.exp(_log_softmax(x.astype(numpy.float64)))
    total = 0.0
    for frames in itertools.product(range(x.shape[1]), repeat=x.shape[0]):
        merged = [u for i, u in enumerate(frames) if i == 0 or u != frames[i - 1]]
        if [u for u in merged if u != blank] == list(labels):
            total += numpy.prod([p[t, u] for t, u in enumerate(frames)])
    return -numpy.log(total)


# (T, K, labels with -1 as padding, input lengths, blank). Padding past a sample's label length is arbitrary.
_CASES = [
    (4, 3, [[1, 1], [2, -1], [-1, -1]], [4, 3, 2], 0),
    (3, 3, [[0, 1], [1, 1]], [3, 3], 2),
    (1, 2, [[1]], [1], 0),
    (6, 5, [[1, 2, 2], [3, -1, -1], [4, 4, 4], [-1, -1, -1]], [6, 2, 6, 0], 0),
    (5, 4, [[3, 1], [0, 2]], [5, 4], 1),
    (2, 300, [[7], [299]], [2, 1], 5),  # more units than a CUDA block's threads
]


def _case_arrays(case, dtype, seed=0):
    n_frames, units, labels, input_lengths, blank = case
    labels = numpy.array(labels, numpy.int32)
    label_lengths = (labels >= 0).sum(axis=1).astype(numpy.int32)
    labels = numpy.where(labels >= 0, labels, 99).astype(numpy.int32)  # padding out of range: never read
    x = numpy.random.RandomState(seed).uniform(-2, 2, (n_frames, len(labels), units)).astype(dtype)
    return x, labels, numpy.array(input_lengths, numpy.int32), label_lengths, blank


def _tolerances(dtype):
    return {'float16': (1e-2, 1e-2), 'float32': (1e-5, 1e-5), 'float64': (1e-12, 1e-12)}[dtype]


def test_reference_sums_the_alignments():
    x, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[0], 'float64')
    losses, _ = _reference(x, labels, input_lengths, label_lengths, blank)
    for b in range(x.shape[1]):
        frames = x[:input_lengths[b], b]
        numpy.testing.assert_allclose(losses[b], _brute_force(frames, labels[b, :label_lengths[b]], blank))


def _on(device, *arrays):
    return [chx.array(a, device=device) for a in arrays]


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('case', _CASES)
def test_loss_and_gradient_match_the_reference(case, dtype, device):
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(case, dtype)
    expected, grad = _reference(x_np, labels, input_lengths, label_lengths, blank)
    x, *ints = _on(device, x_np, labels, input_lengths, label_lengths)
    x.require_grad()
    loss = chx._core._ctc_loss(x, *ints, blank)
    assert loss.device is device
    assert loss.dtype == dtype and loss.shape == (x_np.shape[1],)
    rtol, atol = _tolerances(dtype)
    numpy.testing.assert_allclose(chx.to_numpy(loss).astype(numpy.float64), expected, rtol=rtol, atol=atol)
    gy_np = numpy.linspace(0.5, 2, x_np.shape[1]).astype(dtype)
    gx, = chx.grad([loss], [x], grad_outputs=[chx.array(gy_np, device=device)])
    assert gx.dtype == dtype and gx.shape == x_np.shape
    numpy.testing.assert_allclose(
        chx.to_numpy(gx).astype(numpy.float64), grad * gy_np.reshape(1, -1, 1), rtol=rtol, atol=atol)


def test_gradient_matches_central_differences():
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[3], 'float64')
    ints = _on(chx.get_default_device(), labels, input_lengths, label_lengths)
    gy = chx.array(numpy.linspace(0.5, 2, x_np.shape[1]))
    array_utils.check_backward(
        lambda x: chx._core._ctc_loss(x, *ints, blank), [chx.array(x_np)], [gy], 'float64',
        **array_utils.SMOOTH_GRAD_CHECK)


def test_strided_operands(device):
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[3], 'float32')
    expected, grad = _reference(x_np, labels, input_lengths, label_lengths, blank)
    # x (T, B, K) as a transposed view of a (B, K, T) array, the labels every other column, the lengths reversed.
    x = chx.array(numpy.ascontiguousarray(x_np.transpose(1, 2, 0)), device=device).transpose(2, 0, 1).require_grad()
    wide = numpy.repeat(labels, 2, axis=1)
    strided_labels = chx.array(wide, device=device)[:, ::2]
    lengths = [chx.array(a[::-1].copy(), device=device)[::-1] for a in (input_lengths, label_lengths)]
    assert not x.is_contiguous and not strided_labels.is_contiguous and not lengths[0].is_contiguous
    loss = chx._core._ctc_loss(x, strided_labels, *lengths, blank)
    numpy.testing.assert_allclose(chx.to_numpy(loss), expected, rtol=1e-5, atol=1e-5)
    gx, = chx.grad([loss], [x])
    numpy.testing.assert_allclose(chx.to_numpy(gx), grad, rtol=1e-5, atol=1e-5)


def test_zero_samples(device):
    x = chx.zeros((3, 0, 4), 'float32', device=device).require_grad()
    ints = _on(device, numpy.zeros((0, 2), numpy.int32), numpy.zeros(0, numpy.int32), numpy.zeros(0, numpy.int32))
    loss = chx._core._ctc_loss(x, *ints, 0)
    assert loss.shape == (0,)
    gx, = chx.grad([loss], [x])
    assert gx.shape == (3, 0, 4)


def test_zero_frames(device):
    # No frame: an empty labelling has probability 1, any other 0 (a loss of about 1e30, as in Chainer).
    x = chx.zeros((0, 2, 3), 'float32', device=device).require_grad()
    labels, input_lengths, label_lengths = _on(
        device, numpy.array([[1], [1]], numpy.int32), numpy.zeros(2, numpy.int32), numpy.array([0, 1], numpy.int32))
    loss = chx.to_numpy(chx._core._ctc_loss(x, labels, input_lengths, label_lengths, 0))
    assert loss[0] == 0 and loss[1] >= 1e29


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_an_impossible_labelling_has_a_huge_finite_loss(dtype, device):
    # Two equal labels need a blank between them: three frames, and there are two.
    x = chx.array(numpy.zeros((2, 1, 3), dtype), device=device).require_grad()
    labels, input_lengths, label_lengths = _on(
        device, numpy.array([[1, 1]], numpy.int32), numpy.array([2], numpy.int32), numpy.array([2], numpy.int32))
    loss = chx._core._ctc_loss(x, labels, input_lengths, label_lengths, 0)
    assert 1e29 <= float(chx.to_numpy(loss)[0]) < numpy.inf
    gx, = chx.grad([loss], [x])
    assert numpy.isfinite(chx.to_numpy(gx)).all()


def test_derivative_in_the_output_gradient(device):
    # The gradient is G * gout with G constant in x: its derivative in gout is sum(G * ggx) per sample, and x gets
    # no second-order gradient (as in the original).
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[0], 'float64')
    _, grad = _reference(x_np, labels, input_lengths, label_lengths, blank)
    x, *ints = _on(device, x_np, labels, input_lengths, label_lengths)
    x.require_grad()
    gy = chx.array(numpy.array([0.5, 1.0, 2.0]), device=device).require_grad()
    loss = chx._core._ctc_loss(x, *ints, blank)
    gx, = chx.grad([loss], [x], grad_outputs=[gy], enable_double_backprop=True)
    ggx_np = numpy.random.RandomState(1).uniform(-1, 1, x_np.shape)
    ggy, = chx.grad([gx], [gy], grad_outputs=[chx.array(ggx_np, device=device)])
    numpy.testing.assert_allclose(chx.to_numpy(ggy), (grad * ggx_np).sum(axis=(0, 2)), rtol=1e-12, atol=1e-12)


def test_several_graphs(device):
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[1], 'float64')
    _, grad = _reference(x_np, labels, input_lengths, label_lengths, blank)
    ints = _on(device, labels, input_lengths, label_lengths)
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array(x_np, device=device).require_grad(outer).require_grad(inner)
        loss = chx._core._ctc_loss(x, *ints, blank)
        for backprop_id in (inner, outer):
            gx, = chx.grad([loss], [x], backprop_id=backprop_id)
            numpy.testing.assert_allclose(chx.to_numpy(gx), grad, rtol=1e-12, atol=1e-12)


def test_numpy_integer_blank():
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[1], 'float32')
    args = _on('native:0', x_np, labels, input_lengths, label_lengths)
    expected = chx.to_numpy(chx._core._ctc_loss(*args, blank))
    numpy.testing.assert_array_equal(chx.to_numpy(chx._core._ctc_loss(*args, numpy.int64(blank))), expected)
    with pytest.raises(TypeError):
        chx._core._ctc_loss(*args, 1.5)


def _valid_args(device):
    return _on(device, numpy.zeros((3, 2, 4), numpy.float32), numpy.ones((2, 2), numpy.int32),
               numpy.full(2, 3, numpy.int32), numpy.full(2, 2, numpy.int32))


@pytest.mark.parametrize('index,value,error', [
    (0, numpy.zeros((3, 2, 4), numpy.int32), chx.DtypeError),
    (1, numpy.ones((2, 2), numpy.int64), chx.DtypeError),
    (2, numpy.full(2, 3, numpy.int64), chx.DtypeError),
    (3, numpy.full(2, 2.0, numpy.float32), chx.DtypeError),
    (0, numpy.zeros((3, 8), numpy.float32), chx.DimensionError),
    (0, numpy.zeros((3, 2, 0), numpy.float32), chx.DimensionError),
    (1, numpy.ones((3, 2), numpy.int32), chx.DimensionError),
    (1, numpy.ones(2, numpy.int32), chx.DimensionError),
    (2, numpy.full(3, 3, numpy.int32), chx.DimensionError),
    (3, numpy.full((2, 1), 2, numpy.int32), chx.DimensionError),
])
def test_bad_operands_raise(index, value, error):
    args = _valid_args('native:0')
    args[index] = chx.array(value)
    with pytest.raises(error):
        chx._core._ctc_loss(*args, 0)


@pytest.mark.parametrize('blank', [-1, 4])
def test_blank_out_of_range_raises(blank):
    with pytest.raises(IndexError):
        chx._core._ctc_loss(*_valid_args('native:0'), blank)


def test_operands_on_two_devices_raise():
    args = _valid_args('native:0')
    args[2] = args[2].to_device('native:1')
    with pytest.raises(chx.DeviceError):
        chx._core._ctc_loss(*args, 0)


# (operand index, sample, value): an input length past T, a negative one, a label length past L, a label out of
# [0, K) within the label length.
_OUT_OF_RANGE = [(2, 0, 4), (2, 1, -1), (3, 0, 3), (3, 1, -2), (1, (0, 1), 4), (1, (1, 0), -1)]


@pytest.mark.parametrize('index,where,value', _OUT_OF_RANGE)
def test_values_out_of_range(index, where, value, device):
    # Read in place on the host: IndexError. On a GPU the sample's loss and gradient are NaN (no wait for the device),
    # the other sample's are unaffected.
    args = [chx.to_numpy(a) for a in _valid_args(device)]
    args[index][where] = value
    x, *ints = _on(device, *args)
    x.require_grad()
    if device.backend.name != 'cuda':
        with pytest.raises(IndexError):
            chx._core._ctc_loss(x, *ints, 0)
        return
    loss = chx._core._ctc_loss(x, *ints, 0)
    gx, = chx.grad([loss], [x])
    bad = where if isinstance(where, int) else where[0]
    assert numpy.isnan(chx.to_numpy(loss)[bad]) and numpy.isnan(chx.to_numpy(gx)[:, bad]).all()
    assert numpy.isfinite(chx.to_numpy(loss)[1 - bad]) and numpy.isfinite(chx.to_numpy(gx)[:, 1 - bad]).all()


def test_nan_scores_give_nan_to_their_sample_only(device):
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[3], 'float32')
    x_np[1, 1, 3] = numpy.nan  # the last frame within sample 1's input length
    x, *ints = _on(device, x_np, labels, input_lengths, label_lengths)
    x.require_grad()
    loss = chx._core._ctc_loss(x, *ints, blank)
    gx, = chx.grad([loss], [x])
    loss, gx = chx.to_numpy(loss), chx.to_numpy(gx)
    # The frame's softmax is NaN, and the posteriors of every frame before it.
    assert numpy.isnan(loss[1]) and numpy.isnan(gx[1, 1]).all() and numpy.isnan(gx[0, 1]).any()
    others = [0, 2, 3]
    assert numpy.isfinite(loss[others]).all() and numpy.isfinite(gx[:, others]).all()


def test_the_graph_frees_its_arrays(device):
    # The backward keeps a view of -log p without the graph: holding the loss itself (the same array for float32)
    # made a reference cycle through its graph node, and every call's alpha and log-softmax stayed allocated.
    if device.backend.name != 'cuda':
        pytest.skip('the CUDA memory pool counts the bytes in use')
    x_np, labels, input_lengths, label_lengths, blank = _case_arrays(_CASES[3], 'float32')
    x, *ints = _on(device, x_np, labels, input_lengths, label_lengths)
    x.require_grad()
    before = chx._cuda.memory_pool_stats(device.name)['used_bytes']
    for _ in range(3):
        loss = chx._core._ctc_loss(x, *ints, blank)
        gx, = chx.grad([loss], [x])
        del loss, gx
    assert chx._cuda.memory_pool_stats(device.name)['used_bytes'] == before
