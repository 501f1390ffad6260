"""InverseShift: decays an optimizer attribute as an inverse power of the call count."""

from chainer.training.extensions import _value_shift


class InverseShift(_value_shift.ValueShift):
    """Trainer extension that shifts an optimizer attribute by an inverse power law.

    After ``t`` calls (every iteration by default) the attribute is
    ``init * (1 + gamma * t) ** (-power)``, stopped at `target` once it passes it.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        gamma (float): Scale of the call count; must be non-negative.
        power (float): Exponent of the decay (a negative power makes the value grow).
        init (float): Initial value; None reads the attribute from the optimizer.
        target (float): Value at which the shift stops; None never stops.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.

    Raises:
        ValueError: If `gamma` is negative.
    """

    def __init__(self, attr, gamma, power, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        _value_shift.check_number('gamma', gamma, 'InverseShift')
        if gamma < 0:
            raise ValueError('InverseShift does not support negative gamma')
        _value_shift.check_number('power', power, 'InverseShift')
        _value_shift.check_number('target', target, 'InverseShift', allow_none=True)
        self._gamma = gamma
        self._power = power
        self._target = target

    def _value_at(self, t):
        value = self._init * (1 + self._gamma * t) ** (-self._power)
        return _value_shift.clip_to_target(value, self._target, self._power < 0)
