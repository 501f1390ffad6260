"""F.connectionist_temporal_classification: the CTC loss of label sequences given frame scores.

Note [CTC recursions]: the label sequence l of sample b (length L_b) is extended to the path
blank, l_1, blank, l_2, ..., l_L, blank of length S_b = 2 L_b + 1. With lp[t, s] the log-softmax
of frame t at path label s, the forward variables alpha[t, s] (log probability of the prefixes
ending at s at frame t, frame t included) follow

    alpha[t, s] = logsumexp(alpha[t-1, s], alpha[t-1, s-1], alpha[t-1, s-2] if skip[s]) + lp[t, s]

from a virtual alpha[-1] that is 0 at s = 0 and -inf elsewhere; skip[s] holds where path[s] is a
label different from path[s-2]. The backward variables beta[t, s] (log probability of the rest
of the frames given s at frame t, frame t excluded) run the same recursion from the end. Then
log p(l | x) = logsumexp(alpha[T_b-1, S_b-1], alpha[T_b-1, S_b-2]), and the posterior of path
position s at frame t is exp(alpha + beta - log p). The gradient of -log p with respect to the
scores x[t, k] is softmax(x[t])[k] minus the posterior summed over the positions labelled k.
Everything is vectorized over the batch (one step per frame), in log space with a large finite
negative number standing for log 0 (so that no inf - inf appears), with routines that NumPy and
CuPy share. On chainerx the loss is one routine, chainerx._core._ctc_loss, whose kernels run the
same formulas over all frames at once (Note [CTC in kernels] in chainerx/core/routines/loss_ctc.cc).
"""

import collections.abc
import numbers

import numpy

import chainerx

from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer._array_types import ARRAY_TYPES
from chainer.functions.array.reshape import reshape
from chainer.functions.array.stack import stack
from chainer.functions.loss import _util
from chainer.utils import type_check

_LOG_ZERO = -1e30  # log 0 (Note [CTC recursions])
_ARRAYS = ARRAY_TYPES + (variable.Variable,)


def _log_softmax(xp, x):
    m = x.max(axis=2, keepdims=True)
    shifted = x - m
    return shifted - xp.log(xp.exp(shifted).sum(axis=2, keepdims=True))


def _logsumexp(xp, *terms):
    m = terms[0]
    for term in terms[1:]:
        m = xp.maximum(m, term)
    total = xp.exp(terms[0] - m)
    for term in terms[1:]:
        total = total + xp.exp(term - m)
    return m + xp.log(total)


def _shift(xp, a, k, fill):
    """a[:, s - k] along axis 1 (k may be negative), `fill` where that is out of range."""
    pad = a[:, :abs(k)] * 0 + fill
    if k > 0:
        return xp.concatenate([pad, a[:, :-k]], axis=1)
    return xp.concatenate([a[:, -k:], pad], axis=1)


def _can_skip(xp, path, previous, blank):
    """Whether a path position may be entered from two positions before (or left to two after)."""
    return xp.logical_and(path != blank, path != previous)


class _Lattice:
    """The path labels, their log probabilities and the masks of a batch (arrays of one module)."""

    def __init__(self, xp, x, t, input_length, label_length, blank):
        n_frames, batch, n_units = x.shape
        self.xp = xp
        self.path_length = label_length * 2 + 1
        positions = _util.arange_like(xp, t.shape[1] * 2 + 1, t.dtype, t)
        interleaved = xp.stack([xp.full_like(t, blank), t], axis=2).reshape(batch, -1)
        path = xp.concatenate([interleaved, xp.full_like(t[:, :1], blank)], axis=1)
        # Labels past a sample's end (padding) are read as blanks; they never reach the result.
        path = xp.where(positions < self.path_length.reshape(batch, 1), path, blank)
        self.path = path
        self.log_probs = _log_softmax(xp, x)
        rows = _util.arange_like(xp, batch, t.dtype, t).reshape(batch, 1) * n_units
        self.lp = xp.take(self.log_probs.reshape(n_frames, -1), path + rows, axis=1)
        self.skip_in = _can_skip(xp, path, _shift(xp, path, 2, blank), blank)
        self.skip_out = _can_skip(xp, _shift(xp, path, -2, blank), path, blank)
        frames = _util.arange_like(xp, n_frames, input_length.dtype, input_length)
        self.input_length = input_length
        self.active = frames.reshape(n_frames, 1) < input_length.reshape(1, batch)
        self.positions = positions

    def forward_variables(self):
        """alpha for every frame, (T, B, S), and log p(l | x), (B,)."""
        xp, lp = self.xp, self.lp
        alpha = xp.where(self.positions == 0, lp[0] * 0, _LOG_ZERO)  # the virtual alpha[-1]
        alphas = []
        for t in range(len(lp)):
            new = _logsumexp(xp, alpha, _shift(xp, alpha, 1, _LOG_ZERO), xp.where(
                self.skip_in, _shift(xp, alpha, 2, _LOG_ZERO), _LOG_ZERO)) + lp[t]
            alpha = xp.where(self.active[t].reshape(-1, 1), new, alpha)
            alphas.append(alpha)
        # alpha now holds each sample's last frame (or the virtual start if it has no frame).
        batch, n_positions = alpha.shape
        flat = alpha.reshape(-1)
        first = _util.arange_like(xp, batch, self.path_length.dtype, alpha) * n_positions
        last = xp.take(flat, first + self.path_length - 1, axis=0)
        before = xp.take(flat, first + xp.maximum(self.path_length - 2, 0), axis=0)
        before = xp.where(self.path_length >= 2, before, _LOG_ZERO)
        return xp.stack(alphas), _logsumexp(xp, last, before)

    def backward_variables(self):
        """beta for every frame, (T, B, S), zero probability at the frames past a sample's end."""
        xp, lp = self.xp, self.lp
        ends = self.path_length.reshape(-1, 1)
        final = xp.where(xp.logical_or(self.positions == ends - 1, self.positions == ends - 2),
                         lp[0] * 0, _LOG_ZERO)
        last_frame = self.input_length.reshape(-1, 1) - 1
        beta = final * 0 + _LOG_ZERO
        betas = []
        for t in range(len(lp) - 1, -1, -1):
            if t + 1 < len(lp):
                e = beta + lp[t + 1]
                beta = _logsumexp(xp, e, _shift(xp, e, -1, _LOG_ZERO), xp.where(
                    self.skip_out, _shift(xp, e, -2, _LOG_ZERO), _LOG_ZERO))
            beta = xp.where(last_frame == t, final, xp.where(last_frame > t, beta, _LOG_ZERO))
            betas.append(beta)
        return xp.stack(betas[::-1])

    def loss_gradient(self, alphas, log_p):
        """The gradient of each sample's -log p(l | x) with respect to x, (T, B, K)."""
        xp = self.xp
        betas = self.backward_variables()
        # A log posterior is at most 0; the clamp keeps impossible labellings finite.
        posterior = xp.exp(xp.minimum(alphas + betas - log_p.reshape(1, -1, 1), 0))
        n_units = self.log_probs.shape[2]
        units = _util.arange_like(xp, n_units, self.path.dtype, self.path)
        one_hot = (self.path.reshape(self.path.shape + (1,)) == units).astype(posterior.dtype)
        per_unit = xp.matmul(posterior.transpose(1, 0, 2), one_hot).transpose(1, 0, 2)
        active = self.active.reshape(self.active.shape + (1,)).astype(posterior.dtype)
        return (xp.exp(self.log_probs) - per_unit) * active


def _check_lengths(lengths, limit, name):
    if len(lengths) and (int(lengths.min()) < 0 or int(lengths.max()) > limit):
        raise ValueError('{} must be in [0, {}], got {}'.format(name, limit, lengths))


def _check_values(input_length, label_length, t, x):
    """ValueError for lengths, or labels within the label lengths, out of range, where the host
    reads them without waiting for a device (or in debug mode: `backend._checks_values`)."""
    if not backend._checks_values(t):
        return
    cpu = backend.CpuDevice()
    input_length, label_length, t = [cpu.send(a) for a in (input_length, label_length, t)]
    _check_lengths(input_length, x.shape[0], 'input_length')
    _check_lengths(label_length, t.shape[1], 'label_length')
    labels = t[numpy.arange(t.shape[1]) < label_length.reshape(-1, 1)]
    if labels.size and (int(labels.min()) < 0 or int(labels.max()) >= x.shape[2]):
        raise ValueError('the labels within label_length must be in [0, {})'.format(x.shape[2]))


class ConnectionistTemporalClassification(function_node.FunctionNode):
    """The CTC loss of (input_length, label_length, t, x); only x gets a gradient."""

    def __init__(self, blank_symbol, reduce='mean'):
        _util.check_reduce(reduce, ('mean', 'no'))
        self.blank_symbol = blank_symbol
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('input_length', 'label_length', 't', 'x'))
        input_length_type, label_length_type, t_type, x_type = in_types
        type_check.expect(
            input_length_type.dtype == numpy.int32,
            input_length_type.ndim == 1,
            label_length_type.dtype == numpy.int32,
            label_length_type.ndim == 1,
            t_type.ndim == 2,
            t_type.dtype == numpy.int32,
            x_type.ndim == 3,
            x_type.dtype.kind == 'f',
        )
        n_batch = x_type.shape[1]
        type_check.expect(
            t_type.shape[0] == n_batch,
            input_length_type.shape[0] == n_batch,
            label_length_type.shape[0] == n_batch,
        )

    def forward_chainerx(self, inputs):
        # One routine, which records its own backward (Note [CTC in kernels]).
        if configuration.config.type_check:
            self._check_data_type_forward(inputs)
        input_length, label_length, t, x = inputs
        _check_values(input_length, label_length, t, x)
        loss = chainerx._core._ctc_loss(x, t, input_length, label_length, self.blank_symbol)
        if self.reduce == 'mean':
            loss = loss.sum() / max(len(loss), 1)
        return loss,

    def forward(self, inputs):
        input_length, label_length, t, x = inputs
        xp = backend.get_array_module(x)
        _check_values(input_length, label_length, t, x)
        dtype = numpy.float64 if x.dtype == numpy.float64 else numpy.float32
        self.lattice = _Lattice(xp, x.astype(dtype, copy=False), t, input_length, label_length,
                                self.blank_symbol)
        self.alphas, self.log_p = self.lattice.forward_variables()
        loss = -self.log_p
        if self.reduce == 'mean':
            loss = loss.sum() / max(len(loss), 1)
        return utils.force_array(loss.astype(x.dtype, copy=False)),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        grad = self.lattice.loss_gradient(self.alphas, self.log_p).astype(gy.dtype, copy=False)
        if self.reduce == 'mean':
            gy = gy * (1. / max(grad.shape[1], 1))
        else:
            gy = reshape(gy, (1, len(gy), 1))
        gx = _util.constant(grad) * gy
        return tuple([gx if i == 3 else None for i in indexes])


def _checked_arguments(x, t, blank_symbol, input_length, label_length):
    """The wrapper's checks of the original; t and the lengths, the defaults filled in."""
    if not isinstance(x, collections.abc.Sequence):
        raise TypeError('x must be a list of Variables')
    if not isinstance(blank_symbol, numbers.Integral) or isinstance(blank_symbol, bool):
        raise TypeError('blank_symbol must be non-negative integer.')
    if not x:
        raise ValueError('x must have at least one frame')
    if not all([isinstance(a, _ARRAYS) for a in (x[0], t)]):
        raise TypeError('the frames of x and t must be arrays or Variables')
    first = variable.as_variable(x[0])
    if first.ndim != 2:
        raise ValueError('each frame of x must be 2-d (batch, units), got {} dimensions'.format(
            first.ndim))
    if not 0 <= blank_symbol < first.shape[1]:
        raise ValueError('blank_symbol must be in [0, {}), got {}'.format(
            first.shape[1], blank_symbol))
    t = variable.as_variable(t)
    if t.ndim != 2:
        raise type_check.InvalidType('t.ndim == 2', '{} != 2'.format(t.ndim))
    device = backend.get_device_from_array(first.array)
    if input_length is None:
        input_length = device.send(numpy.full(first.shape[0], len(x), numpy.int32))
    if label_length is None:
        label_length = device.send(numpy.full(t.shape[0], t.shape[1], numpy.int32))
    return t, input_length, label_length


def connectionist_temporal_classification(
        x, t, blank_symbol, input_length=None, label_length=None, reduce='mean'):
    """Connectionist Temporal Classification loss: -log p(t | x) summed over all alignments.

    See Graves et al., Connectionist Temporal Classification: Labelling Unsegmented Sequence
    Data with Recurrent Neural Networks (ICML 2006). The scores of each frame are turned into
    probabilities with a softmax (do not apply one yourself).

    Args:
        x (list or tuple of ~chainer.Variable or arrays): The unnormalized scores of the T frames,
            each of shape (B, K) (B sequences, K units including the blank).
        t (~chainer.Variable or array): The labels, an int32 array of shape (B, L); the labels
            past a sequence's `label_length` are ignored.
        blank_symbol (int): The unit standing for the blank, in [0, K).
        input_length (~chainer.Variable or array): The number of frames of each sequence, an
            int32 array of shape (B,) with values in [0, T]; by default all are T.
        label_length (~chainer.Variable or array): The number of labels of each sequence, an
            int32 array of shape (B,) with values in [0, L]; by default all are L.
        reduce (str): `'mean'` (the default) averages the losses over the batch (a 0-d
            Variable); `'no'` returns the loss of each sequence, of shape (B,).

    Returns:
        ~chainer.Variable: The loss, of x's dtype. A labelling that no alignment of the frames
        can produce has a huge loss (about 1e30) instead of infinity. Only the scores get a
        gradient; as in the original, the gradient is not differentiable again with respect to
        them (only with respect to the gradient of the loss).

    Raises:
        TypeError: `x` is not a list or tuple, or `blank_symbol` is not an integer.
        ValueError: `x` is empty, its arrays are not 2-d, `blank_symbol` is out of range, a
            length or label is out of range, or `reduce` is unknown. On a GPU the lengths and
            labels are checked in debug mode only: reading them back would make the host wait for
            the device at every call.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes are invalid.

    Example:
        >>> x = [numpy.zeros((1, 3), numpy.float32)] * 2
        >>> t = numpy.array([[1]], numpy.int32)
        >>> loss = F.connectionist_temporal_classification(x, t, 0)
        >>> bool(abs(loss.array - numpy.log(9 / 3)) < 1e-6)
        True
    """
    t, input_length, label_length = _checked_arguments(
        x, t, blank_symbol, input_length, label_length)
    return ConnectionistTemporalClassification(int(blank_symbol), reduce).apply(
        (input_length, label_length, t, stack(x)))[0]
