// CUDA kernels of the CTC loss (Note [CTC in kernels] in routines/loss_ctc.cc): a block per sample, its threads over
// the positions of the path (and over the units for the gradient rows), a barrier per frame of the recursions.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/ctc.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/rows.cuh"

namespace chainerx {
namespace cuda {
namespace {

constexpr int64_t kMaxCtcThreads = 256;

// Enough threads for the positions or the units, whichever are more, in whole warps, at most kMaxCtcThreads.
int CtcThreads(const numeric::CtcBatch& batch) {
    const int64_t work = std::min(std::max(batch.positions(), batch.units), kMaxCtcThreads);
    return static_cast<int>((work + kWarpSize - 1) / kWarpSize * kWarpSize);
}

// Row t of sample b in an array (T, B, width).
template <typename V>
__device__ V* SampleRow(V* base, const numeric::CtcBatch& batch, int64_t t, int64_t b, int64_t width) {
    return base + (t * batch.batch + b) * width;
}

template <typename C>
__global__ void CtcAlphaKernel(numeric::CtcBatch batch, const C* log_probs, C* alpha, C* nll) {
    const int64_t b = blockIdx.x;
    if (!batch.SampleValid(b)) {
        if (threadIdx.x == 0) {
            constexpr C kNaN = std::numeric_limits<C>::quiet_NaN();
            nll[b] = kNaN;
        }
        return;
    }
    const numeric::CtcPath path = batch.Path(b);
    const int64_t positions = batch.positions();
    const C* prev = nullptr;  // the virtual row before the first frame
    auto prev_at = [&prev](int64_t s) { return prev != nullptr ? prev[s] : numeric::CtcInitialAlpha<C>(s); };
    for (int64_t t = 0; t < batch.InputLength(b); ++t) {
        const C* lp = SampleRow(log_probs, batch, t, b, batch.units);
        C* row = SampleRow(alpha, batch, t, b, positions);
        for (int64_t s = threadIdx.x; s < positions; s += blockDim.x) {
            row[s] = numeric::CtcAlpha(s, path.SkipsIn(s), prev_at, lp[path[s]]);
        }
        __syncthreads();  // the next frame reads the whole row
        prev = row;
    }
    if (threadIdx.x == 0) {
        nll[b] = -numeric::CtcLogLikelihood<C>(path, prev_at);
    }
}

// beta holds two rows of backward variables per sample (B, 2, positions); links the chains of positions per label
// (B, 2, positions): the next position of the label, and whether a position starts its chain.
template <typename T, typename C>
__global__ void CtcGradKernel(
        numeric::CtcBatch batch, const C* log_probs, const C* alpha, const C* nll, const char* gout,
        int64_t gout_stride, T* gx, C* beta, int32_t* links) {
    const int64_t b = blockIdx.x;
    const int64_t units = batch.units;
    if (!batch.SampleValid(b)) {
        constexpr C kNaN = std::numeric_limits<C>::quiet_NaN();
        const T nan = DeviceCast<T>(kNaN);
        for (int64_t t = 0; t < batch.frames; ++t) {
            T* row = SampleRow(gx, batch, t, b, units);
            for (int64_t k = threadIdx.x; k < units; k += blockDim.x) {
                row[k] = nan;
            }
        }
        return;
    }
    const numeric::CtcPath path = batch.Path(b);
    const int64_t positions = batch.positions();
    const int64_t frames = batch.InputLength(b);
    int32_t* next = links + b * 2 * positions;
    int32_t* starts = next + positions;
    for (int64_t s = threadIdx.x; s < positions; s += blockDim.x) {
        next[s] = static_cast<int32_t>(numeric::CtcNextOfLabel(path, s, positions));
        starts[s] = numeric::CtcStartsChain(path, s) ? 1 : 0;
    }
    const C g = DeviceCast<C>(*reinterpret_cast<const T*>(gout + b * gout_stride));
    const C log_likelihood = -nll[b];
    __syncthreads();  // the chains cross the threads' positions
    for (int64_t t = batch.frames - 1; t >= 0; --t) {
        T* row = SampleRow(gx, batch, t, b, units);
        if (t >= frames) {
            for (int64_t k = threadIdx.x; k < units; k += blockDim.x) {
                row[k] = DeviceCast<T>(C{0});
            }
            continue;
        }
        // Frame t's row (t % 2) from frame t + 1's: a frame reads the other row only before the first barrier, so
        // the next frame may overwrite it without another barrier.
        C* current = beta + (b * 2 + t % 2) * positions;
        const C* later = beta + (b * 2 + (t + 1) % 2) * positions;
        const C* lp_later = t + 1 < frames ? SampleRow(log_probs, batch, t + 1, b, units) : nullptr;
        auto e = [later, lp_later, &path](int64_t q) { return later[q] + lp_later[path[q]]; };
        for (int64_t s = threadIdx.x; s < positions; s += blockDim.x) {
            current[s] = t == frames - 1 ? numeric::CtcFinalBeta<C>(path, s)
                                         : numeric::CtcBeta<C>(s, positions, path.SkipsOut(s), e);
        }
        __syncthreads();  // the chains read every position of the row
        const C* lp = SampleRow(log_probs, batch, t, b, units);
        for (int64_t k = threadIdx.x; k < units; k += blockDim.x) {
            row[k] = DeviceCast<T>(std::exp(lp[k]) * g);
        }
        __syncthreads();  // the labelled units are written again below
        const C* alpha_row = SampleRow(alpha, batch, t, b, positions);
        for (int64_t s = threadIdx.x; s < positions; s += blockDim.x) {
            if (starts[s] == 0) {
                continue;
            }
            C sum{0};
            for (int64_t q = s; q >= 0; q = next[q]) {
                sum += numeric::CtcPosterior(alpha_row[q], current[q], log_likelihood);
            }
            const int64_t label = path[s];
            row[label] = DeviceCast<T>((std::exp(lp[label]) - sum) * g);
        }
    }
}

constexpr DtypeMask kComputeDtypes = DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64);

class CudaCtcLossKernel : public CtcLossKernel {
public:
    void Call(const Array& log_probs, const Array& labels, const Array& input_lengths, const Array& label_lengths,
              int64_t blank, const Array& alpha, const Array& nll) override {
        const numeric::CtcBatch batch = chainerx::internal::MakeCtcBatch(
                log_probs, labels, input_lengths, label_lengths, blank);
        if (batch.batch == 0) {
            return;
        }
        CudaSetDeviceScope scope{log_probs.device().index()};
        VisitDtypeIn<kComputeDtypes>(log_probs.dtype(), [&](auto pt) {
            using C = typename decltype(pt)::type;
            CtcAlphaKernel<C><<<static_cast<unsigned>(batch.batch), CtcThreads(batch)>>>(
                    batch, static_cast<const C*>(log_probs.raw_data()), static_cast<C*>(alpha.raw_data()),
                    static_cast<C*>(nll.raw_data()));
            CheckCudaError(cudaGetLastError());
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(CtcLossKernel, CudaCtcLossKernel);

class CudaCtcLossGradKernel : public CtcLossGradKernel {
public:
    void Call(const Array& log_probs, const Array& labels, const Array& input_lengths, const Array& label_lengths,
              int64_t blank, const Array& alpha, const Array& nll, const Array& gout, const Array& gx) override {
        const numeric::CtcBatch batch = chainerx::internal::MakeCtcBatch(
                log_probs, labels, input_lengths, label_lengths, blank);
        if (batch.batch == 0 || batch.frames == 0) {
            return;
        }
        Device& device = gx.device();
        Array beta = Empty({batch.batch, 2, batch.positions()}, log_probs.dtype(), device);
        Array links = Empty({batch.batch, 2, batch.positions()}, Dtype::kInt32, device);
        CudaSetDeviceScope scope{device.index()};
        VisitDeviceDtypeIn<kFloatingDtypes>(gout.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            CtcGradKernel<T, C><<<static_cast<unsigned>(batch.batch), CtcThreads(batch)>>>(
                    batch, static_cast<const C*>(log_probs.raw_data()), static_cast<const C*>(alpha.raw_data()),
                    static_cast<const C*>(nll.raw_data()), static_cast<const char*>(gout.raw_data()),
                    gout.strides()[0], static_cast<T*>(gx.raw_data()), static_cast<C*>(beta.raw_data()),
                    static_cast<int32_t*>(links.raw_data()));
            CheckCudaError(cudaGetLastError());
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(CtcLossGradKernel, CudaCtcLossGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
