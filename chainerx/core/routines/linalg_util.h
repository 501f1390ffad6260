// Checks and graph helpers shared by the linalg routine files (linalg.cc, linalg_decomposition.cc).
#pragma once

#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"

namespace chainerx {
namespace internal {

// The dtype a factorization computes in: float32/float64 stay, integers and bool become float32; float16
// raises DtypeError naming `op` (LAPACK has no half precision).
Dtype LinalgDtype(const char* op, Dtype dtype);

// DimensionError naming `op` unless a is 2-D (and, for the second, square) and small enough for LAPACK
// (CheckLapackSize).
void CheckMatrix(const char* op, const Array& a);
void CheckSquareMatrix(const char* op, const Array& a);

// DimensionError naming `op` when a rows x cols matrix has more elements than a 32-bit LAPACK index can address:
// LAPACK computes element offsets in 32-bit integers. Checked before anything is allocated, since a broadcast
// view can have such a shape at no cost.
void CheckLapackSize(const char* op, int64_t rows, int64_t cols);

// a with its last two axes swapped (each matrix of a batch transposed), a differentiable view.
Array MatrixTranspose(const Array& a);

// a cast to LinalgDtype, off the graph (the routine records its own backward on a).
Array LapackInput(const char* op, const Array& a);

// Records a backward for `op` that raises NotImplementedError (a ChainerxError) if a gradient ever reaches it, so
// that a missing gradient is an error rather than a silent zero; `reason`, if given, ends the message.
void DefineNotImplementedGrad(
        const char* op, const Array& a, const std::vector<ConstArrayRef>& outputs, const char* reason = nullptr);

}  // namespace internal
}  // namespace chainerx
