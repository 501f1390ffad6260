// float32 loops of the activations with a parameter whose formulas hold an exponential or a logarithm (elu, softplus)
// and of their gradients, compiled for each CPU level (native/cpu_level.h) as the float-math loops are
// (native/vecmath.h), and picked at run time. The formulas are numeric::Elu etc. (core/numeric/activation.h), whose
// float paths are the branch-free formulas of core/numeric/float_math.h: compiled for the baseline only, inside the
// generic elementwise kernels, 10^6 float32 elu took 8.5 ms (PyTorch 1.4 ms). native/activation.cc runs them on
// contiguous float32 operands; the rest take the generic kernels.
#pragma once

#include <cstdint>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

enum class ParamActivation : int { kElu, kSoftplus };
constexpr int kParamActivationCount = 2;

// out[i] = f(x[i], param) for i < n.
using ParamActivationLoop = void (*)(const float* x, float param, float* out, int64_t n);
// out[i] = f'(gout[i], x[i], param) for i < n.
using ParamActivationGradLoop = void (*)(const float* gout, const float* x, float param, float* out, int64_t n);

// The loops compiled for GetCpuLevel().
ParamActivationLoop GetParamActivationLoop(ParamActivation activation);
ParamActivationGradLoop GetParamActivationGradLoop(ParamActivation activation);

// The loops compiled for `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
ParamActivationLoop GetParamActivationLoopAt(ParamActivation activation, CpuLevel level);
ParamActivationGradLoop GetParamActivationGradLoopAt(ParamActivation activation, CpuLevel level);

}  // namespace native
}  // namespace chainerx
