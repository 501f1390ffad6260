# chainerx._core, the compiled extension: its public names are re-exported by chainerx and typed in
# chainerx/__init__.pyi. This stub lets type checkers resolve the module for the private helpers that
# Chainer uses (_function_node_forward, _fromrawpointer, ...), which stay untyped.
import typing as tp

from chainerx import linalg as linalg
from chainerx import ndarray as _ndarray

def __getattr__(name: str) -> tp.Any: ...

# chainerx._core._optimizers: the fused in-place optimizer updates that Chainer's update rules call
# (chainerx/core/routines/optimizer.h has the formulas). A stub cannot declare a submodule inline, so
# the submodule is typed as a namespace class of static functions. Each updates its array arguments
# in place and returns None; test_fused_update.py checks these signatures against the runtime.
class _optimizers:
    @staticmethod
    def sgd(param: _ndarray, grad: _ndarray, lr: float) -> None: ...
    @staticmethod
    def momentum_sgd(param: _ndarray, grad: _ndarray, v: _ndarray, lr: float, momentum: float) -> None: ...
    @staticmethod
    def corrected_momentum_sgd(
        param: _ndarray, grad: _ndarray, v: _ndarray, lr: float, momentum: float) -> None: ...
    @staticmethod
    def nesterov_ag(param: _ndarray, grad: _ndarray, v: _ndarray, lr: float, momentum: float) -> None: ...
    @staticmethod
    def adagrad(param: _ndarray, grad: _ndarray, h: _ndarray, lr: float, eps: float) -> None: ...
    @staticmethod
    def adadelta(
        param: _ndarray, grad: _ndarray, msg: _ndarray, msdx: _ndarray, rho: float, eps: float) -> None: ...
    @staticmethod
    def rmsprop(param: _ndarray, grad: _ndarray, ms: _ndarray, lr: float, alpha: float, eps: float,
                eps_inside_sqrt: bool) -> None: ...
    @staticmethod
    def rmsprop_graves(param: _ndarray, grad: _ndarray, n: _ndarray, g_avg: _ndarray, delta: _ndarray,
                       lr: float, alpha: float, momentum: float, eps: float) -> None: ...
    @staticmethod
    def adam(param: _ndarray, grad: _ndarray, m: _ndarray, v: _ndarray, vhat: _ndarray | None, alpha_t: float,
             beta1: float, beta2: float, eps: float, eta: float, weight_decay_rate: float,
             lower_bound: float | None, upper_bound: float | None) -> None: ...
    @staticmethod
    def smorms3(param: _ndarray, grad: _ndarray, mem: _ndarray, g_avg: _ndarray, g2: _ndarray, lr: float,
                eps: float) -> None: ...
    @staticmethod
    def msvag(param: _ndarray, grad: _ndarray, m: _ndarray, v: _ndarray, lr: float, beta1: float,
              beta2: float, bias1: float, bias2: float, rho: float, eta: float,
              weight_decay_rate: float) -> None: ...
