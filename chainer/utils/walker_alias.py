"""`WalkerAlias`: O(1)-per-sample draws from a fixed discrete distribution (Walker's alias method).

Note [Alias table]: for n outcomes the table has n buckets of equal probability 1/n. Bucket i
keeps outcome i with probability `threshold[i]` and otherwise yields its alias. A draw takes one
uniform number u in [0, 1): bucket `floor(u * n)`, then the fraction `u * n - bucket` against the
threshold. `values[2 * i]` is i and `values[2 * i + 1]` its alias, so the draw is one gather,
`values[2 * bucket + (fraction >= threshold[bucket])]`, on any array backend. The table is built
with Vose's stable method: buckets whose scaled probability is below 1 are topped up from one
above 1, whose excess shrinks accordingly; leftovers are full (threshold 1, their own alias).
"""

from typing import Any, Sequence, Tuple, Union

import numpy

import chainerx


class WalkerAlias:
    """Samples indices `i` with probability `probs[i] / sum(probs)`.

    The table lives on one device (NumPy at first); `to_device` moves it, and `sample` returns
    arrays on that device. Used by the negative-sampling loss and link.

    Args:
        probs (sequence of floats): Non-negative weights, not all zero; they need not sum to 1.

    Attributes:
        threshold (array of float32): Per bucket, the probability of keeping its own index.
        values (array of int32): Per bucket `i`, `values[2 * i]` is `i` and `values[2 * i + 1]`
            its alias. See Note [Alias table].

    Raises:
        ValueError: `probs` is empty, not 1-d, or has a negative, non-finite or all-zero weight.

    Example:
        >>> sampler = WalkerAlias([0.5, 0.25, 0.25])
        >>> sampler.sample((2, 3)).shape
        (2, 3)
    """

    def __init__(self, probs: Sequence[float]) -> None:
        weights = numpy.asarray(probs, dtype=numpy.float64)
        if weights.ndim != 1 or weights.size == 0:
            raise ValueError('WalkerAlias needs a non-empty 1-d sequence of weights, got shape '
                             '{}'.format(weights.shape))
        if not numpy.isfinite(weights).all() or (weights < 0).any() or weights.sum() <= 0:
            raise ValueError('WalkerAlias weights must be finite and non-negative, and not all '
                             'zero')
        self.threshold, self.values = _build_table(weights / weights.sum())
        self._device = None  # None: NumPy, without importing chainer.backend.

    @property
    def device(self) -> Any:
        """The `chainer.backend.Device` holding the table."""
        if self._device is None:
            from chainer import backend
            self._device = backend.CpuDevice()
        return self._device

    @property
    def use_gpu(self) -> bool:
        """Whether the table is on CuPy."""
        return _array_module(self.threshold).__name__ == 'cupy'

    def to_device(self, device: Any) -> 'WalkerAlias':
        """Moves the table to a device (any spec `chainer.get_device` accepts); returns self."""
        from chainer import backend
        device = backend.get_device(device)
        self.threshold = device.send(self.threshold)
        self.values = device.send(self.values)
        self._device = device
        return self

    def to_cpu(self) -> 'WalkerAlias':
        """Moves the table to NumPy; returns self."""
        return self.to_device('@numpy')

    def to_gpu(self, device: Any = None) -> 'WalkerAlias':
        """Moves the table to CuPy (the current CUDA device, or the given one); returns self."""
        if device is None:
            import cupy
            device = cupy.cuda.runtime.getDevice()
        return self.to_device('@cupy:{}'.format(int(getattr(device, 'id', device))))

    def sample(self, shape: Union[int, Tuple[int, ...]]) -> Any:
        """Draws indices, using the random generator of the table's backend.

        On NumPy and chainerx the draws come from `numpy.random`, so `numpy.random.seed` makes
        them reproducible; on CuPy from `cupy.random`.

        Args:
            shape (int or tuple of ints): The shape of the result.

        Returns:
            An int32 array of that shape on the table's device, each entry an index into `probs`.
        """
        xp = _array_module(self.threshold)
        n = len(self.threshold)
        if xp is chainerx:
            uniform = chainerx.random.uniform(0, 1, shape, device=self.threshold.device)
        else:
            uniform = xp.random.uniform(0, 1, shape)
        scaled = uniform * n
        bucket = scaled.astype(numpy.int32)
        # `u * n` may round up to n for u just below 1.
        bucket = xp.minimum(bucket, n - 1)
        fraction = scaled - bucket.astype(scaled.dtype)
        use_alias = (fraction >= self.threshold.take(bucket, axis=0)).astype(numpy.int32)
        return self.values.take(bucket * 2 + use_alias, axis=0)


def _build_table(probs):
    """Returns (threshold, values) for normalised probabilities; see Note [Alias table]."""
    n = len(probs)
    scaled = (probs * n).tolist()
    threshold = numpy.ones(n, dtype=numpy.float32)
    values = numpy.repeat(numpy.arange(n, dtype=numpy.int32), 2)
    small = [i for i in range(n) if scaled[i] < 1]
    large = [i for i in range(n) if scaled[i] >= 1]
    while small and large:
        short, donor = small.pop(), large.pop()
        threshold[short] = scaled[short]
        values[2 * short + 1] = donor
        scaled[donor] -= 1 - scaled[short]
        (small if scaled[donor] < 1 else large).append(donor)
    # Buckets left in either list hold (up to rounding) exactly 1/n: full, no alias.
    return threshold, values


def _array_module(array):
    if isinstance(array, numpy.ndarray):
        return numpy
    if isinstance(array, chainerx.ndarray):
        return chainerx
    import cupy
    return cupy
