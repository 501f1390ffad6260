// The LSTM cell on CUDA (LstmKernel, LstmGradKernel of kernels/rnn.h): one launch each way, a thread per element of
// the cell state, with the formulas of numeric/rnn.h (float16 computes in float).
#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/rnn.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/rnn.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

numeric::LstmLayout GetCellLayout(const Array& c) {
    return numeric::GetLstmLayout(c.GetTotalSize(), c.shape()[0], c.shape()[1]);
}

// DeviceCast<To>, for numeric/rnn.h's loads and stores.
template <typename To>
struct ToDevice {
    template <typename From>
    __device__ To operator()(From v) const {
        return DeviceCast<To>(v);
    }
};

template <typename T>
__device__ numeric::LstmGates<numeric::ComputeType<T>> GatesAt(
        const T* c, const T* x, int64_t e, numeric::LstmLayout l) {
    using C = numeric::ComputeType<T>;
    return numeric::LoadLstmGates<C>(c, x, e, l.hr, l.r, ToDevice<C>{});
}

template <typename T>
struct LstmFunctor {
    const T* c;
    const T* x;
    T* c_new;
    T* h;
    numeric::LstmLayout layout;

    __device__ void operator()(int64_t e) const {
        const auto s = GatesAt(c, x, e, layout);
        c_new[e] = DeviceCast<T>(s.c_new);
        h[e] = DeviceCast<T>(s.so * numeric::Tanh{}(s.c_new));
    }
};

template <typename T>
struct LstmGradFunctor {
    const T* c;
    const T* x;
    const T* gc;  // null: zero
    const T* gh;  // null: zero
    T* gc_prev;
    T* gx;
    numeric::LstmLayout layout;

    __device__ void operator()(int64_t e) const {
        using C = numeric::ComputeType<T>;
        const auto s = GatesAt(c, x, e, layout);
        const C gc_e = gc == nullptr ? C{0} : DeviceCast<C>(gc[e]);
        const C gh_e = gh == nullptr ? C{0} : DeviceCast<C>(gh[e]);
        const numeric::LstmGateGrads<C> g = numeric::LstmGrads(s, DeviceCast<C>(c[e]), gc_e, gh_e);
        numeric::StoreLstmGrads(g, e, layout.hr, layout.r, gx, gc_prev, ToDevice<T>{});
    }
};

template <typename T>
const T* OptionalData(const std::optional<Array>& a) {
    return a.has_value() ? static_cast<const T*>(a->raw_data()) : nullptr;
}

class CudaLstmKernel : public LstmKernel {
public:
    void Call(const Array& c, const Array& x, const Array& c_new, const Array& h) override {
        VisitDeviceDtypeIn<kFloatingDtypes>(c.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LstmFunctor<T> cell{static_cast<const T*>(c.raw_data()),
                                static_cast<const T*>(x.raw_data()),
                                static_cast<T*>(c_new.raw_data()),
                                static_cast<T*>(h.raw_data()),
                                GetCellLayout(c)};
            LaunchIndexed(c.device(), c.GetTotalSize(), cell);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LstmKernel, CudaLstmKernel);

class CudaLstmGradKernel : public LstmGradKernel {
public:
    void Call(const Array& c,
              const Array& x,
              const std::optional<Array>& gc,
              const std::optional<Array>& gh,
              const Array& gc_prev,
              const Array& gx) override {
        VisitDeviceDtypeIn<kFloatingDtypes>(c.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LstmGradFunctor<T> grad{static_cast<const T*>(c.raw_data()),
                                    static_cast<const T*>(x.raw_data()),
                                    OptionalData<T>(gc),
                                    OptionalData<T>(gh),
                                    static_cast<T*>(gc_prev.raw_data()),
                                    static_cast<T*>(gx.raw_data()),
                                    GetCellLayout(c)};
            LaunchIndexed(c.device(), c.GetTotalSize(), grad);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LstmGradKernel, CudaLstmGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
