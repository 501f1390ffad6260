// Checks and graph helpers shared by the linalg routine files (linalg.cc, linalg_decomposition.cc).
#pragma once

#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"

namespace chainerx {
namespace internal {

// The dtype a factorization computes in: float32/float64 stay, integers and bool become float32; float16
// raises DtypeError naming `op` (LAPACK has no half precision).
Dtype LinalgDtype(const char* op, Dtype dtype);

// DimensionError naming `op` unless a is 2-D (and, for the second, square).
void CheckMatrix(const char* op, const Array& a);
void CheckSquareMatrix(const char* op, const Array& a);

// a cast to LinalgDtype, off the graph (the routine records its own backward on a).
Array LapackInput(const char* op, const Array& a);

// Records a backward for `op` that raises NotImplementedError if a gradient ever reaches it, so that a missing
// gradient is an error rather than a silent zero.
void DefineNotImplementedGrad(const char* op, const Array& a, const std::vector<ConstArrayRef>& outputs);

}  // namespace internal
}  // namespace chainerx
