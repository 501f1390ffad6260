"""A brute-force NumPy reference of the linear-chain CRF (F.crf1d, F.argmax_crf1d, L.CRF1d).

Every label path of a sequence is enumerated (K ** L of them, for small K and L): the loss is the
log of the sum of exp(score) over the paths minus the score of the labels, and the best path is
the one of the highest score. Shared by functions_tests/loss_tests/test_tier3_crf1d.py and
links_tests/loss/test_crf1d_link.py.
"""

import itertools

import numpy


def batch_sizes(lengths):
    """B_t of sequences of `lengths` (sorted by decreasing length), for each step t."""
    return [sum(1 for n in lengths if n > t) for t in range(max(lengths, default=0))]


def sequences(steps):
    """The time-major `steps` (arrays of B_t rows) as one array per sequence (batch-major)."""
    return [numpy.stack([step[b] for step in steps if len(step) > b])
            for b in range(len(steps[0]))]


def path_score(cost, x, path):
    """The score of a label path through the unary scores x, (L, K), of one sequence."""
    unary = sum(x[t, label] for t, label in enumerate(path))
    return unary + sum(cost[i, j] for i, j in zip(path, path[1:]))


def _all_paths(cost, x):
    return [(path, path_score(cost, x, path))
            for path in itertools.product(range(cost.shape[0]), repeat=len(x))]


def nll(cost, x, y):
    """The negative log-likelihood of the labels y, (L,), of the sequence x, (L, K)."""
    scores = numpy.array([score for _, score in _all_paths(cost, x)])
    top = scores.max()
    return top + numpy.log(numpy.exp(scores - top).sum()) - path_score(cost, x, list(y))


def viterbi(cost, x):
    """(the best path of the sequence x as a tuple of labels, its score)."""
    return max(_all_paths(cost, x), key=lambda path_and_score: path_and_score[1])
