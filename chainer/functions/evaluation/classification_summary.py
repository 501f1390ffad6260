"""F.classification_summary, F.precision, F.recall, F.f1_score: per-class scores of predictions.

The prediction of a sample is the argmax of its scores over axis 1; samples labelled `ignore_label`
do not count. Per class k: support = samples labelled k, relevant = samples predicted k, tp =
samples both; precision = tp / relevant, recall = tp / support (NaN where the denominator is 0, as
in the original), F-beta = (1 + beta^2) p r / (beta^2 p + r). As in the original, the scores are
float64 and the support int64 whatever the input dtype, and nothing is differentiable.

Note [Counting classes on chainerx]: NumPy and CuPy count with bincount, which chainerx lacks. On
chainerx the counts are sums of one-hot comparisons with the class ids (a (classes, samples) bool
array), taken over chunks of samples so that the temporary stays below `_CHUNK` elements. Every
routine is a chainerx one, so the forward runs natively on the inputs' device (path 1 of
Note [Native paths] in chainer/function_node.py).
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.evaluation.accuracy import Accuracy
from chainer.functions.evaluation.accuracy import _shapes_match
from chainer.utils import _checks

_CHUNK = 1 << 22  # elements of the one-hot temporary on chainerx (Note [Counting classes ...])


class ClassificationSummary(function_node.FunctionNode):
    """(precision, recall, F-beta, support) per class; see the module docstring."""

    # The inputs are those of F.accuracy: float scores (N, C, ...) and signed integer labels.
    check_type_forward = Accuracy.check_type_forward

    def __init__(self, label_num, beta, ignore_label):
        if label_num is not None:
            if not _checks.is_integer(label_num):
                raise TypeError('label_num must be None or an int, not {!r}'.format(label_num))
            if label_num < 0:
                raise ValueError('label_num must not be negative, got {}'.format(label_num))
            label_num = int(label_num)
        self.label_num = label_num
        self.beta = beta
        self.ignore_label = ignore_label

    def _label_num(self, t):
        if self.label_num is not None:
            return self.label_num
        return int(t.max()) + 1 if t.size else 0

    def _flat_labels(self, y, t):
        """(label_num, predictions, labels) as flat int64 arrays, ignored samples as label_num."""
        xp = backend.get_array_module(y)
        label_num = self._label_num(t)
        _checks.check_size((3, label_num + 1), 8, 'the counts of the classes')
        true = t.reshape(-1).astype(numpy.int64)
        ignored = true == self.ignore_label
        if bool((((true < 0) | (true >= label_num)) & xp.logical_not(ignored)).any()):
            raise ValueError('labels must be ignore_label or in [0, label_num) = [0, {})'.format(
                label_num))
        pred = y.argmax(axis=1).reshape(-1).astype(numpy.int64)
        pred = xp.where(ignored | (pred >= label_num), label_num, pred)
        true = xp.where(ignored, label_num, true)
        return label_num, pred, true

    def forward_chainerx(self, inputs):
        y, t = inputs
        if not (y.dtype.kind == 'f' and t.dtype.kind == 'i' and
                _shapes_match(y.shape, t.shape)):
            return function_node.Fallback  # the type check raises the original's error
        with chainerx.no_backprop_mode():
            label_num, pred, true = self._flat_labels(y, t)
            classes = chainerx.arange(label_num, dtype=numpy.int64, device=y.device)[:, None]
            counts = chainerx.zeros((3, label_num), numpy.int64, device=y.device)
            step = max(1, _CHUNK // max(1, label_num))
            for start in range(0, len(true), step):
                chunk = slice(start, start + step)
                p, q = pred[None, chunk], true[None, chunk]
                is_true = q == classes
                counts += chainerx.stack([(p == classes).sum(axis=1), is_true.sum(axis=1),
                                          (is_true & (p == q)).sum(axis=1)])
            return self._scores(counts[2], counts[0], counts[1])

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        label_num, pred, true = self._flat_labels(y, t)

        def count(values):
            return xp.bincount(values, minlength=label_num + 1)[:label_num]

        return self._scores(count(xp.where(pred == true, true, label_num)), count(pred),
                            count(true))

    def _scores(self, tp, relevant, support):
        tp = tp.astype(numpy.float64)
        with numpy.errstate(divide='ignore', invalid='ignore'):
            precision = tp / relevant.astype(numpy.float64)
            recall = tp / support.astype(numpy.float64)
            beta2 = self.beta * self.beta
            fbeta = (1 + beta2) * precision * recall / (beta2 * precision + recall)
        return precision, recall, fbeta, support


def classification_summary(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Precision, recall, F-beta score and support of a classification, per class.

    Args:
        y (~chainer.Variable or array): Float scores of shape (N, C, d1, ..., dk) (trailing axes
            of size 1 that `t` lacks are allowed); the prediction is the argmax over axis 1.
        t (~chainer.Variable or array): Signed integer labels of shape (N, d1, ..., dk).
        label_num (int or None): Number of classes; None means `max(t) + 1`.
        beta (float): Weight of recall in the F-beta score.
        ignore_label (int): Samples with this label are not counted.

    Returns:
        tuple of ~chainer.Variable: `(precision, recall, fbeta, support)`, each of shape
        (label_num,): float64 scores (NaN for a class never predicted, resp. never present) and
        the int64 number of samples of each class. They have no gradient.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `y` is not float, `t` not signed integer, or
            their shapes do not match.
        TypeError: If `label_num` is neither None nor an int.
        ValueError: If `label_num` is negative or too big to count, or a label other than
            `ignore_label` is negative or not below `label_num`.

    Example:
        >>> y = numpy.array([[0.9, 0.1], [0.2, 0.8], [0.7, 0.3]], numpy.float32)
        >>> t = numpy.array([0, 1, 1], numpy.int32)
        >>> [v.array for v in F.classification_summary(y, t)]
        [array([0.5, 1. ]), array([1. , 0.5]), array([0.66666667, 0.66666667]), array([1, 2])]
    """
    return ClassificationSummary(label_num, beta, ignore_label).apply((y, t))


def _score_and_support(index, y, t, label_num, beta, ignore_label):
    summary = ClassificationSummary(label_num, beta, ignore_label).apply((y, t))
    return summary[index], summary[3]


def precision(y, t, label_num=None, ignore_label=-1):
    """Precision per class: the fraction of the samples predicted k that are labelled k.

    Arguments are as for :func:`classification_summary`.

    Returns:
        tuple of ~chainer.Variable: `(precision, support)`.
    """
    return _score_and_support(0, y, t, label_num, 1.0, ignore_label)


def recall(y, t, label_num=None, ignore_label=-1):
    """Recall per class: the fraction of the samples labelled k that are predicted k.

    Arguments are as for :func:`classification_summary`.

    Returns:
        tuple of ~chainer.Variable: `(recall, support)`.
    """
    return _score_and_support(1, y, t, label_num, 1.0, ignore_label)


def fbeta_score(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """F-beta score per class: the weighted harmonic mean of precision and recall.

    Arguments are as for :func:`classification_summary`.

    Returns:
        tuple of ~chainer.Variable: `(fbeta, support)`.
    """
    return _score_and_support(2, y, t, label_num, beta, ignore_label)


def f1_score(y, t, label_num=None, ignore_label=-1):
    """F1 score per class: the harmonic mean of precision and recall.

    Arguments are as for :func:`classification_summary`.

    Returns:
        tuple of ~chainer.Variable: `(f1, support)`.
    """
    return fbeta_score(y, t, label_num, 1.0, ignore_label)
