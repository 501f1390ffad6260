// Native kernels of the activation family.
#include "chainerx/core/kernels/activation.h"

#include <cstdint>
#include <initializer_list>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/activation.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/native/activation_loops.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/elementwise_kernels.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

bool AreContiguousFloat32(std::initializer_list<const Array*> arrays) {
    for (const Array* a : arrays) {
        if (a->dtype() != Dtype::kFloat32 || !a->IsContiguous()) {
            return false;
        }
    }
    return true;
}

CHAINERX_NATIVE_REGISTER_UNARY(ReluKernel, numeric::Relu, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(SigmoidKernel, numeric::Sigmoid, kFloatingDtypes, kSigmoid);
CHAINERX_NATIVE_REGISTER_BINARY(ReluGradKernel, numeric::ReluGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(SigmoidGradKernel, numeric::SigmoidGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(LeakyReluKernel, numeric::LeakyRelu, kFloatingDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(LeakyReluGradKernel, numeric::LeakyReluGrad, kFloatingDtypes);

// Elu and Softplus on contiguous float32 operands run the per-level loops of activation_loops.h; the rest the generic
// kernels (the same formulas).
template <typename KeyKernel, typename Op, ParamActivation kActivation>
class NativeParamActivationKernel : public NativeBinaryScalarKernel<KeyKernel, Op, kFloatingDtypes> {
public:
    void Call(const Array& x, Scalar param, const Array& out) override {
        if (!AreContiguousFloat32({&x, &out})) {
            NativeBinaryScalarKernel<KeyKernel, Op, kFloatingDtypes>::Call(x, param, out);
            return;
        }
        ParamActivationLoop loop = GetParamActivationLoop(kActivation);
        const float p = param.As<float>();
        const auto* x_data = static_cast<const float*>(x.raw_data());
        auto* out_data = static_cast<float*>(out.raw_data());
        ParallelFor(x.GetTotalSize(), kElementwiseGrain, [=](int64_t begin, int64_t end) {
            loop(x_data + begin, p, out_data + begin, end - begin);
        });
    }
};

template <typename KeyKernel, typename Op, ParamActivation kActivation>
class NativeParamActivationGradKernel : public NativeBinaryWithScalarKernel<KeyKernel, Op, kFloatingDtypes> {
public:
    void Call(const Array& gout, const Array& x, Scalar param, const Array& out) override {
        if (!AreContiguousFloat32({&x, &out}) || gout.dtype() != Dtype::kFloat32) {
            NativeBinaryWithScalarKernel<KeyKernel, Op, kFloatingDtypes>::Call(gout, x, param, out);
            return;
        }
        // A strided or broadcast gout (a sum's gradient) is copied: one plain pass, cheaper than the generic kernel.
        const Array gout_c = gout.IsContiguous() ? gout : AsContiguousArray(gout);
        ParamActivationGradLoop loop = GetParamActivationGradLoop(kActivation);
        const float p = param.As<float>();
        const auto* gout_data = static_cast<const float*>(gout_c.raw_data());
        const auto* x_data = static_cast<const float*>(x.raw_data());
        auto* out_data = static_cast<float*>(out.raw_data());
        ParallelFor(x.GetTotalSize(), kElementwiseGrain, [=](int64_t begin, int64_t end) {
            loop(gout_data + begin, x_data + begin, p, out_data + begin, end - begin);
        });
    }
};

#define CHAINERX_NATIVE_REGISTER_PARAM_ACTIVATION(key_kernel, kernel_class, op, activation) \
    static ::chainerx::internal::KernelRegistration<key_kernel, kernel_class<key_kernel, op, activation>> \
            s_native_##key_kernel {                                                                        \
        NativeBackend::GetGlobalKernelRegistry()                                                           \
    }

CHAINERX_NATIVE_REGISTER_PARAM_ACTIVATION(EluKernel, NativeParamActivationKernel, numeric::Elu, ParamActivation::kElu);
CHAINERX_NATIVE_REGISTER_PARAM_ACTIVATION(
        EluGradKernel, NativeParamActivationGradKernel, numeric::EluGrad, ParamActivation::kElu);
CHAINERX_NATIVE_REGISTER_PARAM_ACTIVATION(
        SoftplusKernel, NativeParamActivationKernel, numeric::Softplus, ParamActivation::kSoftplus);
CHAINERX_NATIVE_REGISTER_PARAM_ACTIVATION(
        SoftplusGradKernel, NativeParamActivationGradKernel, numeric::SoftplusGrad, ParamActivation::kSoftplus);

#undef CHAINERX_NATIVE_REGISTER_PARAM_ACTIVATION
CHAINERX_NATIVE_REGISTER_BINARY(PReluKernel, numeric::PRelu, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_TERNARY(PReluSlopeGradKernel, numeric::PReluSlopeGrad, kFloatingDtypes);

CHAINERX_NATIVE_REGISTER_TERNARY(PReluGradKernel, numeric::PReluGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(SwishKernel, numeric::Swish, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_TERNARY(SwishGradKernel, numeric::SwishGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_TERNARY(SwishBetaGradKernel, numeric::SwishBetaGrad, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
