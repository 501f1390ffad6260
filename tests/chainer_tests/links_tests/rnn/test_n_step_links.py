"""The NStep links (LSTM, GRU, RNN; uni- and bidirectional): parameter layout, outputs against a
NumPy network run sequence by sequence, unsorted inputs, gradients, errors."""

import numpy
import pytest

import chainer
from chainer import function_node
from chainer import gradient_check
from chainer import testing
from chainer.links.rnn import NStepBiGRU
from chainer.links.rnn import NStepBiLSTM
from chainer.links.rnn import NStepBiRNNReLU
from chainer.links.rnn import NStepBiRNNTanh
from chainer.links.rnn import NStepGRU
from chainer.links.rnn import NStepLSTM
from chainer.links.rnn import NStepRNNReLU
from chainer.links.rnn import NStepRNNTanh

from mode_utils import to_numpy

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _send(mode, array):
    return chainer.get_device(_DEVICES[mode]).send(array)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lstm_step(w, b, x, h, c, act):
    pre = [x.dot(w[k].T) + b[k] + h.dot(w[k + 4].T) + b[k + 4] for k in range(4)]
    c = _sigmoid(pre[0]) * numpy.tanh(pre[2]) + _sigmoid(pre[1]) * c
    return _sigmoid(pre[3]) * numpy.tanh(c), c


def _gru_step(w, b, x, h, c, act):
    r = _sigmoid(x.dot(w[0].T) + b[0] + h.dot(w[3].T) + b[3])
    z = _sigmoid(x.dot(w[1].T) + b[1] + h.dot(w[4].T) + b[4])
    h_bar = numpy.tanh(x.dot(w[2].T) + b[2] + r * (h.dot(w[5].T) + b[5]))
    return (1 - z) * h_bar + z * h, c


def _rnn_step(w, b, x, h, c, act):
    pre = x.dot(w[0].T) + b[0] + h.dot(w[1].T) + b[1]
    return (numpy.tanh(pre) if act == 'tanh' else numpy.maximum(pre, 0)), c


# class -> (NumPy step, activation, whether it has a cell state)
_KINDS = {
    NStepLSTM: (_lstm_step, None, True), NStepBiLSTM: (_lstm_step, None, True),
    NStepGRU: (_gru_step, None, False), NStepBiGRU: (_gru_step, None, False),
    NStepRNNTanh: (_rnn_step, 'tanh', False), NStepBiRNNTanh: (_rnn_step, 'tanh', False),
    NStepRNNReLU: (_rnn_step, 'relu', False), NStepBiRNNReLU: (_rnn_step, 'relu', False),
}
_CLASSES = sorted(_KINDS, key=lambda c: c.__name__)


def _reference(link, hx, cx, xs):
    """hy, cy and ys of `link` computed one sequence at a time in NumPy."""
    step, act, _ = _KINDS[type(link)]
    ws = [[to_numpy(w.array) for w in ws] for ws in link.ws]
    bs = [[to_numpy(b.array) for b in bs] for bs in link.bs]
    hy, cy, ys = hx.copy(), cx.copy(), []
    for j, seq in enumerate(xs):
        inputs = list(seq)
        for layer in range(link.n_layers):
            outputs = []
            for d in range(link.direction):
                index = layer * link.direction + d
                h, c = hx[index, j], cx[index, j]
                out = [None] * len(inputs)
                for t in (reversed(range(len(inputs))) if d else range(len(inputs))):
                    h, c = step(ws[index], bs[index], inputs[t][None], h[None], c[None], act)
                    h, c = h[0], c[0]
                    out[t] = h
                hy[index, j], cy[index, j] = h, c
                outputs.append(out)
            inputs = [numpy.concatenate(parts) for parts in zip(*outputs)]
        ys.append(numpy.array(inputs))
    return hy, cy, ys


def _run(link, hx, cx, xs):
    if _KINDS[type(link)][2]:
        return link(hx, cx, xs)
    hy, ys = link(hx, xs)
    return hy, None, ys


@pytest.mark.parametrize('cls', _CLASSES)
def test_parameter_layout(cls):
    link = cls(2, 3, 4, 0.0)
    n = cls.n_weights
    direction = 2 if cls.use_bi_direction else 1
    assert len(link) == 2 * direction and link.direction == direction
    names = dict(link.namedparams())
    for index in range(2 * direction):
        for j in range(n):
            in_size = (3 if index < direction else 4 * direction) if j < n // 2 else 4
            assert names['/{}/w{}'.format(index, j)].shape == (4, in_size)
            assert names['/{}/b{}'.format(index, j)].shape == (4,)
            numpy.testing.assert_array_equal(names['/{}/b{}'.format(index, j)].array, 0)
    assert link.ws[1][0] is link[1].w0
    assert link.bs[0][n - 1] is getattr(link[0], 'b{}'.format(n - 1))
    copied = link.copy()
    assert copied.ws[0][0] is copied[0].w0 and copied.ws[0][0] is not link.ws[0][0]


@pytest.mark.parametrize('cls', _CLASSES)
@pytest.mark.parametrize('given_states', [False, True])
def test_outputs_match_numpy_for_unsorted_sequences(mode, cls, given_states):
    rs = numpy.random.RandomState(0)
    with chainer.using_config('dtype', numpy.float64):
        link = cls(2, 3, 2, 0.5, initial_bias=chainer.initializers.Uniform(0.5))
    link.to_device(_DEVICES[mode])
    xs = [rs.uniform(-1, 1, (n, 3)) for n in (2, 4, 0, 3, 4)]
    shape = (2 * link.direction, len(xs), 2)
    hx = rs.uniform(-1, 1, shape) if given_states else numpy.zeros(shape)
    cx = rs.uniform(-1, 1, shape) if given_states else numpy.zeros(shape)
    has_cell = _KINDS[cls][2]
    fallbacks = function_node.fallback_count
    with chainer.using_config('train', False):  # dropout is off in test mode
        hy, cy, ys = _run(link, _send(mode, hx) if given_states else None,
                          _send(mode, cx) if given_states and has_cell else None,
                          [_send(mode, x) for x in xs])
    assert function_node.fallback_count == fallbacks
    hy_ref, cy_ref, ys_ref = _reference(link, hx, cx, xs)
    numpy.testing.assert_allclose(to_numpy(hy.array), hy_ref, rtol=1e-10, atol=1e-12)
    if has_cell:
        numpy.testing.assert_allclose(to_numpy(cy.array), cy_ref, rtol=1e-10, atol=1e-12)
    assert len(ys) == len(xs)
    for y, y_ref in zip(ys, ys_ref):
        assert y.shape == (len(y_ref), 2 * link.direction)
        numpy.testing.assert_allclose(to_numpy(y.array), y_ref.reshape(y.shape), rtol=1e-10,
                                      atol=1e-12)


@pytest.mark.parametrize('cls', [NStepLSTM, NStepBiGRU, NStepBiRNNTanh])
@testing.fix_random()
def test_gradients(mode, cls):
    rs = numpy.random.RandomState(1)
    with chainer.using_config('dtype', numpy.float64):
        link = cls(2, 2, 2, 0.0).to_device(_DEVICES[mode])
    has_cell = _KINDS[cls][2]
    lengths = (2, 3)
    xs = [_send(mode, rs.uniform(-1, 1, (n, 2))) for n in lengths]
    hx = _send(mode, rs.uniform(-1, 1, (2 * link.direction, 2, 2)))
    gys = [_send(mode, rs.uniform(-1, 1, (n, 2 * link.direction))) for n in lengths]
    ghy = _send(mode, rs.uniform(-1, 1, hx.shape))

    def f(hx, *xs):
        hy, _, ys = _run(link, hx, hx * 0.5 if has_cell else None, list(xs))
        return (hy,) + tuple(ys)

    gradient_check.check_backward(f, (hx,) + tuple(xs), (ghy,) + tuple(gys),
                                  params=tuple(link.params()), atol=1e-6, rtol=1e-5)


def test_dropout_in_training_changes_the_deeper_layers_only(mode):
    link = NStepGRU(2, 3, 4, 0.5).to_device(_DEVICES[mode])
    xs = [_send(mode, numpy.random.RandomState(2).uniform(-1, 1, (3, 3)).astype(numpy.float32))]
    with chainer.using_config('train', False):
        hy_test, _ = link(None, xs)
    numpy.random.seed(3)
    hy_train, _ = link(None, xs)
    numpy.testing.assert_allclose(to_numpy(hy_train.array)[0], to_numpy(hy_test.array)[0],
                                  rtol=1e-6)
    assert not numpy.allclose(to_numpy(hy_train.array)[1], to_numpy(hy_test.array)[1])


def test_argument_errors():
    with pytest.raises(ValueError, match='use_cudnn'):
        NStepLSTM(1, 2, 2, 0.0, use_cudnn=True)
    with pytest.raises(ValueError, match='activation'):
        NStepRNNTanh(1, 2, 2, 0.0, activation='relu')
    with pytest.raises(TypeError):
        NStepGRU(1, 2, 2, 0.0, foo=1)
    with pytest.raises(ValueError):
        NStepGRU(0, 2, 2, 0.0)
    link = NStepLSTM(1, 2, 2, 0.0)
    xs = [numpy.zeros((2, 2), numpy.float32)]
    with pytest.raises(ValueError, match='train argument'):
        link(None, None, xs, train=True)
    with pytest.raises(ValueError):
        link(None, None, [])
    with pytest.raises(TypeError):
        link(None, None, xs[0])
    with pytest.raises(ValueError):
        link(numpy.zeros((2, 1, 2), numpy.float32), None, xs)


def test_parameters_move_with_to_device():
    link = NStepBiLSTM(1, 2, 3, 0.0).to_device('native:0')
    for param in link.params():
        assert chainer.backend.get_device_from_array(param.array).name == 'native:0'
    hy, cy, ys = link(None, None, [chainer.get_device('native:0').send(
        numpy.ones((2, 2), numpy.float32))])
    assert hy.shape == (2, 1, 3) and ys[0].shape == (2, 6)
