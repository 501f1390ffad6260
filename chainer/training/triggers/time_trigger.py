"""TimeTrigger: fires every `period` seconds of training time."""

from chainer.training import _util


class TimeTrigger:
    """Trigger that fires when `period` seconds of `trainer.elapsed_time` have passed since it last fired.

    Args:
        period (float): Interval in seconds.
    """

    def __init__(self, period):
        _util.check_positive('TimeTrigger', 'period', period)
        self._period = period
        self._next_time = self._period

    def __call__(self, trainer):
        """Whether the elapsed time passed the next firing time."""
        if self._next_time < trainer.elapsed_time:
            self._next_time += self._period
            return True
        return False

    def serialize(self, serializer):
        """Saves or loads the next firing time."""
        self._next_time = float(serializer('next_time', self._next_time))
