"""Helpers shared by the optimizer hooks."""

from chainer import optimizer


def grad(param):
    """The gradient of `param` (writable: read-only NumPy broadcasts are copied), or None.

    For a chainerx parameter it is the gradient array itself, so that in-place arithmetic on it
    updates the parameter's gradient.
    """
    return optimizer._writable_grad(param)


def param_and_grad(param):
    """``(param.array, grad(param))``, or None when either is missing."""
    array = param.array
    if array is None:
        return None
    gradient = grad(param)
    if gradient is None:
        return None
    return array, gradient


def scaled(value, param):
    """`value` times the parameter's pending loss scale (gradients of NumPy/CuPy parameters are
    still scaled when pre-update hooks run; chainerx's backward unscales them itself)."""
    loss_scale = param._loss_scale
    return value if loss_scale is None else value * loss_scale
