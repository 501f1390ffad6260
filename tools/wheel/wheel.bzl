"""`py_wheel_lite`: builds a binary wheel from py_library targets and data files (e.g. _core.so).

No rules_python offline, hence this small rule. Files keep their workspace-relative paths
(chainerx/__init__.py, chainerx/_core.so, chainer/...), minus `strip_path_prefixes`; files under a
`tests/` directory or named test_*.py / *_test.py are left out. The wheel is bit-reproducible.

    py_wheel_lite(
        name = "wheel",
        distribution = "chainerx",
        version = VERSION,
        deps = ["//chainerx:chainerx_pkg", "//chainer"],
        data = ["//chainerx:_core.so"],
        requires = ["numpy"],
    )
"""

load("@local_python//:defs.bzl", "ABI_TAG", "PLATFORM_TAG", "PY_TAG")

def _is_test_file(path):
    basename = path.split("/")[-1]
    return ("tests/" in path or basename.startswith("test_") or
            basename.endswith("_test.py") or basename == "conftest.py")

def _package_path(f, strip_prefixes):
    path = f.short_path
    for prefix in strip_prefixes:
        if path.startswith(prefix):
            return path[len(prefix):]
    return path

def _py_wheel_lite_impl(ctx):
    name = "%s-%s-%s-%s-%s.whl" % (
        ctx.attr.distribution.replace("-", "_"),
        ctx.attr.version,
        ctx.attr.python_tag or PY_TAG,
        ctx.attr.abi_tag or ABI_TAG,
        ctx.attr.platform_tag or PLATFORM_TAG,
    )
    out = ctx.actions.declare_file(name)

    sources = depset(transitive = [dep[PyInfo].transitive_sources for dep in ctx.attr.deps])
    files = {}
    for f in sources.to_list() + ctx.files.data:
        if f.short_path.startswith("../"):
            continue  # another repository's file, e.g. from @local_python
        path = _package_path(f, ctx.attr.strip_path_prefixes)
        if not _is_test_file(path):
            files[path] = f

    manifest = ctx.actions.declare_file(ctx.label.name + ".manifest")
    ctx.actions.write(manifest, "".join(["%s\t%s\n" % (p, f.path) for p, f in sorted(files.items())]))

    args = ctx.actions.args()
    args.add("--output", out)
    args.add("--manifest", manifest)
    args.add("--distribution", ctx.attr.distribution)
    args.add("--version", ctx.attr.version)
    args.add("--summary", ctx.attr.summary)
    args.add("--requires-python", ctx.attr.requires_python)
    args.add("--tag", "%s-%s-%s" % (
        ctx.attr.python_tag or PY_TAG,
        ctx.attr.abi_tag or ABI_TAG,
        ctx.attr.platform_tag or PLATFORM_TAG,
    ))
    args.add_all(ctx.attr.requires, before_each = "--requires")
    ctx.actions.run(
        executable = ctx.executable._wheelmaker,
        arguments = [args],
        inputs = [manifest] + files.values(),
        outputs = [out],
        mnemonic = "PyWheel",
        progress_message = "Building wheel %s" % name,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

py_wheel_lite = rule(
    implementation = _py_wheel_lite_impl,
    attrs = {
        "distribution": attr.string(mandatory = True),
        "version": attr.string(mandatory = True),
        "summary": attr.string(default = ""),
        "requires_python": attr.string(default = ">=3.10"),
        "requires": attr.string_list(),
        "deps": attr.label_list(providers = [PyInfo]),
        "data": attr.label_list(allow_files = True),
        "strip_path_prefixes": attr.string_list(),
        "python_tag": attr.string(),
        "abi_tag": attr.string(),
        "platform_tag": attr.string(),
        "_wheelmaker": attr.label(
            default = "//tools/wheel:wheelmaker",
            executable = True,
            cfg = "exec",
        ),
    },
)
