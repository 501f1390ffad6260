"""Timing of one zero-argument callable: calibrated batches, repeated, median per call.

The callable is run in batches of ``n`` back-to-back calls; ``n`` is calibrated so that one batch
takes about ``target_ns``. Each sample is the batch time divided by ``n``, so the clock's
resolution and the cost of reading it are spread over many calls. The garbage collector is
collected before and disabled during each timed batch, so a collection cannot land inside one
sample and not another.

Per-call figures include the Python loop and the call of the closure itself (tens of ns); the
runner measures that cost on an empty closure and reports it separately (it is the same for all
frameworks, so it does not favour any of them, but it compresses ratios of very cheap operations).
"""

import gc
import statistics
import time
from dataclasses import dataclass, field

_NS_PER_US = 1000.0


def run_batch(fn, n, sync=None):
    """Calls ``fn`` ``n`` times with the GC disabled; returns the elapsed nanoseconds.

    ``sync`` (a device's synchronize) runs before the clock stops, so queued GPU work is counted.
    """
    loop = range(n)
    gc.collect()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter_ns()
        for _ in loop:
            fn()
        if sync is not None:
            sync()
        t1 = time.perf_counter_ns()
    finally:
        if gc_was_enabled:
            gc.enable()
    return t1 - t0


def calibrate(fn, target_ns, max_calls=100_000_000, sync=None):
    """Number of calls per batch so that one batch takes about ``target_ns``.

    Grows the batch geometrically until it takes at least a tenth of the target, then scales
    linearly. The calls made here double as the first part of the warm-up.
    """
    n = 1
    while True:
        elapsed = run_batch(fn, n, sync)
        if elapsed >= target_ns / 10 or n >= max_calls:
            break
        # Grow at most 10x per step, at least 2x.
        n = min(max_calls, max(2 * n, min(10 * n, int(n * target_ns / 10 / max(elapsed, 1)) + 1)))
    return max(1, min(max_calls, round(n * target_ns / max(elapsed, 1))))


@dataclass
class Measurement:
    calls_per_batch: int
    samples_ns: list = field(default_factory=list)  # per-call time of each batch

    @property
    def samples_us(self):
        return [s / _NS_PER_US for s in self.samples_ns]

    @property
    def median_us(self):
        return statistics.median(self.samples_ns) / _NS_PER_US

    @property
    def min_us(self):
        return min(self.samples_ns) / _NS_PER_US

    @property
    def max_us(self):
        return max(self.samples_ns) / _NS_PER_US


def measure(fn, repeat=7, target_ms=20.0, warmup_batches=1, sync=None):
    """Warms ``fn`` up, calibrates the batch size and times ``repeat`` batches."""
    target_ns = int(target_ms * 1e6)
    fn()  # first call: lazy initialisation, kernel lookup, allocator pools, ...
    n = calibrate(fn, target_ns, sync=sync)
    for _ in range(warmup_batches):
        # A calibration batch slowed down by another process would leave the batches short;
        # re-scale from the warm-up batch if it ran faster per call.
        elapsed = run_batch(fn, n, sync)
        n = max(n, round(n * target_ns / max(elapsed, 1)))
    m = Measurement(calls_per_batch=n)
    for _ in range(repeat):
        m.samples_ns.append(run_batch(fn, n, sync) / n)
    return m
