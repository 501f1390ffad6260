"""L.CRF1d: the loss and the best paths against a brute-force enumeration of every label path
(crf1d_reference), time-major and batch-major (transpose=True); the cost's gradient, its
initializers, devices and serialization."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import initializers
from chainer import testing
from chainer.links.loss.crf1d import CRF1d

import crf1d_reference as reference
from mode_utils import make_array
from mode_utils import to_numpy

BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]
DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}
N_LABEL = 3


def _send(mode, arrays, dtype=numpy.float64):
    return [make_array(mode, a, dtype) for a in arrays]


def _time_major(sequences):
    """Batch-major sequences, sorted by decreasing length, as their time-major steps."""
    return [numpy.stack([s[t] for s in sequences if len(s) > t])
            for t in range(len(sequences[0]))]


class _Case:
    """Mixin of a LinkTestCase (before it in the bases): a float64 CRF1d of N_LABEL labels.

    The inputs are the scores, then the labels (for the loss): time-major steps of the sorted
    `lengths`, or one array per sequence in the order of `lengths` if `transpose` is set.
    """

    param_names = ('cost',)
    check_forward_options = {'atol': 1e-12, 'rtol': 1e-10}
    check_backward_options = {'atol': 1e-6, 'rtol': 1e-5}
    with_labels = True

    def generate_params(self):
        return initializers.Uniform(1),

    def create_link(self, initializers):
        with chainer.using_config('dtype', numpy.float64):
            return CRF1d(N_LABEL, initial_cost=initializers[0])

    def generate_inputs(self):
        lengths = self.lengths if self.transpose else sorted(self.lengths, reverse=True)
        sizes = lengths if self.transpose else reference.batch_sizes(lengths)
        inputs = [numpy.random.uniform(-1, 1, (n, N_LABEL)) for n in sizes]
        if self.with_labels:
            inputs += [numpy.random.randint(0, N_LABEL, n).astype(numpy.int32) for n in sizes]
        return tuple(inputs)

    def split(self, inputs):
        """(xs, ys) of the flat inputs (ys empty without labels)."""
        n = len(inputs) // 2 if self.with_labels else len(inputs)
        return list(inputs[:n]), list(inputs[n:])

    def batch_major(self, steps):
        """The sequences of the inputs, in the order of `lengths`."""
        return list(steps) if self.transpose else reference.sequences(steps)


@testing.parameterize(*testing.product({
    'lengths': [(3, 2, 2, 1), (1, 3, 2), (2,)], 'transpose': [False, True], 'reduce': ['mean', 'no']}))
@testing.inject_backend_tests(None, BACKENDS)
class TestCRF1dLoss(_Case, testing.LinkTestCase):

    def forward(self, link, inputs, device):
        xs, ys = self.split(inputs)
        return link(xs, ys, reduce=self.reduce, transpose=self.transpose),

    def forward_expected(self, link, inputs):
        xs, ys = self.split(inputs)
        loss = numpy.array([reference.nll(link.cost.array, x, y)
                            for x, y in zip(self.batch_major(xs), self.batch_major(ys))])
        return numpy.asarray(loss.mean()) if self.reduce == 'mean' else loss,


@testing.parameterize(*testing.product({
    'lengths': [(3, 2, 2, 1), (1, 3, 2), (2,)], 'transpose': [False, True]}))
@testing.inject_backend_tests(None, BACKENDS)
class TestCRF1dArgmaxScore(_Case, testing.LinkTestCase):

    dodge_nondifferentiable = True  # the best path changes where two paths tie
    with_labels = False

    def forward(self, link, inputs, device):
        score, path = link.argmax(list(inputs), transpose=self.transpose)
        return score,

    def forward_expected(self, link, inputs):
        return numpy.array([reference.viterbi(link.cost.array, x)[1]
                            for x in self.batch_major(inputs)]),


@testing.inject_backend_tests(None, BACKENDS)
class TestCRF1dInitializers(testing.LinkInitializersTestCase):

    param_names = ('cost',)

    def generate_params(self):
        return None,

    def create_link(self, initializers):
        return CRF1d(N_LABEL, initial_cost=initializers[0])

    def get_initializers(self):
        return [initializers.Constant(0.5), 2.0, numpy.arange(9, dtype=numpy.float32).reshape(3, 3),
                initializers.Normal(dtype=numpy.float64), initializers.Zero(dtype=numpy.float16)],


def test_default_cost_is_zeros_of_the_default_dtype():
    link = CRF1d(4)
    assert link.cost.shape == (4, 4) and link.cost.dtype == numpy.float32
    assert not link.cost.array.any()
    assert [name for name, _ in link.namedparams()] == ['/cost']
    with chainer.using_config('dtype', numpy.float64):
        assert CRF1d(2).cost.dtype == numpy.float64


@pytest.mark.parametrize('lengths', [(1, 3, 2), (3, 3, 1), (2, 4, 4, 1)])
def test_argmax_transposed_gives_each_sequence_its_best_path(mode, lengths):
    rng = numpy.random.RandomState(len(lengths))
    link = CRF1d(N_LABEL, initial_cost=rng.uniform(-2, 2, (N_LABEL, N_LABEL))).to_device(DEVICES[mode])
    sequences = [rng.uniform(-2, 2, (n, N_LABEL)).astype(numpy.float32) for n in lengths]
    score, path = link.argmax(_send(mode, sequences, numpy.float32), transpose=True)
    cost = to_numpy(link.cost.array)
    expected = [reference.viterbi(cost, x) for x in sequences]
    assert [to_numpy(p).tolist() for p in path] == [list(p) for p, _ in expected]
    assert all(p.dtype == numpy.int32 and p.shape == (n,) for p, n in zip(path, lengths))
    numpy.testing.assert_allclose(to_numpy(score.array), [s for _, s in expected], rtol=1e-5)


def test_argmax_time_major_path(mode):
    rng = numpy.random.RandomState(7)
    link = CRF1d(N_LABEL, initial_cost=rng.uniform(-2, 2, (N_LABEL, N_LABEL))).to_device(DEVICES[mode])
    sequences = [rng.uniform(-2, 2, (n, N_LABEL)).astype(numpy.float32) for n in (3, 2)]
    score, path = link.argmax(_send(mode, _time_major(sequences), numpy.float32))
    assert [p.shape for p in path] == [(2,), (2,), (1,)]
    cost = to_numpy(link.cost.array)
    by_sequence = [p.tolist() for p in reference.sequences([to_numpy(p) for p in path])]
    assert by_sequence == [list(reference.viterbi(cost, x)[0]) for x in sequences]


def test_transposed_loss_equals_the_time_major_loss(mode):
    rng = numpy.random.RandomState(8)
    link = CRF1d(N_LABEL, initial_cost=rng.uniform(-1, 1, (N_LABEL, N_LABEL))).to_device(DEVICES[mode])
    sequences = [rng.uniform(-1, 1, (n, N_LABEL)).astype(numpy.float32) for n in (4, 2, 2)]
    labels = [rng.randint(0, N_LABEL, n) for n in (4, 2, 2)]
    transposed = link(_send(mode, sequences, numpy.float32), _send(mode, labels, numpy.int32),
                      reduce='no', transpose=True)
    time_major = link(_send(mode, _time_major(sequences), numpy.float32),
                      _send(mode, _time_major(labels), numpy.int32), reduce='no')
    numpy.testing.assert_array_equal(to_numpy(transposed.array), to_numpy(time_major.array))


def test_cost_gradient_accumulates_in_the_parameter(mode):
    link = CRF1d(2).to_device(DEVICES[mode])
    xs = _send(mode, [numpy.zeros((1, 2))] * 3, numpy.float32)
    link(xs, _send(mode, [[0], [1], [1]], numpy.int32)).backward()
    # Zero scores: each transition is expected 1/4 times per step; the labels take 0->1 and 1->1.
    numpy.testing.assert_allclose(to_numpy(link.cost.grad), [[.5, -.5], [.5, -.5]], atol=1e-6)


def test_native_on_chainerx():
    rng = numpy.random.RandomState(9)
    link = CRF1d(N_LABEL, initial_cost=rng.uniform(-1, 1, (N_LABEL, N_LABEL))).to_device('native:0')
    sequences = [chainer.Variable(chainerx.array(rng.uniform(-1, 1, (n, N_LABEL)).astype(numpy.float32)))
                 for n in (1, 3, 2)]
    labels = _send('chainerx', [rng.randint(0, N_LABEL, n) for n in (1, 3, 2)], numpy.int32)
    before = chainer.function_node.fallback_count
    for y in [link(sequences, labels, transpose=True), link(sequences, labels, reduce='no', transpose=True),
              link.argmax(sequences, transpose=True)[0]]:
        grads = chainer.grad([F.sum(y * y)], [link.cost] + sequences, enable_double_backprop=True)
        chainer.grad([F.sum(g * g) for g in grads], [link.cost] + sequences)
    assert chainer.function_node.fallback_count == before


def test_serialization_round_trip(tmp_path):
    source = CRF1d(N_LABEL, initial_cost=initializers.Normal())
    path = str(tmp_path / 'crf.npz')
    chainer.serializers.save_npz(path, source)
    target = CRF1d(N_LABEL)
    chainer.serializers.load_npz(path, target)
    numpy.testing.assert_array_equal(target.cost.array, source.cost.array)


def test_invalid_reduce(mode):
    link = CRF1d(2).to_device(DEVICES[mode])
    xs, ys = _send(mode, [numpy.zeros((1, 2))], numpy.float32), _send(mode, [[0]], numpy.int32)
    for transpose in (False, True):
        with pytest.raises(ValueError, match="only 'mean' and 'no' are valid for 'reduce'"):
            link(xs, ys, reduce='sum', transpose=transpose)


def test_scores_of_another_label_count_are_invalid_type(mode):
    link = CRF1d(2).to_device(DEVICES[mode])
    with pytest.raises(chainer.utils.type_check.InvalidType):
        link.argmax(_send(mode, [numpy.zeros((2, 3))], numpy.float32))
