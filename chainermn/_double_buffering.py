"""The multi-node optimizer with double buffering: communication hidden behind the next step."""

from chainermn import optimizers


class DoubleBufferingOptimizer(optimizers._MultiNodeOptimizer):
    """Updates with the previous iteration's averaged gradients while this iteration's are summed.

    Each update packs this iteration's gradients into one of two sets of buffers and starts their
    allreduce, then waits for the other set (started one iteration earlier), writes those means
    into the gradients and updates: the parameters move by gradients one step stale, and the sum
    overlaps a whole forward and backward. The first update after the broadcast of the weights only
    starts communicating. As in the original, this trades exactness for speed: results differ from
    the plain multi-node optimizer.
    """

    def __init__(self, actual_optimizer, communicator, zero_fill, bucket_bytes):
        if not optimizers._averages_in_buckets(communicator):
            raise ValueError('double_buffering needs one of the MPI communicators (naive, flat, '
                             'non_cuda_aware), got {}'.format(type(communicator).__name__))
        super().__init__(actual_optimizer, communicator, zero_fill, bucket_bytes)
        object.__setattr__(self, '_in_flight', None)
        object.__setattr__(self, '_slot', 0)

    def update(self, lossfun=None, *args, **kwds):
        target, loss = self._loss(lossfun, args, kwds)
        if loss is not None:
            loss.backward(loss_scale=self.actual_optimizer._loss_scale)
        del loss
        if self._is_changed(target):
            self.wait()
            self.communicator.bcast_data(target)
            return
        session = self.communicator._mean_grad_session(
            target, self.zero_fill, self.bucket_bytes, slot=self._slot, overlap=True,
            through_buffers=True)
        session.start_all()
        previous = self._in_flight
        object.__setattr__(self, '_in_flight', session)
        object.__setattr__(self, '_slot', 1 - self._slot)
        if previous is None:
            return
        previous.finish()  # the previous iteration's means replace this iteration's gradients
        self.actual_optimizer.update(None, *args, **kwds)

    def wait(self):
        """Completes the allreduce in flight and drops it (its gradients are not applied)."""
        if self._in_flight is not None:
            self._in_flight.finish_without_unpack()
            object.__setattr__(self, '_in_flight', None)
