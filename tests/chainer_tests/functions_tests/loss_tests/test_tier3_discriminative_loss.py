"""F.discriminative_margin_based_clustering_loss against a NumPy reference written with loops."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.loss.discriminative_loss import discriminative_margin_based_clustering_loss
from chainer.utils import type_check

import function_test_utils
import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _lp(v, norm):
    v = numpy.asarray(v, numpy.float64).ravel()
    return numpy.abs(v).sum() if norm == 1 else numpy.sqrt((v * v).sum())


def _reference(e, labels, delta_v, delta_d, K, norm=1, alpha=1.0, beta=1.0, gamma=0.001):
    """The three weighted terms, pixel by pixel, as the original computes them (float64)."""
    e = e.astype(numpy.float64)
    B, C, H, W = e.shape
    means = numpy.zeros((K, B, C))
    sizes = numpy.zeros((K, B))
    for k in range(K):
        for b in range(B):
            for i in range(H):
                for j in range(W):
                    if labels[b, i, j] == k + 1:
                        means[k, b] += e[b, :, i, j]
                        sizes[k, b] += 1
            means[k, b] /= max(sizes[k, b], 1)
    variance = 0.0
    for k in range(K):
        total = 0.0
        for b in range(B):
            for i in range(H):
                for j in range(W):
                    # The original masks the offsets: a pixel outside the cluster is at distance 0.
                    inside = labels[b, i, j] == k + 1
                    d = _lp((means[k, b] - e[b, :, i, j]) * inside, norm)
                    total += max(d - delta_v, 0) ** 2
        variance += total / max(sizes[k].sum(), 1)
    variance /= K
    distance = 0.0
    for b in range(B):
        for k in range(K):
            for m in range(k + 1, K):
                distance += max(2 * delta_d - _lp(means[k, b] - means[m, b], norm), 0) ** 2
    distance /= max(B * K * (K - 1) // 2, 1)
    regularization = sum(_lp(means[k], norm) for k in range(K)) / max(K * B, 1)
    return alpha * variance, beta * distance, gamma * regularization


def _labels(shape, K, rng=numpy.random):
    # Background (0), the K instances and a label above K (ignored, as background).
    return rng.randint(0, K + 2, shape).astype(numpy.int32)


@loss_check.function_tests({
    'shape': [(2, 3, 3, 4), (1, 2, 2, 3), (3, 1, 2, 2)],
    'norm': [1, 2],
    'deltas': [(0.5, 1.5), (0.1, 0.4), (-0.2, 1.0)],
})
class TestDiscriminativeLoss(loss_check.ToleranceTestCase):
    """Both norms, one to three clusters, margins that cut some pixels and pairs, a negative delta_v."""

    dodge_nondifferentiable = True
    tolerance_scale = 4.0

    def generate_inputs(self):
        e = loss_check.uniform(self.shape, self.dtype, -2, 2)
        B, K, H, W = self.shape
        return e, _labels((B, H, W), K)

    def forward(self, inputs, device):
        e, labels = inputs
        delta_v, delta_d = self.deltas
        return discriminative_margin_based_clustering_loss(
            e, labels, delta_v, delta_d, self.shape[1], norm=self.norm, alpha=0.7, beta=1.3, gamma=0.5)

    def forward_expected(self, inputs):
        e, labels = inputs
        delta_v, delta_d = self.deltas
        terms = _reference(e, labels, delta_v, delta_d, self.shape[1], self.norm, 0.7, 1.3, 0.5)
        return tuple(numpy.asarray(t, self.dtype) for t in terms)


def test_docstring_example():
    e = numpy.zeros((1, 2, 1, 2), numpy.float32)
    e[0, :, 0, 1] = 1
    labels = numpy.array([[[1, 2]]], numpy.int32)
    terms = discriminative_margin_based_clustering_loss(e, labels, 0.5, 1.5, 2)
    assert [t.dtype for t in terms] == [numpy.float32] * 3
    numpy.testing.assert_allclose([float(t.array) for t in terms], [0.0, 1.0, 0.001], rtol=1e-6)


@pytest.mark.parametrize('norm', [1, 2])
def test_hand_computed_terms(mode, norm):
    # One image, 1 x 4 pixels in 2 channels: cluster 1 = pixels 0 and 1, cluster 2 = pixel 2, pixel 3
    # background. The means are (1, 0) and (0, 3); the pixels of cluster 1 are 1 off their mean (L1
    # and L2 alike) and the means 4 (L1) or sqrt(10) (L2) apart.
    e = numpy.array([[[[0, 2, 0, 9]], [[0, 0, 3, 9]]]], numpy.float64)
    labels = numpy.array([[[1, 1, 2, 0]]], numpy.int32)
    var, dist, reg = discriminative_margin_based_clustering_loss(
        make_array(mode, e), make_array(mode, labels, numpy.int32), 0.5, 2.0, 2, norm=norm, gamma=1.0)
    gap = 4.0 if norm == 1 else numpy.sqrt(10.0)
    numpy.testing.assert_allclose(to_numpy(var.array), (2 * 0.5 ** 2 / 2 + 0) / 2)
    numpy.testing.assert_allclose(to_numpy(dist.array), max(4.0 - gap, 0) ** 2)
    numpy.testing.assert_allclose(to_numpy(reg.array), (1.0 + 3.0) / 2)


def test_one_cluster_has_no_distance_term(mode):
    e, = function_test_utils.seeded_arrays(mode, (2, 1, 3, 3))
    labels = make_array(mode, _labels((2, 3, 3), 1, numpy.random.RandomState(1)), numpy.int32)
    var, dist, reg = discriminative_margin_based_clustering_loss(e, labels, 0.1, 1.0, 1)
    assert isinstance(dist, chainer.Variable) and dist.shape == () and float(dist.array) == 0
    expected = _reference(to_numpy(e), to_numpy(labels), 0.1, 1.0, 1)
    numpy.testing.assert_allclose([float(var.array), float(reg.array)], [expected[0], expected[2]])


@pytest.mark.parametrize('shape', [(0, 3, 2, 2), (2, 3, 0, 4)])
def test_empty_batch_or_image(mode, shape):
    e = chainer.Variable(make_array(mode, numpy.zeros(shape)))
    labels = make_array(mode, numpy.zeros((shape[0],) + shape[2:]), numpy.int32)
    terms = discriminative_margin_based_clustering_loss(e, labels, 0.5, 1.5, 3)
    expected = _reference(numpy.zeros(shape), numpy.zeros((shape[0],) + shape[2:]), 0.5, 1.5, 3)
    numpy.testing.assert_allclose([float(t.array) for t in terms], expected)
    gx, = chainer.grad([sum(terms)], [e])
    assert gx is None or (gx.shape == shape and not to_numpy(gx.array).any())


def test_all_background_and_absent_clusters_have_finite_gradients(mode):
    # Note [Norms at zero]: absent clusters' means are 0 (and so is their distance); under the L2
    # norm the original's gradient is NaN there.
    e = chainer.Variable(function_test_utils.seeded_arrays(mode, (2, 3, 2, 2))[0])
    labels = numpy.zeros((2, 2, 2), numpy.int32)
    labels[0, 0, 0] = 1
    labels = make_array(mode, labels, numpy.int32)
    terms = discriminative_margin_based_clustering_loss(e, labels, 0.5, 1.5, 3, norm=2)
    gx, = chainer.grad([sum(terms)], [e], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx * gx)], [e])
    assert numpy.isfinite(to_numpy(gx.array)).all() and numpy.isfinite(to_numpy(ggx.array)).all()
    expected = _reference(to_numpy(e.array), to_numpy(labels), 0.5, 1.5, 3, norm=2)
    numpy.testing.assert_allclose([float(t.array) for t in terms], expected)


def test_labels_as_variable_and_weights_as_numpy_scalars(mode):
    e, = function_test_utils.seeded_arrays(mode, (1, 2, 2, 3))
    labels = _labels((1, 2, 3), 2, numpy.random.RandomState(3))
    terms = discriminative_margin_based_clustering_loss(
        e, chainer.Variable(make_array(mode, labels, numpy.int32)), numpy.float32(0.2),
        numpy.float64(0.8), numpy.int64(2), norm=numpy.int32(2), alpha=numpy.float32(2))
    expected = _reference(to_numpy(e), labels, 0.2, 0.8, 2, norm=2, alpha=2.0)
    numpy.testing.assert_allclose([float(t.array) for t in terms], expected)
    assert [t.dtype for t in terms] == [numpy.float64] * 3


@pytest.mark.parametrize('dtype', [numpy.uint8, numpy.int8, numpy.int16, numpy.int64])
def test_labels_of_other_integer_dtypes_and_negative_labels(mode, dtype):
    labels = numpy.random.RandomState(4).randint(-2 if dtype != numpy.uint8 else 0, 4, (2, 3, 3))
    e, = function_test_utils.seeded_arrays(mode, (2, 2, 3, 3))
    terms = discriminative_margin_based_clustering_loss(e, make_array(mode, labels, dtype), 0.2, 0.7, 2, norm=2)
    expected = _reference(to_numpy(e), labels, 0.2, 0.7, 2, norm=2)
    numpy.testing.assert_allclose([float(t.array) for t in terms], expected)


@pytest.mark.parametrize('norm', [1, 2])
def test_stays_native(norm):
    labels = make_array('chainerx', _labels((2, 3, 4), 3, numpy.random.RandomState(2)), numpy.int32)

    def loss(e):
        return F.stack(discriminative_margin_based_clustering_loss(e, labels, 0.3, 1.0, 3, norm=norm))
    function_test_utils.check_stays_native(loss, (2, 3, 3, 4))


@pytest.mark.parametrize('kwargs', [{'max_embedding_dim': 0}, {'norm': 3}, {'norm': 'l2'}])
def test_invalid_arguments(kwargs):
    args = dict(delta_v=0.5, delta_d=1.5, max_embedding_dim=2)
    args.update(kwargs)
    e = numpy.zeros((1, 2, 2, 2))
    with pytest.raises(ValueError):
        discriminative_margin_based_clustering_loss(e, numpy.zeros((1, 2, 2), numpy.int32), **args)


def test_channels_must_be_the_clusters(mode):
    with pytest.raises(AssertionError):  # as the original's assert
        discriminative_margin_based_clustering_loss(
            make_array(mode, numpy.zeros((1, 3, 2, 2))), make_array(mode, numpy.zeros((1, 2, 2)), numpy.int32),
            0.5, 1.5, 2)


@pytest.mark.parametrize('e, labels', [
    (numpy.zeros((1, 2, 2)), numpy.zeros((1, 2, 2), numpy.int32)),  # 3-d embeddings
    (numpy.zeros((1, 2, 2, 2), numpy.int32), numpy.zeros((1, 2, 2), numpy.int32)),  # int embeddings
    (numpy.zeros((1, 2, 2, 2)), numpy.zeros((1, 2, 2))),  # float labels
    (numpy.zeros((1, 2, 2, 2)), numpy.zeros((1, 2, 2), bool)),
    (numpy.zeros((1, 2, 2, 2)), numpy.zeros((2, 2, 2), numpy.int32)),  # batch sizes differ
    (numpy.zeros((1, 2, 2, 2)), numpy.zeros((1, 2, 3), numpy.int32)),  # image sizes differ
    (numpy.zeros((1, 2, 2, 2)), numpy.zeros((1, 2, 2, 1), numpy.int32)),  # 4-d labels
])
def test_invalid_inputs(mode, e, labels):
    loss_check.raises_in_both_modes(
        mode, type_check.InvalidType,
        lambda x, t: discriminative_margin_based_clustering_loss(x, t, 0.5, 1.5, 2), e, labels)
