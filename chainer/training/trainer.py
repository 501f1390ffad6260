"""The Trainer: the training loop that runs an updater and calls extensions when their triggers fire."""

import collections
import os
import sys
import time
import traceback

from chainer import reporter as reporter_module
from chainer.training import _util
from chainer.training import extension as extension_module
from chainer.training import trigger as trigger_module
from chainer.utils import argument


class _ExtensionEntry:

    def __init__(self, extension, priority, trigger, call_before_training):
        self.extension = extension
        self.trigger = trigger
        self.priority = priority
        self.call_before_training = call_before_training


def _extension_name(extension):
    for attribute in ('name', 'default_name', '__name__'):
        name = getattr(extension, attribute, None)
        if name is not None:
            return name
    raise TypeError('name is not given for the extension')


class Trainer:
    """The standard training loop.

    Each iteration runs ``updater.update()`` inside a reporter scope (so that everything reported lands in
    `observation`), then calls, in decreasing priority, every extension whose trigger fires. The loop ends
    when `stop_trigger` fires. Links of the updater's optimizers are registered as observers: the target
    of optimizer ``'main'`` reports as ``'main/...'``.

    Args:
        updater (chainer.training.Updater): The updater.
        stop_trigger: When to stop: a trigger, a ``(length, unit)`` tuple, or None (never).
        out (str): Output directory of the extensions (created by `run`).
        extensions (list): Extensions to register with their defaults.

    Attributes:
        updater: The updater.
        stop_trigger: The stop trigger.
        observation (dict): The observation of the current iteration.
        out (str): The output directory.
        reporter (chainer.Reporter): The reporter of the loop.

    Example:
        >>> trainer = training.Trainer(updater, (10, 'epoch'), out='result')
        >>> trainer.extend(extensions.LogReport())
        >>> trainer.run()
    """

    def __init__(self, updater, stop_trigger=None, out='result', extensions=None):
        if not all(callable(getattr(updater, name, None)) for name in ('update', 'get_all_optimizers')):
            raise TypeError('Trainer: updater must be an Updater (with update() and '
                            'get_all_optimizers()), not {}'.format(type(updater).__name__))
        if not isinstance(out, (str, os.PathLike)):
            raise TypeError('Trainer: out must be a path, not {}'.format(type(out).__name__))
        self.updater = updater
        self.stop_trigger = trigger_module.get_trigger(stop_trigger)
        self.observation = {}
        self.out = out
        reporter = reporter_module.Reporter()
        for name, optimizer in updater.get_all_optimizers().items():
            reporter.add_observer(name, optimizer.target)
            reporter.add_observers(name, optimizer.target.namedlinks(skipself=True))
        self.reporter = reporter
        self._done = False
        self._extensions = collections.OrderedDict()
        self._start_at = None
        self._snapshot_elapsed_time = 0.0
        self._final_elapsed_time = None
        updater.connect_trainer(self)
        for ext in extensions or ():
            self.extend(ext)

    @property
    def is_before_training(self):
        """Whether no update has been done yet (``updater.iteration == 0``)."""
        return self.updater.iteration == 0

    @property
    def elapsed_time(self):
        """Seconds spent in training, including the time before the snapshot it was resumed from.

        Raises:
            RuntimeError: If the training has not been started.
        """
        if self._done:
            return self._final_elapsed_time
        if self._start_at is None:
            raise RuntimeError('training has not been started yet')
        return time.perf_counter() - self._start_at + self._snapshot_elapsed_time

    def extend(self, extension, name=None, trigger=None, priority=None, *, call_before_training=False,
               **kwargs):
        """Registers an extension.

        Args:
            extension: The extension (an `Extension` or a callable taking the trainer).
            name (str): Name to register it under; the extension's ``name``, ``default_name`` or
                ``__name__`` if None. A taken name gets a suffix ``_1``, ``_2``, ...
            trigger: When to call it; the extension's ``trigger`` (or every iteration) if None.
            priority (int): Call order within an iteration (higher first); the extension's ``priority``
                (or `PRIORITY_READER`) if None.
            call_before_training (bool): Also call it once before the first update.

        Raises:
            TypeError: If no name can be found.
            ValueError: For the reserved name 'training'.
        """
        argument.check_unexpected_kwargs(
            kwargs, invoke_before_training=extension_module._INVOKE_BEFORE_TRAINING_REMOVED)
        argument.assert_kwargs_empty(kwargs)
        if name is None:
            name = _extension_name(extension)
        if name == 'training':
            raise ValueError('the name "training" is prohibited as an extension name')
        if trigger is None:
            trigger = getattr(extension, 'trigger', (1, 'iteration'))
        trigger = trigger_module.get_trigger(trigger)
        if priority is None:
            priority = getattr(extension, 'priority', extension_module.PRIORITY_READER)
        modified_name = name
        ordinal = 0
        while modified_name in self._extensions:
            ordinal += 1
            modified_name = '{}_{}'.format(name, ordinal)
        extension.name = modified_name
        self._extensions[modified_name] = _ExtensionEntry(
            extension, priority, trigger, call_before_training)

    def get_extension(self, name):
        """The extension registered under `name`.

        Raises:
            ValueError: If there is none.
        """
        entry = self._extensions.get(name)
        if entry is None:
            raise ValueError('extension {} not found'.format(name))
        return entry.extension

    def run(self, show_loop_exception_msg=True):
        """Runs the training loop until the stop trigger fires.

        Extensions are initialized (those whose trigger is not ``finished``), the ones registered with
        ``call_before_training`` are called, then the loop runs. If the loop raises, the message is printed
        (unless `show_loop_exception_msg` is False), every extension's ``on_error`` is called, and the
        exception propagates. Extensions and the updater are finalized in every case.

        Args:
            show_loop_exception_msg (bool): Print the exception of the loop to stderr.

        Raises:
            RuntimeError: If the trainer already ran.
        """
        if self._done:
            raise RuntimeError('cannot run training loop multiple times')
        os.makedirs(self.out, exist_ok=True)
        order = sorted(self._extensions, key=lambda n: self._extensions[n].priority, reverse=True)
        extensions = [self._extensions[name] for name in order]
        self._start_at = time.perf_counter()
        try:
            # A failing initializer (e.g. a snapshot that cannot be loaded) is not a loop error: the
            # extensions' on_error handlers are not called, so that none of them acts (say, writes a
            # snapshot) on a half-initialized state.
            self._initialize_extensions(extensions)
            try:
                self._loop(extensions)
            except Exception as e:
                if show_loop_exception_msg:
                    _print_exception('Exception in main training loop: {}'.format(e), sys.exc_info()[2])
                    sys.stderr.write('Will finalize trainer extensions and updater before reraising the '
                                     'exception.\n')
                _call_error_handlers(self, extensions, e, sys.exc_info()[2])
                raise
        finally:
            for entry in extensions:
                finalize = getattr(entry.extension, 'finalize', None)
                if finalize:
                    finalize()
            self.updater.finalize()
        self._final_elapsed_time = self.elapsed_time
        self._done = True

    def _initialize_extensions(self, extensions):
        for entry in extensions:
            initializer = getattr(entry.extension, 'initialize', None)
            if initializer and not getattr(entry.trigger, 'finished', False):
                initializer(self)
        self.observation = {}
        with self.reporter.scope(self.observation):
            for entry in extensions:
                if entry.call_before_training:
                    entry.extension(self)

    def _loop(self, extensions):
        update = self.updater.update
        reporter = self.reporter
        stop_trigger = self.stop_trigger
        while not stop_trigger(self):
            self.observation = {}
            with reporter.scope(self.observation):
                update()
                for entry in extensions:
                    if entry.trigger(self):
                        entry.extension(self)

    def serialize(self, serializer):
        """Saves or loads the updater, the stop trigger, every extension and trigger, and the time."""
        self.updater.serialize(serializer['updater'])
        if hasattr(self.stop_trigger, 'serialize'):
            self.stop_trigger.serialize(serializer['stop_trigger'])
        extensions = serializer['extensions']
        triggers = serializer['extension_triggers']
        for name, entry in self._extensions.items():
            if hasattr(entry.extension, 'serialize'):
                entry.extension.serialize(extensions[name])
            if hasattr(entry.trigger, 'serialize'):
                entry.trigger.serialize(triggers[name])
        if _util.is_saving(serializer):
            started = self._done or self._start_at is not None
            serializer('_snapshot_elapsed_time',
                       self.elapsed_time if started else self._snapshot_elapsed_time)
        else:
            self._snapshot_elapsed_time = float(
                serializer('_snapshot_elapsed_time', self._snapshot_elapsed_time))


def _print_exception(message, tb):
    sys.stderr.write(message + '\n')
    sys.stderr.write('Traceback (most recent call last):\n')
    traceback.print_tb(tb)


def _call_error_handlers(trainer, extensions, exc, tb):
    # Every handler is called even if another raises: their exceptions are printed and dropped, so that
    # the loop's exception is the one that propagates.
    for entry in extensions:
        handler = getattr(entry.extension, 'on_error', None)
        if not handler:
            continue
        try:
            handler(trainer, exc, tb)
        except Exception as handler_exc:
            _print_exception('Exception in error handler: {}'.format(handler_exc), sys.exc_info()[2])
