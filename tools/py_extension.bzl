"""`py_extension`: a Python extension module built from C++ (pybind11 + NumPy C API).

    py_extension(name = "_core", deps = ["//chainerx/python:bindings"])

declared in chainerx/BUILD.bazel produces chainerx/_core.so (importable as chainerx._core once
chainerx/ is on sys.path; put ":_core.so" in the package py_library's data). The library holding
PYBIND11_MODULE must be `alwayslink = True`: nothing references PyInit_<name>, so the linker would
drop it otherwise. Symbols are hidden except the module's init function (PYBIND11_MODULE exports it).
"""

load("//tools:copts.bzl", "CHAINERX_COPTS")

def py_extension(name, srcs = [], deps = [], copts = [], linkopts = [], **kwargs):
    native.cc_binary(
        name = name + ".so",
        srcs = srcs,
        deps = deps + [
            "@local_python//:pybind11",
            "@local_python//:numpy_headers",
        ],
        copts = CHAINERX_COPTS + ["-fvisibility=hidden"] + copts,
        # An extension must not link libpython: the interpreter provides its symbols.
        linkopts = linkopts,
        linkshared = True,
        linkstatic = True,
        **kwargs
    )
