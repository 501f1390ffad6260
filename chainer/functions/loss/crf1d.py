"""F.crf1d and F.argmax_crf1d: the linear-chain conditional random field over label sequences.

Note [CRF recursions]: a sequence of length L with unary scores x[t] (K labels) and the
transition costs `cost` (cost[i, j] scores label i followed by label j) gives a label path
y_0, ..., y_{L-1} the score

    s(y) = sum_t x[t, y_t] + sum_{t > 0} cost[y_{t-1}, y_t],

and the model's probability exp(s(y)) / Z with Z = sum_y exp(s(y)). The forward variables
alpha[t, j] = log sum over the paths ending at j at step t of exp(score so far) follow

    alpha[0] = x[0],   alpha[t, j] = logsumexp_i(alpha[t-1, i] + cost[i, j]) + x[t, j],

so log Z = logsumexp_j(alpha[L-1, j]); the loss is log Z - s(y). The Viterbi recursion is the
same with max for logsumexp, plus the argmax of each step (the backpointers) to read the best
path back from its last label. Everything is composed of chainer functions (logsumexp,
select_item, embed_id, split_axis, concat, max, argmax), so the loss is differentiable to any
order, and on chainerx Variables every step is a native chainerx routine (no NumPy fallback).

Note [Shrinking batches]: the inputs are time-major (F.transpose_sequence's layout): xs[t] holds
step t of the B_t sequences longer than t, the sequences sorted by decreasing length, so
B_0 >= B_1 >= .... When B_t < B_{t-1}, the last B_{t-1} - B_t rows of the running values belong
to sequences that ended at step t-1: they are split off (and finished: their loss, or their best
last label and score) and the recursion goes on with the first B_t rows. The finished parts are
concatenated at the end, the latest first, which restores the batch order.
"""

from chainer import backend
from chainer import variable
from chainer.functions.array.concat import concat
from chainer.functions.array.expand_dims import expand_dims
from chainer.functions.array.select_item import select_item
from chainer.functions.array.split_axis import split_axis
from chainer.functions.connection.embed_id import embed_id
from chainer.functions.loss import _util
from chainer.functions.math.argminmax import argmax
from chainer.functions.math.logsumexp import logsumexp
from chainer.functions.math.minmax_reduction import max as max_
from chainer.functions.math.sum import sum as sum_
from chainer.utils import _checks
from chainer.utils import type_check


def _expect(condition, expect, actual):
    if not condition:
        raise type_check.InvalidType(expect, actual)


def _check_steps(cost, xs, ys=None):
    """The original's requirements on (cost, xs, ys), with InvalidType (shapes and dtypes) or
    ValueError (the lists) where they fail.

    Note [Empty sequences]: the original reads xs[0] first, so an empty `xs` fails there with an
    IndexError; a batch of no steps has no batch size to give a loss of, so this one raises a
    ValueError that says so, as F.connectionist_temporal_classification does for no frames.
    """
    _checks.check_array(cost, 'cost')
    for name, steps in (('xs', xs), ('ys', ys)):
        if steps is None:
            continue
        if not isinstance(steps, (list, tuple)):
            raise TypeError('{} must be a list of Variables or arrays, not {}'.format(
                name, type(steps).__name__))
        for t, step in enumerate(steps):
            _checks.check_array(step, '{}[{}]'.format(name, t))
    if len(xs) == 0:
        raise ValueError('xs must hold at least one step (a (B, K) array), but it is empty')
    if ys is not None and len(ys) != len(xs):
        raise ValueError('xs and ys must have the same length (one label array per step), '
                         'but len(xs) = {} and len(ys) = {}'.format(len(xs), len(ys)))
    _expect(cost.ndim == 2, 'cost.ndim == 2', '{} != 2'.format(cost.ndim))
    n_label = cost.shape[0]
    _expect(cost.shape[1] == n_label and n_label > 0,
            'cost.shape[0] == cost.shape[1] > 0', 'cost.shape = {}'.format(cost.shape))
    _expect(cost.dtype.kind == 'f', "cost.dtype.kind == 'f'", '{}'.format(cost.dtype))
    batch = xs[0].shape[0] if xs[0].ndim else 0
    for t, x in enumerate(xs):
        name = 'xs[{}]'.format(t)
        _expect(x.ndim == 2, name + '.ndim == 2', '{} != 2'.format(x.ndim))
        _expect(x.shape[1] == n_label, name + '.shape[1] == cost.shape[0]',
                '{} != {}'.format(x.shape[1], n_label))
        _expect(x.dtype == cost.dtype, name + '.dtype == cost.dtype',
                '{} != {}'.format(x.dtype, cost.dtype))
        _expect(x.shape[0] <= batch, name + '.shape[0] <= xs[{}].shape[0]'.format(t - 1),
                '{} > {}'.format(x.shape[0], batch))
        batch = x.shape[0]
        if ys is None:
            continue
        y = ys[t]
        name = 'ys[{}]'.format(t)
        _expect(y.ndim == 1 and y.shape[0] == batch, name + '.shape == xs[{}].shape[:1]'.format(t),
                '{} != {}'.format(y.shape, (batch,)))
        _expect(y.dtype.kind == 'i', name + ".dtype.kind == 'i'", '{}'.format(y.dtype))


def _split_ended(value, batch):
    """(the first `batch` rows of `value`, the rest or None): Note [Shrinking batches]."""
    if value.shape[0] > batch:
        return split_axis(value, [batch], axis=0)
    return value, None


def _concat_batch(parts):
    return parts[0] if len(parts) == 1 else concat(parts, axis=0)


def _transition_scores(alpha, cost):
    """alpha[b, i] + cost[i, j] for every (b, i, j): shape (B, K, K)."""
    return expand_dims(alpha, 2) + cost


def crf1d(cost, xs, ys, reduce='mean'):
    """The negative log-likelihood of label sequences under a linear-chain CRF.

    A path y of labels through a sequence scores ``sum_t xs[t][b, y_t] + sum_{t>0}
    cost[y_{t-1}, y_t]``; the loss of a sequence is the log of the sum of exp(score) over every
    path minus the score of its labels (Note [CRF recursions]).

    Args:
        cost (~chainer.Variable or array): The transition costs, a float (K, K) array:
            ``cost[i, j]`` scores label i followed by label j.
        xs (list of ~chainer.Variable or arrays): The unary scores per step, time-major: xs[t]
            of shape (B_t, K) and cost's dtype holds step t of the B_t sequences longer than t,
            the sequences sorted by decreasing length (B_0 >= B_1 >= ..., as
            F.transpose_sequence gives).
        ys (list of ~chainer.Variable or arrays): The labels per step: ys[t] of shape (B_t,),
            signed integers in [0, K).
        reduce (str): `'mean'` (the default) returns the mean of the losses over the B_0
            sequences (a 0-d Variable; NaN when B_0 is 0); `'no'` returns the loss of each
            sequence, shape (B_0,).

    Returns:
        ~chainer.Variable: The loss, of cost's dtype.

    Raises:
        ValueError: `reduce` is unknown, `xs` is empty (Note [Empty sequences]) or `ys` has
            another length.
        TypeError: `cost` or a step is not a Variable or an array, or `xs` or `ys` is not a
            list (or tuple).
        ~chainer.utils.type_check.InvalidType: A shape or dtype does not fit (the batch grows
            over the steps, x.shape[1] is not K, ...).

    Example:
        >>> cost = numpy.zeros((2, 2), numpy.float32)
        >>> xs = [numpy.array([[0., 0.]], numpy.float32)] * 2
        >>> ys = [numpy.array([1], numpy.int32)] * 2
        >>> F.crf1d(cost, xs, ys).array  # four equally likely paths: log 4
        array(1.3862944, dtype=float32)
    """
    _util.check_reduce(reduce, ('mean', 'no'))
    _check_steps(cost, xs, ys)
    ys = [variable.as_array(y) for y in ys]
    n_batch = xs[0].shape[0]
    alpha = xs[0]
    score = select_item(xs[0], ys[0])
    ended = []  # the losses of the sequences that ended, latest last (Note [Shrinking batches])
    for x, y, y_prev in zip(xs[1:], ys[1:], ys[:-1]):
        batch = x.shape[0]
        alpha, alpha_ended = _split_ended(alpha, batch)
        score, score_ended = _split_ended(score, batch)
        if alpha_ended is not None:
            ended.append(logsumexp(alpha_ended, axis=1) - score_ended)
        alpha = logsumexp(_transition_scores(alpha, cost), axis=1) + x
        # embed_id picks the rows cost[y_prev]; one select_item adds x[y] and cost[y_prev, y].
        score = score + select_item(embed_id(y_prev[:batch], cost) + x, y)
    loss = _concat_batch([logsumexp(alpha, axis=1) - score] + ended[::-1])
    if reduce == 'mean':
        return sum_(loss) / n_batch
    return loss


def argmax_crf1d(cost, xs):
    """The best label path of each sequence under a linear-chain CRF (Viterbi decoding).

    Args:
        cost (~chainer.Variable or array): The transition costs, a float (K, K) array, as in
            :func:`crf1d`.
        xs (list of ~chainer.Variable or arrays): The unary scores per step, time-major and
            sorted by decreasing length, as in :func:`crf1d`.

    Returns:
        tuple: ``(score, path)``. `score` is a Variable of shape (B_0,) and cost's dtype: the
        score of each sequence's best path (differentiable with respect to cost and xs).
        `path` is a list of int32 arrays of the inputs' array module and device, path[t] of
        shape (B_t,): the best path's labels at step t.

    Raises:
        ValueError: `xs` is empty (Note [Empty sequences]).
        TypeError: `cost` or a step is not a Variable or an array, or `xs` is not a list.
        ~chainer.utils.type_check.InvalidType: A shape or dtype does not fit.

    Example:
        >>> cost = numpy.array([[0., -5.], [-5., 0.]], numpy.float32)  # keeping a label pays
        >>> xs = [numpy.array([[3., 0.]], numpy.float32), numpy.array([[0., 2.]], numpy.float32)]
        >>> score, path = F.argmax_crf1d(cost, xs)
        >>> score.array, [p.tolist() for p in path]  # 3 + 0 + 0 beats 3 - 5 + 2 and 0 + 0 + 2
        (array([3.], dtype=float32), [[0], [0]])
    """
    _check_steps(cost, xs)
    alpha = xs[0]
    backpointers = []  # per step t > 0: the best label at t-1 for each label at t, (B_t, K)
    ended_alphas = []  # per step t > 0: the alpha rows of the sequences that ended at t-1, or None
    for x in xs[1:]:
        alpha, alpha_ended = _split_ended(alpha, x.shape[0])
        ended_alphas.append(alpha_ended)
        scores = _transition_scores(alpha, cost)
        backpointers.append(argmax(scores, axis=1).array)
        alpha = max_(scores, axis=1) + x

    labels = argmax(alpha, axis=1).array
    xp = backend.get_array_module(labels)
    path = [labels]
    scores = [max_(alpha, axis=1)]
    for back, alpha_ended in zip(backpointers[::-1], ended_alphas[::-1]):
        labels = back[_util.arange_like(xp, back.shape[0], labels.dtype, back), labels]
        if alpha_ended is not None:
            labels = xp.concatenate([labels, argmax(alpha_ended, axis=1).array])
            scores.append(max_(alpha_ended, axis=1))
        path.append(labels)
    path.reverse()
    return _concat_batch(scores), path
