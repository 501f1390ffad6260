"""LinearShift: moves an optimizer attribute linearly between two values over a range of calls."""

from chainer.training.extensions import _value_shift


def _pair(name, value):
    try:
        first, second = value
    except (TypeError, ValueError):
        raise TypeError('LinearShift: {} must be a pair of numbers, got {!r}'.format(
            name, value)) from None
    _value_shift.check_number(name + '[0]', first, 'LinearShift')
    _value_shift.check_number(name + '[1]', second, 'LinearShift')
    return first, second


class LinearShift(_value_shift.ValueShift):
    """Trainer extension that changes an optimizer attribute linearly.

    With ``value_range = (v1, v2)`` and ``time_range = (t1, t2)``, the attribute is ``v1`` while the
    call count ``t`` is at most ``t1``, ``v2`` from ``t2`` on, and
    ``v1 + (v2 - v1) * (t - t1) / (t2 - t1)`` in between. It is called every iteration by default.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        value_range (tuple of float): The first and the last value.
        time_range (tuple of int): The call counts at which the change starts and ends.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.

    Raises:
        TypeError: If a range is not a pair of numbers.
        ValueError: If ``time_range[0] > time_range[1]``.
    """

    _reads_init = False

    def __init__(self, attr, value_range, time_range, optimizer=None):
        super().__init__(attr, None, optimizer)
        self._value_range = _pair('value_range', value_range)
        self._time_range = _pair('time_range', time_range)
        if self._time_range[0] > self._time_range[1]:
            raise ValueError('LinearShift: time_range must be increasing, got {!r}'.format(
                time_range))

    def _start_value(self):
        return self._value_at(self._t)

    def _value_at(self, t):
        t1, t2 = self._time_range
        v1, v2 = self._value_range
        if t <= t1:
            return v1
        if t >= t2:
            return v2
        return v1 + (t - t1) / (t2 - t1) * (v2 - v1)
