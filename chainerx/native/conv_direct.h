// Direct stride-1 convolution kernels for float32 and float64 on CPUs with AVX2 + FMA or AVX-512: the forward product
// and the weight gradient read the image where it lies (after one zero-padded copy) instead of materialising an
// im2col matrix and handing it to BLAS, whose packing would copy it once more. See Note [Direct convolution].
//
//     if (native::CanConvDirect(geometry)) {
//         native::ConvDirect<float>(geometry, ImageBatch::Dense(geometry, n, channels, out_channels), channels,
//                                   out_channels, x, w, b, out);
//     }
#pragma once

#include <cstdint>

#include "chainerx/native/cpu_level.h"
#include "chainerx/native/im2col.h"

namespace chainerx {
namespace native {

// The images of a direct convolution: how many, and the elements from one image to the next of the input x (x_step)
// and of the output side (y_step: out forward, gy for the weight gradient). Whole arrays are Dense; one group of a
// grouped convolution steps over all the arrays' channels (Note [Native grouped convolution]).
struct ImageBatch {
    int64_t count;
    int64_t x_step;
    int64_t y_step;

    static ImageBatch Dense(const ConvGeometry& g, int64_t count, int64_t channels, int64_t out_channels) {
        return {count, channels * g.in_size, out_channels * g.out_size};
    }
};

// Whether the direct kernels apply to g: every stride is 1, and the process's CPU level (GetCpuLevel(): AVX2 +
// FMA or AVX-512, checked at run time; the rest of the build targets baseline x86-64) has them. The callers
// fall back to im2col + GEMM otherwise. Setting the environment variable CHAINERX_CONV_DIRECT=0 disables the
// direct kernels, so that the two paths can be compared.
bool CanConvDirect(const ConvGeometry& g);

// The same for a given level (which must not exceed what the CPU supports to be usable).
bool CanConvDirectAt(const ConvGeometry& g, CpuLevel level);

// out (N, O, o...) = the correlation of x (N, C, d...) with w (O, C, k...), plus b (O,) unless b is null; each
// image's channels contiguous, images as `batch` says, w and b C-contiguous. T is float or double; requires
// CanConvDirectAt(g, level). Images run in parallel on the native thread pool.
template <typename T>
void ConvDirect(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* w,
        const T* b,
        T* out,
        CpuLevel level = GetCpuLevel());

// gw (O, C, k...) = the weight gradient of that convolution, from x (N, C, d...) and gy (N, O, o...):
// gw[o, c, q] = sum over n, p of gy[n, o, p] · x[n, c, p - pad + q]. Overwrites gw. Same requirements as
// ConvDirect.
template <typename T>
void ConvGradWeightDirect(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* gy,
        T* gw,
        CpuLevel level = GetCpuLevel());

}  // namespace native
}  // namespace chainerx
