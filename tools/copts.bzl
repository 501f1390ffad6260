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
# to vectorise such loops (numeric::Exp's float path runs ~2x slower). Nothing reads errno after a kernel either:
# with -fno-math-errno, sqrt becomes the vector instruction instead of a call guarded by an errno branch, which
# is what keeps the fused Adam/RMSprop updates (native/optimizer.cc) from vectorising (4x slower without it).
CHAINERX_KERNEL_COPTS = CHAINERX_COPTS + ["-fno-trapping-math", "-fno-math-errno"]
