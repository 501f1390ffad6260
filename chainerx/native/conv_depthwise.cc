#include "chainerx/native/conv_depthwise.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#define CHAINERX_DEPTHWISE_X86 1
#endif

#include "chainerx/core/kernels/connection.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/im2col.h"
#include "chainerx/native/padded_layout.h"
#include "chainerx/native/parallel.h"

// Note [Native depthwise convolution]
// A depthwise convolution (C groups of one input channel, m filters each) is, per image and channel, an (m, K)
// by (K, positions) product, K the kernel taps. im2col + GEMM group by group (Note [Native grouped convolution])
// hands BLAS a product of a few rows per channel, whose packing and call cost more than the arithmetic (3-4x
// PyTorch's time forward on a 64-channel 32x32 layer), and building each channel's column matrix (K times the
// plane) cost twice the products. So each plane is copied once into a zero-padded buffer (PaddedLayout of
// padded_layout.h, shared with the direct kernels), where output row r (a run along the last axis) reads tap q at
// a constant shift, runs[r] + offsets[q], and:
// - forward: out_row += w[q] · padded[runs[r] + offsets[q] + p · stride] over q, a loop along the row that the
//   compiler vectorises (compiled per CPU level, conv_depthwise_rows.h). With stride 1 everywhere the rows are
//   one "wide" run instead: output p of row r is wide position runs[r] + p, and the positions between rows (the
//   last axis's padding) are computed too and dropped, so each tap is one long loop rather than one per row (rows
//   of 32 outputs spent more on loop overhead than on products). The gradients keep row loops: there, positions
//   between rows would meet inf or NaN elements that no output reads (0 · inf) and spoil the sums;
// - input gradient: the same positions of a zeroed padded buffer += w[q] · gy_row, then its interior is added
//   to the bias in gx;
// - weight gradient: sums[q] += gy_row · padded[...] elementwise over rows and images (a row of partial sums per
//   tap, so that no float sum has to be reordered to vectorise), each row summed into gw[q] at the end.
// Images x channels (channels for the weight gradient, whose sums run over images) are spread over the native
// thread pool; every result is summed in one order, so the thread count does not change it.

namespace chainerx {
namespace native {
namespace {

// With stride 1 on every axis, the output runs lie in one "wide" run of positions runs[r] + p (Note [Native
// depthwise convolution]): its length, else 0.
int64_t WideLength(const ConvGeometry& g, const PaddedLayout& layout) {
    const bool unit = std::all_of(g.stride.begin(), g.stride.end(), [](int64_t s) { return s == 1; });
    return unit ? layout.runs.back() + layout.run_length : 0;
}

// The row loops (conv_depthwise_rows.h) of one CPU level.
template <typename T>
struct DepthwiseRows {
    void (*forward)(T* dst, const T* w, const T* window, const int64_t* taps, int64_t k, int64_t stride, int64_t run);
    void (*transpose)(T* window, const T* w, const int64_t* taps, int64_t k, const T* gy, int64_t stride, int64_t run);
    void (*grad_weight)(
            T* sums, const T* gy, const T* window, const int64_t* taps, int64_t k, int64_t stride, int64_t run);
};

namespace baseline {
#include "chainerx/native/conv_depthwise_rows.h"  // NOLINT(build/include): included once per level
}  // namespace baseline

#ifdef CHAINERX_DEPTHWISE_X86
#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace avx2 {
#include "chainerx/native/conv_depthwise_rows.h"  // NOLINT(build/include): included once per level
}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")
namespace avx512 {
#include "chainerx/native/conv_depthwise_rows.h"  // NOLINT(build/include): included once per level
}  // namespace avx512
#pragma GCC pop_options
#endif  // CHAINERX_DEPTHWISE_X86

// The row loops for the process's CPU level (Note [CPU levels]).
template <typename T>
const DepthwiseRows<T>& GetRows() {
#ifdef CHAINERX_DEPTHWISE_X86
    switch (GetCpuLevel()) {
        case CpuLevel::kAvx512:
            return avx512::kRows<T>;
        case CpuLevel::kAvx2:
            return avx2::kRows<T>;
        case CpuLevel::kBaseline:
            break;
    }
#endif
    return baseline::kRows<T>;
}

// Runs fn(n, c, buffer) for every image n and channel c, spread over the thread pool, with a buffer of
// layout.channel + extra elements per chunk of work.
template <typename T, typename Fn>
void ForEachPlane(const PaddedLayout& layout, int64_t work, int64_t batch, int64_t channels, int64_t extra, Fn&& fn) {
    const int64_t grain = std::max<int64_t>(1, kElementwiseGrain / std::max<int64_t>(1, work));
    ParallelFor(batch * channels, grain, [&](int64_t begin, int64_t end) {
        std::vector<T> buffer(layout.channel + extra);
        for (int64_t i = begin; i < end; ++i) {
            fn(i / channels, i % channels, buffer.data());
        }
    });
}

}  // namespace

template <typename T>
void DepthwiseConv(
        const ConvGeometry& g, int64_t batch, int64_t channels, int64_t multiplier, const T* x, const T* w, const T* b,
        T* out) {
    const PaddedLayout layout{g};
    const int64_t stride = g.stride.back();
    const DepthwiseRows<T>& rows = GetRows<T>();
    const int64_t wide = WideLength(g, layout);
    const int64_t work = multiplier * g.k_size * g.out_size;
    ForEachPlane<T>(layout, work, batch, channels, wide, [&](int64_t n, int64_t c, T* padded) {
        PadImage(g, layout, 1, x + (n * channels + c) * g.in_size, padded);
        for (int64_t j = 0; j < multiplier; ++j) {
            const int64_t o = c * multiplier + j;
            const T bias = b == nullptr ? T{0} : b[o];
            T* dst = out + (n * channels * multiplier + o) * g.out_size;
            if (wide > 0) {
                // One run over the wide positions, then each row's valid outputs copied out.
                T* sums = padded + layout.channel;
                std::fill_n(sums, wide, bias);
                rows.forward(sums, w + o * g.k_size, padded, layout.offsets.data(), g.k_size, 1, wide);
                for (size_t r = 0; r < layout.runs.size(); ++r) {
                    std::copy_n(sums + layout.runs[r], layout.run_length, dst + r * layout.run_length);
                }
                continue;
            }
            std::fill_n(dst, g.out_size, bias);
            for (size_t r = 0; r < layout.runs.size(); ++r, dst += layout.run_length) {
                rows.forward(dst, w + o * g.k_size, padded + layout.runs[r], layout.offsets.data(), g.k_size, stride,
                             layout.run_length);
            }
        }
    });
}

template <typename T>
void DepthwiseConvTranspose(
        const ConvGeometry& g, int64_t batch, int64_t channels, int64_t multiplier, const T* x, const T* w, const T* b,
        T* out) {
    const PaddedLayout layout{g};
    const int64_t stride = g.stride.back();
    const DepthwiseRows<T>& rows = GetRows<T>();
    const int64_t work = multiplier * g.k_size * g.out_size;
    ForEachPlane<T>(layout, work, batch, channels, 0, [&](int64_t n, int64_t c, T* padded) {
        std::fill_n(padded, layout.channel, T{0});
        for (int64_t j = 0; j < multiplier; ++j) {
            const int64_t o = c * multiplier + j;
            const T* gy = x + (n * channels * multiplier + o) * g.out_size;
            for (size_t r = 0; r < layout.runs.size(); ++r, gy += layout.run_length) {
                rows.transpose(padded + layout.runs[r], w + o * g.k_size, layout.offsets.data(), g.k_size, gy,
                               stride, layout.run_length);
            }
        }
        T* image = out + (n * channels + c) * g.in_size;
        std::fill_n(image, g.in_size, b == nullptr ? T{0} : b[c]);
        AddPaddedInterior(g, layout, padded, image);
    });
}

template <typename T>
void DepthwiseConvGradWeight(
        const ConvGeometry& g, int64_t batch, int64_t channels, int64_t multiplier, const T* x, const T* gy, T* gw) {
    const PaddedLayout layout{g};
    const int64_t stride = g.stride.back();
    const DepthwiseRows<T>& rows = GetRows<T>();
    const int64_t work = batch * multiplier * g.k_size * g.out_size;
    ForEachPlane<T>(layout, work, 1, channels, 0, [&](int64_t, int64_t c, T* padded) {
        // sums[(j, q), p]: tap q of filter j, summed over images and rows at position p of a row.
        std::vector<T> sums(multiplier * g.k_size * layout.run_length, T{0});
        for (int64_t n = 0; n < batch; ++n) {
            PadImage(g, layout, 1, x + (n * channels + c) * g.in_size, padded);
            for (int64_t j = 0; j < multiplier; ++j) {
                const T* gy_row = gy + (n * channels * multiplier + c * multiplier + j) * g.out_size;
                for (size_t r = 0; r < layout.runs.size(); ++r, gy_row += layout.run_length) {
                    rows.grad_weight(&sums[j * g.k_size * layout.run_length], gy_row, padded + layout.runs[r],
                                     layout.offsets.data(), g.k_size, stride, layout.run_length);
                }
            }
        }
        for (int64_t t = 0; t < multiplier * g.k_size; ++t) {
            T total{0};
            for (int64_t p = 0; p < layout.run_length; ++p) {
                total += sums[t * layout.run_length + p];
            }
            gw[c * multiplier * g.k_size + t] = total;
        }
    });
}

template void DepthwiseConv<float>(
        const ConvGeometry&, int64_t, int64_t, int64_t, const float*, const float*, const float*, float*);
template void DepthwiseConv<double>(
        const ConvGeometry&, int64_t, int64_t, int64_t, const double*, const double*, const double*, double*);
template void DepthwiseConvTranspose<float>(
        const ConvGeometry&, int64_t, int64_t, int64_t, const float*, const float*, const float*, float*);
template void DepthwiseConvTranspose<double>(
        const ConvGeometry&, int64_t, int64_t, int64_t, const double*, const double*, const double*, double*);
template void DepthwiseConvGradWeight<float>(
        const ConvGeometry&, int64_t, int64_t, int64_t, const float*, const float*, float*);
template void DepthwiseConvGradWeight<double>(
        const ConvGeometry&, int64_t, int64_t, int64_t, const double*, const double*, double*);

}  // namespace native
}  // namespace chainerx
