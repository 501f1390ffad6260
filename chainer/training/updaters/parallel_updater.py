"""ParallelUpdater: synchronous data-parallel training over several devices of one process."""

import chainer
from chainer import backend
from chainer.dataset import convert
from chainer.training import _util
from chainer.training.updaters import standard_updater


def _normalize_devices(devices):
    return {name: backend.get_device(spec) for name, spec in devices.items()}


class ParallelUpdater(standard_updater.StandardUpdater):
    """Updater that splits each minibatch over copies of the model on several devices.

    Each update draws a batch from the main iterator and gives model ``i`` (in the order of
    `models`) the examples ``batch[i::n]``, converted onto its device. Every model computes its
    loss and runs backward; the gradients of the other models are added to those of the main
    model (the target of the main optimizer, ``Link.addgrads``), the main optimizer updates it,
    and its parameters are copied back to the other models (``Link.copyparams``).

    Note [Summed gradients]: as in the original, the losses of the devices are not averaged: the
    main model receives the sum of the gradients of the per-device losses. With a loss that is a
    mean over its examples and n equal sub-batches, a step is the StandardUpdater step on the
    whole batch with n times the gradient (n times the learning rate, for SGD); with a loss that
    is a sum over the examples, the two steps are equal.

    Args:
        iterator: Dataset iterator, or a dict of them (the one used is ``'main'``).
        optimizer: Optimizer, or a dict of them (the one used is ``'main'``, whose target is the
            main model).
        converter: Converts each sub-batch onto its model's device; `concat_examples` by default.
        models (dict): Names to models, including ``'main'``, the target of the main optimizer.
            If None, the target is copied (deep copies) for each name of `devices` but
            ``'main'`` and each copy is moved to its device, the target itself to
            ``devices['main']``.
        devices (dict): Names (those of `models`) to device specifiers (``'@numpy'``,
            ``'native:0'``, ...; legacy integers). If None with `models`, each model's own device.
        loss_func: Loss function for every model; each model itself if None.
        loss_scale (float): Loss scaling factor (for float16 training), as in StandardUpdater.
        auto_new_epoch (bool): Call ``optimizer.new_epoch(auto=True)`` at the end of each epoch.

    Raises:
        ValueError: If neither `models` nor `devices` is given, if ``models['main']`` is not the
            target of the main optimizer, or if `devices` does not name the same models.
        KeyError: If `devices` (without `models`) or `models` has no ``'main'`` entry.

    Example:
        >>> updater = ParallelUpdater(train_iter, optimizer,
        ...                           devices={'main': 'native:0', 'second': 'native:1'})
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples, models=None,
                 devices=None, loss_func=None, loss_scale=None, auto_new_epoch=True):
        super().__init__(iterator=iterator, optimizer=optimizer, converter=converter,
                         loss_func=loss_func, loss_scale=loss_scale,
                         auto_new_epoch=auto_new_epoch)
        target = self.get_optimizer('main').target
        if models is None:
            if devices is None:
                raise ValueError('either models or devices must be specified')
            devices = _normalize_devices(devices)
            if 'main' not in devices:
                raise KeyError("'devices' must contain a 'main' key.")
            models = {'main': target}
            for name, device in devices.items():
                if name != 'main':
                    models[name] = target.copy(mode='copy').to_device(device)
            target.to_device(devices['main'])
        else:
            models = dict(models)
            if 'main' not in models:
                raise KeyError("'models' must contain a 'main' key.")
            if models['main'] is not target:
                raise ValueError("models['main'] must be the target link of the main optimizer")
            if devices is None:
                devices = {name: model.device for name, model in models.items()}
            devices = _normalize_devices(devices)
            if set(devices) != set(models):
                raise ValueError('devices must name the same models as models: {} != {}'.format(
                    sorted(devices), sorted(models)))
        self._models = models
        self._devices = devices

    def connect_trainer(self, trainer):
        """Registers the models but the main one as observers, under their names."""
        target = self.get_optimizer('main').target
        for name, model in self._models.items():
            if model is not target:
                trainer.reporter.add_observer(name, model)

    def update_core(self):
        """Runs one data-parallel step (see the class docstring)."""
        optimizer = self.get_optimizer('main')
        model_main = optimizer.target
        others = [model for model in self._models.values() if model is not model_main]
        iterator = self.get_iterator('main')
        batch = iterator.next()
        n = len(self._models)
        for model in self._models.values():
            model.cleargrads()
        losses = []
        for i, (name, model) in enumerate(self._models.items()):
            device = self._devices[name]
            in_arrays = convert._call_converter(self.converter, batch[i::n], device)
            loss_func = self.loss_func or model
            with chainer.force_backprop_mode(), chainer.using_device(device):
                losses.append(_util.call_with_batch(loss_func, in_arrays))
        # Cleared again: the forward of a model with uninitialized parameters initializes them.
        for model in self._models.values():
            model.cleargrads()
        loss_scale = optimizer._loss_scale
        for loss in losses:
            loss.backward(loss_scale=loss_scale)
        del losses, loss  # the graphs are not needed after backward
        for model in others:
            if loss_scale is not None:
                _match_loss_scaling(model_main, model, loss_scale)
            model_main.addgrads(model)
        optimizer.update()
        for model in others:
            model.copyparams(model_main)
        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def serialize(self, serializer):
        """As StandardUpdater; on loading, the other models get the loaded parameters too."""
        super().serialize(serializer)
        if not _util.is_saving(serializer):
            model_main = self.get_optimizer('main').target
            for model in self._models.values():
                if model is not model_main:
                    model.copyparams(model_main)


def _match_loss_scaling(dst_link, src_link, loss_scale):
    # Note [Loss scale across backends]: after backward(loss_scale=s), a NumPy/CuPy parameter
    # holds the scaled gradient (its update rule divides by s later), while chainerx's backward
    # has divided the gradients of chainerx parameters already. Before adding a gradient of
    # `src_link` to `dst_link`, it is brought to the convention of the destination parameter.
    for dst, src in zip(dst_link.params(), src_link.params()):
        if src.grad is None or dst._has_chainerx_array == src._has_chainerx_array:
            continue
        factor = loss_scale if src._has_chainerx_array else 1.0 / loss_scale
        src.grad = src.grad * factor
