"""StandardUpdater: one optimizer step per minibatch of one iterator."""

from chainer import backend
from chainer import optimizer as optimizer_module
from chainer.dataset import convert
from chainer.dataset import iterator as iterator_module
from chainer.training import _updater
from chainer.training import _util
from chainer.utils import argument


class StandardUpdater(_updater.Updater):
    """Updater that draws a minibatch from the main iterator and updates the main optimizer with it.

    Each `update` takes ``iterator.next()``, converts it with `converter` onto the input device and calls
    ``optimizer.update(loss_func, *in_arrays)``.

    Args:
        iterator: Dataset iterator, or a dict of them (the one used is ``'main'``).
        optimizer: Optimizer, or a dict of them (the one used is ``'main'``).
        converter: Converts a batch into the loss function's arguments; `concat_examples` by default.
        device: Device specifier; when given, every optimizer's target link is moved to it and the batches
            are sent to it.
        loss_func: Loss function; the target link of the main optimizer if None.
        loss_scale (float): Loss scaling factor passed to the optimizers (for float16 training).
        auto_new_epoch (bool): Call ``optimizer.new_epoch(auto=True)`` at the end of each epoch.
        input_device: Device the batches are sent to (`device` if None).

    Attributes:
        iteration (int): Number of updates done so far.
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples, device=None,
                 loss_func=None, loss_scale=None, auto_new_epoch=True, **kwargs):
        input_device, = argument.parse_kwargs(kwargs, ('input_device', None))
        if device is not None:
            device = backend.get_device(device)
        self._iterators = _util.named_dict(
            iterator, iterator_module.Iterator, 'iterator', 'StandardUpdater')
        self._optimizers = _util.named_dict(
            optimizer, optimizer_module.Optimizer, 'optimizer', 'StandardUpdater')
        for name, opt in self._optimizers.items():
            if getattr(opt, 'target', None) is None:
                raise ValueError('StandardUpdater: the optimizer {!r} has no target link; call '
                                 'optimizer.setup(model) first'.format(name))
        if device is not None:
            for opt in self._optimizers.values():
                opt.target.to_device(device)
        self._device = device
        self.input_device = device if input_device is None else backend.get_device(input_device)
        self.converter = converter
        self.loss_func = loss_func
        self.iteration = 0
        self.loss_scale = loss_scale
        if loss_scale is not None:
            for opt in self._optimizers.values():
                opt.set_loss_scale(loss_scale)
        self.auto_new_epoch = auto_new_epoch
        if auto_new_epoch:
            for opt in self._optimizers.values():
                opt.use_auto_new_epoch = True

    @property
    def device(self):
        """The device the model was moved to (None if not given)."""
        return self._device

    @property
    def epoch(self):
        """The epoch count of the main iterator."""
        return self._iterators['main'].epoch

    @property
    def epoch_detail(self):
        """The fractional epoch of the main iterator."""
        return self._iterators['main'].epoch_detail

    @property
    def previous_epoch_detail(self):
        """The fractional epoch of the main iterator before its last batch."""
        return self._iterators['main'].previous_epoch_detail

    @property
    def is_new_epoch(self):
        """Whether the last batch of the main iterator ended an epoch."""
        return self._iterators['main'].is_new_epoch

    def finalize(self):
        """Finalizes every iterator."""
        for iterator in self._iterators.values():
            iterator.finalize()

    def get_optimizer(self, name):
        """The optimizer registered under `name`."""
        return self._optimizers[name]

    def get_all_optimizers(self):
        """A dict of all the optimizers by name."""
        return dict(self._optimizers)

    def get_iterator(self, name):
        """The iterator registered under `name`."""
        return self._iterators[name]

    def update(self):
        """Runs one update (`update_core`) and counts the iteration."""
        self.update_core()
        self.iteration += 1

    def update_core(self):
        """Draws a batch from the main iterator and updates the main optimizer with it."""
        iterator = self._iterators['main']
        batch = iterator.next()
        in_arrays = convert._call_converter(self.converter, batch, self.input_device)
        optimizer = self._optimizers['main']
        loss_func = self.loss_func or optimizer.target
        _util.call_with_batch(lambda *args, **kwargs: optimizer.update(loss_func, *args, **kwargs),
                              in_arrays)
        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def serialize(self, serializer):
        """Saves or loads the iterators, the optimizers, their target links and the iteration count."""
        for name, iterator in self._iterators.items():
            iterator.serialize(serializer['iterator:' + name])
        for name, optimizer in self._optimizers.items():
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = int(serializer('iteration', self.iteration))
