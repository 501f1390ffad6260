"""F.crf1d and F.argmax_crf1d against a brute-force enumeration of every label path
(crf1d_reference)."""

import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.functions.loss.crf1d import argmax_crf1d
from chainer.functions.loss.crf1d import crf1d
from chainer.utils import type_check

import crf1d_reference as reference
import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


# (the sequence lengths, sorted by decreasing length; the number of labels K)
_CASES = [
    ((3, 3, 2, 1), 3),  # the batch shrinks at every step
    ((1,), 4),  # one sequence of length 1
    ((2, 2), 2),  # equal lengths: the batch never shrinks
    ((4, 1, 1), 2),  # two sequences end at once
]


def _random_steps(lengths, n_label, dtype):
    return [numpy.random.uniform(-1, 1, (n, n_label)).astype(dtype)
            for n in reference.batch_sizes(lengths)]


def _random_labels(lengths, n_label):
    return [numpy.random.randint(0, n_label, n).astype(numpy.int32)
            for n in reference.batch_sizes(lengths)]


class _CRFCase:
    """Mixin of a ToleranceTestCase (before it in the bases) for the cases of _CASES.

    The inputs are (cost, xs[0], ..., xs[T-1]), followed for the loss by (ys[0], ..., ys[T-1]).
    """

    with_labels = True

    def setUp(self):
        super().setUp()
        self.lengths, self.n_label = self.case
        self.n_steps = len(reference.batch_sizes(self.lengths))

    def generate_inputs(self):
        cost = numpy.random.uniform(-1, 1, (self.n_label,) * 2).astype(self.dtype)
        inputs = [cost] + _random_steps(self.lengths, self.n_label, self.dtype)
        if self.with_labels:
            inputs += _random_labels(self.lengths, self.n_label)
        return tuple(inputs)

    def split(self, inputs):
        """(cost, xs, ys) of the flat inputs."""
        cost, rest = inputs[0], inputs[1:]
        return cost, list(rest[:self.n_steps]), list(rest[self.n_steps:])


@loss_check.function_tests({'case': _CASES, 'reduce': ['mean', 'no']})
class TestCRF1d(_CRFCase, loss_check.ToleranceTestCase):
    """The loss for both reductions against the enumeration of all paths."""

    def forward(self, inputs, device):
        cost, xs, ys = self.split(inputs)
        return crf1d(cost, xs, ys, reduce=self.reduce),

    def forward_expected(self, inputs):
        cost, xs, ys = self.split([a.astype(numpy.float64) if a.dtype.kind == 'f' else a
                                   for a in inputs])
        loss = numpy.array([reference.nll(cost, x, y)
                            for x, y in zip(reference.sequences(xs), reference.sequences(ys))])
        if self.reduce == 'mean':
            loss = numpy.asarray(loss.mean())
        return loss.astype(self.dtype),


@loss_check.function_tests({'case': _CASES})
class TestArgmaxCRF1dScore(_CRFCase, loss_check.ToleranceTestCase):
    """The best path's score (and its gradients) against the enumeration of all paths."""

    dodge_nondifferentiable = True  # the best path changes where two paths tie
    with_labels = False

    def forward(self, inputs, device):
        cost, xs, _ = self.split(inputs)
        score, path = argmax_crf1d(cost, xs)
        return score,

    def forward_expected(self, inputs):
        cost, xs, _ = self.split([a.astype(numpy.float64) for a in inputs])
        scores = [reference.viterbi(cost, x)[1] for x in reference.sequences(xs)]
        return numpy.array(scores).astype(self.dtype),


def _variables(mode, arrays, dtype=numpy.float64):
    return [chainer.Variable(make_array(mode, a, dtype)) for a in arrays]


def _labels(mode, arrays):
    return [make_array(mode, a, numpy.int32) for a in arrays]


@pytest.mark.parametrize('lengths, n_label', _CASES + [((5, 3, 3, 2), 2), ((2, 1), 5)])
def test_argmax_path_is_the_best_path(mode, lengths, n_label):
    rng = numpy.random.RandomState(sum(lengths) + n_label)
    steps = [rng.uniform(-2, 2, (n, n_label)) for n in reference.batch_sizes(lengths)]
    cost = rng.uniform(-2, 2, (n_label, n_label))
    score, path = argmax_crf1d(chainer.Variable(make_array(mode, cost)), _variables(mode, steps))
    assert [p.shape for p in path] == [(n,) for n in reference.batch_sizes(lengths)]
    assert all(p.dtype == numpy.int32 for p in path)
    expected = [reference.viterbi(cost, x) for x in reference.sequences(steps)]
    paths = [p.tolist() for p in reference.sequences([to_numpy(p) for p in path])]
    assert paths == [list(p) for p, _ in expected]
    numpy.testing.assert_allclose(to_numpy(score.array), [s for _, s in expected], rtol=1e-12)


def test_path_is_on_the_inputs_array_module(mode):
    score, path = argmax_crf1d(make_array(mode, numpy.zeros((2, 2))),
                               [make_array(mode, numpy.eye(2))] * 2)
    array_type = numpy.ndarray if mode == 'numpy' else chainerx.ndarray
    assert all(isinstance(p, array_type) for p in path)
    assert isinstance(score, chainer.Variable) and isinstance(score.array, array_type)
    numpy.testing.assert_array_equal([to_numpy(p) for p in path], [[0, 1], [0, 1]])


def test_mean_is_the_mean_of_the_sequence_losses(mode):
    rng = numpy.random.RandomState(3)
    lengths = (3, 2, 2)
    cost = chainer.Variable(make_array(mode, rng.uniform(-1, 1, (3, 3))))
    xs = _variables(mode, [rng.uniform(-1, 1, (n, 3)) for n in reference.batch_sizes(lengths)])
    ys = _labels(mode, [rng.randint(0, 3, n) for n in reference.batch_sizes(lengths)])
    per_sequence = to_numpy(crf1d(cost, xs, ys, reduce='no').array)
    mean = crf1d(cost, xs, ys)
    assert mean.shape == () and (per_sequence > 0).all()
    numpy.testing.assert_allclose(to_numpy(mean.array), per_sequence.mean(), rtol=1e-12)


def test_cost_gradient_is_expected_transitions_minus_labelled_ones(mode):
    # With zero scores every path is equally likely: each of the K * K transitions is expected
    # 1 / K**2 times per step, and the labelled path 0 -> 1 -> 1 takes 0 -> 1 and 1 -> 1 once.
    cost = chainer.Variable(make_array(mode, numpy.zeros((2, 2))))
    xs = _variables(mode, [numpy.zeros((1, 2))] * 3)
    loss = crf1d(cost, xs, _labels(mode, [[0], [1], [1]]))
    gcost, = chainer.grad([loss], [cost])
    numpy.testing.assert_allclose(to_numpy(loss.array), 3 * numpy.log(2), rtol=1e-12)
    numpy.testing.assert_allclose(to_numpy(gcost.array), [[.5, -.5], [.5, -.5]], atol=1e-12)


def test_arrays_and_label_variables_as_arguments(mode):
    rng = numpy.random.RandomState(4)
    cost, steps = rng.uniform(-1, 1, (3, 3)), [rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (1, 3))]
    labels = [numpy.array([2, 0]), numpy.array([1])]
    plain = crf1d(make_array(mode, cost), [make_array(mode, x) for x in steps],
                  _labels(mode, labels), reduce='no')
    wrapped = crf1d(chainer.Variable(make_array(mode, cost)), _variables(mode, steps),
                    [chainer.Variable(y) for y in _labels(mode, labels)], reduce='no')
    expected = [reference.nll(cost, x, y) for x, y in zip(reference.sequences(steps), reference.sequences(labels))]
    numpy.testing.assert_allclose(to_numpy(plain.array), expected, rtol=1e-12)
    numpy.testing.assert_allclose(to_numpy(wrapped.array), expected, rtol=1e-12)


def test_zero_size_batch(mode):
    cost = chainer.Variable(make_array(mode, numpy.ones((3, 3))))
    xs = _variables(mode, [numpy.zeros((0, 3))] * 2)
    ys = _labels(mode, [numpy.zeros(0)] * 2)
    loss = crf1d(cost, xs, ys, reduce='no')
    assert loss.shape == (0,)
    gcost, gx = chainer.grad([F.sum(loss)], [cost, xs[0]])
    assert not to_numpy(gcost.array).any() and gx.shape == (0, 3)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)  # NumPy's 0 / 0
        assert numpy.isnan(to_numpy(crf1d(cost, xs, ys).array))  # the mean of no losses
    score, path = argmax_crf1d(cost, xs)
    assert score.shape == (0,) and [p.shape for p in path] == [(0,), (0,)]


def test_native_on_chainerx():
    rng = numpy.random.RandomState(5)
    lengths = (3, 2, 1)
    cost = chainer.Variable(chainerx.array(rng.uniform(-1, 1, (3, 3))))
    xs = _variables('chainerx', [rng.uniform(-1, 1, (n, 3)) for n in reference.batch_sizes(lengths)])
    ys = _labels('chainerx', [rng.randint(0, 3, n) for n in reference.batch_sizes(lengths)])
    before = chainer.function_node.fallback_count
    outputs = [crf1d(cost, xs, ys), crf1d(cost, xs, ys, reduce='no'), argmax_crf1d(cost, xs)[0]]
    for y in outputs:
        grads = chainer.grad([F.sum(y * y)], [cost] + xs, enable_double_backprop=True)
        chainer.grad([F.sum(g * g) for g in grads], [cost] + xs)
    assert chainer.function_node.fallback_count == before


@pytest.mark.parametrize('function', [crf1d, argmax_crf1d])
def test_empty_xs_is_a_value_error(mode, function):
    labels = ([],) if function is crf1d else ()
    with pytest.raises(ValueError, match='at least one step'):
        function(make_array(mode, numpy.zeros((2, 2))), [], *labels)


def test_invalid_reduce():
    with pytest.raises(ValueError, match="only 'mean' and 'no' are valid for 'reduce', but 'sum' is given"):
        crf1d(numpy.zeros((2, 2)), [numpy.zeros((1, 2))], [numpy.zeros(1, numpy.int32)], reduce='sum')


def test_labels_of_another_length_are_a_value_error(mode):
    with pytest.raises(ValueError, match='same length'):
        crf1d(make_array(mode, numpy.zeros((2, 2))), [make_array(mode, numpy.zeros((1, 2)))] * 2,
              _labels(mode, [[0]]))


# (cost (shape, dtype), steps [(shape, dtype)], labels [(shape, dtype)], whether only the labels
# are wrong, so that argmax_crf1d takes the rest)
_F8, _I4 = numpy.float64, numpy.int32
_INVALID = [
    (((2, 3), _F8), [((1, 2), _F8)], [((1,), _I4)], False),  # cost not square
    (((2,), _F8), [((1, 2), _F8)], [((1,), _I4)], False),  # cost not 2-d
    (((0, 0), _F8), [((1, 0), _F8)], [((1,), _I4)], False),  # no labels
    (((2, 2), _I4), [((1, 2), _I4)], [((1,), _I4)], False),  # integer scores
    (((2, 2), _F8), [((1, 3), _F8)], [((1,), _I4)], False),  # K of x is not K of cost
    (((2, 2), _F8), [((1, 2), numpy.float32)], [((1,), _I4)], False),  # another dtype
    (((2, 2), _F8), [((2,), _F8)], [((2,), _I4)], False),  # a 1-d step
    (((2, 2), _F8), [((1, 2), _F8), ((2, 2), _F8)], [((1,), _I4), ((2,), _I4)], False),  # grows
    (((2, 2), _F8), [((2, 2), _F8)], [((3,), _I4)], True),  # labels of another batch size
    (((2, 2), _F8), [((2, 2), _F8)], [((2, 1), _I4)], True),  # 2-d labels
    (((2, 2), _F8), [((2, 2), _F8)], [((2,), _F8)], True),  # float labels
]


@pytest.mark.parametrize('cost, steps, labels, labels_only', _INVALID)
def test_invalid_inputs_are_invalid_type(mode, cost, steps, labels, labels_only):
    def arrays(specs):
        return [make_array(mode, numpy.zeros(shape), dtype) for shape, dtype in specs]

    cost, = arrays([cost])
    with pytest.raises(type_check.InvalidType):
        crf1d(cost, arrays(steps), arrays(labels))
    if labels_only:
        score, path = argmax_crf1d(cost, arrays(steps))
        assert score.shape == steps[0][0][:1]
    else:
        with pytest.raises(type_check.InvalidType):
            argmax_crf1d(cost, arrays(steps))


def test_numpy_and_chainerx_inputs_do_not_mix():
    with pytest.raises(TypeError):
        crf1d(numpy.zeros((2, 2)), [chainerx.zeros((1, 2), 'float64')], [numpy.zeros(1, numpy.int32)])


@pytest.mark.parametrize('call', [
    lambda x: argmax_crf1d([], [x]),
    lambda x: argmax_crf1d(numpy.zeros((3, 3), numpy.float32), x),
    lambda x: argmax_crf1d(numpy.zeros((3, 3), numpy.float32), [x, ()]),
    lambda x: crf1d(numpy.zeros((3, 3), numpy.float32), [x], [[0, 1]]),
    lambda x: crf1d(numpy.zeros((3, 3), numpy.float32), [x], chainer.Parameter()),
    lambda x: argmax_crf1d(chainer.Parameter(), [x]),
])
def test_arguments_of_other_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call(numpy.zeros((2, 3), numpy.float32))
