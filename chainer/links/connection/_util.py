"""Helpers shared by the connection links: weight and bias registration, lazy channel counts."""

import numbers

from chainer import variable


def shift_lazy_arguments(first, second, third):
    """``(None, first, second)`` when `third` is None, else the arguments unchanged.

    Links with a lazily known input size accept ``Link(out, k)`` for ``Link(None, out, k)``
    (e.g. ``Convolution2D(16, 3)`` for ``Convolution2D(None, 16, 3)``).
    """
    if third is None:
        return None, first, second
    return first, second, third


def add_weight(link, name, initialW, shape=None):
    """Registers the Parameter `name` of `link`, initialised by `initialW` (None: LeCunNormal).

    `shape` None leaves it uninitialised until the first forward.
    """
    from chainer import initializers
    with link.init_scope():
        setattr(link, name, variable.Parameter(initializers._get_initializer(initialW), shape))


def add_bias(link, nobias, initial_bias, shape, name='b'):
    """Registers the bias Parameter of `link` (None if `nobias`), `initial_bias` None meaning 0."""
    from chainer import initializers
    with link.init_scope():
        if nobias:
            setattr(link, name, None)
            return
        initializer = initializers._get_initializer(0 if initial_bias is None else initial_bias)
        setattr(link, name, variable.Parameter(initializer, shape))


def check_size(name, value, allow_none=False):
    """Raises TypeError/ValueError unless `value` is a non-negative int (or None if allowed)."""
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError('{} must be an int, not {}'.format(name, type(value).__name__))
    if value < 0:
        raise ValueError('{} must not be negative, got {}'.format(name, value))


def add_linear_params(link, in_size, out_size, nobias, initialW, initial_bias):
    """Registers ``W`` ``(out_size, in_size)`` and ``b`` of a linear-like link.

    ``(in_size, None)`` means ``(None, in_size)``: the input size is left to the first call, which
    calls ``link._initialize_params(in_size)``. Sets ``link.in_size`` and ``link.out_size``.

    Raises:
        TypeError: If a size is not an int.
        ValueError: If a size is negative.
    """
    if out_size is None:
        in_size, out_size = None, in_size
    check_size('in_size', in_size, allow_none=True)
    check_size('out_size', out_size)
    link.in_size = in_size
    link.out_size = out_size
    add_weight(link, 'W', initialW)
    if in_size is not None:
        link._initialize_params(in_size)
    add_bias(link, nobias, initial_bias, out_size)


def operands(link, xs, name):
    """``(x, y)`` of a Bias/Scale call: ``y`` is the registered parameter `name`, if any, else the
    second input.

    Raises:
        TypeError: For the wrong number of inputs.
    """
    if name in link._params:
        if len(xs) != 1:
            raise TypeError('{} with a learnt {} takes one input, got {}'.format(
                type(link).__name__, name, len(xs)))
        return xs[0], getattr(link, name)
    if len(xs) != 2:
        raise TypeError('{} without a learnt {} takes two inputs (x, {}), got {}'.format(
            type(link).__name__, name, name, len(xs)))
    return xs[0], xs[1]
