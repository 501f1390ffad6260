# chainerx._core, the compiled extension: its public names are re-exported by chainerx and typed in
# chainerx/__init__.pyi. This stub lets type checkers resolve the module for the private helpers that
# Chainer uses (_function_node_forward, _fromrawpointer, ...), which stay untyped.
import typing as tp

from chainerx import linalg as linalg

def __getattr__(name: str) -> tp.Any: ...
