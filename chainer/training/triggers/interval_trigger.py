"""IntervalTrigger: fires every `period` iterations or epochs."""

import warnings

from chainer.training import _util

_UNITS = ('epoch', 'iteration')


def check_unit(unit):
    """Raises ValueError unless `unit` is 'epoch' or 'iteration'."""
    if unit not in _UNITS:
        raise ValueError("Trigger unit must be either 'epoch' or 'iteration'.")


class _ProgressTracker:
    """The iteration and epoch detail seen at the previous call of a trigger, saved in snapshots.

    Triggers compare the current position with the previous one rather than testing
    ``iteration % period == 0``, so that they work with fractional epochs and when they are not called at
    every iteration. A negative previous value (a snapshot that lacks it) means "use the updater's own
    previous position".
    """

    def __init__(self):
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.

    def _previous_position(self, updater, unit):
        if unit == 'epoch':
            previous = self._previous_epoch_detail
            return updater.previous_epoch_detail if previous < 0 else previous
        previous = self._previous_iteration
        return updater.iteration - 1 if previous < 0 else previous

    @staticmethod
    def _current_position(updater, unit):
        return updater.epoch_detail if unit == 'epoch' else updater.iteration

    def _remember(self, updater):
        self._previous_iteration = updater.iteration
        if hasattr(updater, 'epoch_detail'):
            self._previous_epoch_detail = updater.epoch_detail

    def _serialize_progress(self, serializer):
        try:
            self._previous_iteration = serializer('previous_iteration', self._previous_iteration)
        except KeyError:
            warnings.warn(
                'The previous value of iteration is not saved. {} guesses it using current iteration. '
                'If this trigger is not called at every iteration, it may not work '
                'correctly.'.format(type(self).__name__))
            self._previous_iteration = -1
        try:
            self._previous_epoch_detail = serializer(
                'previous_epoch_detail', self._previous_epoch_detail)
        except KeyError:
            warnings.warn(
                'The previous value of epoch_detail is not saved. {} uses the value of '
                'trainer.updater.previous_epoch_detail. If this trigger is not called at every '
                'iteration, it may not work correctly.'.format(type(self).__name__))
            self._previous_epoch_detail = -1.


class IntervalTrigger(_ProgressTracker):
    """Trigger that fires once every `period` iterations or epochs.

    With unit 'epoch' a fractional period is allowed (e.g. 0.5 fires twice per epoch).

    Args:
        period (int or float): Length of the interval.
        unit (str): 'iteration' or 'epoch'.

    Raises:
        TypeError: If `period` is not a real number.
        ValueError: For another unit, or a period that is not positive and finite.
    """

    def __init__(self, period, unit):
        check_unit(unit)
        _util.check_positive('IntervalTrigger', 'period', period)
        super().__init__()
        self.period = period
        self.unit = unit

    def __call__(self, trainer):
        """Whether the trainer crossed a multiple of the period since the previous call."""
        updater = trainer.updater
        previous = self._previous_position(updater, self.unit)
        current = self._current_position(updater, self.unit)
        fire = previous // self.period != current // self.period
        self._remember(updater)
        return fire

    def serialize(self, serializer):
        """Saves or loads the position seen at the previous call."""
        self._serialize_progress(serializer)

    def get_training_length(self):
        """``(period, unit)``: the training length when the trigger is the stop trigger."""
        return self.period, self.unit

    def __str__(self):
        return "{}({}, '{}')".format(type(self).__name__, self.period, self.unit)
