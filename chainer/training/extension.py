"""The base of trainer extensions: objects the Trainer calls when their trigger fires.

An extension is any callable taking the trainer; `Extension` and `make_extension` give it the optional
attributes the Trainer reads (trigger, priority, default name) and hooks (initialize, finalize, on_error,
serialize).
"""

from chainer.utils import argument

# Extensions with higher priority are called first within an iteration: writers (which add values to the
# observation) run before editors, editors before readers (which consume the observation, e.g. LogReport),
# and snapshots last, so that a snapshot holds the state after every other extension of its iteration.
PRIORITY_WRITER = 300
PRIORITY_EDITOR = 200
PRIORITY_READER = 100
PRIORITY_SNAPSHOT = -100

_INVOKE_BEFORE_TRAINING_REMOVED = (
    'invoke_before_training has been removed since Chainer v2.0.0. Use Extension.initialize instead.')


class Extension:
    """Base class of trainer extensions.

    Attributes:
        trigger: Default trigger, ``(1, 'iteration')``; `Trainer.extend` uses it unless given another.
        priority (int): Default priority, `PRIORITY_READER`.
        name (str): The name the trainer registered the extension under (set by `Trainer.extend`).
    """

    trigger = 1, 'iteration'
    priority = PRIORITY_READER
    name = None

    @property
    def default_name(self):
        """The name used when none is given to `Trainer.extend`: the class name."""
        return type(self).__name__

    def __call__(self, trainer):
        """Runs the extension (its trigger fired).

        Args:
            trainer (chainer.training.Trainer): The trainer calling it.
        """
        raise NotImplementedError(
            'Extension implementation must override __call__.')

    def finalize(self):
        """Releases resources at the end of `Trainer.run` (also when it fails)."""
        pass

    def initialize(self, trainer):
        """Sets the extension up at the start of `Trainer.run` (also when resuming from a snapshot)."""
        pass

    def on_error(self, trainer, exc, tb):
        """Handles an exception raised in the training loop, before the extensions are finalized.

        Args:
            trainer (chainer.training.Trainer): The trainer.
            exc (Exception): The exception.
            tb (traceback): Its traceback.
        """
        pass

    def serialize(self, serializer):
        """Saves or loads the state of the extension (nothing by default)."""
        pass


def make_extension(trigger=None, default_name=None, priority=None, finalizer=None, initializer=None,
                   on_error=None, **kwargs):
    """Decorator that turns a function taking the trainer into an extension.

    It sets the extension attributes on the function itself.

    Args:
        trigger: Default trigger (``(1, 'iteration')`` if None).
        default_name (str): Default name (the function's ``__name__`` if None).
        priority (int): Default priority (`PRIORITY_READER` if None).
        finalizer: Callable without arguments, called at the end of training.
        initializer: Callable taking the trainer, called at the start of training.
        on_error: Callable ``(trainer, exc, tb)`` called when the training loop raises.

    Example:
        >>> @make_extension(trigger=(1, 'epoch'))
        ... def print_epoch(trainer):
        ...     print(trainer.updater.epoch)
    """
    if kwargs:
        argument.check_unexpected_kwargs(kwargs, invoke_before_training=_INVOKE_BEFORE_TRAINING_REMOVED)
        argument.assert_kwargs_empty(kwargs)
    if trigger is None:
        trigger = Extension.trigger
    if priority is None:
        priority = Extension.priority

    def decorator(ext):
        ext.trigger = trigger
        ext.default_name = default_name or ext.__name__
        ext.priority = priority
        ext.finalize = finalizer
        ext.on_error = on_error
        ext.initialize = initializer
        return ext

    return decorator
