// Linear's bias and bias-gradient epilogues through cuBLASLt (declared in blas.cuh).
//
// Note [Bias epilogue]
// - out = a · b + bias is cuBLASLt's D = op(A) · op(B) with the epilogue CUBLASLT_EPILOGUE_BIAS, which adds a vector
//   of D's row count to every column of D. In the column-major terms of Note [CUDA matrix products], D is outᵀ
//   (n x m), whose rows are out's columns: the bias has length n, as Linear's. A is b and B is a, as for cuBLAS.
// - The bias gradient is CUBLASLT_EPILOGUE_BGRADB: besides D, the sums of op(B) (k x m) over k, one per column of
//   D, i.e. the row sums of a (m x k). Linear's backward passes a = goutᵀ and b = x, so that D is the weight's
//   gradient and the sums are the bias's (Note [Weight and bias gradients] in routines/linear.cc). It is the
//   configuration of Apex's fused dense layer: A not transposed, B transposed.
// - The algorithm comes from cuBLASLt's heuristic, which costs the host more than the product's launch: it is asked
//   once per device, dtype, shapes, layouts and pointer alignments, and its answer kept (PyTorch asks at every
//   call). A configuration without an algorithm is kept too, and takes the other path: a copy of the broadcast bias
//   into out and a GEMM with beta = 1 (for the bias gradient, a GEMM and a sum).
// - cublasLtMatmul answering CUBLAS_STATUS_NOT_SUPPORTED or CUBLAS_STATUS_INVALID_VALUE launched nothing: the
//   configuration is kept as one without an algorithm. Any other error throws.
// - float16 allows no reduction in half precision (split-K partial sums kept in the output type), as the cuBLAS
//   handle's CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION does for GEMMs; products accumulate in float.
// - An algorithm's workspace comes from the device's memory pool. Freed after the call, it is reused only by work
//   queued after it on the same (default) stream.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>

#include <cublasLt.h>
#include <cuda_fp16.h>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/blas_layout.h"
#include "chainerx/cuda/blas.cuh"
#include "chainerx/cuda/choice_cache.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {
namespace {

constexpr uint64_t kMaxWorkspaceBytes = uint64_t{4} << 20;

template <typename Handle, cublasStatus_t (*kDestroy)(Handle)>
struct LtDestroyer {
    void operator()(Handle handle) const { kDestroy(handle); }
};

template <typename Handle, cublasStatus_t (*kDestroy)(Handle)>
using LtUnique = std::unique_ptr<std::remove_pointer_t<Handle>, LtDestroyer<Handle, kDestroy>>;

using MatmulDesc = LtUnique<cublasLtMatmulDesc_t, cublasLtMatmulDescDestroy>;
using MatrixLayout = LtUnique<cublasLtMatrixLayout_t, cublasLtMatrixLayoutDestroy>;
using Preference = LtUnique<cublasLtMatmulPreference_t, cublasLtMatmulPreferenceDestroy>;

template <typename Value>
void SetDescAttribute(cublasLtMatmulDesc_t desc, cublasLtMatmulDescAttributes_t attribute, Value value) {
    CheckCublasError(cublasLtMatmulDescSetAttribute(desc, attribute, &value, sizeof(value)));
}

template <typename Value>
void SetPreference(cublasLtMatmulPreference_t preference, cublasLtMatmulPreferenceAttributes_t attribute, Value value) {
    CheckCublasError(cublasLtMatmulPreferenceSetAttribute(preference, attribute, &value, sizeof(value)));
}

MatrixLayout MakeLayout(cudaDataType_t type, int64_t rows, int64_t cols, int64_t ld) {
    cublasLtMatrixLayout_t layout{};
    CheckCublasError(
            cublasLtMatrixLayoutCreate(&layout, type, static_cast<uint64_t>(rows), static_cast<uint64_t>(cols), ld));
    return MatrixLayout{layout};
}

// The operation flag of an operand in cuBLASLt's attribute type.
int32_t LtOperation(const BlasLayout& layout) { return static_cast<int32_t>(layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N); }

// The largest power of two up to 256 that divides the address: the alignment the heuristic may count on.
uint32_t Alignment(const void* pointer) {
    auto address = reinterpret_cast<uintptr_t>(pointer);
    uint32_t alignment = 256;
    while (alignment > 1 && address % alignment != 0) {
        alignment /= 2;
    }
    return alignment;
}

// What the heuristic's answer depends on: the epilogue, out's m x n from m x k and k x n operands, the transpose
// flags, leading dimensions and alignments in cuBLASLt's terms (its A is b, its B is a).
struct Configuration {
    int device;
    Dtype dtype;
    uint32_t epilogue;
    int64_t m, n, k;
    bool trans_a, trans_b;
    int64_t ld_a, ld_b;
    uint32_t align_a, align_b, align_out, align_bias;

    auto Tie() const {
        return std::tie(
                device, dtype, epilogue, m, n, k, trans_a, trans_b, ld_a, ld_b, align_a, align_b, align_out,
                align_bias);
    }
    bool operator<(const Configuration& other) const { return Tie() < other.Tie(); }
};

using LtChoiceCache = ChoiceCache<Configuration, cublasLtMatmulHeuristicResult_t>;

LtChoiceCache& GetLtChoiceCache() {
    static LtChoiceCache* cache = new LtChoiceCache{};  // never destroyed: kernels may run during static destruction
    return *cache;
}

// cuBLASLt's best algorithm for the operation (desc and the layouts of A, B and D, which is also C), or nullopt
// where it has none: no heuristic for the configuration (CUBLAS_STATUS_NOT_SUPPORTED) or no algorithm.
template <typename T>
std::optional<cublasLtMatmulHeuristicResult_t> AskHeuristic(
        cublasLtHandle_t handle,
        cublasLtMatmulDesc_t desc,
        cublasLtMatrixLayout_t a_desc,
        cublasLtMatrixLayout_t b_desc,
        cublasLtMatrixLayout_t d_desc,
        const Configuration& key) {
    cublasLtMatmulPreference_t raw_preference{};
    CheckCublasError(cublasLtMatmulPreferenceCreate(&raw_preference));
    Preference preference{raw_preference};
    SetPreference(preference.get(), CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, kMaxWorkspaceBytes);
    if (std::is_same<T, __half>::value) {
        SetPreference(
                preference.get(),
                CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK,
                static_cast<uint32_t>(CUBLASLT_REDUCTION_SCHEME_COMPUTE_TYPE));
    }
    SetPreference(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, key.align_a);
    SetPreference(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, key.align_b);
    SetPreference(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, key.align_out);
    SetPreference(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, key.align_out);
    cublasLtMatmulHeuristicResult_t result{};
    int count = 0;
    CudaSetDeviceScope scope{key.device};
    cublasStatus_t status = cublasLtMatmulAlgoGetHeuristic(
            handle, desc, a_desc, b_desc, d_desc, d_desc, preference.get(), 1, &result, &count);
    if (status != CUBLAS_STATUS_SUCCESS || count < 1 || result.state != CUBLAS_STATUS_SUCCESS) {
        return std::nullopt;
    }
    return result;
}

// out = a · b through cuBLASLt with an epilogue that reads (BIAS) or writes (BGRADB) the vector `bias`.
template <typename T>
bool LtMatMul(const Array& a, const Array& b, cublasLtEpilogue_t epilogue, const void* bias_data, const Array& out) {
    using Types = CublasTypes<T>;
    const int64_t m = a.shape()[0];
    const int64_t k = a.shape()[1];
    const int64_t n = b.shape()[1];
    std::optional<BlasLayout> a_layout = GetBlasLayout(a);
    std::optional<BlasLayout> b_layout = GetBlasLayout(b);
    if (!a_layout || !b_layout) {
        return false;  // the other path copies the operand once
    }
    auto& device = dynamic_cast<CudaDevice&>(out.device());

    cublasLtMatmulDesc_t raw_desc{};
    // float16 and float32 both compute and scale in float.
    CheckCublasError(cublasLtMatmulDescCreate(&raw_desc, Types::kCompute, CUDA_R_32F));
    MatmulDesc desc{raw_desc};
    SetDescAttribute(desc.get(), CUBLASLT_MATMUL_DESC_TRANSA, LtOperation(*b_layout));
    SetDescAttribute(desc.get(), CUBLASLT_MATMUL_DESC_TRANSB, LtOperation(*a_layout));
    SetDescAttribute(desc.get(), CUBLASLT_MATMUL_DESC_EPILOGUE, static_cast<uint32_t>(epilogue));
    SetDescAttribute(desc.get(), CUBLASLT_MATMUL_DESC_BIAS_POINTER, bias_data);
    // A (op(A): n x k) is b, B (op(B): k x m) is a, as stored; D is outᵀ (n x m).
    MatrixLayout a_desc = b_layout->trans ? MakeLayout(Types::kData, k, n, b_layout->ld)
                                          : MakeLayout(Types::kData, n, k, b_layout->ld);
    MatrixLayout b_desc = a_layout->trans ? MakeLayout(Types::kData, m, k, a_layout->ld)
                                          : MakeLayout(Types::kData, k, m, a_layout->ld);
    MatrixLayout d_desc = MakeLayout(Types::kData, n, m, n);

    Configuration key{};
    key.device = device.index();
    key.dtype = out.dtype();
    key.epilogue = static_cast<uint32_t>(epilogue);
    key.m = m;
    key.n = n;
    key.k = k;
    key.trans_a = b_layout->trans;
    key.trans_b = a_layout->trans;
    key.ld_a = b_layout->ld;
    key.ld_b = a_layout->ld;
    key.align_a = Alignment(b.raw_data());
    key.align_b = Alignment(a.raw_data());
    key.align_out = Alignment(out.raw_data());
    key.align_bias = Alignment(bias_data);
    cublasLtHandle_t handle = device.cublas_lt_handle();
    std::optional<cublasLtMatmulHeuristicResult_t> choice{};
    if (!GetLtChoiceCache().Find(key, &choice)) {
        choice = AskHeuristic<T>(handle, desc.get(), a_desc.get(), b_desc.get(), d_desc.get(), key);
        GetLtChoiceCache().Insert(key, choice);
    }
    if (!choice.has_value()) {
        return false;
    }

    std::shared_ptr<void> workspace = choice->workspaceSize > 0 ? device.Allocate(choice->workspaceSize) : nullptr;
    typename Types::Scale alpha{1};
    typename Types::Scale beta{0};
    CudaSetDeviceScope scope{device.index()};
    cublasStatus_t status = cublasLtMatmul(
            handle,
            desc.get(),
            &alpha,
            b.raw_data(),
            a_desc.get(),
            a.raw_data(),
            b_desc.get(),
            &beta,
            out.raw_data(),
            d_desc.get(),
            out.raw_data(),
            d_desc.get(),
            &choice->algo,
            workspace.get(),
            choice->workspaceSize,
            nullptr);
    if (status == CUBLAS_STATUS_NOT_SUPPORTED || status == CUBLAS_STATUS_INVALID_VALUE) {
        // Nothing was launched; remember that this configuration takes the other path. INVALID_VALUE too: cuBLASLt
        // documents restrictions of the bias-gradient epilogues that its heuristic need not check.
        GetLtChoiceCache().Insert(key, std::nullopt);
        return false;
    }
    CheckCublasError(status);
    return true;
}

// LtMatMul in out's dtype: float16 and float32 only.
bool LtMatMulOfDtype(const Array& a, const Array& b, cublasLtEpilogue_t epilogue, const void* vector, const Array& out) {
    switch (out.dtype()) {
        case Dtype::kFloat16:
            return LtMatMul<__half>(a, b, epilogue, vector, out);
        case Dtype::kFloat32:
            return LtMatMul<float>(a, b, epilogue, vector, out);
        default:
            return false;
    }
}

}  // namespace

bool CublasLtMatMulWithBias(const Array& a, const Array& b, const Array& bias, const Array& out) {
    if (a.shape()[0] == 0 || a.shape()[1] == 0 || b.shape()[1] == 0 || bias.ndim() != 1 || !bias.IsContiguous()) {
        return false;
    }
    return LtMatMulOfDtype(a, b, CUBLASLT_EPILOGUE_BIAS, bias.raw_data(), out);
}

bool CublasLtMatMulWithRowSums(const Array& a, const Array& b, const Array& out, const Array& row_sums) {
    if (a.shape()[0] == 0 || a.shape()[1] == 0 || b.shape()[1] == 0 || !row_sums.IsContiguous()) {
        return false;
    }
    return LtMatMulOfDtype(a, b, CUBLASLT_EPILOGUE_BGRADB, row_sums.raw_data(), out);
}

}  // namespace cuda
}  // namespace chainerx
