"""Thin adapters over the frameworks compared, so one benchmark body serves all of them.

Frameworks: ``chainerx``, ``chainer`` (Chainer on ChainerX: Variables holding chainerx arrays),
``chainer-numpy`` (Chainer's Variables holding NumPy arrays, the Python graph), ``numpy`` and
``torch``. Each adapter is created only if its framework imports; ``load_frameworks`` returns the
adapters and a note for each framework that is missing. Import this module only after the thread
environment variables are set (``run.py`` does that), since it imports NumPy and PyTorch.
"""

import numpy as np


class Framework:
    name = None
    supports_autograd = False
    # Whether the framework's arrays have a ``.sum()`` method. Chainer's Variables do not:
    # benchmarks call ``fw.functions.sum(a)`` (F.sum) for them and keep timing ``a.sum()``
    # everywhere else, with no adapter call inside the timed callable.
    has_sum_method = True
    # The benchmark modules (``Benchmark.group``) this framework runs; None: all of them.
    groups = None
    # "cuda" once use_cuda() has moved the framework's default device there.
    device = "cpu"

    def __init__(self, module):
        self.module = module
        self.version = getattr(module, "__version__", None)

    @property
    def functions(self):
        """The namespace of the functional routines (``relu``, ``linear``, ...): the module."""
        return self.module

    def asarray(self, np_array, requires_grad=False):
        """A framework array with a copy of ``np_array`` (on the default device)."""
        raise NotImplementedError

    def cleargrads(self, *arrays):
        """Drops the gradients of ``arrays`` so the next backward starts from none."""
        raise NotImplementedError

    def to_numpy(self, array):
        raise NotImplementedError

    def synchronize(self):
        """Waits for queued device work; a no-op on the CPU."""

    def use_cuda(self):
        """Makes CUDA device 0 the default for this framework's arrays; False if it cannot."""
        return False

    def info(self):
        return {"version": self.version, "module_path": getattr(self.module, "__file__", None)}


class ChainerX(Framework):
    name = "chainerx"
    supports_autograd = True

    def asarray(self, np_array, requires_grad=False):
        a = self.module.array(np.array(np_array, copy=True))
        if requires_grad:
            a.require_grad()
        return a

    def cleargrads(self, *arrays):
        for a in arrays:
            a.cleargrad()

    def to_numpy(self, array):
        return self.module.to_numpy(array)

    def use_cuda(self):
        try:
            self.module.set_default_device("cuda:0")
        except self.module.ChainerxError:  # no CUDA backend in this build, or no GPU
            return False
        self.synchronize = self.module.get_default_device().synchronize
        self.device = "cuda"
        return True

    def info(self):
        info = super().info()
        try:
            info["default_device"] = str(self.module.get_default_device())
            info["num_threads"] = self.module._core._get_num_threads()  # AttributeError is caught
        except Exception:  # noqa: BLE001 - informational only
            pass
        return info


class NumPy(Framework):
    name = "numpy"

    def asarray(self, np_array, requires_grad=False):
        if requires_grad:
            raise TypeError("NumPy has no autograd")
        return np.array(np_array, copy=True)

    def to_numpy(self, array):
        return np.asarray(array)


class Torch(Framework):
    name = "torch"
    supports_autograd = True

    def asarray(self, np_array, requires_grad=False):
        return self.module.tensor(np.array(np_array, copy=True), requires_grad=requires_grad)

    def cleargrads(self, *arrays):
        for a in arrays:
            a.grad = None

    def to_numpy(self, array):
        return array.detach().cpu().numpy()

    def use_cuda(self):
        if not self.module.cuda.is_available():
            return False
        self.module.set_default_device("cuda")
        self.synchronize = self.module.cuda.synchronize
        self.device = "cuda"
        return True

    def info(self):
        info = super().info()
        info["num_threads"] = self.module.get_num_threads()
        info["num_interop_threads"] = self.module.get_num_interop_threads()
        info["cuda_available"] = self.module.cuda.is_available()
        return info


class _Chainer(Framework):
    """Chainer: arrays are ``chainer.Variable``s; ``module`` is ``chainer``."""

    supports_autograd = True
    has_sum_method = False
    # The kernels and convolutions are chainerx's own routines under a thin wrapper: the Chainer
    # layer's cost is per call, which host_overhead and mlp measure. products measures functions
    # that only chainer.functions has (or that took the NumPy fallback before).
    groups = ("host_overhead", "mlp", "train_step", "products")

    def __init__(self, module):
        super().__init__(module)
        import chainer.functions

        self._functions = chainer.functions

    @property
    def functions(self):
        return self._functions

    def _array(self, np_array):
        """The array a Variable of this mode holds, a copy of ``np_array``."""
        raise NotImplementedError

    def asarray(self, np_array, requires_grad=False):
        return self.module.Variable(self._array(np_array), requires_grad=requires_grad)

    def cleargrads(self, *arrays):
        for v in arrays:
            v.cleargrad()

    def _plain(self, array):
        """The array of a Variable (a gradient or other plain array is returned as it is)."""
        return array.array if isinstance(array, self.module.Variable) else array


class ChainerOnChainerX(_Chainer):
    """Variables holding chainerx arrays on ``native:0``: the graph is chainerx's C++ graph."""

    name = "chainer"

    def _array(self, np_array):
        import chainerx

        return chainerx.array(np.array(np_array, copy=True), device="native:0")

    def to_numpy(self, array):
        import chainerx

        return chainerx.to_numpy(self._plain(array))


class ChainerOnNumPy(_Chainer):
    """Variables holding NumPy arrays: Chainer's Python graph (the original Chainer's CPU mode)."""

    name = "chainer-numpy"

    def _array(self, np_array):
        return np.array(np_array, copy=True)

    def to_numpy(self, array):
        return np.asarray(self._plain(array))


ORDER = ("chainerx", "chainer", "chainer-numpy", "numpy", "torch")
CHAINER_NAMES = ("chainer", "chainer-numpy")


def _import_chainerx(threads):
    import chainerx

    # getattr: builds older than the native thread pool have no such knob.
    set_num_threads = getattr(chainerx._core, "_set_num_threads", None)
    if threads is not None and set_num_threads is not None:
        set_num_threads(threads)
    return chainerx


def _import_torch(threads):
    import torch

    if threads is not None:
        torch.set_num_threads(threads)
        try:
            torch.set_num_interop_threads(threads)
        except RuntimeError:  # only settable before the first parallel work
            pass
    return torch


def _load(name, threads):
    """The adapter of ``name``: ImportError if its framework is missing, None if unknown."""
    if name == "chainerx":
        return ChainerX(_import_chainerx(threads))
    if name in CHAINER_NAMES:
        _import_chainerx(threads)  # chainer imports chainerx; its thread count applies to both
        import chainer

        return (ChainerOnChainerX if name == "chainer" else ChainerOnNumPy)(chainer)
    if name == "numpy":
        return NumPy(np)
    if name == "torch":
        return Torch(_import_torch(threads))
    return None


def load_frameworks(wanted=ORDER, threads=None):
    """Returns ({name: adapter}, {name: why it is missing}) for the frameworks in ``wanted``."""
    loaded, missing = {}, {}
    for name in wanted:
        try:
            adapter = _load(name, threads)
        except ImportError as e:
            reason = "not importable ({}: {})".format(type(e).__name__, e)
            if name == "chainerx" or name in CHAINER_NAMES:
                # The source tree's chainerx/ has no _core and shadows a built package when the
                # repository root is on sys.path (e.g. `python -m` from the root).
                reason += ("; put a built package on PYTHONPATH and run benchmarks/run.py "
                           "as a script")
            missing[name] = reason
            continue
        if adapter is None:
            missing[name] = "unknown framework"
        else:
            loaded[name] = adapter
    return loaded, missing
