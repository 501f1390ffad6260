"""F.gaussian_kl_divergence, F.bernoulli_nll, F.gaussian_nll: losses of variational autoencoders.

They are compositions of Variable operators, F.exp, F.softplus and F.sum_to, as in the original, so
they broadcast like the operators do. When every input is a Variable holding a chainerx array of one
float dtype and shape, the elementwise loss is the chainerx routine instead (one kernel forward,
Note [Losses of variational autoencoders] in chainerx/core/routines/loss_vae.cc), which records its
backward in C++.
"""

import math

import chainer
import chainerx

from chainer import variable
from chainer.functions.loss import _util
from chainer.functions.math.sum_to import sum_to

_REDUCE = ('sum', 'mean', 'no')


def _chainerx_arrays(*inputs):
    """The chainerx arrays of `inputs` if each is a Variable holding one, all of one float dtype
    and one shape (other shapes take the composition, whose broadcasting and errors are the
    operators'); else None."""
    if not all([isinstance(v, variable.Variable) and v._has_chainerx_array for v in inputs]):
        return None
    arrays = [v._data[0] for v in inputs]
    first = arrays[0]
    if first.dtype.kind != 'f' or any([a.dtype != first.dtype or a.shape != first.shape
                                        for a in arrays]):
        return None
    return arrays


def _reduced_chainerx(loss, reduce):
    """The chainerx array `loss` (with its graph) as a Variable, reduced."""
    return _reduce(variable.Variable._from_chainerx(loss), reduce)


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
    arrays = _chainerx_arrays(mean, ln_var)
    if arrays is not None:
        return _reduced_chainerx(chainerx.gaussian_kl_divergence(*arrays), reduce)
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
    arrays = _chainerx_arrays(variable.as_variable(x), y)
    if arrays is not None:
        return _reduced_chainerx(chainerx._core._bernoulli_nll(*arrays), reduce)
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
    arrays = _chainerx_arrays(variable.as_variable(x), variable.as_variable(mean), ln_var)
    if arrays is not None:
        return _reduced_chainerx(chainerx._core._gaussian_nll(*arrays), reduce)
    x_prec = chainer.functions.exp(-ln_var)
    x_diff = variable.as_variable(x) - mean
    x_power = (x_diff * x_diff) * x_prec * -0.5
    return _reduce((ln_var + math.log(2 * math.pi)) / 2 - x_power, reduce)
