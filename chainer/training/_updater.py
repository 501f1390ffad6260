"""The Updater interface: what the Trainer needs from the object that runs the training steps."""


class Updater:
    """Base class of updaters: objects that run one training step per `update` call.

    Subclasses implement `update`, `get_optimizer`, `get_all_optimizers`, `serialize` and the progress
    attributes ``iteration``, ``epoch``, ``epoch_detail``, ``previous_epoch_detail`` and ``is_new_epoch``.
    """

    def connect_trainer(self, trainer):
        """Called by the Trainer it is given to (does nothing by default)."""
        pass

    def finalize(self):
        """Releases resources (iterators) at the end of training."""
        pass

    def get_optimizer(self, name):
        """The optimizer registered under `name`."""
        raise NotImplementedError

    def get_all_optimizers(self):
        """A dict of all the optimizers by name."""
        raise NotImplementedError

    def update(self):
        """Runs one training step."""
        raise NotImplementedError

    def serialize(self, serializer):
        """Saves or loads the updater's state."""
        raise NotImplementedError
