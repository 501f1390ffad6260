"""`cuda_library`: compiles .cu files with nvcc into a static library usable by cc_* rules.

    cuda_library(
        name = "kernels",
        srcs = ["add.cu"],            # .cu files, one nvcc action each
        hdrs = ["add.h"],             # headers for dependents (and the .cu files)
        deps = ["//chainerx:core"],   # cc_library / cuda_library targets; headers and include paths
        copts = [],                   # extra nvcc flags
    )

The result provides CcInfo (a PIC static library, merged with the deps'), so a cc_library or
cc_test can depend on it directly; it brings @local_cuda//:cudart_static along. Gate CUDA targets with
    target_compatible_with = select({"//:cuda_enabled": [], "//conditions:default": ["//:incompatible"]})
"""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load("@local_cuda//:defs.bzl", "CUDA_PATH")

# CUDA 13 supports sm_75 and newer. SASS for A100 (sm_80) and H100 (sm_90), plus PTX for newer GPUs.
CUDA_GENCODE = [
    "-gencode=arch=compute_80,code=sm_80",
    "-gencode=arch=compute_90,code=sm_90",
    "-gencode=arch=compute_90,code=compute_90",
]

# Note [CI's CUDA build]: CI (tools/test.sh) checks that the device code compiles, links and loads, on a machine
# without a GPU; it never runs it. With --define=cuda_gencode=ptx (.bazelrc's --config=cuda_ci) nvcc emits PTX for
# the oldest architecture above and nothing else: the device code still goes through nvcc's front end for every
# kernel and dtype, against sm_80's features, but neither ptxas nor the sm_90 pass runs, which halves nvcc's time
# (logic.cu: 41 s -> 22 s). The wheel for a GPU (tools/gpu_prepare.sh) and any other --config=cuda build carry
# all of CUDA_GENCODE.
CUDA_GENCODE_CI = ["-gencode=arch=compute_80,code=compute_80"]

def _include_flags(compilation_context, genfiles_dir, bin_dir):
    flags = ["-I", ".", "-I", genfiles_dir, "-I", bin_dir]
    for d in compilation_context.quote_includes.to_list():
        flags += ["-I", d]
    for d in compilation_context.includes.to_list():
        flags += ["-I", d]
    for d in compilation_context.system_includes.to_list():
        flags += ["-isystem", d]
    for d in compilation_context.defines.to_list():
        flags.append("-D" + d)
    return flags

def _cuda_library_impl(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    dep_cc_infos = [dep[CcInfo] for dep in ctx.attr.deps]

    # Headers of this target, visible to its own .cu files and to dependents.
    own_compilation_context = cc_common.create_compilation_context(
        headers = depset(ctx.files.hdrs),
    )
    compilation_context = cc_common.merge_cc_infos(
        cc_infos = dep_cc_infos + [CcInfo(compilation_context = own_compilation_context)],
    ).compilation_context

    include_flags = _include_flags(
        compilation_context,
        ctx.genfiles_dir.path,
        ctx.bin_dir.path,
    )
    nvcc = CUDA_PATH + "/bin/nvcc"
    objects = []
    for src in ctx.files.srcs:
        stem = src.basename[:-len(src.extension) - 1]
        obj = ctx.actions.declare_file("_objs/%s/%s.pic.o" % (ctx.label.name, stem))
        args = ctx.actions.args()
        args.add(nvcc)
        args.add_all(["-c", src.path, "-o", obj.path])
        args.add_all(["-ccbin", cc_toolchain.compiler_executable])
        args.add_all(["-std=c++17", "-O3", "-Xcompiler", "-fPIC", "--expt-relaxed-constexpr"])
        args.add_all(CUDA_GENCODE_CI if ctx.var.get("cuda_gencode") == "ptx" else CUDA_GENCODE)
        args.add_all(include_flags)
        args.add_all(ctx.attr.copts)
        # nvcc names its temporary files after its process id, and every sandboxed action runs as the same pid
        # of its own pid namespace while sharing /tmp: two nvcc actions side by side used the same names (CI
        # failed on "cannot open module id file /tmp/tmpxft_00000002_00000001-4_pooling.module_id"). Each runs
        # with a temporary directory of its own (nvcc honours TMPDIR).
        ctx.actions.run_shell(
            command = 'tmp="$(mktemp -d)" && trap \'rm -rf "$tmp"\' EXIT && TMPDIR="$tmp" "$@"',
            arguments = [args],
            inputs = depset([src] + ctx.files.hdrs, transitive = [compilation_context.headers]),
            outputs = [obj],
            mnemonic = "NvccCompile",
            progress_message = "Compiling CUDA %s" % src.short_path,
            # nvcc calls the host compiler and tools by name.
            env = {"PATH": CUDA_PATH + "/bin:/usr/bin:/bin"},
        )
        objects.append(obj)

    files = []
    linking_context = None
    if objects:
        library = ctx.actions.declare_file("lib%s.pic.a" % ctx.label.name)
        ar_args = ctx.actions.args()
        ar_args.add_all(["rcsD", library.path])
        ar_args.add_all(objects)
        ctx.actions.run(
            executable = cc_toolchain.ar_executable,
            arguments = [ar_args],
            inputs = depset(objects, transitive = [cc_toolchain.all_files]),
            outputs = [library],
            mnemonic = "CudaArchive",
            progress_message = "Archiving CUDA library %s" % library.short_path,
        )
        library_to_link = cc_common.create_library_to_link(
            actions = ctx.actions,
            feature_configuration = feature_configuration,
            cc_toolchain = cc_toolchain,
            pic_static_library = library,
            alwayslink = ctx.attr.alwayslink,
        )
        linking_context = cc_common.create_linking_context(
            linker_inputs = depset([cc_common.create_linker_input(
                owner = ctx.label,
                libraries = depset([library_to_link]),
            )]),
        )
        files.append(library)

    if linking_context:
        own = CcInfo(compilation_context = own_compilation_context, linking_context = linking_context)
    else:
        own = CcInfo(compilation_context = own_compilation_context)

    # The CUDA runtime is linked into whatever uses the kernels; it is not needed to compile them.
    runtime = ctx.attr._cudart[CcInfo]
    return [
        DefaultInfo(files = depset(files)),
        cc_common.merge_cc_infos(cc_infos = [own] + dep_cc_infos + [runtime]),
    ]

cuda_library = rule(
    implementation = _cuda_library_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = [".cu"]),
        "hdrs": attr.label_list(allow_files = [".h", ".cuh", ".hpp", ".inl"]),
        "deps": attr.label_list(providers = [CcInfo]),
        "copts": attr.string_list(),
        "alwayslink": attr.bool(default = False),
        "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
        "_cudart": attr.label(default = "@local_cuda//:cudart_static", providers = [CcInfo]),
    },
    fragments = ["cpp"],
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    incompatible_use_toolchain_transition = True,
)

def _link_only_impl(ctx):
    merged = cc_common.merge_cc_infos(cc_infos = [dep[CcInfo] for dep in ctx.attr.deps])
    return [CcInfo(linking_context = merged.linking_context)]

# `link_only(name, deps)`: the deps' libraries for linking, without their headers, include paths or defines, so
# that dependents compile as if the deps were absent (and their compile actions do not change with them).
link_only = rule(
    implementation = _link_only_impl,
    attrs = {"deps": attr.label_list(providers = [CcInfo])},
)
