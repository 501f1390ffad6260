"""MultistepShift: multiplies an optimizer attribute by `gamma` at each of a list of call counts."""

from chainer.training.extensions import _value_shift


class MultistepShift(_value_shift.ValueShift):
    """Trainer extension that shifts an optimizer attribute at given call counts.

    The attribute starts at `init`; each time the call count ``t`` reaches the next entry of
    `step_value` it is multiplied by `gamma` once more, i.e. it is ``init * gamma ** k`` after the
    first ``k`` steps. It is called every iteration by default. As in the original, one call takes
    at most one step, so `step_value` should be increasing.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        gamma (float): Factor applied at each step.
        step_value (sequence of int): Call counts at which the steps happen.
        init (float): Initial value; None reads the attribute from the optimizer.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.
    """

    def __init__(self, attr, gamma, step_value, init, optimizer=None):
        super().__init__(attr, init, optimizer)
        _value_shift.check_number('gamma', gamma, 'MultistepShift')
        self._gamma = gamma
        self._step_value = tuple(step_value)
        for value in self._step_value:
            _value_shift.check_number('step_value', value, 'MultistepShift')
        self._current_step = 0

    def initialize(self, trainer):
        """Sets the attribute for the first iteration, or the stepped value of a resumed run."""
        optimizer = self._get_optimizer(trainer)
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        self._update_value(optimizer, self._stepped_value())

    def __call__(self, trainer):
        self._t += 1
        if (self._current_step < len(self._step_value)
                and self._t >= self._step_value[self._current_step]):
            self._current_step += 1
        self._update_value(self._get_optimizer(trainer), self._stepped_value())

    def serialize(self, serializer):
        """Saves or loads the call counter and the number of steps taken."""
        self._t = _value_shift.as_python_scalar(serializer('_t', self._t))
        self._current_step = _value_shift.as_python_scalar(
            serializer('_current_step', self._current_step))

    def _stepped_value(self):
        return self._init * self._gamma ** self._current_step
