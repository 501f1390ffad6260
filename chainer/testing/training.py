"""A Trainer driven by an updater without a model, for testing extensions and triggers."""

from chainer import training


class MockUpdater(training.Updater):
    """An updater without model: each update advances the iteration; `iters_per_epoch` make an epoch.

    Args:
        iters_per_epoch (int): Iterations per epoch.
        optimizers (dict): What `get_optimizer`/`get_all_optimizers` return (none by default).
    """

    def __init__(self, iters_per_epoch, optimizers=None):
        self.iteration = 0
        self.iters_per_epoch = iters_per_epoch
        self._optimizers = optimizers or {}

    @property
    def epoch(self):
        return self.iteration // self.iters_per_epoch

    @property
    def epoch_detail(self):
        return self.iteration / self.iters_per_epoch

    @property
    def previous_epoch_detail(self):
        return None if self.iteration == 0 else (self.iteration - 1) / self.iters_per_epoch

    @property
    def is_new_epoch(self):
        return self.iteration > 0 and self.iteration % self.iters_per_epoch == 0

    def get_optimizer(self, name):
        return self._optimizers[name]

    def get_all_optimizers(self):
        return dict(self._optimizers)

    def update(self):
        self.iteration += 1

    def serialize(self, serializer):
        self.iteration = int(serializer('iteration', self.iteration))


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10, extensions=None,
                                  out='result'):
    """A Trainer whose updater only counts iterations (`iter_per_epoch` of them per epoch).

    Args:
        stop_trigger: The Trainer's stop trigger.
        iter_per_epoch (int): Iterations per epoch of the mock updater.
        extensions (list): Extensions to register.
        out (str): The Trainer's output directory.

    Returns:
        ~chainer.training.Trainer: The trainer; ``trainer.updater`` is a :class:`MockUpdater`.
    """
    return training.Trainer(MockUpdater(iter_per_epoch), stop_trigger, out=out, extensions=extensions)
