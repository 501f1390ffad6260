// See Note [CUDA matrix products] in blas.cuh.
#include "chainerx/cuda/blas.cuh"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <type_traits>

#include <cublas_v2.h>
#include <cuda_fp16.h>

#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/blas_layout.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/scalar.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/matrix_pointers.h"

namespace chainerx {
namespace cuda {

MatrixOperand ToMatrixOperand(const Array& x) {
    if (std::optional<BlasLayout> layout = GetBlasLayout(x)) {
        return {x.raw_data(), *layout, std::nullopt};
    }
    Array copy = AsContiguousArray(x);
    return {copy.raw_data(), BlasLayout{false, std::max<int64_t>(x.shape()[1], 1)}, std::move(copy)};
}

int ToCublasInt(int64_t value) {
    if (value > INT_MAX) {
        throw DimensionError{"matrix product: dimension ", value, " is too large for cuBLAS (at most ", INT_MAX, ")"};
    }
    return static_cast<int>(value);
}

namespace {

// Whether cuBLAS multiplies matrices of T (the others take PlainMatMul).
template <typename T>
constexpr bool kCublasType =
        std::is_same<T, __half>::value || std::is_same<T, float>::value || std::is_same<T, double>::value;

template <typename T>
void CublasGemm(const Array& a, const Array& b, const Array& out, bool accumulate, int64_t m, int64_t n, int64_t k) {
    using Types = CublasTypes<T>;
    MatrixOperand a_op = ToMatrixOperand(a);
    MatrixOperand b_op = ToMatrixOperand(b);
    auto& device = dynamic_cast<CudaDevice&>(out.device());
    typename Types::Scale alpha{1};
    typename Types::Scale beta = accumulate ? 1 : 0;
    CudaSetDeviceScope scope{device.index()};
    // outᵀ (n x m) = bᵀ (n x k) · aᵀ (k x m) in column-major terms (Note [CUDA matrix products]).
    CheckCublasError(cublasGemmEx(
            device.cublas_handle(),
            b_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            a_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            ToCublasInt(n),
            ToCublasInt(m),
            ToCublasInt(k),
            &alpha,
            b_op.data,
            Types::kData,
            ToCublasInt(b_op.layout.ld),
            a_op.data,
            Types::kData,
            ToCublasInt(a_op.layout.ld),
            &beta,
            out.raw_data(),
            Types::kData,
            ToCublasInt(n),
            Types::kCompute,
            CUBLAS_GEMM_DEFAULT));
}

// A batch of matrices (batch..., rows, cols) as cuBLAS takes it: `array` (the operand, or its contiguous copy when
// its matrices are in no BLAS layout or not element-aligned) with one BLAS layout for every matrix, and `stride`,
// the elements between consecutive matrices when one stride steps over the whole batch (0: one matrix repeated).
struct BatchOperand {
    Array array;
    BlasLayout layout;
    std::optional<int64_t> stride;
};

// The stride (bytes) from each matrix of x to the next in C order over the batch axes, if one stride does.
std::optional<int64_t> UniformBatchStride(const Array& x) {
    std::optional<int64_t> stride;  // of the innermost batch axis longer than 1
    int64_t spanned = 1;  // the matrices that the axes inside the current one step over
    for (int8_t d = x.ndim() - 3; d >= 0; --d) {
        if (x.shape()[d] == 1) {
            continue;
        }
        if (!stride.has_value()) {
            stride = x.strides()[d];
        } else if (x.strides()[d] != *stride * spanned) {
            return std::nullopt;
        }
        spanned *= x.shape()[d];
    }
    return stride.value_or(0);
}

BatchOperand ToBatchOperand(const Array& x) {
    const int8_t ndim = x.ndim();
    const int64_t rows = x.shape()[ndim - 2];
    const int64_t cols = x.shape()[ndim - 1];
    const int64_t unit = x.GetItemSize();
    std::optional<BlasLayout> layout = GetBlasLayout(rows, cols, x.strides()[ndim - 2], x.strides()[ndim - 1], unit);
    const bool aligned = std::all_of(
            x.strides().begin(), x.strides().end() - 2, [unit](int64_t stride) { return stride % unit == 0; });
    if (!layout.has_value() || !aligned) {
        Array copy = AsContiguousArray(x);
        return {copy, BlasLayout{false, std::max<int64_t>(cols, 1)}, rows * cols};
    }
    std::optional<int64_t> stride = UniformBatchStride(x);
    if (stride.has_value() && *stride < 0) {
        stride.reset();  // reversed matrices: a pointer each (strided-batched calls take no negative stride)
    }
    return {x, *layout, stride.has_value() ? std::optional<int64_t>{*stride / unit} : std::nullopt};
}

// Fills pointers with the address of each matrix of the batch: b's, then a's, then out's (cuBLAS's order of the
// operands, Note [CUDA matrix products]), `batch` each.
struct MatrixPointersFunctor {
    StridedIndexer<3> indexer;  // over the batch axes of b, a and out
    int64_t batch;
    void** pointers;

    __device__ void operator()(int64_t i) const {
        char* matrices[3];
        indexer.Pointers(i, matrices);
        for (int operand = 0; operand < 3; ++operand) {
            pointers[operand * batch + i] = matrices[operand];
        }
    }
};

// The products of a batch whose matrices are evenly spaced in every operand: one cublasGemmStridedBatchedEx call.
template <typename T>
void CublasGemmStridedBatched(
        const BatchOperand& a_op, const BatchOperand& b_op, const Array& out, int64_t m, int64_t n, int64_t k) {
    using Types = CublasTypes<T>;
    auto& device = dynamic_cast<CudaDevice&>(out.device());
    typename Types::Scale alpha{1};
    typename Types::Scale beta{0};
    CudaSetDeviceScope scope{device.index()};
    // As CublasGemm, matrix by matrix (Note [CUDA matrix products]).
    CheckCublasError(cublasGemmStridedBatchedEx(
            device.cublas_handle(),
            b_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            a_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            ToCublasInt(n),
            ToCublasInt(m),
            ToCublasInt(k),
            &alpha,
            b_op.array.raw_data(),
            Types::kData,
            ToCublasInt(b_op.layout.ld),
            *b_op.stride,
            a_op.array.raw_data(),
            Types::kData,
            ToCublasInt(a_op.layout.ld),
            *a_op.stride,
            &beta,
            out.raw_data(),
            Types::kData,
            ToCublasInt(n),
            m * n,
            ToCublasInt(out.GetTotalSize() / (m * n)),
            Types::kCompute,
            CUBLAS_GEMM_DEFAULT));
}

// The key of the address array of b's, a's and out's matrices (Note [Cached matrix pointers]).
MatrixPointersKey KeyOfMatrices(const Shape& batch_shape, std::initializer_list<const Array*> operands) {
    MatrixPointersKey key{};
    key.layout.assign(batch_shape.begin(), batch_shape.end());
    size_t i = 0;
    for (const Array* operand : operands) {
        key.bases[i++] = reinterpret_cast<intptr_t>(operand->raw_data());
        const auto strides = operand->strides().begin();
        key.layout.insert(key.layout.end(), strides, strides + batch_shape.size());
    }
    return key;
}

// The products of any other batch: a kernel writes the address of every matrix, then one cublasGemmBatchedEx call
// takes them, where copying the unevenly spaced operand would read and write all of it. The device keeps the
// addresses for the next product of the same operands (Note [Cached matrix pointers]).
template <typename T>
void CublasGemmPointerBatched(
        const BatchOperand& a_op, const BatchOperand& b_op, const Array& out, int64_t m, int64_t n, int64_t k) {
    using Types = CublasTypes<T>;
    auto& device = dynamic_cast<CudaDevice&>(out.device());
    const int64_t batch = out.GetTotalSize() / (m * n);
    const Shape batch_shape{out.shape().begin(), out.shape().end() - 2};
    const MatrixPointersKey key = KeyOfMatrices(batch_shape, {&b_op.array, &a_op.array, &out});
    std::optional<std::shared_ptr<void>> cached;
    std::shared_ptr<void> pointers;
    if (device.matrix_pointer_cache().Find(key, &cached) && cached.has_value()) {
        pointers = *cached;
    } else {
        pointers = device.Allocate(static_cast<size_t>(3 * batch) * sizeof(void*));
        LaunchIndexed(
                device,
                batch,
                MatrixPointersFunctor{MakeIndexer<3>(batch_shape, {&b_op.array, &a_op.array, &out}),
                                      batch,
                                      static_cast<void**>(pointers.get())});
        device.matrix_pointer_cache().Insert(key, pointers);
    }
    auto* matrices = static_cast<void**>(pointers.get());
    typename Types::Scale alpha{1};
    typename Types::Scale beta{0};
    CudaSetDeviceScope scope{device.index()};
    CheckCublasError(cublasGemmBatchedEx(
            device.cublas_handle(),
            b_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            a_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            ToCublasInt(n),
            ToCublasInt(m),
            ToCublasInt(k),
            &alpha,
            matrices,
            Types::kData,
            ToCublasInt(b_op.layout.ld),
            matrices + batch,
            Types::kData,
            ToCublasInt(a_op.layout.ld),
            &beta,
            matrices + 2 * batch,
            Types::kData,
            ToCublasInt(n),
            ToCublasInt(batch),
            Types::kCompute,
            CUBLAS_GEMM_DEFAULT));
}

// out's element e of the batch of (m, n) products of a and b (the integer and bool ones), accumulating in
// ProductAccumulator<T>: one thread per element of every matrix, in one launch for the whole batch.
template <typename T>
struct PlainMatMulFunctor {
    StridedIndexer<3> matrices;  // over the batch axes of a, b and out (a 0-d batch: one product)
    int64_t a_strides[2];
    int64_t b_strides[2];
    int64_t m;
    int64_t n;
    int64_t k;
    bool accumulate;

    __device__ void operator()(int64_t e) const {
        const int64_t per_matrix = m * n;
        const int64_t within = e % per_matrix;
        const int64_t i = within / n;
        const int64_t j = within % n;
        char* p[3];
        matrices.Pointers(e / per_matrix, p);
        const char* a_row = p[0] + i * a_strides[0];
        const char* b_col = p[1] + j * b_strides[1];
        T* out = reinterpret_cast<T*>(p[2]) + within;  // out's matrices are C-contiguous
        using Acc = ProductAccumulator<T>;
        Acc acc = accumulate ? static_cast<Acc>(*out) : Acc{0};
        for (int64_t l = 0; l < k; ++l) {
            T x = *reinterpret_cast<const T*>(a_row + l * a_strides[1]);
            T y = *reinterpret_cast<const T*>(b_col + l * b_strides[0]);
            acc = MultiplyAdd<T>(acc, x, y);
        }
        *out = static_cast<T>(acc);
    }
};

// out (batch..., m, n) = a (batch..., m, k) · b (batch..., k, n) (no batch axis: one product), with out's previous
// values when `accumulate`.
template <typename T>
void PlainMatMul(const Array& a, const Array& b, const Array& out, bool accumulate, int64_t m, int64_t n, int64_t k) {
    const int8_t ndim = out.ndim();
    const Shape batch_shape{out.shape().begin(), out.shape().end() - 2};
    PlainMatMulFunctor<T> product{MakeIndexer<3>(batch_shape, {&a, &b, &out}),
                                  {a.strides()[ndim - 2], a.strides()[ndim - 1]},
                                  {b.strides()[ndim - 2], b.strides()[ndim - 1]},
                                  m,
                                  n,
                                  k,
                                  accumulate};
    LaunchIndexed(out.device(), out.GetTotalSize(), product);
}

}  // namespace

void CudaMatMul(const Array& a, const Array& b, const Array& out, bool accumulate) {
    const int64_t m = a.shape()[0];
    const int64_t k = a.shape()[1];
    const int64_t n = b.shape()[1];
    if (m == 0 || n == 0) {
        return;
    }
    if (k == 0) {
        if (!accumulate) {
            out.device().CallKernel<FillKernel>(out, Scalar{int64_t{0}});
        }
        return;
    }
    VisitDeviceDtype(out.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        if constexpr (kCublasType<T>) {
            CublasGemm<T>(a, b, out, accumulate, m, n, k);
        } else {
            PlainMatMul<T>(a, b, out, accumulate, m, n, k);
        }
    });
}

void CudaBatchedMatMul(const Array& a, const Array& b, const Array& out) {
    const int8_t ndim = out.ndim();
    const int64_t m = a.shape()[ndim - 2];
    const int64_t k = a.shape()[ndim - 1];
    const int64_t n = b.shape()[ndim - 1];
    if (out.GetTotalSize() == 0) {
        return;
    }
    if (k == 0) {
        out.device().CallKernel<FillKernel>(out, Scalar{int64_t{0}});
        return;
    }
    VisitDeviceDtype(out.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        if constexpr (kCublasType<T>) {
            const BatchOperand a_op = ToBatchOperand(a);
            const BatchOperand b_op = ToBatchOperand(b);
            if (a_op.stride.has_value() && b_op.stride.has_value()) {
                CublasGemmStridedBatched<T>(a_op, b_op, out, m, n, k);
            } else {
                CublasGemmPointerBatched<T>(a_op, b_op, out, m, n, k);
            }
        } else {
            PlainMatMul<T>(a, b, out, false, m, n, k);
        }
    });
}

}  // namespace cuda
}  // namespace chainerx
