"""F.gaussian_kl_divergence, F.bernoulli_nll, F.gaussian_nll: losses of variational autoencoders.

They are compositions of Variable operators, F.exp, F.softplus and F.sum_to, as in the original, so
they broadcast like the operators do and run natively on chainerx wherever those do.
"""

import math

import chainer
from chainer import variable
from chainer.functions.loss import _util
from chainer.functions.math.sum_to import sum_to

_REDUCE = ('sum', 'mean', 'no')


def _reduce(loss, reduce):
    if reduce == 'sum':
        return sum_to(loss, ())
    if reduce == 'mean':
        return sum_to(loss, ()) / loss.size
    return loss


def gaussian_kl_divergence(mean, ln_var, reduce='sum'):
    """KL divergence of N(mean, exp(ln_var)) from the standard normal distribution.

    Elementwise, the loss is (mean ** 2 + exp(ln_var) - ln_var - 1) / 2.

    Args:
        mean (~chainer.Variable or array): Means of the Gaussians.
        ln_var (~chainer.Variable or array): Logarithms of their variances.
        reduce (str): `'sum'` (the default), `'mean'` or `'no'` (elementwise).

    Returns:
        ~chainer.Variable: The divergence.
    """
    _util.check_reduce(reduce, _REDUCE)
    mean = variable.as_variable(mean)
    ln_var = variable.as_variable(ln_var)
    loss = (mean * mean + chainer.functions.exp(ln_var) - ln_var - 1) * 0.5
    return _reduce(loss, reduce)


def bernoulli_nll(x, y, reduce='sum'):
    """Negative log-likelihood of data `x` under Bernoulli distributions of logits `y`.

    Elementwise, the loss is softplus(y) - x * y, -log p(x) for p = sigmoid(y).

    Args:
        x (~chainer.Variable or array): Data (0 or 1 values, float).
        y (~chainer.Variable or array): Pre-sigmoid parameters of the distributions.
        reduce (str): `'sum'` (the default), `'mean'` or `'no'` (elementwise).

    Returns:
        ~chainer.Variable: The negative log-likelihood.
    """
    _util.check_reduce(reduce, _REDUCE)
    y = variable.as_variable(y)
    return _reduce(chainer.functions.softplus(y) - y * x, reduce)


def gaussian_nll(x, mean, ln_var, reduce='sum'):
    """Negative log-likelihood of data `x` under Gaussians N(mean, exp(ln_var)).

    Elementwise, the loss is (ln_var + log(2 pi)) / 2 + (x - mean) ** 2 * exp(-ln_var) / 2.

    Args:
        x (~chainer.Variable or array): Data.
        mean (~chainer.Variable or array): Means of the Gaussians.
        ln_var (~chainer.Variable or array): Logarithms of their variances.
        reduce (str): `'sum'` (the default), `'mean'` or `'no'` (elementwise).

    Returns:
        ~chainer.Variable: The negative log-likelihood.
    """
    _util.check_reduce(reduce, _REDUCE)
    ln_var = variable.as_variable(ln_var)
    x_prec = chainer.functions.exp(-ln_var)
    x_diff = variable.as_variable(x) - mean
    x_power = (x_diff * x_diff) * x_prec * -0.5
    return _reduce((ln_var + math.log(2 * math.pi)) / 2 - x_power, reduce)
