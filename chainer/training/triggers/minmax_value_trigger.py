"""Triggers that fire when an observed value reaches a new best (minimum or maximum)."""

import math

from chainer import reporter
from chainer.training import _util
from chainer.training import trigger as trigger_module


class BestValueTrigger:
    """Trigger that fires when the mean of an observed value improves on the best so far.

    The value is averaged over the interval of `trigger`; at the end of each interval the mean is compared
    with the best mean seen so far.

    Args:
        key (str): Key of the observation (e.g. ``'validation/main/loss'``).
        compare: Callable ``(best, new) -> bool``, True when `new` is better.
        trigger: When to compare, ``(1, 'epoch')`` by default.

    Raises:
        KeyError: At a comparison, if `key` was never observed in the interval.
    """

    def __init__(self, key, compare, trigger=(1, 'epoch')):
        self._key = key
        self._best_value = None
        self._interval_trigger = trigger_module.get_trigger(trigger)
        self._init_summary()
        self._compare = compare

    def __call__(self, trainer):
        """Accumulates the observed value and, at the end of an interval, reports an improvement."""
        observation = trainer.observation
        summary = self._summary
        key = self._key
        if key in observation:
            summary.add({key: observation[key]})
        if not self._interval_trigger(trainer):
            return False
        stats = summary.compute_mean()
        if key not in stats:
            raise KeyError('Key "{}" not found in the observation (current available keys are '
                           '{})'.format(key, list(stats.keys())))
        value = float(stats[key])
        self._init_summary()
        if self._best_value is None or self._compare(self._best_value, value):
            self._best_value = value
            return True
        return False

    def _init_summary(self):
        self._summary = reporter.DictSummary()

    def serialize(self, serializer):
        """Saves or loads the interval trigger, the running summary and the best value.

        "No best value yet" is stored as NaN, since serializers store arrays, not None.
        """
        if hasattr(self._interval_trigger, 'serialize'):
            self._interval_trigger.serialize(serializer['interval_trigger'])
        self._summary.serialize(serializer['summary'])
        best = math.nan if self._best_value is None else self._best_value
        if _util.is_saving(serializer):
            serializer('best_value', best)
            return
        best = float(serializer('best_value', best))
        self._best_value = None if math.isnan(best) else best


class MaxValueTrigger(BestValueTrigger):
    """Trigger that fires when the mean of an observed value reaches a new maximum.

    Args:
        key (str): Key of the observation.
        trigger: When to compare, ``(1, 'epoch')`` by default.
    """

    def __init__(self, key, trigger=(1, 'epoch')):
        super().__init__(key, lambda best, new: new > best, trigger)


class MinValueTrigger(BestValueTrigger):
    """Trigger that fires when the mean of an observed value reaches a new minimum.

    Args:
        key (str): Key of the observation.
        trigger: When to compare, ``(1, 'epoch')`` by default.
    """

    def __init__(self, key, trigger=(1, 'epoch')):
        super().__init__(key, lambda best, new: new < best, trigger)
