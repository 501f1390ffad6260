"""Thin adapters over the frameworks compared, so one benchmark body serves all of them.

Each adapter is created only if its framework imports; ``load_frameworks`` returns the adapters
and a note for each framework that is missing. Import this module only after the thread
environment variables are set (``run.py`` does that), since it imports NumPy and PyTorch.
"""

import numpy as np


class Framework:
    name = None
    supports_autograd = False

    def __init__(self, module):
        self.module = module
        self.version = getattr(module, "__version__", None)

    def asarray(self, np_array, requires_grad=False):
        """A framework array with a copy of ``np_array`` (on the default device)."""
        raise NotImplementedError

    def cleargrads(self, *arrays):
        """Drops the gradients of ``arrays`` so the next backward starts from none."""
        raise NotImplementedError

    def to_numpy(self, array):
        raise NotImplementedError

    def synchronize(self):
        """Waits for queued device work; a no-op for the CPU frameworks used so far."""

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

    def info(self):
        info = super().info()
        info["num_threads"] = self.module.get_num_threads()
        info["num_interop_threads"] = self.module.get_num_interop_threads()
        info["cuda_available"] = self.module.cuda.is_available()
        return info


ORDER = ("chainerx", "numpy", "torch")


def load_frameworks(wanted=ORDER, threads=None):
    """Returns ({name: adapter}, {name: why it is missing}) for the frameworks in ``wanted``."""
    loaded, missing = {}, {}
    for name in wanted:
        try:
            if name == "chainerx":
                import chainerx

                # getattr: builds older than the native thread pool have no such knob.
                set_num_threads = getattr(chainerx._core, "_set_num_threads", None)
                if threads is not None and set_num_threads is not None:
                    set_num_threads(threads)
                loaded[name] = ChainerX(chainerx)
            elif name == "numpy":
                loaded[name] = NumPy(np)
            elif name == "torch":
                import torch

                if threads is not None:
                    torch.set_num_threads(threads)
                    try:
                        torch.set_num_interop_threads(threads)
                    except RuntimeError:  # only settable before the first parallel work
                        pass
                loaded[name] = Torch(torch)
            else:
                missing[name] = "unknown framework"
        except ImportError as e:
            reason = "not importable ({}: {})".format(type(e).__name__, e)
            if name == "chainerx":
                # The source tree's chainerx/ has no _core and shadows a built package when the
                # repository root is on sys.path (e.g. `python -m` from the root).
                reason += "; put a built package on PYTHONPATH and run benchmarks/run.py as a script"
            missing[name] = reason
    return loaded, missing
