// CUDA kernels of the creation family.
#include <type_traits>

#include "chainerx/core/kernels/creation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

template <typename T>
struct FillFunctor {
    T value;
    __device__ void operator()(char* (&p)[1]) const { *reinterpret_cast<T*>(p[0]) = value; }
};

class CudaFillKernel : public FillKernel {
public:
    void Call(const Array& out, Scalar value) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<1>(out.shape(), {&out}, FillFunctor<T>{ScalarToDevice<T>(value)});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(FillKernel, CudaFillKernel);

// out[i] = start + i * step, computed in V (int64 or double) and converted, as on the native backend.
template <typename T, typename V>
struct ArangeFunctor {
    char* base;
    int64_t stride;
    V start;
    V step;
    __device__ void operator()(int64_t i) const {
        *reinterpret_cast<T*>(base + i * stride) = DeviceCast<T>(start + static_cast<V>(i) * step);
    }
};

class CudaArangeKernel : public ArangeKernel {
public:
    void Call(Scalar start, Scalar step, const Array& out) override {
        bool integral = start.kind() != DtypeKind::kFloat && step.kind() != DtypeKind::kFloat;
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            char* base = static_cast<char*>(out.raw_data());
            int64_t stride = out.strides()[0];
            // An integer range casts start and step to its dtype first (arange(-2.2, 3.4, dtype=int8) starts at -2
            // and steps by 1), exactly as native/creation.cc does.
            constexpr bool kIntegerOut = std::is_integral<T>::value && !std::is_same<T, bool>::value;
            if (kIntegerOut || integral) {
                int64_t start_int = 0;
                int64_t step_int = 0;
                if constexpr (kIntegerOut) {
                    start_int = static_cast<int64_t>(start.As<T>());
                    step_int = static_cast<int64_t>(step.As<T>());
                } else {
                    start_int = start.As<int64_t>();
                    step_int = step.As<int64_t>();
                }
                LaunchIndexed(
                        out.device(), out.GetTotalSize(), ArangeFunctor<T, int64_t>{base, stride, start_int, step_int});
            } else {
                LaunchIndexed(
                        out.device(),
                        out.GetTotalSize(),
                        ArangeFunctor<T, double>{base, stride, start.As<double>(), step.As<double>()});
            }
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ArangeKernel, CudaArangeKernel);

template <typename T>
struct TriFunctor {
    char* base;
    int64_t cols;
    int64_t row_stride;
    int64_t col_stride;
    int64_t k;
    bool upper;
    __device__ void operator()(int64_t e) const {
        int64_t i = e / cols;
        int64_t j = e % cols;
        bool inside = upper ? j - i >= k : j - i <= k;
        *reinterpret_cast<T*>(base + i * row_stride + j * col_stride) = DeviceCast<T>(inside);
    }
};

class CudaTriKernel : public TriKernel {
public:
    void Call(int64_t k, bool upper, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            TriFunctor<T> tri{static_cast<char*>(out.raw_data()), out.shape()[1], out.strides()[0], out.strides()[1],
                              k, upper};
            LaunchIndexed(out.device(), out.GetTotalSize(), tri);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(TriKernel, CudaTriKernel);

template <typename In, typename Out>
struct CastOp {
    __device__ Out operator()(In v) const { return DeviceCast<Out>(v); }
};

class CudaCopyKernel : public CopyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchMap<T, T>(CastOp<T, T>{}, out, x);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(CopyKernel, CudaCopyKernel);

class CudaAsTypeKernel : public AsTypeKernel {
public:
    void Call(const Array& x, const Array& out) override {
        VisitDeviceDtype(x.dtype(), [&](auto in_pt) {
            using In = typename decltype(in_pt)::type;
            VisitDeviceDtype(out.dtype(), [&](auto out_pt) {
                using Out = typename decltype(out_pt)::type;
                LaunchMap<Out, In>(CastOp<In, Out>{}, out, x);
            });
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(AsTypeKernel, CudaAsTypeKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
