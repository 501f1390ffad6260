"""`pytest_test`: a py_test that runs pytest on its source files, on the configured interpreter.

    pytest_test(
        name = "test_array",
        srcs = ["test_array.py"],
        deps = ["//chainerx:chainerx_pkg"],
    )

A test directory uses `pytest_test_per_package` (Note [One test target per package] below).

Every target gets the tag "py", so that `--config=asan` can leave Python tests out.
`args` are passed to pytest after the files (e.g. ["-k", "not slow"]).
"""

def pytest_test(name, srcs, deps = [], data = [], args = [], size = "small", tags = [], **kwargs):
    native.py_test(
        name = name,
        srcs = srcs + ["//tools/pytest:pytest_main.py"],
        main = "//tools/pytest:pytest_main.py",
        args = ["$(rootpath %s)" % src for src in srcs] + args,
        deps = deps,
        data = data,
        size = size,
        tags = tags + ([] if "py" in tags else ["py"]),
        python_version = "PY3",
        srcs_version = "PY3",
        legacy_create_init = False,
        **kwargs
    )

def pytest_test_per_package(data = [], deps = [], shard_count = None, size = "medium", **kwargs):
    """One `pytest_test` over every `test_*.py` file of the calling package, named after the package's directory
    (//tests/chainer_tests/functions_tests/math_tests:math_tests).

    Note [One test target per package]: a test target costs about a second before its first test runs (Bazel's
    sandbox, the interpreter, numpy, chainerx, chainer and pytest), which over one target per file (some 300) was a
    third of what `bazel test //...` spent testing. The files of a package share one process instead; shard_count
    splits a long package into processes that each run every Nth file (tools/pytest/pytest_main.py), so the
    longest target does not end the step alone. Non-test modules of the package (shared helpers) go in `data`.
    One file or test: `bazel test //PACKAGE:NAME --test_filter=EXPR` (pytest's -k EXPR: a file's module name, as
    test_einsum, selects the file), or tools/pytest_staged.sh with the file.
    """
    pytest_test(
        name = native.package_name().split("/")[-1],
        srcs = native.glob(["test_*.py"]),
        data = data,
        deps = deps,
        shard_count = shard_count,
        size = size,  # a package's files take longer than small's 60 s on a loaded 2-core machine
        **kwargs
    )

def mpi_pytest_test_per_file(n_procs = [2, 3], data = [], deps = [], timeout_s = 240, tags = [], **kwargs):
    """For each `test_*.py` file of the package and each N in `n_procs`, a test `<file>_np<N>`
    that runs pytest on the file in N MPI processes (tools/pytest/mpi_pytest_main.py).

    The targets are tagged "exclusive": N busy MPI processes on a 2-core machine should not share it
    with other tests.
    """
    for src in native.glob(["test_*.py"]):
        for n in n_procs:
            native.py_test(
                name = "%s_np%d" % (src[:-len(".py")], n),
                srcs = [src, "//tools/pytest:mpi_pytest_main.py", "//tools/pytest:pytest_main.py"],
                main = "//tools/pytest:mpi_pytest_main.py",
                args = ["--np", str(n), "--timeout", str(timeout_s), "$(rootpath %s)" % src],
                data = data,
                deps = deps,
                size = "medium",
                tags = tags + ["py", "exclusive"],
                python_version = "PY3",
                srcs_version = "PY3",
                legacy_create_init = False,
                **kwargs
            )
