"""Helpers of the sampled-softmax losses (F.negative_sampling, F.black_out): their type check and
the scores of sampled rows of an embedding matrix.

Both losses are compositions of chainer functions (embed_id, matmul, softplus, ...), so they are
differentiable twice and run natively on chainerx Variables; only their type check is their own.
"""

import numbers

import numpy

from chainer import backend
from chainer.functions import _composition
from chainer.functions.array.expand_dims import expand_dims
from chainer.functions.array.reshape import reshape
from chainer.functions.connection.embed_id import embed_id
from chainer.functions.math.matmul import matmul
from chainer.utils import type_check


class InputCheck(_composition.CompositionCheck):
    """The type check of a sampled loss, on (x, t, W) or (x, t, W, samples).

    The node is never applied: the loss is a composition of other functions, and `run` checks
    its inputs as `FunctionNode.apply` would (InvalidType naming `label`).

    Args:
        label (str): The name shown in the messages (the original's node name).
        label_dtype: The dtype `t` must have; None accepts any signed integer dtype.
    """

    def __init__(self, label, label_dtype=None):
        self._label = label
        self.label_dtype = label_dtype

    @property
    def label(self):
        return self._label

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't', 'W', 'samples')[:len(in_types)])
        x_type, t_type, w_type = in_types[:3]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2,
            t_type.dtype.kind == 'i' if self.label_dtype is None
            else t_type.dtype == self.label_dtype,
            t_type.ndim == 1,
            t_type.shape[0] == x_type.shape[0],
            w_type.dtype == x_type.dtype,
            w_type.ndim == 2,
            w_type.shape[1] == x_type.shape[1],
        )
        if len(in_types) == 4:
            samples_type = in_types[3]
            type_check.expect(
                samples_type.dtype.kind == 'i',
                samples_type.ndim == 2,
                samples_type.shape[0] == x_type.shape[0],
            )


def check_sample_size(sample_size):
    """`sample_size` as an int (a NumPy integer is accepted).

    Raises:
        TypeError: It is not an integer.
        ValueError: It is negative.
    """
    if isinstance(sample_size, (bool, numpy.bool_)) or \
            not isinstance(sample_size, numbers.Integral):
        raise TypeError('sample_size must be an integer, not {}'.format(
            type(sample_size).__name__))
    if sample_size < 0:
        raise ValueError('sample_size must not be negative, got {}'.format(sample_size))
    return int(sample_size)


def rows_with_labels(t, samples):
    """The array (B, 1 + S) whose first column is `t` (B,) and the others `samples` (B, S).

    The result has the samples' dtype and lives on their device (which must be t's).
    """
    xp = backend.get_array_module(samples)
    return xp.concatenate([t.reshape(-1, 1).astype(samples.dtype), samples], axis=1)


def sampled_scores(x, W, rows, ignore_label=None):
    """``x[b] . W[rows[b, k]]`` for every b and k: a Variable of the shape of `rows` (B, K).

    Args:
        x (~chainer.Variable): The features, (B, D).
        W (~chainer.Variable or array): The embedding matrix, (V, D).
        rows (array): Signed integer row indices into W, (B, K).
        ignore_label (int or None): An index whose rows read as zero vectors (score 0).
    """
    embedded = embed_id(rows, W, ignore_label=ignore_label)  # (B, K, D)
    return reshape(matmul(embedded, expand_dims(x, 2)), rows.shape)
