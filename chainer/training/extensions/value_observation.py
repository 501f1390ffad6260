"""observe_value and observe_lr: record a value computed from the trainer in its observation."""

from chainer.training import extension


def observe_value(observation_key, target_func):
    """Returns a trainer extension that records ``target_func(trainer)`` as an observation.

    It runs once per epoch by default, with writer priority, so that readers such as LogReport see
    the value in the same iteration.

    Args:
        observation_key (str): Key of the observation.
        target_func (callable): Function of the trainer returning the value to record.

    Returns:
        The extension (a function made with :func:`~chainer.training.make_extension`).

    Example:
        >>> trainer.extend(extensions.observe_value(
        ...     'alpha', lambda t: t.updater.get_optimizer('main').alpha))
    """
    if not callable(target_func):
        raise TypeError('observe_value: target_func must be callable, not {}'.format(
            type(target_func).__name__))

    @extension.make_extension(trigger=(1, 'epoch'), priority=extension.PRIORITY_WRITER)
    def _observe_value(trainer):
        trainer.observation[observation_key] = target_func(trainer)

    return _observe_value


def observe_lr(optimizer_name='main', observation_key='lr'):
    """Returns a trainer extension that records the learning rate of an optimizer.

    Args:
        optimizer_name (str): Name of the optimizer in the updater.
        observation_key (str): Key of the observation.

    Returns:
        The extension; it records ``optimizer.lr`` once per epoch by default.

    Example:
        >>> trainer.extend(extensions.observe_lr(), trigger=(1, 'iteration'))
    """
    return observe_value(
        observation_key, lambda trainer: trainer.updater.get_optimizer(optimizer_name).lr)
