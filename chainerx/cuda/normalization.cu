// Batch normalization on CUDA: cuDNN for float16, float32 and float64 in the two layouts it has, the generic
// kernels of kernels/normalization.h (routines, so CUDA kernels as well) for everything else.
//
// Note [cuDNN batch normalization]
// - Layouts. Statistics over axis 0 alone are cuDNN's per-activation mode, x viewed as (N, C', 1, 1) with C' the
//   product of the other axes. Statistics over every axis but axis 1 are its spatial mode, x viewed as
//   (N, C, S, 1) with S the product of the spatial axes: normalising over N and all of them, flattening them
//   changes nothing. Other axes, a single reduced element, sizes beyond int, an eps below cuDNN's minimum and "not
//   supported" answers run the generic kernels. Operands are copied when not C-contiguous or not 16-byte aligned.
// - float16. cuDNN takes half data with float parameters and statistics, and computes in float, while the routine
//   passes every operand in the dtype it computes in. gamma, beta and the statistics are therefore cast to float32
//   for cuDNN, and its mean, variance and parameter gradients back to float16.
// - Statistics. cuDNN's forward returns the batch mean and 1 / sqrt(var + eps), not var, which the kernel contract
//   (and so the running statistics) needs: var is recovered as 1 / inv_std^2 - eps, exact to a few ulp of
//   var + eps. cuDNN's own running averages are not used: how it corrects their variance is not documented, and
//   the routine's update is then the same on every backend. The running buffers given to cuDNN are scratch.
// - The backward takes the forward's mean and 1 / sqrt(var + eps) computed again from var.
//
// Note [Batch statistics in one launch]
// What the routine needs besides cuDNN's output is small, per channel, and was a dozen launches of routines: the
// variance from 1 / sqrt(var + eps) (four), the running statistics' update (seven: UpdateRunningStatistics), and
// for float16 the statistics' casts to x's dtype (two). For a small network each launch costs the host more than
// cuDNN's kernel costs the device. BatchStatisticsFunctor does all of it in one elementwise launch over the
// channels, in the routines' order of operations (the running statistics in their dtype's compute type), and the
// backward turns the statistics back into cuDNN's mean and inverse standard deviation in one more
// (CudnnStatisticsFunctor). Running statistics that are not C-contiguous, not of one dtype or one array take the
// routines after the launch.
// - These are cuDNN's legacy calls, deprecated in cuDNN 9 like the convolution ones (see Note [cuDNN API] in
//   conv.cu for why the legacy API).
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <cudnn.h>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/cudnn.cuh"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

// How cuDNN sees a batch normalization of x over `axes`.
struct BatchNormLayout {
    cudnnBatchNormMode_t mode;
    std::vector<int> x_dims;
    std::vector<int> param_dims;
};

std::optional<BatchNormLayout> GetBatchNormLayout(const Array& x, const Axes& axes) {
    if (GetKind(x.dtype()) != DtypeKind::kFloat || x.ndim() < 2) {
        return std::nullopt;
    }
    const int64_t total = x.GetTotalSize();
    if (total == 0 || total > std::numeric_limits<int>::max()) {
        return std::nullopt;
    }
    const int64_t n = x.shape()[0];
    bool spatial = x.ndim() >= 3 && static_cast<int>(axes.size()) == x.ndim() - 1 && axes[0] == 0;
    for (size_t i = 1; i < axes.size() && spatial; ++i) {
        spatial = axes[i] == static_cast<int8_t>(i + 1);
    }
    if (axes.size() == 1 && axes[0] == 0) {
        const int64_t c = total / n;
        if (n < 2) {
            return std::nullopt;
        }
        return BatchNormLayout{CUDNN_BATCHNORM_PER_ACTIVATION,
                               {static_cast<int>(n), static_cast<int>(c), 1, 1},
                               {1, static_cast<int>(c), 1, 1}};
    }
    if (spatial) {
        const int64_t c = x.shape()[1];
        const int64_t s = total / (n * c);
        if (n * s < 2) {
            return std::nullopt;
        }
        return BatchNormLayout{CUDNN_BATCHNORM_SPATIAL,
                               {static_cast<int>(n), static_cast<int>(c), static_cast<int>(s), 1},
                               {1, static_cast<int>(c), 1, 1}};
    }
    return std::nullopt;
}

// C-contiguous and aligned as a fresh pool block: a view at an odd offset may be refused by cuDNN as a plain bad
// parameter, which would throw rather than fall back.
Array Contiguous(const Array& a) {
    return a.IsContiguous() && IsCudnnAligned(a) ? a : a.Copy();
}

// The descriptors and the device of one cuDNN batch-normalization call on T (__half, float or double). The
// parameters and statistics are in cuDNN's compute type: x's, but float for __half.
template <typename T>
struct CudnnBatchNorm {
    CudaDevice& device;
    cudnnBatchNormMode_t mode;
    Dtype param_dtype;
    TensorDescriptor x_desc;
    TensorDescriptor param_desc;
    typename CudnnTypes<T>::Scale one{1};
    typename CudnnTypes<T>::Scale zero{0};

    CudnnBatchNorm(const Array& x, const BatchNormLayout& layout)
        : device{dynamic_cast<CudaDevice&>(x.device())},
          mode{layout.mode},
          param_dtype{x.dtype() == Dtype::kFloat16 ? Dtype::kFloat32 : x.dtype()},
          x_desc{CudnnTypes<T>::kData, layout.x_dims},
          param_desc{CudnnTypes<T>::kCompute, layout.param_dims} {}

    // A parameter or statistic as cuDNN takes it.
    Array Param(const Array& a) const { return Contiguous(a.AsType(param_dtype, false)); }
    Array EmptyParam(const Shape& shape) const { return Empty(shape, param_dtype, device); }

    // Runs call(handle) holding the device's cuDNN lock; false when cuDNN reports the case as not supported.
    template <typename Call>
    bool Run(Call&& call) {
        return RunCudnn(device, std::forward<Call>(call));
    }
};

// Note [Batch statistics in one launch]. X is x's device type, R the running statistics' (unless kUpdate is false);
// p holds cuDNN's mean and inverse standard deviation (in X's compute type, as cuDNN's parameters), the mean and
// variance returned (X), then the running mean and variance (R), updated in place.
template <typename X, typename R, bool kUpdate>
struct BatchStatisticsFunctor {
    using P = numeric::ComputeType<X>;
    using RC = numeric::ComputeType<R>;
    static constexpr size_t kArrays = kUpdate ? 6 : 4;
    P eps;
    RC decay;
    RC mean_weight;  // 1 - decay
    RC var_weight;  // (1 - decay) * unbias

    __device__ void operator()(char* (&p)[kArrays]) const {
        const P mean = *reinterpret_cast<const P*>(p[0]);
        const P inv_std = *reinterpret_cast<const P*>(p[1]);
        P var = P{1} / (inv_std * inv_std) - eps;
        if (var < P{0}) {
            var = P{0};  // rounding may take a constant channel's variance a hair below zero (NaN stays)
        }
        const X mean_x = static_cast<X>(mean);
        const X var_x = static_cast<X>(var);
        *reinterpret_cast<X*>(p[2]) = mean_x;
        *reinterpret_cast<X*>(p[3]) = var_x;
        if constexpr (kUpdate) {
            R& running_mean = *reinterpret_cast<R*>(p[4]);
            R& running_var = *reinterpret_cast<R*>(p[5]);
            running_mean = static_cast<R>(
                    static_cast<RC>(running_mean) * decay + static_cast<RC>(static_cast<P>(mean_x)) * mean_weight);
            running_var = static_cast<R>(
                    static_cast<RC>(running_var) * decay + static_cast<RC>(static_cast<P>(var_x)) * var_weight);
        }
    }
};

// Whether BatchStatisticsFunctor can update `running` viewed in the statistics' shape: the two updates are then
// made together, element by element, so they must not share memory (the routines make them one after the other).
bool UpdatesInOneLaunch(const RunningStatistics& running) {
    const Array& mean = running.mean;
    const Array& var = running.var;
    if (mean.dtype() != var.dtype() || !mean.IsContiguous() || !var.IsContiguous()) {
        return false;
    }
    const auto mean_begin = reinterpret_cast<std::uintptr_t>(mean.raw_data());
    const auto var_begin = reinterpret_cast<std::uintptr_t>(var.raw_data());
    return mean_begin + mean.GetNBytes() <= var_begin || var_begin + var.GetNBytes() <= mean_begin;
}

template <typename X, typename R, bool kUpdate>
void LaunchBatchStatistics(
        const std::array<const Array*, BatchStatisticsFunctor<X, R, kUpdate>::kArrays>& arrays,
        double eps,
        const RunningStatistics& running) {
    using Functor = BatchStatisticsFunctor<X, R, kUpdate>;
    using P = typename Functor::P;
    using RC = typename Functor::RC;
    Functor f{static_cast<P>(eps),
              static_cast<RC>(running.decay),
              static_cast<RC>(1 - running.decay),
              static_cast<RC>((1 - running.decay) * running.unbias)};
    LaunchElementwise<Functor::kArrays>(arrays[0]->shape(), arrays, f);
}

// The mean and variance in x's dtype from cuDNN's mean and inverse standard deviation, and the update of `running`.
template <typename X>
BatchNormResult FinishBatchStatistics(
        const Array& x, const Array& out, const Array& mean, const Array& inv_std, double eps,
        const RunningStatistics& running) {
    const Shape& shape = mean.shape();
    Array mean_x = mean.dtype() == x.dtype() ? mean : Empty(shape, x.dtype(), x.device());
    Array var_x = Empty(shape, x.dtype(), x.device());
    if (!UpdatesInOneLaunch(running)) {
        LaunchBatchStatistics<X, X, false>({&mean, &inv_std, &mean_x, &var_x}, eps, running);
        UpdateRunningStatistics(running, mean_x, var_x);
        return BatchNormResult{out, mean_x, var_x};
    }
    Array running_mean = running.mean.Reshape(shape);
    Array running_var = running.var.Reshape(shape);
    std::array<const Array*, 6> arrays{&mean, &inv_std, &mean_x, &var_x, &running_mean, &running_var};
    switch (running.mean.dtype()) {
        case Dtype::kFloat16:
            LaunchBatchStatistics<X, __half, true>(arrays, eps, running);
            break;
        case Dtype::kFloat32:
            LaunchBatchStatistics<X, float, true>(arrays, eps, running);
            break;
        default:
            LaunchBatchStatistics<X, double, true>(arrays, eps, running);
            break;
    }
    return BatchNormResult{out, mean_x, var_x};
}

// The backward's half of Note [Batch statistics in one launch]: p holds the forward's mean and variance (X), then
// cuDNN's mean and 1 / sqrt(var + eps) (X's compute type).
template <typename X>
struct CudnnStatisticsFunctor {
    using P = numeric::ComputeType<X>;
    P eps;

    __device__ void operator()(char* (&p)[4]) const {
        *reinterpret_cast<P*>(p[2]) = static_cast<P>(*reinterpret_cast<const X*>(p[0]));
        *reinterpret_cast<P*>(p[3]) = P{1} / std::sqrt(static_cast<P>(*reinterpret_cast<const X*>(p[1])) + eps);
    }
};

template <typename T>
std::optional<BatchNormResult> CudnnBatchNormForward(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        double eps,
        const BatchNormLayout& layout,
        const RunningStatistics& running) {
    CudaSetDeviceScope scope{x.device().index()};
    CudnnBatchNorm<T> bn{x, layout};
    Array xc = Contiguous(x);
    Array gamma_c = bn.Param(gamma);
    Array beta_c = bn.Param(beta);
    const Shape& param_shape = gamma.shape();
    Array out = Empty(x.shape(), x.dtype(), x.device());
    Array mean = bn.EmptyParam(param_shape);
    Array inv_std = bn.EmptyParam(param_shape);
    // Two blocks of the pool, each aligned (one block split after an odd number of elements would not be).
    Array running_mean_scratch = bn.EmptyParam(param_shape);
    Array running_var_scratch = bn.EmptyParam(param_shape);
    bool done = bn.Run([&](cudnnHandle_t handle) {
        return cudnnBatchNormalizationForwardTraining(
                handle,
                bn.mode,
                &bn.one,
                &bn.zero,
                bn.x_desc.get(),
                xc.raw_data(),
                bn.x_desc.get(),
                out.raw_data(),
                bn.param_desc.get(),
                gamma_c.raw_data(),
                beta_c.raw_data(),
                1.0,
                running_mean_scratch.raw_data(),
                running_var_scratch.raw_data(),
                eps,
                mean.raw_data(),
                inv_std.raw_data());
    });
    if (!done) {
        return std::nullopt;
    }
    return FinishBatchStatistics<T>(x, out, mean, inv_std, eps, running);
}

template <typename T>
std::optional<BatchNormGradResult> CudnnBatchNormBackward(
        const Array& x,
        const Array& gamma,
        const Array& gout,
        const Array& mean,
        const Array& var,
        double eps,
        const BatchNormLayout& layout) {
    CudaSetDeviceScope scope{x.device().index()};
    CudnnBatchNorm<T> bn{x, layout};
    Array xc = Contiguous(x);
    Array gamma_c = bn.Param(gamma);
    Array gout_c = Contiguous(gout);
    Array mean_c = bn.EmptyParam(mean.shape());
    Array inv_std = bn.EmptyParam(mean.shape());
    LaunchElementwise<4>(mean.shape(), {&mean, &var, &mean_c, &inv_std},
                         CudnnStatisticsFunctor<T>{static_cast<numeric::ComputeType<T>>(eps)});
    Array gx = Empty(x.shape(), x.dtype(), x.device());
    Array ggamma = bn.EmptyParam(gamma.shape());
    Array gbeta = bn.EmptyParam(gamma.shape());
    bool done = bn.Run([&](cudnnHandle_t handle) {
        return cudnnBatchNormalizationBackward(
                handle,
                bn.mode,
                &bn.one,
                &bn.zero,
                &bn.one,
                &bn.zero,
                bn.x_desc.get(),
                xc.raw_data(),
                bn.x_desc.get(),
                gout_c.raw_data(),
                bn.x_desc.get(),
                gx.raw_data(),
                bn.param_desc.get(),
                gamma_c.raw_data(),
                ggamma.raw_data(),
                gbeta.raw_data(),
                eps,
                mean_c.raw_data(),
                inv_std.raw_data());
    });
    if (!done) {
        return std::nullopt;
    }
    return BatchNormGradResult{gx, ggamma.AsType(x.dtype(), false), gbeta.AsType(x.dtype(), false)};
}

template <typename T>
std::optional<Array> CudnnFixedBatchNorm(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& mean,
        const Array& var,
        double eps,
        const BatchNormLayout& layout) {
    CudaSetDeviceScope scope{x.device().index()};
    CudnnBatchNorm<T> bn{x, layout};
    Array xc = Contiguous(x);
    Array gamma_c = bn.Param(gamma);
    Array beta_c = bn.Param(beta);
    Array mean_c = bn.Param(mean);
    Array var_c = bn.Param(var);
    Array out = Empty(x.shape(), x.dtype(), x.device());
    bool done = bn.Run([&](cudnnHandle_t handle) {
        return cudnnBatchNormalizationForwardInference(
                handle,
                bn.mode,
                &bn.one,
                &bn.zero,
                bn.x_desc.get(),
                xc.raw_data(),
                bn.x_desc.get(),
                out.raw_data(),
                bn.param_desc.get(),
                gamma_c.raw_data(),
                beta_c.raw_data(),
                mean_c.raw_data(),
                var_c.raw_data(),
                eps);
    });
    if (!done) {
        return std::nullopt;
    }
    return out;
}

// f(PrimitiveType<T>{}, layout) with T __half, float or double for x's dtype, when cuDNN takes the batch
// normalization of x over `axes` (GetBatchNormLayout); nullopt when it does not, or when f reports it as not
// supported (nullopt).
template <typename F>
auto TryCudnn(const Array& x, const Axes& axes, double eps, F&& f)
        -> decltype(f(PrimitiveType<float>{}, BatchNormLayout{})) {
    // cuDNN refuses an eps below CUDNN_BN_MIN_EPSILON as a bad parameter, not as "not supported" (NaN too).
    if (!(eps >= CUDNN_BN_MIN_EPSILON)) {
        return std::nullopt;
    }
    std::optional<BatchNormLayout> layout = GetBatchNormLayout(x, axes);
    if (!layout.has_value()) {
        return std::nullopt;
    }
    switch (x.dtype()) {
        case Dtype::kFloat16:
            return f(PrimitiveType<__half>{}, *layout);
        case Dtype::kFloat32:
            return f(PrimitiveType<float>{}, *layout);
        default:
            return f(PrimitiveType<double>{}, *layout);
    }
}

class CudaBatchNormKernel : public GenericBatchNormKernel {
public:
    BatchNormResult Call(
            const Array& x,
            const Array& gamma,
            const Array& beta,
            double eps,
            const Axes& axes,
            const RunningStatistics& running) override {
        std::optional<BatchNormResult> result = TryCudnn(x, axes, eps, [&](auto pt, const BatchNormLayout& layout) {
            return CudnnBatchNormForward<typename decltype(pt)::type>(x, gamma, beta, eps, layout, running);
        });
        return result.has_value() ? *result : GenericBatchNormKernel::Call(x, gamma, beta, eps, axes, running);
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(BatchNormKernel, CudaBatchNormKernel);

class CudaBatchNormGradKernel : public GenericBatchNormGradKernel {
public:
    BatchNormGradResult Call(
            const Array& x,
            const Array& gamma,
            const Array& gout,
            const Array& mean,
            const Array& var,
            double eps,
            const Axes& axes) override {
        std::optional<BatchNormGradResult> result = TryCudnn(x, axes, eps, [&](auto pt, const BatchNormLayout& layout) {
            return CudnnBatchNormBackward<typename decltype(pt)::type>(x, gamma, gout, mean, var, eps, layout);
        });
        return result.has_value() ? *result : GenericBatchNormGradKernel::Call(x, gamma, gout, mean, var, eps, axes);
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(BatchNormGradKernel, CudaBatchNormGradKernel);

class CudaFixedBatchNormKernel : public GenericFixedBatchNormKernel {
public:
    Array Call(
            const Array& x,
            const Array& gamma,
            const Array& beta,
            const Array& mean,
            const Array& var,
            double eps,
            const Axes& axes) override {
        std::optional<Array> out = TryCudnn(x, axes, eps, [&](auto pt, const BatchNormLayout& layout) {
            return CudnnFixedBatchNorm<typename decltype(pt)::type>(x, gamma, beta, mean, var, eps, layout);
        });
        return out.has_value() ? *out : GenericFixedBatchNormKernel::Call(x, gamma, beta, mean, var, eps, axes);
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(FixedBatchNormKernel, CudaFixedBatchNormKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
