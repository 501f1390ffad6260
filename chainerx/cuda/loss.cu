// CUDA kernels of the loss family: softmax cross entropy and its gradient (Note [Fused softmax cross entropy] in
// routines/loss.cc), a warp per row (rows.cuh), and the sigmoid cross entropy and its gradient, elementwise.
#include <algorithm>
#include <cstdint>
#include <limits>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/explog.h"
#include "chainerx/core/numeric/loss.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/rows.cuh"

namespace chainerx {
namespace cuda {
namespace {

// x (rows, classes) and t (rows,) of both kernels; `values` is out (rows,) of the forward or gx (rows, classes,
// C-contiguous) of the gradient, and gout (rows,) the gradient's input.
struct SoftmaxCrossEntropyArgs {
    const char* x;
    const char* t;
    const char* gout;
    char* values;
    int64_t rows;
    int64_t classes;
    int64_t x_strides[2];
    int64_t t_stride;
    int64_t gout_stride;
    int64_t out_stride;
};

template <typename T>
using WarpRow = LaneRow<T, kWarpSize>;

// Calls f(n, label, row) for each row n of this warp (rows.cuh).
template <typename T, typename Label, typename F>
__device__ void ForEachWarpRow(const SoftmaxCrossEntropyArgs& args, F f) {
    ForEachLaneRow<kWarpSize>(args.rows, [&args, &f](int64_t n, int lane) {
        const auto label = static_cast<int64_t>(*reinterpret_cast<const Label*>(args.t + n * args.t_stride));
        f(n, label, WarpRow<T>{args.x + n * args.x_strides[0], args.x_strides[1], args.classes, lane});
    });
}

template <typename T, typename Label>
__global__ void SoftmaxCrossEntropyRowsKernel(SoftmaxCrossEntropyArgs args) {
    using C = numeric::ComputeType<T>;
    ForEachWarpRow<T, Label>(args, [&args](int64_t n, int64_t label, const WarpRow<T>& row) {
        T* result = reinterpret_cast<T*>(args.values + n * args.out_stride);
        if (label == -1) {
            if (row.lane == 0) {
                *result = DeviceCast<T>(0.0f);
            }
            return;
        }
        if (label < 0 || label >= args.classes) {  // not checked on the host (Note [Fused softmax cross entropy])
            if (row.lane == 0) {
                constexpr C kNaN = std::numeric_limits<C>::quiet_NaN();
                *result = DeviceCast<T>(kNaN);
            }
            return;
        }
        C max;
        C sum;
        row.MaxAndExpSum(max, sum);
        if (row.lane == 0) {
            *result = DeviceCast<T>(numeric::Log{}(sum) + max - row[label]);
        }
    });
}

template <typename T, typename Label>
__global__ void SoftmaxCrossEntropyGradRowsKernel(SoftmaxCrossEntropyArgs args) {
    using C = numeric::ComputeType<T>;
    ForEachWarpRow<T, Label>(args, [&args](int64_t n, int64_t label, const WarpRow<T>& row) {
        T* gx = reinterpret_cast<T*>(args.values) + n * args.classes;
        if (label == -1) {
            for (int64_t k = row.lane; k < args.classes; k += kWarpSize) {
                gx[k] = DeviceCast<T>(0.0f);
            }
            return;
        }
        if (label < 0 || label >= args.classes) {
            constexpr C kNaN = std::numeric_limits<C>::quiet_NaN();
            for (int64_t k = row.lane; k < args.classes; k += kWarpSize) {
                gx[k] = DeviceCast<T>(kNaN);
            }
            return;
        }
        C max;
        C sum;
        row.MaxAndExpSum(max, sum);
        const C g = DeviceCast<C>(*reinterpret_cast<const T*>(args.gout + n * args.gout_stride));
        for (int64_t k = row.lane; k < args.classes; k += kWarpSize) {
            gx[k] = DeviceCast<T>((numeric::Exp{}(row[k] - max) / sum - (k == label ? C{1} : C{0})) * g);
        }
    });
}

SoftmaxCrossEntropyArgs MakeArgs(const Array& x, const Array& t, const Array* gout, const Array& values) {
    return SoftmaxCrossEntropyArgs{
            static_cast<const char*>(x.raw_data()),
            static_cast<const char*>(t.raw_data()),
            gout != nullptr ? static_cast<const char*>(gout->raw_data()) : nullptr,
            static_cast<char*>(values.raw_data()),
            x.shape()[0],
            x.shape()[1],
            {x.strides()[0], x.strides()[1]},
            t.strides()[0],
            gout != nullptr ? gout->strides()[0] : 0,
            values.strides()[0]};
}

// Calls f(PrimitiveType<T>{}, PrimitiveType<Label>{}) for x's float dtype and t's integer dtype (device types).
template <typename F>
void VisitScoresAndLabels(const Array& x, const Array& t, F&& f) {
    VisitDeviceDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto x_pt) {
        VisitDeviceDtypeIn<kIntegerDtypes>(t.dtype(), [&](auto t_pt) { f(x_pt, t_pt); });
    });
}

// Launches kernel<T, Label> (a warp per row) for x's float dtype and t's integer dtype.
template <template <typename, typename> class Launcher>
void LaunchRows(const Array& x, const Array& t, const SoftmaxCrossEntropyArgs& args) {
    if (args.rows == 0) {
        return;
    }
    const int blocks = RowBlocks<kWarpSize>(args.rows);
    VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
        CudaSetDeviceScope scope{x.device().index()};
        Launcher<typename decltype(x_pt)::type, typename decltype(t_pt)::type>::Launch(blocks, args);
        CheckCudaError(cudaGetLastError());
    });
}

template <typename T, typename Label>
struct ForwardLauncher {
    static void Launch(int blocks, const SoftmaxCrossEntropyArgs& args) {
        SoftmaxCrossEntropyRowsKernel<T, Label><<<blocks, kRowBlockSize>>>(args);
    }
};

template <typename T, typename Label>
struct GradLauncher {
    static void Launch(int blocks, const SoftmaxCrossEntropyArgs& args) {
        SoftmaxCrossEntropyGradRowsKernel<T, Label><<<blocks, kRowBlockSize>>>(args);
    }
};

class CudaSoftmaxCrossEntropyKernel : public SoftmaxCrossEntropyKernel {
public:
    void Call(const Array& x, const Array& t, const Array& out) override {
        LaunchRows<ForwardLauncher>(x, t, MakeArgs(x, t, nullptr, out));
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SoftmaxCrossEntropyKernel, CudaSoftmaxCrossEntropyKernel);

class CudaSoftmaxCrossEntropyGradKernel : public SoftmaxCrossEntropyGradKernel {
public:
    void Call(const Array& x, const Array& t, const Array& gout, const Array& gx) override {
        LaunchRows<GradLauncher>(x, t, MakeArgs(x, t, &gout, gx));
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SoftmaxCrossEntropyGradKernel, CudaSoftmaxCrossEntropyGradKernel);

// p: x, t, out (numeric::SigmoidCrossEntropy).
template <typename T, typename Label>
struct SigmoidCrossEntropyFunctor {
    __device__ void operator()(char* (&p)[3]) const {
        *reinterpret_cast<T*>(p[2]) = numeric::SigmoidCrossEntropy{}(
                *reinterpret_cast<const T*>(p[0]), *reinterpret_cast<const Label*>(p[1]));
    }
};

// p: gout, x, t, gx (numeric::SigmoidCrossEntropyGrad).
template <typename T, typename Label>
struct SigmoidCrossEntropyGradFunctor {
    __device__ void operator()(char* (&p)[4]) const {
        *reinterpret_cast<T*>(p[3]) = numeric::SigmoidCrossEntropyGrad{}(
                *reinterpret_cast<const T*>(p[0]),
                *reinterpret_cast<const T*>(p[1]),
                *reinterpret_cast<const Label*>(p[2]));
    }
};

class CudaSigmoidCrossEntropyKernel : public SigmoidCrossEntropyKernel {
public:
    void Call(const Array& x, const Array& t, const Array& out) override {
        VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
            using Functor = SigmoidCrossEntropyFunctor<typename decltype(x_pt)::type, typename decltype(t_pt)::type>;
            LaunchElementwise<3>(out.shape(), {&x, &t, &out}, Functor{});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SigmoidCrossEntropyKernel, CudaSigmoidCrossEntropyKernel);

class CudaSigmoidCrossEntropyGradKernel : public SigmoidCrossEntropyGradKernel {
public:
    void Call(const Array& x, const Array& t, const Array& gout, const Array& gx) override {
        VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
            using T = typename decltype(x_pt)::type;
            using Functor = SigmoidCrossEntropyGradFunctor<T, typename decltype(t_pt)::type>;
            LaunchElementwise<4>(gx.shape(), {&gout, &x, &t, &gx}, Functor{});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SigmoidCrossEntropyGradKernel, CudaSigmoidCrossEntropyGradKernel);

CHAINERX_CUDA_REGISTER_BINARY_SCALAR(HuberKernel, numeric::Huber, kFloatingDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALAR(HuberGradKernel, numeric::HuberGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(GaussianKlDivergenceKernel, numeric::GaussianKlDivergence, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(
        GaussianKlDivergenceLnVarGradKernel, numeric::GaussianKlDivergenceLnVarGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(BernoulliNllKernel, numeric::BernoulliNll, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(GaussianNllKernel, numeric::GaussianNll, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(GaussianNllDiffFactorKernel, numeric::GaussianNllDiffFactor, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(GaussianNllLnVarFactorKernel, numeric::GaussianNllLnVarFactor, kFloatingDtypes);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
