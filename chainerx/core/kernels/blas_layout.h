// How a BLAS library (OpenBLAS on native, cuBLAS on CUDA) can read a 2-D array in place, shared by the backends'
// matrix-product kernels.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"

namespace chainerx {

// The array is stored as is (rows x cols, row stride ld elements) or, when trans, as its transpose (cols x rows,
// row stride ld).
struct BlasLayout {
    bool trans;
    int64_t ld;
};

// In place when one axis is unit-stride and the other a valid leading dimension (C-contiguous matrices, their
// transposes, and row-padded views of either); size-1 axes may have any stride. nullopt when the matrix must be
// copied first (broadcast, negative or doubly strided views). The matrix is rows x cols with byte strides s0, s1
// and elements of `unit` bytes.
inline std::optional<BlasLayout> GetBlasLayout(int64_t rows, int64_t cols, int64_t s0, int64_t s1, int64_t unit) {
    auto is_ld = [unit](int64_t stride, int64_t min) { return stride % unit == 0 && stride / unit >= min; };
    if ((cols <= 1 || s1 == unit) && (rows <= 1 || is_ld(s0, std::max<int64_t>(cols, 1)))) {
        return BlasLayout{false, rows <= 1 ? std::max<int64_t>(cols, 1) : s0 / unit};
    }
    if ((rows <= 1 || s0 == unit) && (cols <= 1 || is_ld(s1, std::max<int64_t>(rows, 1)))) {
        return BlasLayout{true, cols <= 1 ? std::max<int64_t>(rows, 1) : s1 / unit};
    }
    return std::nullopt;
}

// The layout of a 2-D array.
inline std::optional<BlasLayout> GetBlasLayout(const Array& x) {
    return GetBlasLayout(x.shape()[0], x.shape()[1], x.strides()[0], x.strides()[1], x.GetItemSize());
}

}  // namespace chainerx
