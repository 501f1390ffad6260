"""create_multi_node_optimizer: an optimizer whose gradients are averaged over the ranks.

Note [Overlapped gradient averaging]
The original averaged all gradients with one allreduce after backward. Here, as in PyTorch's
DistributedDataParallel, the gradients are split into buckets of about `bucket_bytes` (Note
[Gradient buckets]) and each bucket's non-blocking allreduce starts as soon as backward has stored
all its gradients (Note [Gradient-ready hooks]), so communication runs while backward computes the
gradients of the earlier layers. The result is the same sum as a single allreduce: every element is
summed over the same ranks by MPI, whatever bucket it travels in. The first buckets are filled in
reverse parameter-name order; after the first update they are rebuilt in the order backward
actually produced the gradients on rank 0 (broadcast, so all ranks use one layout). Overlap needs
the parameters to be chainerx arrays (backward runs on chainerx's graph); with NumPy or CuPy
parameters every bucket starts after backward.
"""

import chainer
import chainerx

from chainermn.communicators import mpi_communicator_base

_DEFAULT_BUCKET_BYTES = 4 * 1024 * 1024


class _MultiNodeOptimizer:
    """Wraps an optimizer; attributes other than its own are those of the actual optimizer."""

    def __init__(self, actual_optimizer, communicator, zero_fill, bucket_bytes):
        if bucket_bytes is not None and bucket_bytes < 0:
            raise ValueError('bucket_bytes must be None or non-negative, got {}'.format(
                bucket_bytes))
        super().__setattr__('communicator', communicator)
        super().__setattr__('actual_optimizer', actual_optimizer)
        super().__setattr__('zero_fill', zero_fill)
        super().__setattr__('bucket_bytes', bucket_bytes)
        super().__setattr__('target_params', [])
        super().__setattr__('_bucket_order', None)

    def setup(self, link):
        self.actual_optimizer.setup(link)
        return self

    def update(self, lossfun=None, *args, **kwds):
        """Runs ``lossfun`` and backward (when given), averages the gradients over the ranks and
        updates. When the set of initialised parameters changed (the first update, a lazily
        initialised link), rank 0's parameters are broadcast instead and nothing is updated, as in
        the original, so that every rank starts from the same weights."""
        target, loss = self._loss(lossfun, args, kwds)
        # (lazily initialised parameters got their arrays in lossfun: the check comes after it)
        if self._is_changed(target):
            if loss is not None:
                loss.backward(loss_scale=self.actual_optimizer._loss_scale)
            del loss
            self.communicator.bcast_data(target)
            super().__setattr__('_bucket_order', None)
            return
        session = self._session(target)
        if loss is not None:
            self._backward(loss, session)
        del loss
        session.finish()
        self._learn_bucket_order(session)
        self.actual_optimizer.update(None, *args, **kwds)

    def _loss(self, lossfun, args, kwds):
        """``(target, loss)``: the loss computed by `lossfun` (None without it), the gradients
        cleared for its backward."""
        target = self.actual_optimizer.target
        if target is None:
            raise RuntimeError('call `setup` method before `update` method')
        if lossfun is None:
            return target, None
        loss = lossfun(*args, **kwds)
        target.cleargrads()
        return target, loss

    def _session(self, target):
        if not _averages_in_buckets(self.communicator):
            return _DeferredMean(self.communicator, target, self.zero_fill)
        return self.communicator._mean_grad_session(
            target, self.zero_fill, self.bucket_bytes, self._bucket_order,
            overlap=self.bucket_bytes is not None)

    def _backward(self, loss, session):
        loss_scale = self.actual_optimizer._loss_scale
        watched = None
        if self.bucket_bytes is not None:  # overlapped buckets (blocking ones would stall backward)
            watched = getattr(session, 'watched_arrays', lambda: None)()
        if watched is None:
            loss.backward(loss_scale=loss_scale)
        else:
            with chainerx._core._grad_ready_hook(watched, session.ready):
                loss.backward(loss_scale=loss_scale)

    def _learn_bucket_order(self, session):
        if self._bucket_order is not None or not getattr(session, 'ready_order', None):
            return
        n = len(session.layout.params)
        observed = list(dict.fromkeys(session.ready_order))
        observed += [i for i in range(n - 1, -1, -1) if i not in set(observed)]
        order = self.communicator.bcast_obj(observed, root=0)
        super().__setattr__('_bucket_order', order)

    def _is_changed(self, target):
        """Whether the initialised parameters changed since the last call (then recorded)."""
        params = [(name, param.array is None) for name, param in sorted(target.namedparams())]
        changed = params != self.target_params
        if changed:
            super().__setattr__('target_params', params)
        return changed

    def __getattr__(self, name):
        return getattr(self.actual_optimizer, name)

    def __setattr__(self, name, value):
        setattr(self.actual_optimizer, name, value)


chainer.Optimizer.register(_MultiNodeOptimizer)  # Note [Optimizer wrappers]


def _averages_in_buckets(communicator):
    """Whether `communicator` averages gradients with the MPI buckets of MpiCommunicatorBase
    (which the overlap and double buffering drive), rather than a method of its own."""
    return isinstance(communicator, mpi_communicator_base.MpiCommunicatorBase) and \
        type(communicator).multi_node_mean_grad is \
        mpi_communicator_base.MpiCommunicatorBase.multi_node_mean_grad


class _DeferredMean:
    """A session for communicators that average in one call after backward."""

    ready_order = None

    def __init__(self, communicator, target, zero_fill):
        self._communicator = communicator
        self._target = target
        self._zero_fill = zero_fill

    def finish(self):
        self._communicator.multi_node_mean_grad(self._target, self._zero_fill)


def create_multi_node_optimizer(actual_optimizer, communicator, double_buffering=False,
                                zero_fill=True, bucket_bytes=_DEFAULT_BUCKET_BYTES):
    """Wraps `actual_optimizer` so that each update uses gradients averaged over all ranks.

    Args:
        actual_optimizer: A :class:`chainer.Optimizer` (set up before or after wrapping).
        communicator: A chainermn communicator.
        double_buffering: Update with the previous iteration's averaged gradients while this
            iteration's are being summed (one step stale; hides all communication).
        zero_fill: Give zero gradients (averaged like the others) to initialised parameters that
            have none on any rank, instead of leaving them None.
        bucket_bytes: Gradient bytes per allreduce bucket for the overlap with backward (Note
            [Overlapped gradient averaging]); ``None`` sends everything in one bucket after
            backward.
    """
    if double_buffering:
        from chainermn import _double_buffering
        return _double_buffering.DoubleBufferingOptimizer(
            actual_optimizer, communicator, zero_fill, bucket_bytes)
    return _MultiNodeOptimizer(actual_optimizer, communicator, zero_fill, bucket_bytes)
