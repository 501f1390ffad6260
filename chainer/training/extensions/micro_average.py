"""MicroAverage: reports the ratio of two accumulated observations (e.g. correct / total)."""

from chainer import reporter
from chainer import variable
from chainer.training import extension
from chainer.training import trigger as trigger_module


def _plain(value):
    """A reported value without its Variable wrapper (arrays stay on their device)."""
    if isinstance(value, variable.Variable):
        return value.array
    return value


def _as_number(value):
    """A Python number for a number or a one-element NumPy/CuPy/chainerx array."""
    if isinstance(value, (int, float)):
        return value
    return value.item()


class MicroAverage(extension.Extension):
    """Trainer extension that reports the micro-average of a ratio over an interval.

    A mean of per-iteration ratios weighs every iteration alike; the micro-average sums the
    numerators and the denominators over the interval first and reports
    ``sum(numerator) / sum(denominator)`` (e.g. the accuracy over all examples when the batches
    differ in size). The extension is called every iteration; at each `trigger` it reports the
    ratio as `result_key` and starts the sums again. Iterations missing either key are skipped.

    Args:
        numerator_key (str): Observation key of the numerator (e.g. ``'main/correct'``).
        denominator_key (str): Observation key of the denominator (e.g. ``'main/total'``).
        result_key (str): Key under which the ratio is reported.
        trigger: When to report: an IntervalTrigger-like ``(period, unit)`` pair or a trigger.

    Example:
        >>> trainer.extend(extensions.MicroAverage(
        ...     'main/correct', 'main/total', 'main/accuracy'))
    """

    priority = extension.PRIORITY_EDITOR

    def __init__(self, numerator_key, denominator_key, result_key, trigger=(1, 'epoch')):
        self._trigger = trigger_module.get_trigger(trigger)
        self._numerator_key = numerator_key
        self._denominator_key = denominator_key
        self._result_key = result_key
        self._numerator = 0
        self._denominator = 0

    def __call__(self, trainer):
        observation = trainer.observation
        if self._numerator_key not in observation or self._denominator_key not in observation:
            return
        # Summed where the values live: a device array is read back only at the trigger.
        self._numerator = self._numerator + _plain(observation[self._numerator_key])
        self._denominator = self._denominator + _plain(observation[self._denominator_key])
        if self._trigger(trainer):
            result = float(_as_number(self._numerator)) / _as_number(self._denominator)
            self._numerator = 0
            self._denominator = 0
            reporter.report({self._result_key: result})

    def serialize(self, serializer):
        """Saves or loads the running sums (and the trigger's state, when it has one)."""
        self._numerator = _as_number(serializer('_numerator', _as_number(self._numerator)))
        self._denominator = _as_number(serializer('_denominator', _as_number(self._denominator)))
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
