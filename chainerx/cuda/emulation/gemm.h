// The column-major matrix product of the cuBLAS and cuBLASLt stand-ins (cublas.cc, cublas_lt.cc).
#pragma once

#include <cstdint>

#include <library_types.h>

namespace chainerx {
namespace cuda {
namespace emulation {

// One operand as BLAS takes it: column-major data of `type` with leading dimension ld, read transposed when trans.
struct GemmOperand {
    const void* data;
    cudaDataType type;
    int64_t ld;
    bool trans;
};

// d (m x n, column-major, leading dimension ldd, of d_type) = alpha · op(a) (m x k) · op(b) (k x n) + beta · c
// (c's layout is d's) + bias[i] on every row i when bias (of d_type) is given, summed in double and rounded once.
// As in BLAS, c is not read when beta is 0 (a NaN there must not show); c may be d.
void Gemm(int64_t m, int64_t n, int64_t k, double alpha, const GemmOperand& a, const GemmOperand& b, double beta,
          const void* c, void* d, cudaDataType d_type, int64_t ldd, const void* bias);

// sums[j] (of `type`) = the sum of column j of op(b) (k x n), summed in double and rounded once: cuBLASLt's
// bias-gradient epilogue of B.
void SumColumns(int64_t k, int64_t n, const GemmOperand& b, void* sums, cudaDataType type);

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
