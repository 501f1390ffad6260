// CUDA kernels of the fused optimizer updates: one elementwise pass that loads an element of every array, applies
// the rule of chainerx/core/numeric/optimizer.h in ComputeType (float for float16) and stores param and the
// states back, as native/optimizer.cc does.
#include <array>
#include <cstddef>
#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/optimizer.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/optimizer.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

// Index of grad among the arrays: the only one read and not written.
constexpr size_t kGradIndex = 1;

template <typename T, typename Rule, size_t N>
struct FusedUpdateFunctor {
    Rule rule;

    __device__ void operator()(char* (&p)[N]) const { Apply(p, std::make_index_sequence<N>{}); }

    template <size_t... I>
    __device__ void Apply(char* (&p)[N], std::index_sequence<I...> /*indices*/) const {
        using C = numeric::ComputeType<T>;
        C x[N] = {static_cast<C>(*reinterpret_cast<const T*>(p[I]))...};
        rule(x[I]...);
        ((I != kGradIndex ? void(*reinterpret_cast<T*>(p[I]) = static_cast<T>(x[I])) : void()), ...);
    }
};

template <typename KeyKernel, typename Rule>
class CudaFusedUpdateKernel : public KeyKernel {
public:
    void Call(const typename KeyKernel::Arrays& arrays, const Rule& rule) override {
        constexpr size_t kArrays = std::tuple_size<typename KeyKernel::Arrays>::value;
        std::array<const Array*, kArrays> pointers{};
        for (size_t i = 0; i < kArrays; ++i) {
            pointers[i] = &arrays[i];
        }
        VisitDeviceDtypeIn<kFloatingDtypes>(arrays[0].dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<kArrays>(arrays[0].shape(), pointers, FusedUpdateFunctor<T, Rule, kArrays>{rule});
        });
    }
};

#define CHAINERX_CUDA_REGISTER_FUSED_UPDATE(key_kernel, rule)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel, CudaFusedUpdateKernel<key_kernel, numeric::rule>> \
            s_cuda_##key_kernel {                                                                            \
        CudaBackend::GetGlobalKernelRegistry()                                                               \
    }

CHAINERX_CUDA_REGISTER_FUSED_UPDATE(SgdUpdateKernel, SgdRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(MomentumSgdUpdateKernel, MomentumSgdRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(CorrectedMomentumSgdUpdateKernel, CorrectedMomentumSgdRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(NesterovAgUpdateKernel, NesterovAgRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AdaGradUpdateKernel, AdaGradRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AdaDeltaUpdateKernel, AdaDeltaRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(RmsPropUpdateKernel, RmsPropRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(RmsPropGravesUpdateKernel, RmsPropGravesRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AdamUpdateKernel, AdamRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AmsGradUpdateKernel, AmsGradRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(Smorms3UpdateKernel, Smorms3Rule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(MsvagUpdateKernel, MsvagRule);

#undef CHAINERX_CUDA_REGISTER_FUSED_UPDATE

}  // namespace
}  // namespace cuda
}  // namespace chainerx
