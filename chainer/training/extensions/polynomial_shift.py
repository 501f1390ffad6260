"""PolynomialShift: decays an optimizer attribute polynomially to zero over a number of calls."""

from chainer.training.extensions import _value_shift


class PolynomialShift(_value_shift.ValueShift):
    """Trainer extension that shifts an optimizer attribute by a polynomial decay.

    After ``t`` calls (every iteration by default) the attribute is
    ``init * max(1 - t / max_count, 0) ** rate``, where ``init`` is the attribute's value when the
    extension is initialized; the value is stopped at `target` once it passes it.

    Args:
        attr (str): Name of the optimizer attribute to adjust.
        rate (float): Exponent of the decay.
        max_count (int): Number of calls after which the value reaches zero; must be positive.
            With an epoch trigger this is a number of epochs, with the default one of iterations.
        target (float): Value at which the shift stops; None never stops.
        optimizer (~chainer.Optimizer): Optimizer to adjust; None uses the trainer's ``'main'``.

    Raises:
        ValueError: If `max_count` is not positive.
    """

    def __init__(self, attr, rate, max_count, target=None, optimizer=None):
        super().__init__(attr, None, optimizer)
        _value_shift.check_number('rate', rate, 'PolynomialShift')
        _value_shift.check_number('max_count', max_count, 'PolynomialShift')
        if max_count <= 0:
            raise ValueError(
                'PolynomialShift: max_count must be positive, got {}'.format(max_count))
        _value_shift.check_number('target', target, 'PolynomialShift', allow_none=True)
        self._rate = rate
        self._max_count = max_count
        self._target = target

    def _value_at(self, t):
        decay = max(1 - t / self._max_count, 0)
        value = self._init * decay ** self._rate
        return _value_shift.clip_to_target(value, self._target, self._rate < 0)
