"""F.discriminative_margin_based_clustering_loss: the pull, push and regularization terms of pixel
embeddings for instance segmentation (De Brabandere et al., 2017, arXiv:1708.02551).

It is a composition of chainer functions (matmul, sum, absolute, sqrt, where, relu), as the
original is, so it runs natively on chainerx Variables and has first and second derivatives.
"""

import numpy

from chainer import backend
from chainer import variable
from chainer.functions.activation.relu import relu
from chainer.functions.array.expand_dims import expand_dims
from chainer.functions.array.reshape import reshape
from chainer.functions.array.where import where
from chainer.functions.loss import _util
from chainer.functions.math.matmul import matmul
from chainer.functions.math.sign import absolute
from chainer.functions.math.sqrt import sqrt
from chainer.functions.math.square import square
from chainer.functions.math.sum import sum as sum_
from chainer.utils import type_check


def _safe_sqrt(squares):
    """sqrt(squares) whose gradient is 0, not NaN, where `squares` is 0.

    Note [Norms at zero]: the L2 distances here are often exactly 0: a pixel outside a cluster
    has no offset from it, and a cluster absent from an image has the mean 0 (so do two absent
    clusters' means, from each other). The original takes sqrt of them, whose gradient is then
    0 * inf = NaN. The square root here only sees positive values and the zeros stay constants,
    so their gradient is 0, the subgradient that |x| of the L1 norm has at 0 too.
    """
    positive = squares.array > 0
    return where(positive, sqrt(where(positive, squares, 1)), 0)


def _norm(x, axis, order):
    """The L1 or L2 norm (`order` 1 or 2) of `x` over `axis` (Note [Norms at zero])."""
    if order == 1:
        return sum_(absolute(x), axis=axis)
    return _safe_sqrt(sum_(x * x, axis=axis))


def _reciprocals(xp, counts, dtype):
    """1 / max(counts, 1) in `dtype`, computed in float64 (chainerx divides ints in float32)."""
    return (1. / xp.maximum(counts, 1).astype(numpy.float64)).astype(dtype)


def _squared_hinge(x):
    return square(relu(x))


def _check_inputs(embeddings, labels, max_embedding_dim):
    in_types = type_check.get_types((embeddings, labels), 'in_types', False)
    type_check.argname(in_types, ('embeddings', 'labels'))
    e_type, l_type = in_types
    type_check.expect(e_type.dtype.kind == 'f', e_type.ndim == 4)
    if labels.dtype.kind not in 'iu':  # label images are often uint8
        raise type_check.InvalidType('labels.dtype.kind in (i, u)',
                                     'labels.dtype == {}'.format(labels.dtype))
    type_check.expect(
        l_type.ndim == 3,
        l_type.shape[0] == e_type.shape[0],
        l_type.shape[1] == e_type.shape[2],
        l_type.shape[2] == e_type.shape[3],
    )
    if embeddings.shape[1] != max_embedding_dim:
        # Note [Channels are clusters]: as in the original, which asserts it: the embeddings
        # have one channel per cluster. Raised explicitly, so that `python -O` keeps the check.
        raise AssertionError('the embeddings have {} channels, but max_embedding_dim is {}'.format(
            embeddings.shape[1], max_embedding_dim))


def discriminative_margin_based_clustering_loss(
        embeddings, labels, delta_v, delta_d, max_embedding_dim, norm=1, alpha=1.0, beta=1.0,
        gamma=0.001):
    """Discriminative margin-based clustering loss of pixel embeddings (De Brabandere et al.).

    Pixels of one instance are pulled towards their mean embedding (variance term), the means of
    different instances are pushed apart (distance term), and the means are kept near the origin
    (regularization term). With K = `max_embedding_dim` clusters, B images, the instance of
    cluster k being the pixels labelled k + 1 (other labels, 0 among them, are background), N[k, b]
    its number of pixels in image b, mu[k, b] its mean embedding there (0 where N[k, b] is 0), and
    ``||.||`` the L1 or L2 norm over the channels (`norm`), the terms are, as in Chainer v7::

        variance = 1/K sum_k V[k] / max(sum_b N[k, b], 1), where
            V[k] = sum_b sum_{pixels p of k in b} [||mu[k, b] - e[b, :, p]|| - delta_v]_+^2
                   + (B H W - sum_b N[k, b]) [-delta_v]_+^2
        distance = sum_b sum_{k < l} [2 delta_d - ||mu[k, b] - mu[l, b]||]_+^2
                   / max(B K (K - 1) / 2, 1)
        regularization = sum_k ||mu[k, :, :]|| / max(K B, 1)

    where ``[.]_+`` is max(., 0). The pixels of a cluster are averaged over the whole batch, not
    per image; the distance term covers every pair of the K clusters, present or not (an absent
    cluster's mean is 0); the norm of the regularization term is taken over the images and the
    channels together. The second summand of the variance is the original's term of the pixels
    outside the cluster, nonzero only for a negative `delta_v`. The empty batch, where the
    original divides by zero, gives 0.

    Args:
        embeddings (~chainer.Variable or array): Pixel embeddings of shape (B, K, H, W), float.
        labels (~chainer.Variable or array): Instance labels of shape (B, H, W), of an integer
            dtype, signed or not (a Variable's array is used).
        delta_v (float): The distance to its mean within which a pixel costs nothing.
        delta_d (float): Cluster means further apart than ``2 * delta_d`` cost nothing.
        max_embedding_dim (int): K, the number of clusters and of channels; positive.
        norm (int): 1 or 2: the order of the norms.
        alpha (float): The weight of the variance term.
        beta (float): The weight of the distance term.
        gamma (float): The weight of the regularization term.

    Returns:
        tuple of ~chainer.Variable: ``(alpha * variance, beta * distance, gamma *
        regularization)``, 0-d, of the dtype of `embeddings`. They are differentiable in
        `embeddings`, twice where no hinge sits at its kink; where a norm is 0 its gradient is
        taken as 0 (the original's L2 norm gives NaN there).

    Raises:
        ValueError: `max_embedding_dim` is not positive or `norm` is neither 1 nor 2.
        AssertionError: The embeddings do not have `max_embedding_dim` channels (as the
            original).
        ~chainer.utils.type_check.InvalidType: `embeddings` is not a 4-d float array or
            `labels` not an integer array of shape (B, H, W).

    Example:
        >>> e = numpy.zeros((1, 2, 1, 2))
        >>> e[0, :, 0, 1] = 1               # the embeddings of the 2 pixels: (0, 0) and (1, 1)
        >>> labels = numpy.array([[[1, 2]]], numpy.int32)
        >>> var, dist, reg = F.discriminative_margin_based_clustering_loss(e, labels, 0.5, 1.5, 2)
        >>> float(var.array), float(dist.array), float(reg.array)   # L1: the means are 2 apart
        (0.0, 1.0, 0.001)
    """
    if max_embedding_dim <= 0:
        raise ValueError('Max number of embeddings has to be positive!')
    if norm not in (1, 2):
        raise ValueError('For discriminative loss, norm can only be 1 or 2. '
                         'Obtained the value : {}'.format(norm))
    embeddings = variable.as_variable(embeddings)
    if isinstance(labels, variable.Variable):
        labels = labels.array
    _check_inputs(embeddings.array, labels, max_embedding_dim)
    xp = backend.get_array_module(labels)
    n_images, n_clusters, height, width = embeddings.shape
    n_pixels = height * width
    dtype = embeddings.dtype
    e = reshape(embeddings, (n_images, n_clusters, n_pixels))

    # members[b, k, p]: whether pixel p of image b belongs to cluster k (label k + 1).
    ids = _util.arange_like(xp, n_clusters, numpy.int64, labels) + 1  # int64: no uint8 overflow
    members = labels.reshape((n_images, 1, n_pixels)) == ids.reshape((1, n_clusters, 1))
    counts = members.sum(axis=2)  # N[k, b] as (B, K), integers: no float16 overflow
    members = members.astype(dtype)
    inv_counts = _reciprocals(xp, counts, dtype).reshape((n_images, n_clusters, 1))
    means = matmul(members, e, transb=True) * inv_counts

    # Each pixel's offset from the mean of its cluster (0 for background pixels).
    own_means = matmul(means, members, transa=True)  # (B, K channels, pixels)
    inside = members.sum(axis=1).reshape((n_images, 1, n_pixels))
    offsets = _norm(own_means - e * inside, 1, norm)  # (B, pixels)
    hinges = expand_dims(_squared_hinge(offsets - delta_v), 2)
    pulls = sum_(matmul(members, hinges), axis=(0, 2))  # per cluster, over the batch
    cluster_sizes = counts.sum(axis=0)  # (K,)
    if delta_v < 0:  # the pixels outside each cluster (see the docstring)
        outside = (n_images * n_pixels - cluster_sizes).astype(dtype)
        pulls = pulls + outside * dtype.type(delta_v * delta_v)
    variance = sum_(pulls * _reciprocals(xp, cluster_sizes, dtype)) / n_clusters

    gaps = _norm(expand_dims(means, 2) - expand_dims(means, 1), 3, norm)  # (B, K, K)
    pairs = numpy.triu(numpy.ones((n_clusters, n_clusters), dtype), 1)
    pairs = backend.get_device_from_array(labels).send(pairs)
    n_pairs = n_images * n_clusters * (n_clusters - 1) // 2
    distance = sum_(_squared_hinge(2 * delta_d - gaps) * pairs) / max(n_pairs, 1)

    regularization = sum_(_norm(means, (0, 2), norm)) / max(n_clusters * n_images, 1)
    return alpha * variance, beta * distance, gamma * regularization
