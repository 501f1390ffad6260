// CUDA kernels that reduce a classifier's step to one number: the mean of a loss over its labels and the accuracy
// (Note [One launch per reported number] in routines/loss.cc). Each is one launch while a block can do the work
// (a batch of a few hundred samples); larger inputs fold into per-block partials that a second, one-block kernel
// combines and finishes. The partials are integer counts and sums folded in an order fixed by the shapes, so every
// run gives the same bits.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/sorting.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/reduce.cuh"
#include "chainerx/cuda/rows.cuh"

namespace chainerx {
namespace cuda {
namespace {

constexpr int kWarpsPerBlock = kRowBlockSize / kWarpSize;
constexpr int64_t kMinPerThread = 16;  // elements a thread folds before another block is worth its launch share
constexpr int64_t kMaxBlocks = 512;

// Blocks for `work` elements read, at most one per `items_per_block` of the `items` that blocks share out (a warp
// per sample has nothing to do without a sample).
int64_t BlocksFor(int64_t work, int64_t items, int64_t items_per_block) {
    const int64_t by_work = (work + kBlockSize * kMinPerThread - 1) / (kBlockSize * kMinPerThread);
    const int64_t by_items = (items + items_per_block - 1) / items_per_block;
    return std::max<int64_t>(1, std::min({by_work, by_items, kMaxBlocks}));
}

// Enqueues the kernels of Kernels<T, Label> for x's float dtype T and t's integer dtype Label: Kernels::Partials
// (grid, args, partials) folds on `blocks` blocks; with one block, partials is null and it finishes the result itself,
// else it writes a Kernels::Acc per block, which the one-block kernel of Kernels::Finish(args, partials, blocks)
// combines and finishes.
template <template <typename, typename> class Kernels, typename Args>
void LaunchFolded(const Array& x, const Array& t, const Args& args, int64_t blocks) {
    VisitDeviceDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto x_pt) {
        VisitDeviceDtypeIn<kIntegerDtypes>(t.dtype(), [&](auto t_pt) {
            using K = Kernels<typename decltype(x_pt)::type, typename decltype(t_pt)::type>;
            using Acc = typename K::Acc;
            CudaSetDeviceScope scope{x.device().index()};
            if (blocks == 1) {
                K::Partials(1, args, nullptr);
            } else {
                // Freed on return: the pool hands the block out again only to work queued after these kernels.
                std::shared_ptr<void> partials = x.device().Allocate(static_cast<size_t>(blocks) * sizeof(Acc));
                K::Partials(static_cast<int>(blocks), args, static_cast<Acc*>(partials.get()));
                K::Finish(args, static_cast<const Acc*>(partials.get()), blocks);
            }
            CheckCudaError(cudaGetLastError());
        });
    });
}

// The end of a folding block: its threads' accumulators combined, then the result finished with finish(acc) (a
// grid of one block, partials null) or left as the block's partial.
template <typename Op, typename Finish>
__device__ void EndFold(typename Op::Acc acc, typename Op::Acc* partials, Finish finish) {
    acc = BlockCombine<Op>(acc);
    if (threadIdx.x == 0) {
        if (partials == nullptr) {
            finish(acc);
        } else {
            partials[blockIdx.x] = acc;
        }
    }
}

// The finishing kernel's fold of n partials: one block, each thread a strided subset, then BlockCombine and
// finish(acc).
template <typename Op, typename Finish>
__device__ void FinishPartials(const typename Op::Acc* partials, int64_t n, Finish finish) {
    typename Op::Acc acc{};
    for (int64_t b = threadIdx.x; b < n; b += blockDim.x) {
        acc = Op::Combine(acc, partials[b]);
    }
    acc = BlockCombine<Op>(acc);
    if (threadIdx.x == 0) {
        finish(acc);
    }
}

// ---- The mean of a loss over its labels (MeanOverLabelsKernel).

template <typename T>
struct SumAndCount {
    struct Acc {
        numeric::SumAccumulator<T> sum;
        int64_t count;
    };
    __device__ static Acc Combine(Acc a, Acc b) { return {a.sum + b.sum, a.count + b.count}; }
};

struct MeanOverLabelsArgs {
    const char* loss;
    const char* t;
    int64_t size;
    int64_t loss_stride;
    int64_t t_stride;
    int64_t ignore_label;
    char* out;
    char* scale;
};

template <typename T>
__device__ void FinishMean(const MeanOverLabelsArgs& args, typename SumAndCount<T>::Acc acc) {
    using C = numeric::ComputeType<T>;
    const T factor = DeviceCast<T>(1.0 / static_cast<double>(acc.count > 0 ? acc.count : 1));
    *reinterpret_cast<T*>(args.scale) = factor;
    *reinterpret_cast<T*>(args.out) = DeviceCast<T>(DeviceCast<C>(DeviceCast<T>(acc.sum)) * DeviceCast<C>(factor));
}

template <typename T, typename Label>
__global__ void MeanOverLabelsPartialsKernel(MeanOverLabelsArgs args, typename SumAndCount<T>::Acc* partials) {
    using Acc = typename SumAndCount<T>::Acc;
    Acc acc{};
    const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < args.size; i += step) {
        acc.sum += DeviceCast<decltype(acc.sum)>(*reinterpret_cast<const T*>(args.loss + i * args.loss_stride));
        const auto label = static_cast<int64_t>(*reinterpret_cast<const Label*>(args.t + i * args.t_stride));
        acc.count += label != args.ignore_label ? 1 : 0;
    }
    EndFold<SumAndCount<T>>(acc, partials, [&args](Acc result) { FinishMean<T>(args, result); });
}

template <typename T>
__global__ void MeanOverLabelsFinishKernel(
        MeanOverLabelsArgs args, const typename SumAndCount<T>::Acc* partials, int64_t n) {
    FinishPartials<SumAndCount<T>>(
            partials, n, [&args](typename SumAndCount<T>::Acc result) { FinishMean<T>(args, result); });
}

template <typename T, typename Label>
struct MeanOverLabelsKernels {
    using Acc = typename SumAndCount<T>::Acc;
    static void Partials(int grid, const MeanOverLabelsArgs& args, Acc* partials) {
        MeanOverLabelsPartialsKernel<T, Label><<<grid, kBlockSize>>>(args, partials);
    }
    static void Finish(const MeanOverLabelsArgs& args, const Acc* partials, int64_t n) {
        MeanOverLabelsFinishKernel<T><<<1, kBlockSize>>>(args, partials, n);
    }
};

class CudaMeanOverLabelsKernel : public MeanOverLabelsKernel {
public:
    void Call(const Array& loss, const Array& t, int64_t ignore_label, const Array& out, const Array& scale) override {
        const MeanOverLabelsArgs args{
                static_cast<const char*>(loss.raw_data()),
                static_cast<const char*>(t.raw_data()),
                loss.shape()[0],
                loss.strides()[0],
                t.strides()[0],
                ignore_label,
                static_cast<char*>(out.raw_data()),
                static_cast<char*>(scale.raw_data())};
        LaunchFolded<MeanOverLabelsKernels>(loss, t, args, BlocksFor(args.size, args.size, kBlockSize));
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(MeanOverLabelsKernel, CudaMeanOverLabelsKernel);

// ---- Accuracy (AccuracyKernel): a warp per sample (rows.cuh), whose lanes stride over the classes.

struct CorrectAndCounted {
    struct Acc {
        int64_t correct;
        int64_t counted;
    };
    __device__ static Acc Combine(Acc a, Acc b) { return {a.correct + b.correct, a.counted + b.counted}; }
};
using CountsAcc = CorrectAndCounted::Acc;

struct AccuracyArgs {
    const char* y;
    const char* t;
    int64_t samples;  // N * M
    int64_t classes;  // K
    int64_t lanes;  // M
    int64_t y_strides[3];
    int64_t t_strides[2];
    bool has_ignore_label;
    int64_t ignore_label;
    char* out;
};

template <typename T>
__device__ void FinishAccuracy(const AccuracyArgs& args, CountsAcc acc) {
    using C = numeric::ComputeType<T>;
    const C correct = DeviceCast<C>(DeviceCast<T>(acc.correct));
    const C counted = DeviceCast<C>(DeviceCast<T>(acc.counted > 0 ? acc.counted : 1));
    *reinterpret_cast<T*>(args.out) = DeviceCast<T>(correct / counted);
}

// The position of the maximum of y[n, :, m] (numeric::ArgMaxOp's), the same on every lane of the warp.
template <typename T>
__device__ int64_t WarpArgMax(const char* lane_start, int64_t classes, int64_t step, int lane) {
    using C = numeric::ComputeType<T>;
    C best{};
    int64_t best_index = -1;
    for (int64_t k = lane; k < classes; k += kWarpSize) {
        numeric::ConsiderNext<numeric::ArgMaxOp>(
                DeviceCast<C>(*reinterpret_cast<const T*>(lane_start + k * step)), k, best, best_index);
    }
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
        const C other = __shfl_xor_sync(0xffffffff, best, offset);
        const int64_t other_index = __shfl_xor_sync(0xffffffff, best_index, offset);
        if (numeric::Prefer<numeric::ArgMaxOp>(other, other_index, best, best_index)) {
            best = other;
            best_index = other_index;
        }
    }
    return best_index;
}

template <typename T, typename Label>
__global__ void AccuracyPartialsKernel(AccuracyArgs args, CountsAcc* partials) {
    CountsAcc acc{};
    ForEachLaneRow<kWarpSize>(args.samples, [&args, &acc](int64_t s, int lane) {
        const int64_t n = s / args.lanes;
        const int64_t m = s % args.lanes;
        const char* label_at = args.t + n * args.t_strides[0] + m * args.t_strides[1];
        const auto label = static_cast<int64_t>(*reinterpret_cast<const Label*>(label_at));
        if (args.has_ignore_label && label == args.ignore_label) {
            return;
        }
        const char* lane_start = args.y + n * args.y_strides[0] + m * args.y_strides[2];
        const int64_t predicted = WarpArgMax<T>(lane_start, args.classes, args.y_strides[1], lane);
        if (lane == 0) {
            acc.counted += 1;
            acc.correct += predicted == label ? 1 : 0;
        }
    });
    EndFold<CorrectAndCounted>(acc, partials, [&args](CountsAcc result) { FinishAccuracy<T>(args, result); });
}

template <typename T>
__global__ void AccuracyFinishKernel(AccuracyArgs args, const CountsAcc* partials, int64_t n) {
    FinishPartials<CorrectAndCounted>(partials, n, [&args](CountsAcc result) { FinishAccuracy<T>(args, result); });
}

template <typename T, typename Label>
struct AccuracyKernels {
    using Acc = CountsAcc;
    static void Partials(int grid, const AccuracyArgs& args, Acc* partials) {
        AccuracyPartialsKernel<T, Label><<<grid, kRowBlockSize>>>(args, partials);
    }
    static void Finish(const AccuracyArgs& args, const Acc* partials, int64_t n) {
        AccuracyFinishKernel<T><<<1, kBlockSize>>>(args, partials, n);
    }
};

class CudaAccuracyKernel : public AccuracyKernel {
public:
    void Call(const Array& y, const Array& t, std::optional<int64_t> ignore_label, const Array& out) override {
        const AccuracyArgs args{
                static_cast<const char*>(y.raw_data()),
                static_cast<const char*>(t.raw_data()),
                y.shape()[0] * y.shape()[2],
                y.shape()[1],
                y.shape()[2],
                {y.strides()[0], y.strides()[1], y.strides()[2]},
                {t.strides()[0], t.strides()[1]},
                ignore_label.has_value(),
                ignore_label.value_or(0),
                static_cast<char*>(out.raw_data())};
        LaunchFolded<AccuracyKernels>(y, t, args, BlocksFor(args.samples * args.classes, args.samples, kWarpsPerBlock));
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(AccuracyKernel, CudaAccuracyKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
