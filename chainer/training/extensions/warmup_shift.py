"""WarmupShift: raises an optimizer attribute linearly to its initial value over the first calls."""

from chainer.training.extensions import _value_shift


class WarmupShift(_value_shift.ValueShift):
    """Trainer extension that warms an optimizer attribute up linearly.

    The attribute starts at `warmup_start`; after ``t`` calls (every iteration by default) it is
    ``warmup_start + (init - warmup_start) * t / warmup_iter`` while ``t < warmup_iter``, and `init`
    from then on. Combine it with another shift for the schedule after the warm-up.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        warmup_start (float): Value at the first iteration.
        warmup_iter (int): Number of calls the warm-up lasts; must be non-negative.
        init (float): Value reached at the end of the warm-up; None reads the attribute from the
            optimizer.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.

    Raises:
        ValueError: If `warmup_iter` is negative.
    """

    def __init__(self, attr, warmup_start, warmup_iter, init=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        _value_shift.check_number('warmup_start', warmup_start, 'WarmupShift')
        _value_shift.check_number('warmup_iter', warmup_iter, 'WarmupShift')
        if warmup_iter < 0:
            raise ValueError(
                'WarmupShift: warmup_iter must be non-negative, got {}'.format(warmup_iter))
        self._warmup_start = warmup_start
        self._warmup_iter = warmup_iter

    def _start_value(self):
        return self._warmup_start

    def _value_at(self, t):
        if t >= self._warmup_iter:
            return self._init
        return self._warmup_start + (self._init - self._warmup_start) * t / self._warmup_iter
