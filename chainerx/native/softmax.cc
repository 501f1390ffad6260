// Softmax along one axis on the native backend (kernels/softmax.h).
//
// Note [Native softmax rows]
// float32 and float64 along the last axis of C-contiguous operands, the common case (class scores, attention
// scores), run one loop per row (native/softmax_rows.h) in place of the composition's five or six whole-array
// kernels: the row's maximum, then its exponentials (shifted by the maximum) and their sum in one pass, then the
// output. The loops are compiled for each CPU level, as the float-math loops are, and keep a row's cost beyond its
// elements small (Note [Softmax row loops]); a CPU level's results may differ in the last bit. Rows are split over
// the thread pool, and a row's results do not depend on the split. The softmax is exp(x - max) * (1 / sum) rather
// than the composition's exp(x - max - log(sum)): the same to a few ulp. Other layouts and float16 take the
// composition (GenericSoftmaxKernel), as does every double backward. logsumexp along the last axis takes the same
// row loops, its output log(sum) + max.
#include "chainerx/core/kernels/softmax.h"

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/row_kernels.h"
#include "chainerx/native/softmax_rows.h"

namespace chainerx {
namespace native {
namespace {

// Whether the rows of `a` along `axis` take the loops here.
bool TakesRows(const Array& a, int8_t axis) { return axis == a.ndim() - 1 && AreContiguousRows({&a}); }

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
            const SoftmaxRowLoops<T>& loops = GetSoftmaxRowLoops<T>();
            auto rows_fn = log ? loops.log_softmax : loops.softmax;
            const T* x_data = RowData<T>(x);
            T* y_data = RowData<T>(y);
            ParallelFor(x.GetTotalSize() / n, RowGrain(n), [=](int64_t begin, int64_t end) {
                rows_fn(x_data + begin * n, y_data + begin * n, end - begin, n);
            });
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
            const SoftmaxRowLoops<T>& loops = GetSoftmaxRowLoops<T>();
            auto rows_fn = log ? loops.log_softmax_grad : loops.softmax_grad;
            const T* y_data = RowData<T>(y);
            const T* gy_data = RowData<T>(gy_c);
            T* gx_data = RowData<T>(gx);
            ParallelFor(y.GetTotalSize() / n, RowGrain(n), [=](int64_t begin, int64_t end) {
                rows_fn(y_data + begin * n, gy_data + begin * n, gx_data + begin * n, end - begin, n);
            });
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
            auto rows_fn = GetSoftmaxRowLoops<T>().logsumexp;
            const T* x_data = RowData<T>(x);
            T* out_data = RowData<T>(out);
            ParallelFor(x.GetTotalSize() / n, RowGrain(n), [=](int64_t begin, int64_t end) {
                rows_fn(x_data + begin * n, out_data + begin, end - begin, n);
            });
        });
        return out;
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LogSumExpKernel, NativeLogSumExpKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
