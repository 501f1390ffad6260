// cuBLAS's calls of the backend on the host: see Note [CUDA emulation on the host] in device.h. cublasGemmEx and
// its batched forms (strided, and given pointer arrays) check their arguments as cuBLAS documents and compute plain
// column-major products (Gemm, gemm.h). The batched LU routines (getrfBatched, getrsBatched) check theirs likewise
// and factorize and solve as LAPACK's unblocked getf2 and getrs do.
#include <cublas_v2.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "chainerx/cuda/emulation/elements.h"
#include "chainerx/cuda/emulation/gemm.h"
#include "chainerx/cuda/emulation/grid.h"

struct cublasContext {
    cublasMath_t math_mode{CUBLAS_DEFAULT_MATH};
};

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

FloatType FloatTypeOf(cudaDataType type) {
    return type == CUDA_R_16F ? FloatType::kHalf : type == CUDA_R_32F ? FloatType::kFloat : FloatType::kDouble;
}

double LoadElement(const void* data, cudaDataType type, int64_t index) {
    return LoadFloat(FloatTypeOf(type), data, index);
}

void StoreElement(void* data, cudaDataType type, int64_t index, double value) {
    StoreFloat(FloatTypeOf(type), data, index, value);
}

// The type combinations of cuBLAS's table for cublasGemmEx that the backend uses.
bool SupportedTypes(cudaDataType a, cudaDataType b, cudaDataType c, cublasComputeType_t compute) {
    if (a != b || a != c) {
        return false;
    }
    switch (compute) {
        case CUBLAS_COMPUTE_32F:
            return a == CUDA_R_16F || a == CUDA_R_32F;
        case CUBLAS_COMPUTE_64F:
            return a == CUDA_R_64F;
        default:
            return false;
    }
}

}  // namespace

void Gemm(int64_t m, int64_t n, int64_t k, double alpha, const GemmOperand& a, const GemmOperand& b, double beta,
          const void* c, void* d, cudaDataType d_type, int64_t ldd, const void* bias) {
    for (int64_t j = 0; j < n; ++j) {
        for (int64_t i = 0; i < m; ++i) {
            double sum = 0;
            for (int64_t l = 0; l < k; ++l) {
                double x = LoadElement(a.data, a.type, a.trans ? i * a.ld + l : l * a.ld + i);
                double y = LoadElement(b.data, b.type, b.trans ? l * b.ld + j : j * b.ld + l);
                sum += x * y;
            }
            const int64_t e = j * ldd + i;
            double result = alpha * sum + (beta == 0 ? 0.0 : beta * LoadElement(c, d_type, e));
            if (bias != nullptr) {
                result += LoadElement(bias, d_type, i);
            }
            StoreElement(d, d_type, e, result);
        }
    }
}

void SumColumns(int64_t k, int64_t n, const GemmOperand& b, void* sums, cudaDataType type) {
    for (int64_t j = 0; j < n; ++j) {
        double sum = 0;
        for (int64_t l = 0; l < k; ++l) {
            sum += LoadElement(b.data, b.type, b.trans ? l * b.ld + j : j * b.ld + l);
        }
        StoreElement(sums, type, j, sum);
    }
}

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

cublasStatus_t cublasCreate(cublasHandle_t* handle) {
    *handle = new cublasContext{};
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy(cublasHandle_t handle) {
    delete handle;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode) {
    if (handle == nullptr) {
        return CUBLAS_STATUS_NOT_INITIALIZED;
    }
    handle->math_mode = mode;
    return CUBLAS_STATUS_SUCCESS;
}

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

int64_t ElementSize(cudaDataType type) { return type == CUDA_R_16F ? 2 : type == CUDA_R_32F ? 4 : 8; }

// The matrices of the i-th product of a batch.
struct GemmMatrices {
    const void* a;
    const void* b;
    void* c;
};

// cublasGemmEx (batch_count 1), cublasGemmStridedBatchedEx and cublasGemmBatchedEx: the arguments checked as cuBLAS
// documents, then batch_count products, the i-th of matrices_at(i) (called in device code: pointer arrays are
// device memory).
template <typename MatricesAt>
cublasStatus_t BatchedGemm(
        const char* name,
        cublasHandle_t handle,
        cublasOperation_t transa,
        cublasOperation_t transb,
        int m,
        int n,
        int k,
        const void* alpha,
        cudaDataType Atype,
        int lda,
        cudaDataType Btype,
        int ldb,
        const void* beta,
        cudaDataType Ctype,
        int ldc,
        int batch_count,
        cublasComputeType_t computeType,
        MatricesAt matrices_at) {
    if (handle == nullptr) {
        return CUBLAS_STATUS_NOT_INITIALIZED;
    }
    if (!SupportedTypes(Atype, Btype, Ctype, computeType)) {
        return CUBLAS_STATUS_NOT_SUPPORTED;
    }
    const bool ta = transa != CUBLAS_OP_N;
    const bool tb = transb != CUBLAS_OP_N;
    // op(A) is m x k, op(B) is k x n, C is m x n, all column-major.
    if (m < 0 || n < 0 || k < 0 || batch_count < 0 || lda < std::max(1, ta ? k : m) ||
        ldb < std::max(1, tb ? n : k) || ldc < std::max(1, m)) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    LibraryCallScope library_call{name};
    const bool wide = computeType == CUBLAS_COMPUTE_64F;
    const double a_scale = wide ? *static_cast<const double*>(alpha) : *static_cast<const float*>(alpha);
    const double b_scale = wide ? *static_cast<const double*>(beta) : *static_cast<const float*>(beta);
    for (int64_t i = 0; i < batch_count; ++i) {
        const GemmMatrices x = matrices_at(i);
        Gemm(m, n, k, a_scale, {x.a, Atype, lda, ta}, {x.b, Btype, ldb, tb}, b_scale, x.c, x.c, Ctype, ldc, nullptr);
    }
    return CUBLAS_STATUS_SUCCESS;
}

// The i-th matrices of a strided batch: each operand's `stride` elements after its (i-1)-th.
struct StridedMatrices {
    const void* a;
    cudaDataType a_type;
    int64_t a_stride;
    const void* b;
    cudaDataType b_type;
    int64_t b_stride;
    void* c;
    cudaDataType c_type;
    int64_t c_stride;

    GemmMatrices operator()(int64_t i) const {
        return {static_cast<const char*>(a) + i * a_stride * ElementSize(a_type),
                static_cast<const char*>(b) + i * b_stride * ElementSize(b_type),
                static_cast<char*>(c) + i * c_stride * ElementSize(c_type)};
    }
};

}  // namespace
}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

cublasStatus_t cublasGemmEx(
        cublasHandle_t handle,
        cublasOperation_t transa,
        cublasOperation_t transb,
        int m,
        int n,
        int k,
        const void* alpha,
        const void* A,
        cudaDataType Atype,
        int lda,
        const void* B,
        cudaDataType Btype,
        int ldb,
        const void* beta,
        void* C,
        cudaDataType Ctype,
        int ldc,
        cublasComputeType_t computeType,
        cublasGemmAlgo_t /*algo*/) {
    using chainerx::cuda::emulation::StridedMatrices;
    return chainerx::cuda::emulation::BatchedGemm(
            __func__, handle, transa, transb, m, n, k, alpha, Atype, lda, Btype, ldb, beta, Ctype, ldc, 1, computeType,
            StridedMatrices{A, Atype, 0, B, Btype, 0, C, Ctype, 0});
}

cublasStatus_t cublasGemmStridedBatchedEx(
        cublasHandle_t handle,
        cublasOperation_t transa,
        cublasOperation_t transb,
        int m,
        int n,
        int k,
        const void* alpha,
        const void* A,
        cudaDataType Atype,
        int lda,
        long long int strideA,
        const void* B,
        cudaDataType Btype,
        int ldb,
        long long int strideB,
        const void* beta,
        void* C,
        cudaDataType Ctype,
        int ldc,
        long long int strideC,
        int batchCount,
        cublasComputeType_t computeType,
        cublasGemmAlgo_t /*algo*/) {
    using chainerx::cuda::emulation::StridedMatrices;
    return chainerx::cuda::emulation::BatchedGemm(
            __func__, handle, transa, transb, m, n, k, alpha, Atype, lda, Btype, ldb, beta, Ctype, ldc, batchCount,
            computeType, StridedMatrices{A, Atype, strideA, B, Btype, strideB, C, Ctype, strideC});
}

cublasStatus_t cublasGemmBatchedEx(
        cublasHandle_t handle,
        cublasOperation_t transa,
        cublasOperation_t transb,
        int m,
        int n,
        int k,
        const void* alpha,
        const void* const Aarray[],
        cudaDataType Atype,
        int lda,
        const void* const Barray[],
        cudaDataType Btype,
        int ldb,
        const void* beta,
        void* const Carray[],
        cudaDataType Ctype,
        int ldc,
        int batchCount,
        cublasComputeType_t computeType,
        cublasGemmAlgo_t /*algo*/) {
    using chainerx::cuda::emulation::GemmMatrices;
    return chainerx::cuda::emulation::BatchedGemm(
            __func__, handle, transa, transb, m, n, k, alpha, Atype, lda, Btype, ldb, beta, Ctype, ldc, batchCount,
            computeType, [Aarray, Barray, Carray](int64_t i) { return GemmMatrices{Aarray[i], Barray[i], Carray[i]}; });
}

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

// LAPACK's getf2 on the column-major n x n `a`: partial pivoting on the largest magnitude, 1-based pivots, and the
// returned info, the first zero pivot (1-based) or 0. A zero pivot leaves its column unscaled and the factorization
// goes on, as in LAPACK.
template <typename T>
int LuFactor(int n, T* a, int lda, int* pivots) {
    int info = 0;
    auto at = [a, lda](int row, int col) -> T& { return a[row + static_cast<int64_t>(col) * lda]; };
    for (int j = 0; j < n; ++j) {
        int pivot = j;
        for (int i = j + 1; i < n; ++i) {
            if (std::abs(at(i, j)) > std::abs(at(pivot, j))) {
                pivot = i;
            }
        }
        pivots[j] = pivot + 1;
        if (at(pivot, j) == T{0}) {
            info = info == 0 ? j + 1 : info;
            continue;
        }
        for (int col = 0; col < n; ++col) {
            std::swap(at(j, col), at(pivot, col));
        }
        for (int i = j + 1; i < n; ++i) {
            at(i, j) /= at(j, j);
            for (int col = j + 1; col < n; ++col) {
                at(i, col) -= at(i, j) * at(j, col);
            }
        }
    }
    return info;
}

// LAPACK's getrs ('N') with LuFactor's factors: the rows of the n x nrhs `b` permuted, then the unit lower and the
// upper triangular solves.
template <typename T>
void LuSolve(int n, int nrhs, const T* a, int lda, const int* pivots, T* b, int ldb) {
    auto at = [a, lda](int row, int col) { return a[row + static_cast<int64_t>(col) * lda]; };
    for (int c = 0; c < nrhs; ++c) {
        T* x = b + static_cast<int64_t>(c) * ldb;
        for (int j = 0; j < n; ++j) {
            std::swap(x[j], x[pivots[j] - 1]);
        }
        for (int j = 0; j < n; ++j) {
            for (int i = j + 1; i < n; ++i) {
                x[i] -= at(i, j) * x[j];
            }
        }
        for (int j = n - 1; j >= 0; --j) {
            x[j] /= at(j, j);
            for (int i = 0; i < j; ++i) {
                x[i] -= at(i, j) * x[j];
            }
        }
    }
}

template <typename T>
cublasStatus_t GetrfBatched(
        const char* name, cublasHandle_t handle, int n, T* const a[], int lda, int* pivots, int* infos, int batch) {
    if (handle == nullptr) {
        return CUBLAS_STATUS_NOT_INITIALIZED;
    }
    if (n < 0 || lda < std::max(1, n) || batch < 0) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    if (pivots == nullptr) {
        return CUBLAS_STATUS_NOT_SUPPORTED;  // LU without pivoting: not emulated (the backend pivots)
    }
    LibraryCallScope library_call{name};
    for (int b = 0; b < batch; ++b) {
        infos[b] = LuFactor(n, a[b], lda, pivots + static_cast<int64_t>(b) * n);
    }
    return CUBLAS_STATUS_SUCCESS;
}

// `info` is a host word: -i for an invalid i-th argument (counting the handle as the first), else 0.
template <typename T>
cublasStatus_t GetrsBatched(
        const char* name,
        cublasHandle_t handle,
        cublasOperation_t trans,
        int n,
        int nrhs,
        const T* const a[],
        int lda,
        const int* pivots,
        T* const b[],
        int ldb,
        int* info,
        int batch) {
    if (handle == nullptr) {
        return CUBLAS_STATUS_NOT_INITIALIZED;
    }
    const int invalid = trans != CUBLAS_OP_N ? -2
                        : n < 0              ? -3
                        : nrhs < 0           ? -4
                        : lda < std::max(1, n) ? -6
                        : ldb < std::max(1, n) ? -9
                        : batch < 0            ? -11
                                               : 0;
    *info = invalid;
    if (invalid != 0) {
        return trans != CUBLAS_OP_N ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_INVALID_VALUE;
    }
    LibraryCallScope library_call{name};
    for (int i = 0; i < batch; ++i) {
        LuSolve(n, nrhs, a[i], lda, pivots + static_cast<int64_t>(i) * n, b[i], ldb);
    }
    return CUBLAS_STATUS_SUCCESS;
}

}  // namespace
}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

cublasStatus_t cublasSgetrfBatched(
        cublasHandle_t handle, int n, float* const A[], int lda, int* P, int* info, int batchSize) {
    return chainerx::cuda::emulation::GetrfBatched(__func__, handle, n, A, lda, P, info, batchSize);
}

cublasStatus_t cublasDgetrfBatched(
        cublasHandle_t handle, int n, double* const A[], int lda, int* P, int* info, int batchSize) {
    return chainerx::cuda::emulation::GetrfBatched(__func__, handle, n, A, lda, P, info, batchSize);
}

cublasStatus_t cublasSgetrsBatched(
        cublasHandle_t handle,
        cublasOperation_t trans,
        int n,
        int nrhs,
        const float* const Aarray[],
        int lda,
        const int* devIpiv,
        float* const Barray[],
        int ldb,
        int* info,
        int batchSize) {
    return chainerx::cuda::emulation::GetrsBatched(
            __func__, handle, trans, n, nrhs, Aarray, lda, devIpiv, Barray, ldb, info, batchSize);
}

cublasStatus_t cublasDgetrsBatched(
        cublasHandle_t handle,
        cublasOperation_t trans,
        int n,
        int nrhs,
        const double* const Aarray[],
        int lda,
        const int* devIpiv,
        double* const Barray[],
        int ldb,
        int* info,
        int batchSize) {
    return chainerx::cuda::emulation::GetrsBatched(
            __func__, handle, trans, n, nrhs, Aarray, lda, devIpiv, Barray, ldb, info, batchSize);
}

const char* cublasGetStatusName(cublasStatus_t status) {
    switch (status) {
        case CUBLAS_STATUS_SUCCESS:
            return "CUBLAS_STATUS_SUCCESS";
        case CUBLAS_STATUS_INVALID_VALUE:
            return "CUBLAS_STATUS_INVALID_VALUE";
        case CUBLAS_STATUS_NOT_SUPPORTED:
            return "CUBLAS_STATUS_NOT_SUPPORTED";
        default:
            return "CUBLAS_STATUS_INTERNAL_ERROR";
    }
}

const char* cublasGetStatusString(cublasStatus_t status) { return cublasGetStatusName(status); }
