// Native kernel of the fully connected layer. The bias is written into the output first and the product is
// accumulated onto it (BLAS beta = 1), so there is no separate bias pass and no temporary. Products with one row,
// one column or an inner dimension of 1 — every product of batch-1 training — skip GEMM: a GEMM with one row
// still packs the whole weight matrix on each call, while GEMV reads it once and an outer product just writes
// its output.
#include "chainerx/core/kernels/linear.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/shape.h"
#include "chainerx/native/blas.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

// Element step along the single row (or column) of a vector-shaped operand.
template <typename T>
int64_t RowStep(const BlasOperand<T>& v) {
    return v.trans ? v.ld : 1;
}
template <typename T>
int64_t ColumnStep(const BlasOperand<T>& v) {
    return v.trans ? 1 : v.ld;
}

// out (m, n) = (out +) a_i · b_j: the product of a column and a row; rows are split across threads.
template <typename T>
void Outer(int64_t m, int64_t n, const T* a, int64_t inc_a, const T* b, int64_t inc_b, bool accumulate, T* out) {
    const int64_t grain = std::max<int64_t>(1, kElementwiseGrain / n);
    ParallelFor(m, grain, [=](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
            const T ai = a[i * inc_a];
            T* row = out + i * n;
            if (inc_b == 1 && accumulate) {
                for (int64_t j = 0; j < n; ++j) {
                    row[j] += ai * b[j];
                }
            } else if (inc_b == 1) {
                for (int64_t j = 0; j < n; ++j) {
                    row[j] = ai * b[j];
                }
            } else {
                for (int64_t j = 0; j < n; ++j) {
                    row[j] = (accumulate ? row[j] : T{0}) + ai * b[j * inc_b];
                }
            }
        }
    });
}

// The float and double products of vector shape (see the file comment); returns false for a general product.
// out already holds the bias or zeros.
template <typename T>
bool VectorProduct(
        const BlasOperand<T>& a, const BlasOperand<T>& b, int64_t m, int64_t n, int64_t k, bool bias, T* out) {
    if (m == 1) {  // out row = b (n, k) · a row
        Gemv(b.trans, b.trans ? k : n, b.trans ? n : k, b.data, b.ld, a.data, RowStep(a), out);
    } else if (n == 1) {  // out column = a (m, k) · b row
        Gemv(a.trans, a.trans ? k : m, a.trans ? m : k, a.data, a.ld, b.data, RowStep(b), out);
    } else if (k == 1) {
        Outer(m, n, a.data, ColumnStep(a), b.data, ColumnStep(b), bias, out);
    } else {
        return false;
    }
    return true;
}

// Every row of out (m, n) set to the bias, or to zeros without one.
template <typename T>
void FillRows(const std::optional<Array>& bias, int64_t m, int64_t n, T* out) {
    if (bias.has_value()) {
        const char* src = static_cast<const char*>(bias->raw_data());
        const int64_t step = bias->strides()[0];
        for (int64_t j = 0; j < n; ++j) {
            out[j] = *reinterpret_cast<const T*>(src + j * step);
        }
    } else {
        std::fill_n(out, n, T{0});
    }
    for (int64_t i = 1; i < m; ++i) {
        std::memcpy(out + i * n, out, n * sizeof(T));
    }
}

// out = a · bᵀ + bias (rows), or out += a · bᵀ when `accumulate` (then without a bias).
void LinearProduct(
        const Array& a, const Array& b, const std::optional<Array>& bias, const Array& out, bool accumulate) {
    VisitDtype(out.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        const int64_t m = a.shape()[0];
        const int64_t k = a.shape()[1];
        const int64_t n = b.shape()[0];
        if (m == 0 || n == 0 || (accumulate && k == 0)) {
            return;
        }
        T* c = static_cast<T*>(out.raw_data());
        constexpr bool kBlasType = std::is_same<T, float>::value || std::is_same<T, double>::value;
        // GEMM (beta = 0) and the outer product overwrite c when there is no bias; GEMV accumulates onto it.
        if (!accumulate && (bias.has_value() || k == 0 || (kBlasType && (m == 1 || n == 1)))) {
            FillRows(bias, m, n, c);
        }
        if (k == 0) {
            return;
        }
        const bool onto_c = accumulate || bias.has_value();
        const BlasOperand<T> a_op = ToBlasOperand<T>(a);
        const BlasOperand<T> b_op = ToBlasOperand<T>(b);
        if constexpr (kBlasType) {
            if (VectorProduct(a_op, b_op, m, n, k, onto_c, c)) {
                return;
            }
        }
        // op(b) must be bᵀ (k x n): b stored n x k is transposed by BLAS, b stored k x n is used as is.
        Gemm<T>(a_op.trans, !b_op.trans, m, n, k, a_op.data, a_op.ld, b_op.data, b_op.ld, onto_c, c, n);
    });
}

class NativeLinearKernel : public LinearKernel {
public:
    void Call(const Array& a, const Array& b, const std::optional<Array>& bias, const Array& out) override {
        LinearProduct(a, b, bias, out, false);
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LinearKernel, NativeLinearKernel);

class NativeLinearAccumulateKernel : public LinearAccumulateKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override {
        LinearProduct(a, b, std::nullopt, out, true);
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LinearAccumulateKernel, NativeLinearAccumulateKernel);

// BLAS has no fused row sums: the product, then the reduction.
class NativeLinearRowSumsKernel : public LinearRowSumsKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out, const Array& row_sums) override {
        out.device().CallKernel<LinearKernel>(a, b, std::nullopt, out);
        out.device().CallKernel<SumKernel>(a.Transpose(), Axes{0}, row_sums);
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LinearRowSumsKernel, NativeLinearRowSumsKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
