"""StepShift: multiplies an optimizer attribute by `gamma` once every `step` calls."""

from chainer.training.extensions import _value_shift


class StepShift(_value_shift.ValueShift):
    """Trainer extension that shifts an optimizer attribute in steps.

    After ``t`` calls (every iteration by default) the attribute is
    ``init * gamma ** floor(t / step)``, stopped at `target` once it passes it.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        gamma (float): Factor applied at each step.
        step (int): Number of calls between two steps; must be positive.
        init (float): Initial value; None reads the attribute from the optimizer.
        target (float): Value at which the shift stops; None never stops.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.

    Raises:
        ValueError: If `step` is not positive.
    """

    def __init__(self, attr, gamma, step, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        _value_shift.check_number('gamma', gamma, 'StepShift')
        _value_shift.check_number('step', step, 'StepShift')
        if step <= 0:
            raise ValueError('StepShift: step must be positive, got {}'.format(step))
        _value_shift.check_number('target', target, 'StepShift', allow_none=True)
        self._gamma = gamma
        self._step = step
        self._target = target

    def _value_at(self, t):
        value = self._init * self._gamma ** (t // self._step)
        return _value_shift.clip_to_target(value, self._target, self._gamma > 1)
