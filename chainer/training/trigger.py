"""Trigger helpers: `get_trigger` turns the usual ``(period, unit)`` shorthand into a trigger object."""

from chainer.training.triggers.interval_trigger import IntervalTrigger  # NOQA


def _never_fire_trigger(trainer):
    return False


def get_trigger(trigger):
    """Returns a trigger object for `trigger`.

    Args:
        trigger: A callable taking the trainer (returned as it is), None (a trigger that never fires), or
            a ``(period, unit)`` tuple (an `IntervalTrigger`).

    Returns:
        A callable that takes the trainer and returns whether to fire.
    """
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire_trigger
    return IntervalTrigger(*trigger)
