"""`chainer.links.CRF1d`: a linear-chain CRF with a learnable transition cost matrix.

Note [CRF1d transposition]: the functions take time-major batches whose sequences are sorted by
decreasing length (F.transpose_sequence's output). With ``transpose=True`` the link takes
batch-major lists of sequences instead, as the original's, sorts them by decreasing length (a
stable sort: a batch already sorted, as the original asks for, keeps its order), transposes them,
and undoes both on the results: the path is transposed back to one label array per sequence, and
the per-sequence outputs (the ``'no'`` loss, the scores and the paths) are in the order of the
given sequences. On a sorted batch that is exactly the original's result.
"""

from chainer import link
from chainer import variable
from chainer.functions.array.get_item import get_item
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.functions.loss.crf1d import argmax_crf1d
from chainer.functions.loss.crf1d import crf1d
from chainer.links.rnn.n_step_rnn import argsort_list_descent
from chainer.links.rnn.n_step_rnn import permutate_list


def _inverse(order):
    """The permutation that undoes `order` (``inverse[order[i]] = i``), as a list."""
    inverse = [0] * len(order)
    for i, index in enumerate(order):
        inverse[int(index)] = i
    return inverse


def _sorted(sequences, order):
    """`sequences` permuted by `order` (their order by decreasing length)."""
    return permutate_list(list(sequences), order, inv=False)


def _batch_order(values, order):
    """A per-sequence Variable of the sorted batch, back in the caller's order (as `order` was)."""
    if list(order) == list(range(len(order))):
        return values
    return get_item(values, (_inverse(order),))


class CRF1d(link.Link):
    """A linear-chain conditional random field over label sequences.

    The link holds the transition cost ``cost[i, j]`` of label i followed by label j; its
    forward is :func:`chainer.functions.crf1d` (the negative log-likelihood of the labels) and
    :meth:`argmax` is :func:`chainer.functions.argmax_crf1d` (Viterbi decoding).

    Args:
        n_label (int): The number of labels K.
        initial_cost: The initial cost: an initializer, a scalar or a (K, K) array; None (the
            default) fills it with zeros, as the original does.

    Attributes:
        cost (~chainer.Parameter): The (K, K) transition cost matrix.

    Example:
        >>> crf = chainer.links.CRF1d(3)
        >>> xs = [numpy.zeros((2, 3), numpy.float32), numpy.zeros((1, 3), numpy.float32)]
        >>> ys = [numpy.array([0, 1], numpy.int32), numpy.array([2], numpy.int32)]
        >>> crf(xs, ys, reduce='no').array  # log 9 and log 3: every path is as likely
        array([2.1972246, 1.0986123], dtype=float32)
    """

    def __init__(self, n_label, initial_cost=None):
        super().__init__()
        from chainer import initializers
        if initial_cost is None:
            initial_cost = initializers.Zero()
        with self.init_scope():
            self.cost = variable.Parameter(
                initializers._get_initializer(initial_cost), (n_label, n_label))

    def forward(self, xs, ys, reduce='mean', transpose=False):
        """The negative log-likelihood of the label sequences `ys` given the scores `xs`.

        Args:
            xs (list of ~chainer.Variable or arrays): The scores: time-major arrays of shape
                (B_t, K) with non-increasing B_t (see :func:`chainer.functions.crf1d`), or, if
                `transpose` is True, one (L_b, K) array per sequence.
            ys (list of ~chainer.Variable or arrays): The int labels, laid out as `xs`: (B_t,)
                arrays, or (L_b,) arrays if `transpose` is True.
            reduce (str): `'mean'` (the mean over the sequences) or `'no'` (one loss each).
            transpose (bool): Whether `xs` and `ys` are batch-major (Note [CRF1d
                transposition]).

        Returns:
            ~chainer.Variable: The loss, 0-d for `'mean'`, of shape (B,) for `'no'`.
        """
        if not transpose:
            return crf1d(self.cost, xs, ys, reduce)
        order = argsort_list_descent(xs)
        loss = crf1d(self.cost, transpose_sequence(_sorted(xs, order)),
                           transpose_sequence(_sorted(ys, order)), reduce)
        return loss if reduce == 'mean' else _batch_order(loss, order)

    def argmax(self, xs, transpose=False):
        """The best label path of each sequence, and its score.

        Args:
            xs (list of ~chainer.Variable or arrays): The scores, as in :meth:`forward`.
            transpose (bool): Whether `xs` is batch-major; the path is then one (L_b,) int32
                array per sequence (Note [CRF1d transposition]).

        Returns:
            tuple: ``(score, path)``: the scores of the best paths, a Variable of shape (B,),
            and the paths, a list of int32 arrays (time-major (B_t,) arrays, or one (L_b,)
            array per sequence if `transpose` is True).
        """
        if not transpose:
            return argmax_crf1d(self.cost, xs)
        order = argsort_list_descent(xs)
        score, path = argmax_crf1d(self.cost, transpose_sequence(_sorted(xs, order)))
        path = [p.array for p in transpose_sequence(path)]
        return _batch_order(score, order), permutate_list(path, order, inv=True)
