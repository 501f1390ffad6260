#include "chainerx/native/activation_loops.h"

#include <cstdint>
#include <cstring>

#include "chainerx/core/error.h"
#include "chainerx/core/numeric/activation.h"

namespace chainerx {
namespace native {
namespace {

namespace baseline {
#include "chainerx/native/activation_loops_level.h"  // NOLINT(build/include): included once per level
}  // namespace baseline

#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace avx2 {
#include "chainerx/native/activation_loops_level.h"  // NOLINT(build/include): included once per level
}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")
namespace avx512 {
#include "chainerx/native/activation_loops_level.h"  // NOLINT(build/include): included once per level
}  // namespace avx512
#pragma GCC pop_options

void CheckLevel(CpuLevel level) {
    if (level > GetCpuSupportedLevel()) {
        throw ChainerxError{"CPU level ", CpuLevelName(level), " is not supported by this CPU"};
    }
}

}  // namespace

ParamActivationLoop GetParamActivationLoopAt(ParamActivation activation, CpuLevel level) {
    CheckLevel(level);
    const ParamActivationLoop* loops = level == CpuLevel::kAvx512 ? avx512::kLoops
                                       : level == CpuLevel::kAvx2 ? avx2::kLoops
                                                                  : baseline::kLoops;
    return loops[static_cast<int>(activation)];
}

ParamActivationGradLoop GetParamActivationGradLoopAt(ParamActivation activation, CpuLevel level) {
    CheckLevel(level);
    const ParamActivationGradLoop* loops = level == CpuLevel::kAvx512 ? avx512::kGradLoops
                                           : level == CpuLevel::kAvx2 ? avx2::kGradLoops
                                                                      : baseline::kGradLoops;
    return loops[static_cast<int>(activation)];
}

ParamActivationLoop GetParamActivationLoop(ParamActivation activation) {
    return GetParamActivationLoopAt(activation, GetCpuLevel());
}

ParamActivationGradLoop GetParamActivationGradLoop(ParamActivation activation) {
    return GetParamActivationGradLoopAt(activation, GetCpuLevel());
}

}  // namespace native
}  // namespace chainerx
