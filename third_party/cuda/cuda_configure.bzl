"""Repository rule `cuda_configure`: the CUDA toolkit, cuBLAS, cuDNN and cuSOLVER as repository @local_cuda.

The toolkit is $CUDA_PATH (default /usr/local/cuda). cuBLAS, cuDNN and cuSOLVER come from the pip wheels
nvidia-cublas, nvidia-cudnn-cu13 and nvidia-cusolver (tools/setup.sh --cuda) in the site-packages of the
configured interpreter ($PYTHON_BIN_PATH, else python3). Targets:
  //:cuda_headers     CUDA runtime headers
  //:cudart_static    the static CUDA runtime (libcuda is dlopened at run time)
  //:cublas           cuBLAS / cuBLASLt headers and shared libraries
  //:cudnn            cuDNN headers and shared libraries
  //:cusolver_headers cuSOLVER's headers only: the library is loaded at run time when it is there
                      (Note [cuSOLVER loaded on demand] in chainerx/cuda/cusolver.h)
  //:defs.bzl         CUDA_FOUND, CUDA_PATH, NVCC, CUBLAS_FOUND, CUDNN_FOUND, CUSOLVER_FOUND
A missing piece yields empty targets, so that the default (CPU) build never breaks; CUDA targets
are only built with --config=cuda anyway.
"""

# Relative to site-packages. cuDNN 9.13 ships in nvidia/cudnn; newer CUDA-13 wheels share nvidia/cu13.
_CUBLAS_DIRS = ["nvidia/cu13", "nvidia/cublas"]
_CUDNN_DIRS = ["nvidia/cudnn", "nvidia/cu13"]
_CUSOLVER_DIRS = ["nvidia/cu13", "nvidia/cusolver"]

_SITE_PACKAGES_PROBE = """
import site, sysconfig
paths = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
try:
    paths += site.getsitepackages()
except AttributeError:
    pass
for p in dict.fromkeys(paths):
    print(p)
"""

_HEADER_PATTERNS = ["**/*.h", "**/*.hpp", "**/*.cuh", "**/*.inl"]

_BUILD_HEAD = """\
package(default_visibility = ["//visibility:public"])

exports_files(["defs.bzl"])
"""

_BUILD_TOOLKIT = """
cc_library(
    name = "cuda_headers",
    hdrs = glob([{patterns}]),
    # Extension-less headers (cccl's <cuda/std/...>) must still be inputs of the actions.
    textual_hdrs = glob(["cuda_include/**/*"], exclude = [{patterns}]),
    includes = ["cuda_include"],
)

cc_library(
    name = "cudart_static",
    srcs = ["cuda_lib/libcudart_static.a"],
    linkopts = ["-ldl", "-lrt", "-lpthread"],
    deps = [":cuda_headers"],
)
"""

_BUILD_NO_TOOLKIT = """
cc_library(name = "cuda_headers")

cc_library(name = "cudart_static")
"""

# All libraries of a wheel go into one target so that Bazel links them into one _solib directory,
# where their RUNPATH $ORIGIN finds each other (cuDNN dlopens its sub-libraries). The extra rpath
# finds the wheels from site-packages/chainerx/_core.so after a pip install.
# {name}_headers without the libraries: for code that declares or stands in for the library's functions (Note
# [CUDA emulation on the host] in chainerx/cuda/emulation/device.h).
_BUILD_WHEEL_LIB = """
cc_library(
    name = "{name}_headers",
    hdrs = glob(["{name}/include/**/*.h"]),
    includes = ["{name}/include"],
    deps = [":cuda_headers"],
)

cc_library(
    name = "{name}",
    srcs = glob(["{name}/lib/lib{name}*.so.*"]),
    linkopts = ["-Wl,-rpath,$$ORIGIN/../{wheel_dir}/lib"],
    deps = [":{name}_headers"],
)
"""

_BUILD_EMPTY_LIB = """
cc_library(name = "{name}")

cc_library(name = "{name}_headers")
"""

_BUILD_CUSOLVER_HEADERS = """
cc_library(
    name = "cusolver_headers",
    hdrs = glob(["cusolver/include/cusolver*.h"]),
    includes = ["cusolver/include"],
    deps = [":cublas_headers", ":cuda_headers"],
)
"""

# The first candidate directory with include/`header` and, unless `library` is None, lib/`library`.so*.
def _find_in_site_packages(rctx, site_packages, candidates, header, library):
    for sp in site_packages:
        for rel in candidates:
            d = rctx.path(sp + "/" + rel)
            if not d.get_child("include").get_child(header).exists:
                continue
            if library == None:
                return d, rel
            lib = d.get_child("lib")
            if lib.exists and [f for f in lib.readdir() if f.basename.startswith(library + ".so")]:
                return d, rel
    return None, None

def _site_packages(rctx):
    python = rctx.os.environ.get("PYTHON_BIN_PATH", "") or rctx.which("python3")
    if not python:
        return []
    result = rctx.execute([python, "-c", _SITE_PACKAGES_PROBE])
    if result.return_code != 0:
        return []
    return [line for line in result.stdout.splitlines() if line]

def _cuda_configure_impl(rctx):
    cuda_path = rctx.os.environ.get("CUDA_PATH", "") or "/usr/local/cuda"
    nvcc = rctx.path(cuda_path + "/bin/nvcc")
    cuda_found = nvcc.exists
    build = _BUILD_HEAD
    if cuda_found:
        rctx.symlink(cuda_path + "/include", "cuda_include")
        rctx.symlink(cuda_path + "/lib64", "cuda_lib")
        patterns = ", ".join(['"cuda_include/%s"' % p for p in _HEADER_PATTERNS])
        build += _BUILD_TOOLKIT.format(patterns = patterns)
    else:
        build += _BUILD_NO_TOOLKIT

    site_packages = _site_packages(rctx) if cuda_found else []
    found = {}
    for name, candidates, header in [
        ("cublas", _CUBLAS_DIRS, "cublas_v2.h"),
        ("cudnn", _CUDNN_DIRS, "cudnn.h"),
    ]:
        d, rel = _find_in_site_packages(rctx, site_packages, candidates, header, "lib" + name)
        found[name] = d != None
        if d:
            rctx.symlink(d.get_child("include"), name + "/include")
            rctx.symlink(d.get_child("lib"), name + "/lib")
            build += _BUILD_WHEEL_LIB.format(name = name, wheel_dir = rel)
        else:
            build += _BUILD_EMPTY_LIB.format(name = name)
    cusolver, _ = _find_in_site_packages(rctx, site_packages, _CUSOLVER_DIRS, "cusolverDn.h", None)
    found["cusolver"] = cusolver != None
    if cusolver:
        rctx.symlink(cusolver.get_child("include"), "cusolver/include")
        build += _BUILD_CUSOLVER_HEADERS
    else:
        build += '\ncc_library(name = "cusolver_headers")\n'

    rctx.file("BUILD.bazel", build)
    rctx.file("defs.bzl", "\n".join([
        "# Generated by cuda_configure.",
        "CUDA_FOUND = %s" % cuda_found,
        "CUDA_PATH = %r" % cuda_path,
        "NVCC = %r" % str(nvcc),
        "CUBLAS_FOUND = %s" % found["cublas"],
        "CUDNN_FOUND = %s" % found["cudnn"],
        "CUSOLVER_FOUND = %s" % found["cusolver"],
        "",
    ]))

cuda_configure = repository_rule(
    implementation = _cuda_configure_impl,
    environ = ["CUDA_PATH", "PYTHON_BIN_PATH"],
    configure = True,
    local = True,
)
