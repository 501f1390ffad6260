"""Compiler flags for ChainerX's own C++ code (not third-party code): warnings are errors.

-std=c++17 and the optimisation level come from .bazelrc for every target.
"""

CHAINERX_COPTS = [
    "-Wall",
    "-Wextra",
    "-Werror",
    # Virtual interfaces and kernels often ignore some parameters by design.
    "-Wno-unused-parameter",
]

# Native kernels: we never install floating-point trap handlers, so the compiler may evaluate both sides of a
# select and turn branchy scalar formulas (clamps, inf/nan cases) into vector blends. Without this GCC refuses
# to vectorise such loops (numeric::Exp's float path runs ~2x slower).
CHAINERX_KERNEL_COPTS = CHAINERX_COPTS + ["-fno-trapping-math"]
