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
