"""F.connectionist_temporal_classification against a brute-force sum over all alignments."""

import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.loss.ctc import connectionist_temporal_classification as ctc
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _collapse(frames, blank):
    """The labelling of an alignment: repeats merged, then blanks removed."""
    merged = [unit for i, unit in enumerate(frames) if i == 0 or unit != frames[i - 1]]
    return [unit for unit in merged if unit != blank]


def _brute_force(x, t, blank, input_length, label_length):
    """-log p(t_b | x_b) for each sequence, summing the probabilities of every alignment."""
    n_frames, batch, n_units = x.shape
    losses = []
    for b in range(batch):
        scores = x[:input_length[b], b].astype(numpy.float64)
        p = numpy.exp(scores - scores.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        target = list(t[b, :label_length[b]])
        total = sum(numpy.prod([p[i, u] for i, u in enumerate(frames)])
                    for frames in itertools.product(range(n_units), repeat=int(input_length[b]))
                    if _collapse(frames, blank) == target)
        losses.append(-numpy.log(total))
    return numpy.array(losses)


# (T, B, K, labels (the padding is -1), input lengths, blank symbol)
_CASES = [
    (4, 3, 3, [[1, 1], [2, -1], [-1, -1]], [4, 3, 2], 0),
    (3, 2, 3, [[0, 1], [1, 1]], [3, 3], 2),
    (1, 1, 2, [[1]], [1], 0),
]


@loss_check.function_tests({'case': _CASES, 'reduce': ['mean', 'no']})
class TestCTC(loss_check.ToleranceTestCase):
    """Variable lengths, repeated labels, padding, an empty labelling and another blank."""

    skip_double_backward_test = True  # the gradient is not differentiable again (as originally)

    def setUp(self):
        super().setUp()
        n_frames, self.batch, self.n_units, labels, lengths, self.blank = self.case
        self.labels = numpy.array(labels, numpy.int32)
        self.label_length = (self.labels >= 0).sum(axis=1).astype(numpy.int32)
        self.input_length = numpy.array(lengths, numpy.int32)
        self.x_shape = (n_frames, self.batch, self.n_units)

    def generate_inputs(self):
        return (loss_check.uniform(self.x_shape, self.dtype, -2, 2), self.labels,
                self.input_length, self.label_length)

    def forward(self, inputs, device):
        x, t, input_length, label_length = inputs
        return ctc(F.separate(x), t, self.blank, input_length, label_length, self.reduce),

    def forward_expected(self, inputs):
        x, t, input_length, label_length = inputs
        loss = _brute_force(x, t, self.blank, input_length, label_length)
        if self.reduce == 'mean':
            loss = numpy.asarray(loss.mean())
        return loss.astype(self.dtype),


def _frames(mode, x):
    return [chainer.Variable(make_array(mode, frame)) for frame in x]


def test_default_lengths_are_the_full_lengths(mode):
    x = numpy.random.RandomState(0).uniform(-1, 1, (3, 2, 3))
    t = numpy.array([[1, 2], [2, 2]], numpy.int32)
    loss = ctc(_frames(mode, x), make_array(mode, t, numpy.int32), 0, reduce='no')
    expected = _brute_force(x, t, 0, [3, 3], [2, 2])
    numpy.testing.assert_allclose(to_numpy(loss.array), expected, rtol=1e-12)


def test_gradient_is_softmax_minus_posterior(mode):
    # One frame, label 1: the only alignment emits 1, so the gradient is softmax - one_hot(1).
    x = numpy.array([[[0.5, -1.0, 2.0]]])
    frames = _frames(mode, x)
    loss = ctc(frames, make_array(mode, [[1]], numpy.int32), 0)
    gx, = chainer.grad([loss], frames[:1])
    p = numpy.exp(x[0, 0]) / numpy.exp(x[0, 0]).sum()
    numpy.testing.assert_allclose(to_numpy(gx.array), [p - [0, 1, 0]], rtol=1e-12)


def test_impossible_labelling_has_a_huge_finite_loss(mode):
    frames = _frames(mode, numpy.zeros((1, 1, 3)))
    loss = ctc(frames, make_array(mode, [[1, 2]], numpy.int32), 0)
    gx, = chainer.grad([loss], frames[:1])
    assert float(to_numpy(loss.array)) > 1e29
    assert numpy.isfinite(to_numpy(gx.array)).all()


def test_frames_past_the_input_length_get_no_gradient(mode):
    frames = _frames(mode, numpy.random.RandomState(1).uniform(-1, 1, (3, 2, 3)))
    lengths = make_array(mode, [1, 3], numpy.int32)
    loss = ctc(frames, make_array(mode, [[1], [2]], numpy.int32), 0, input_length=lengths)
    grads = chainer.grad([loss], frames)
    assert not to_numpy(grads[1].array)[0].any() and not to_numpy(grads[2].array)[0].any()
    assert to_numpy(grads[2].array)[1].any()


def test_native_on_chainerx():
    frames = _frames('chainerx', numpy.random.RandomState(2).uniform(-1, 1, (3, 2, 4)))
    before = chainer.function_node.fallback_count
    loss = ctc(frames, make_array('chainerx', [[1, 3], [2, 2]], numpy.int32), 0)
    chainer.grad([loss], frames)
    assert chainer.function_node.fallback_count == before


def _call(mode, x=((2, 3),) * 2, t=((2, 1), numpy.int32), blank=0, fill=1, **kwargs):
    frames = [make_array(mode, numpy.zeros(shape)) for shape in x]
    lengths = {k: make_array(mode, v, numpy.asarray(v).dtype) for k, v in kwargs.items()
               if k.endswith('_length')}
    reduce = kwargs.get('reduce', 'mean')
    return ctc(frames, make_array(mode, numpy.full(t[0], fill), t[1]), blank, reduce=reduce,
               **lengths)


@pytest.mark.parametrize('kwargs, error', [
    ({'blank': 1.0}, TypeError),
    ({'blank': 3}, ValueError),
    ({'blank': -1}, ValueError),
    ({'x': ()}, ValueError),
    ({'x': ((2, 3, 1),) * 2}, ValueError),
    ({'reduce': 'sum'}, ValueError),
    ({'input_length': numpy.array([3, 2], numpy.int32)}, ValueError),
    ({'label_length': numpy.array([2, 1], numpy.int32)}, ValueError),
    ({'label_length': numpy.array([-1, 1], numpy.int32)}, ValueError),
    ({'t': ((2, 1), numpy.int64)}, type_check.InvalidType),
    ({'t': ((2, 1), numpy.int32), 'fill': -1}, ValueError),
    ({'t': ((2, 1), numpy.int32), 'fill': 3}, ValueError),
    ({'t': ((3, 1), numpy.int32)}, type_check.InvalidType),
    ({'input_length': numpy.array([2, 2, 2], numpy.int32)}, type_check.InvalidType),
    ({'x': ((2, 3), (3, 3))}, type_check.InvalidType),  # F.stack's check
])
def test_invalid_arguments(mode, kwargs, error):
    with pytest.raises(error):
        _call(mode, **kwargs)


@pytest.mark.parametrize('x, t, error', [
    (numpy.zeros((2, 2, 3)), numpy.zeros((2, 1), numpy.int32), TypeError),
    ([[0.0, 1.0]], numpy.zeros((2, 1), numpy.int32), TypeError),
    ([numpy.zeros((2, 3))], [[1], [1]], TypeError),
    ([numpy.zeros((2, 3))], numpy.zeros(2, numpy.int32), type_check.InvalidType),
])
def test_x_and_t_must_be_arrays(x, t, error):
    with pytest.raises(error):
        ctc(x, t, 0)
