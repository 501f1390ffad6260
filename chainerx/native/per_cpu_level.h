// Compiles the file named by CHAINERX_PER_CPU_LEVEL_BODY once per CPU level (native/cpu_level.h): in namespaces
// baseline, avx2 and avx512, each under its `#pragma GCC target`, with kVectorBytes, the level's register width in
// bytes (16, 32, 64), declared before it. No include guard: a file of kernels includes this once, with the macro
// defined, inside its own (anonymous) namespace, and picks a level's code with SelectByCpuLevel:
//
//     #define CHAINERX_PER_CPU_LEVEL_BODY "chainerx/native/vecmath_loops.h"
//     #include "chainerx/native/per_cpu_level.h"
//     ...
//     return SelectByCpuLevel(level, baseline::kLoops, avx2::kLoops, avx512::kLoops);
//
// Each copy inlines and vectorises the formulas it calls for its level (Note [CPU levels] in cpu_level.cc). The AVX2
// and AVX-512 levels include F16C's half conversions (GetCpuSupportedLevel demands F16C for both).

namespace baseline {
constexpr int kVectorBytes = 16;
#include CHAINERX_PER_CPU_LEVEL_BODY  // NOLINT(build/include): included once per level
}  // namespace baseline

#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
namespace avx2 {
constexpr int kVectorBytes = 32;
#include CHAINERX_PER_CPU_LEVEL_BODY  // NOLINT(build/include): included once per level
}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")
namespace avx512 {
constexpr int kVectorBytes = 64;
#include CHAINERX_PER_CPU_LEVEL_BODY  // NOLINT(build/include): included once per level
}  // namespace avx512
#pragma GCC pop_options

#undef CHAINERX_PER_CPU_LEVEL_BODY
