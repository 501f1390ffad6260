"""The shared machinery of the hyperparameter shift extensions (ExponentialShift, StepShift, ...).

Each shift sets one attribute of an optimizer (``lr``, ``alpha``, ``momentum``, ...) from a
schedule of the number of times it has been called. Subclasses give the schedule (`_value_at`) and,
where the schedule has one, the value set before training (`_start_value`); this base keeps the
call counter, the last value set and their serialization.
"""

import numbers

import numpy

from chainer.training import extension


def as_python_scalar(value):
    """`value` as a Python scalar when a deserializer returned it as a NumPy scalar or 0-d array."""
    if isinstance(value, (numpy.ndarray, numpy.generic)):
        value = value.item()
    return value


def clip_to_target(value, target, grows):
    """`value` stopped at `target` once the schedule has passed it.

    The comparison is on the ratio ``value / target``, so that a schedule of negative values stops
    at a negative target too: a growing schedule (``|value|`` increases) stops when the ratio
    exceeds 1, a shrinking one when it falls below 1. A zero target stops a growing schedule at
    once and never stops a shrinking one (its values only approach zero).
    """
    if target is None:
        return value
    if target == 0:
        return target if grows and value != 0 else value
    ratio = value / target
    if (ratio > 1) if grows else (ratio < 1):
        return target
    return value


def check_number(name, value, owner, allow_none=False):
    """Raises TypeError unless `value` is a real number (or None where allowed)."""
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError('{}: {} must be a real number, not {}'.format(
            owner, name, type(value).__name__))


class ValueShift(extension.Extension):
    """Base of the extensions that set an optimizer attribute from a schedule of the call count.

    It is called every iteration by default (the base Extension's trigger). `initialize` sets the
    value for the first iteration (or the last value set, when the trainer resumes from a snapshot);
    each call advances the counter ``t`` by one and sets the value of the schedule at ``t``.

    Args:
        attr (str): Name of the optimizer attribute to set.
        init (float or None): Value at ``t = 0``; None reads the attribute from the optimizer when
            the extension is initialized.
        optimizer (~chainer.Optimizer or None): Optimizer to adjust; None uses the trainer's
            ``'main'`` optimizer.
    """

    # Whether the schedule starts from the optimizer's attribute when no `init` is given.
    _reads_init = True

    def __init__(self, attr, init, optimizer):
        if not isinstance(attr, str):
            raise TypeError('{}: attr must be a str, not {}'.format(
                type(self).__name__, type(attr).__name__))
        check_number('init', init, type(self).__name__, allow_none=True)
        self._attr = attr
        self._init = init
        self._optimizer = optimizer
        self._t = 0
        self._last_value = None

    def initialize(self, trainer):
        """Sets the attribute for the first iteration (or restores the value of a resumed run)."""
        optimizer = self._get_optimizer(trainer)
        if self._reads_init and self._init is None:
            self._init = getattr(optimizer, self._attr)
        if self._last_value is None:
            value = self._start_value()
        else:
            value = self._last_value
        self._update_value(optimizer, value)

    def __call__(self, trainer):
        self._t += 1
        self._update_value(self._get_optimizer(trainer), self._value_at(self._t))

    def serialize(self, serializer):
        """Saves or loads the call counter and the last value set."""
        self._t = as_python_scalar(serializer('_t', self._t))
        self._last_value = as_python_scalar(serializer('_last_value', self._last_value))

    def _start_value(self):
        return self._init

    def _value_at(self, t):
        raise NotImplementedError

    def _get_optimizer(self, trainer):
        if self._optimizer is not None:
            return self._optimizer
        return trainer.updater.get_optimizer('main')

    def _update_value(self, optimizer, value):
        setattr(optimizer, self._attr, value)
        self._last_value = value
