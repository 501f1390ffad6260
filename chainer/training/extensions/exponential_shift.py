"""ExponentialShift: multiplies an optimizer attribute by a constant rate at every call."""

from chainer.training.extensions import _value_shift


class ExponentialShift(_value_shift.ValueShift):
    """Trainer extension that shifts an optimizer attribute exponentially.

    After ``t`` calls (every iteration by default) the attribute is ``init * rate ** t``, stopped at
    `target` once it passes it. For example, ``ExponentialShift('lr', 0.5)`` halves the learning
    rate at each call; give it an epoch trigger to halve it once per epoch.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        rate (float): Ratio of the values of two consecutive calls; must be non-negative.
        init (float): Initial value; None reads the attribute from the optimizer.
        target (float): Value at which the shift stops; None never stops.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.

    Raises:
        ValueError: If `rate` is negative.
    """

    def __init__(self, attr, rate, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        _value_shift.check_number('rate', rate, 'ExponentialShift')
        if rate < 0:
            raise ValueError('ExponentialShift does not support negative rate')
        _value_shift.check_number('target', target, 'ExponentialShift', allow_none=True)
        self._rate = rate
        self._target = target

    def _value_at(self, t):
        value = self._init * self._rate ** t
        return _value_shift.clip_to_target(value, self._target, self._rate > 1)
