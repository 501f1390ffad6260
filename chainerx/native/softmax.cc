// Softmax along one axis on the native backend (kernels/softmax.h).
//
// Note [Native softmax rows]
// float32 and float64 along the last axis of C-contiguous operands, the common case (class scores, attention
// scores), run one pass per row in place of the composition's five or six whole-array kernels: the row's maximum,
// its shifted values and their exponentials (float32 through the vectorised exp loop of native/vecmath.h) in a
// buffer of the row's length, their sum, and the output. Rows are split over the thread pool, and each row's
// maximum and sums fold in a fixed order (FoldRow, row_kernels.h), so results do not depend on the thread count.
// The softmax is exp(x - max) * (1 / sum) rather than the composition's exp(x - max - log(sum)): the same to a few
// ulp. Other layouts and float16 take the composition (GenericSoftmaxKernel), as does every double backward.
// logsumexp along the last axis takes the same row loop, its output log(sum) + max.
#include "chainerx/core/kernels/softmax.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/row_kernels.h"
#include "chainerx/native/vecmath.h"

namespace chainerx {
namespace native {
namespace {

// out[k] = exp(in[k]) for k < n (in and out may be the same).
template <typename T>
void ExpRow(const T* in, T* out, int64_t n) {
    if constexpr (std::is_same<T, float>::value) {
        GetFloatMathLoop(FloatMathFunction::kExp)(in, out, n);
    } else {
        for (int64_t k = 0; k < n; ++k) {
            out[k] = std::exp(in[k]);
        }
    }
}

// The maximum as maxps computes it (NaN in the running value is not kept), vectorisable; RowMax restores NaN.
struct PlainMax {
    template <typename T>
    T operator()(T a, T b) const {
        return b > a ? b : a;
    }
};

// The row's maximum, NaN if it holds one (as AMax).
template <typename T>
T RowMax(const T* v, int64_t n) {
    auto value_at = [v](int64_t k) { return v[k]; };
    const T max = FoldRow(n, v[0], PlainMax{}, value_at);
    // NaN when some v[k] is NaN or infinite (or the sum overflows): then the NaN-propagating maximum, slower.
    const T probe = SumRow<T>(n, value_at) * T{0};
    return probe == probe ? max : FoldRow(n, v[0], numeric::Maximum{}, value_at);
}

// Whether the rows of `a` along `axis` take the loops here.
bool TakesRows(const Array& a, int8_t axis) { return axis == a.ndim() - 1 && AreContiguousRows({&a}); }

// Calls row_fn(r, buffer) for every row r of `rows`, over the thread pool; buffer holds n values per chunk.
template <typename T, typename RowFn>
void ForEachRow(int64_t rows, int64_t n, RowFn row_fn) {
    ParallelFor(rows, RowGrain(n), [n, &row_fn](int64_t begin, int64_t end) {
        std::vector<T> buffer(n);
        for (int64_t r = begin; r < end; ++r) {
            row_fn(r, buffer.data());
        }
    });
}

template <typename T>
void SoftmaxRows(const T* x, T* y, int64_t rows, int64_t n, bool log) {
    ForEachRow<T>(rows, n, [x, y, n, log](int64_t r, T* e) {
        const T* xr = x + r * n;
        T* yr = y + r * n;
        const T max = RowMax(xr, n);
        for (int64_t k = 0; k < n; ++k) {
            e[k] = xr[k] - max;
        }
        if (log) {
            std::copy(e, e + n, yr);
            ExpRow(e, e, n);
        } else {
            ExpRow(e, yr, n);
        }
        const T* exps = log ? e : yr;
        const T sum = SumRow<T>(n, [exps](int64_t k) { return exps[k]; });
        if (log) {
            const T log_sum = std::log(sum);
            for (int64_t k = 0; k < n; ++k) {
                yr[k] -= log_sum;
            }
        } else {
            const T inv_sum = T{1} / sum;
            for (int64_t k = 0; k < n; ++k) {
                yr[k] *= inv_sum;
            }
        }
    });
}

template <typename T>
void SoftmaxGradRows(const T* y, const T* gy, T* gx, int64_t rows, int64_t n, bool log) {
    ForEachRow<T>(rows, n, [y, gy, gx, n, log](int64_t r, T* e) {
        const T* yr = y + r * n;
        const T* gyr = gy + r * n;
        T* gxr = gx + r * n;
        const T sum = log ? SumRow<T>(n, [gyr](int64_t k) { return gyr[k]; })
                          : SumRow<T>(n, [gyr, yr](int64_t k) { return gyr[k] * yr[k]; });
        if (log) {
            ExpRow(yr, e, n);
            for (int64_t k = 0; k < n; ++k) {
                gxr[k] = gyr[k] - e[k] * sum;
            }
        } else {
            for (int64_t k = 0; k < n; ++k) {
                gxr[k] = yr[k] * (gyr[k] - sum);
            }
        }
    });
}

template <typename T>
void LogSumExpRows(const T* x, T* out, int64_t rows, int64_t n) {
    ForEachRow<T>(rows, n, [x, out, n](int64_t r, T* e) {
        const T* xr = x + r * n;
        const T max = RowMax(xr, n);
        for (int64_t k = 0; k < n; ++k) {
            e[k] = xr[k] - max;
        }
        ExpRow(e, e, n);
        out[r] = std::log(SumRow<T>(n, [e](int64_t k) { return e[k]; })) + max;
    });
}

class NativeSoftmaxKernel : public GenericSoftmaxKernel {
public:
    Array Call(const Array& x, int8_t axis, bool log) override {
        if (!TakesRows(x, axis) || x.GetTotalSize() == 0) {
            return GenericSoftmaxKernel::Call(x, axis, log);
        }
        Array y = Empty(x.shape(), x.dtype(), x.device());
        const int64_t n = x.shape()[axis];
        VisitRowDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            SoftmaxRows<T>(RowData<T>(x), RowData<T>(y), x.GetTotalSize() / n, n, log);
        });
        return y;
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxKernel, NativeSoftmaxKernel);

class NativeSoftmaxGradKernel : public GenericSoftmaxGradKernel {
public:
    Array Call(const Array& y, const Array& gy, int8_t axis, bool log) override {
        if (!TakesRows(y, axis) || y.GetTotalSize() == 0) {
            return GenericSoftmaxGradKernel::Call(y, gy, axis, log);
        }
        // A strided or broadcast gy (a sum's gradient) is copied: one pass, where the composition makes four.
        Array gy_c = gy.IsContiguous() ? gy : AsContiguousArray(gy);
        Array gx = Empty(y.shape(), y.dtype(), y.device());
        const int64_t n = y.shape()[axis];
        VisitRowDtype(y.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            SoftmaxGradRows<T>(RowData<T>(y), RowData<T>(gy_c), RowData<T>(gx), y.GetTotalSize() / n, n, log);
        });
        return gx;
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxGradKernel, NativeSoftmaxGradKernel);

class NativeLogSumExpKernel : public GenericLogSumExpKernel {
public:
    Array Call(const Array& x, int8_t axis) override {
        if (!TakesRows(x, axis) || x.GetTotalSize() == 0) {
            return GenericLogSumExpKernel::Call(x, axis);
        }
        Shape kept = x.shape();
        kept[axis] = 1;
        Array out = Empty(kept, x.dtype(), x.device());
        const int64_t n = x.shape()[axis];
        VisitRowDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LogSumExpRows<T>(RowData<T>(x), RowData<T>(out), x.GetTotalSize() / n, n);
        });
        return out;
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LogSumExpKernel, NativeLogSumExpKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
