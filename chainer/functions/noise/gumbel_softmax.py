"""F.gumbel_softmax: a differentiable sample of a categorical distribution (Gumbel-Softmax)."""

from chainer import backend
from chainer import variable
from chainer.functions.activation.softmax import softmax
from chainer.functions.noise import _random
from chainer.utils import _checks


def gumbel_softmax(log_pi, tau=0.1, axis=1):
    """Gumbel-Softmax sampling: softmax((log_pi + g) / tau) with g standard Gumbel noise.

    As `tau` goes to 0 the sample approaches a one-hot vector drawn from the categorical
    distribution of probabilities softmax(log_pi) along `axis`; the sample is differentiable in
    `log_pi`. See Jang et al., Categorical Reparameterization with Gumbel-Softmax (ICLR 2017).

    The noise is drawn from NumPy's global generator (CuPy's for CuPy arrays), chainerx inputs
    included (Note [Noise on chainerx] in _random.py), so ``numpy.random.seed`` makes the sample
    reproducible; it is drawn in training and in test mode alike.

    Args:
        log_pi (~chainer.Variable or array): Float log probabilities (unnormalized ones do:
            softmax normalizes them) with the categories along `axis`.
        tau (float): The softmax temperature.
        axis (int): The axis of the categories.

    Returns:
        ~chainer.Variable: The sample, of log_pi's shape and dtype. A 0-d `log_pi` (a single
        category) gives 1 with no graph, as in the original.

    Example:
        >>> y = F.gumbel_softmax(numpy.zeros((2, 3), numpy.float32), tau=1.)
        >>> y.shape, bool(numpy.allclose(y.array.sum(axis=1), 1))
        ((2, 3), True)
    """
    _checks.check_array(log_pi, 'log_pi')
    array = variable.as_array(log_pi)
    xp = backend.get_array_module(array)
    if array.ndim < 1:
        return variable.Variable(backend._array_like('ones', array), requires_grad=False)
    noise = _random.random_module(array).gumbel(size=array.shape).astype(array.dtype, copy=False)
    if xp is not _random.host_module(array):
        noise = _random.on_device_of(noise, array)
    return softmax((log_pi + noise) / tau, axis=axis)
