"""The benchmark registry.

A benchmark is a function decorated with :func:`benchmark`. It receives a
:class:`_frameworks.Framework` adapter, builds its inputs with it, and returns the zero-argument
callable to be timed (set-up cost stays outside the timing). Whatever the callable returns, if it
is not None, is converted to NumPy once before timing and compared across frameworks::

    @benchmark("add_2x3", "a + b on 2x3 float32 arrays")
    def add_2x3(fw):
        a = fw.asarray(np.ones((2, 3), np.float32))
        b = fw.asarray(np.ones((2, 3), np.float32))
        return lambda: a + b

A benchmark that cannot run on some framework either names the frameworks it supports
(``frameworks=(...)``), states ``needs_autograd=True``, or raises :class:`Skip` from its body.
Registration order is report order. Modules with benchmarks are listed in ``run.py``.
"""

from dataclasses import dataclass


class Skip(Exception):
    """Raised by a benchmark body that does not apply to the framework it was given."""


@dataclass(frozen=True)
class Benchmark:
    name: str
    description: str
    fn: object
    frameworks: tuple = None  # None: every framework
    needs_autograd: bool = False
    group: str = ""  # module the benchmark was defined in, e.g. "host_overhead"
    tolerance: tuple = (1e-5, 1e-6)  # (rtol, atol) of the results' agreement between frameworks

    def skip_reason(self, fw):
        if self.frameworks is not None and fw.name not in self.frameworks:
            return "not defined for {}".format(fw.name)
        if self.needs_autograd and not fw.supports_autograd:
            return "{} has no autograd".format(fw.name)
        return None

    def setup(self, fw):
        """Returns the callable to time; raises Skip if it does not apply."""
        reason = self.skip_reason(fw)
        if reason:
            raise Skip(reason)
        return self.fn(fw)


REGISTRY = {}


def benchmark(name, description, frameworks=None, needs_autograd=False, tolerance=(1e-5, 1e-6)):
    """Decorator that registers a benchmark under ``name`` (which must be unique); ``tolerance`` is the (rtol, atol)
    within which the frameworks' results must agree."""

    def register(fn):
        if name in REGISTRY:
            raise ValueError("benchmark {!r} registered twice".format(name))
        REGISTRY[name] = Benchmark(
            name=name,
            description=description,
            fn=fn,
            frameworks=tuple(frameworks) if frameworks is not None else None,
            needs_autograd=needs_autograd,
            group=fn.__module__,
            tolerance=tolerance,
        )
        return fn

    return register
