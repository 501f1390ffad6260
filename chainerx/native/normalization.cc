// Batch and layer normalization on the native backend. Batch normalization uses the generic kernels of
// kernels/normalization.h, composed of routines whose native kernels are already vectorised and threaded.
//
// Note [Native layer normalization]
// Layer normalization of C-contiguous float32/float64 rows runs one pass per row (its mean, the squared deviations,
// each in interleaved lanes (row_kernels.h), the output) where the composition ran nine whole-array kernels; the
// backward one pass per row for gx and one per column for gamma's and beta's gradients (each thread a range of
// columns, adding every row in order), so that results do not depend on the thread count. Other dtypes and
// layouts take the generic kernels.
#include "chainerx/core/kernels/normalization.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/row_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_KERNEL(BatchNormKernel, GenericBatchNormKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(BatchNormGradKernel, GenericBatchNormGradKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(FixedBatchNormKernel, GenericFixedBatchNormKernel);

template <typename T>
void LayerNormRows(
        const T* x, const T* gamma, const T* beta, T* out, T* mean, T* inv_std, int64_t rows, int64_t n, T eps) {
    ParallelFor(rows, RowGrain(n), [=](int64_t begin, int64_t end) {
        for (int64_t r = begin; r < end; ++r) {
            const T* xr = x + r * n;
            const T m = SumRow<T>(n, [xr](int64_t k) { return xr[k]; }) / static_cast<T>(n);
            const T squares = SumRow<T>(n, [xr, m](int64_t k) { return (xr[k] - m) * (xr[k] - m); });
            const T s = T{1} / std::sqrt(squares / static_cast<T>(n) + eps);
            T* outr = out + r * n;
            for (int64_t k = 0; k < n; ++k) {
                outr[k] = (xr[k] - m) * s * gamma[k] + beta[k];
            }
            mean[r] = m;
            inv_std[r] = s;
        }
    });
}

template <typename T>
void LayerNormGradRows(
        const T* x, const T* gamma, const T* gout, const T* mean, const T* inv_std, T* gx, T* ggamma, T* gbeta,
        int64_t rows, int64_t n) {
    ParallelFor(rows, RowGrain(n), [=](int64_t begin, int64_t end) {
        for (int64_t r = begin; r < end; ++r) {
            const T* xr = x + r * n;
            const T* gr = gout + r * n;
            const T m = mean[r];
            const T s = inv_std[r];
            const T g_mean = SumRow<T>(n, [gr, gamma](int64_t k) { return gr[k] * gamma[k]; }) / static_cast<T>(n);
            const T g_xhat_mean =
                    SumRow<T>(n, [=](int64_t k) { return gr[k] * gamma[k] * ((xr[k] - m) * s); }) / static_cast<T>(n);
            T* gxr = gx + r * n;
            for (int64_t k = 0; k < n; ++k) {
                gxr[k] = s * (gr[k] * gamma[k] - g_mean - (xr[k] - m) * s * g_xhat_mean);
            }
        }
    });
    // Columns in ranges, every row added in order.
    ParallelFor(n, RowGrain(rows), [=](int64_t begin, int64_t end) {
        std::fill(ggamma + begin, ggamma + end, T{0});
        std::fill(gbeta + begin, gbeta + end, T{0});
        for (int64_t r = 0; r < rows; ++r) {
            const T* xr = x + r * n;
            const T* gr = gout + r * n;
            for (int64_t k = begin; k < end; ++k) {
                ggamma[k] += gr[k] * ((xr[k] - mean[r]) * inv_std[r]);
                gbeta[k] += gr[k];
            }
        }
    });
}

class NativeLayerNormKernel : public GenericLayerNormKernel {
public:
    LayerNormResult Call(const Array& x, const Array& gamma, const Array& beta, double eps) override {
        if (!AreContiguousRows({&x, &gamma, &beta}) || x.GetTotalSize() == 0) {
            return GenericLayerNormKernel::Call(x, gamma, beta, eps);
        }
        const int64_t rows = x.shape()[0];
        const int64_t n = x.shape()[1];
        Array out = Empty(x.shape(), x.dtype(), x.device());
        Array mean = Empty({rows}, x.dtype(), x.device());
        Array inv_std = Empty({rows}, x.dtype(), x.device());
        VisitRowDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LayerNormRows<T>(RowData<T>(x), RowData<T>(gamma), RowData<T>(beta), RowData<T>(out), RowData<T>(mean),
                             RowData<T>(inv_std), rows, n, static_cast<T>(eps));
        });
        return {out, mean, inv_std};
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LayerNormKernel, NativeLayerNormKernel);

class NativeLayerNormGradKernel : public GenericLayerNormGradKernel {
public:
    LayerNormGradResult Call(
            const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& inv_std) override {
        if (!AreContiguousRows({&x, &gamma, &mean, &inv_std}) || x.GetTotalSize() == 0) {
            return GenericLayerNormGradKernel::Call(x, gamma, gout, mean, inv_std);
        }
        // A strided or broadcast gout (a sum's gradient) is copied: one pass.
        Array gout_c = gout.IsContiguous() ? gout : AsContiguousArray(gout);
        const int64_t rows = x.shape()[0];
        const int64_t n = x.shape()[1];
        Array gx = Empty(x.shape(), x.dtype(), x.device());
        Array ggamma = Empty({n}, x.dtype(), x.device());
        Array gbeta = Empty({n}, x.dtype(), x.device());
        VisitRowDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LayerNormGradRows<T>(RowData<T>(x), RowData<T>(gamma), RowData<T>(gout_c), RowData<T>(mean),
                                 RowData<T>(inv_std), RowData<T>(gx), RowData<T>(ggamma), RowData<T>(gbeta), rows, n);
        });
        return {gx, ggamma, gbeta};
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LayerNormGradKernel, NativeLayerNormGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
