"""ManualScheduleTrigger: fires at given iterations or epochs."""

import warnings

from chainer.training.triggers import interval_trigger


class ManualScheduleTrigger(interval_trigger._ProgressTracker):
    """Trigger that fires when the training reaches one of the given points.

    Args:
        points (int, float or list): The iterations or epochs at which to fire.
        unit (str): 'iteration' or 'epoch'.

    Attributes:
        finished (bool): True once the last point has passed (the Trainer then skips the extension's
            initializer on resume).

    Raises:
        ValueError: For another unit.
    """

    def __init__(self, points, unit):
        interval_trigger.check_unit(unit)
        super().__init__()
        self.points = points if isinstance(points, list) else [points]
        self.unit = unit
        self.finished = False

    def __call__(self, trainer):
        """Whether a point lies in (previous position, current position]."""
        updater = trainer.updater
        previous = self._previous_position(updater, self.unit)
        current = self._current_position(updater, self.unit)
        fire = any(previous < point <= current for point in self.points)
        if getattr(self, '_finished_is_tmp', False):
            del self._finished_is_tmp
            if current >= max(self.points):
                self.finished = True
        if fire and current >= max(self.points):
            self.finished = True
        self._remember(updater)
        return fire

    def serialize(self, serializer):
        """Saves or loads the previous position and `finished`."""
        self._serialize_progress(serializer)
        try:
            self.finished = bool(serializer('finished', self.finished))
        except KeyError:
            warnings.warn(
                'The flag of finished is not saved. ManualScheduleTrigger sets the flag to `False` and '
                'recomputes it at the next call.')
            self._finished_is_tmp = True
