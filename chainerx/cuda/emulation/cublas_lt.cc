// cuBLASLt's calls of the backend on the host (blas_lt.cu's epilogues): see Note [CUDA emulation on the host] in
// device.h. The descriptors keep their attributes in cuBLASLt's semi-opaque structs; the heuristic offers one
// algorithm (no workspace) for what the stand-in computes, and cublasLtMatmul computes it with Gemm (gemm.h).
//
// What the stand-in takes, as cuBLASLt documents it: float16 and float32 data with CUBLAS_COMPUTE_32F and float
// scales, or float64 with CUBLAS_COMPUTE_64F; D = alpha · op(A) · op(B) + beta · C with C's layout D's, where op(A)
// is m x k, op(B) k x n and D m x n (column-major, leading dimensions at least the row counts); the default
// epilogue, CUBLASLT_EPILOGUE_BIAS with a bias of D's type and row count, or CUBLASLT_EPILOGUE_BGRADB writing the
// sums of op(B) over k (D's column count, of D's type) with op(B) transposed and op(A) not, the one configuration
// of the bias gradient that Apex's fused dense layer relies on; the default stream. Anything else is
// CUBLAS_STATUS_NOT_SUPPORTED (or CUBLAS_STATUS_INVALID_VALUE for arguments cuBLASLt itself rejects).
#include <cublasLt.h>

#include <cstdint>
#include <cstring>

#include "chainerx/cuda/emulation/gemm.h"
#include "chainerx/cuda/emulation/grid.h"

struct cublasLtContext {};

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

struct MatmulDescFields {
    cublasComputeType_t compute;
    cudaDataType_t scale;
    int32_t trans_a;
    int32_t trans_b;
    uint32_t epilogue;
    void* bias;  // read by CUBLASLT_EPILOGUE_BIAS, written by CUBLASLT_EPILOGUE_BGRADB
};

struct LayoutFields {
    cudaDataType_t type;
    uint64_t rows;
    uint64_t cols;
    int64_t ld;
};

struct PreferenceFields {
    uint64_t max_workspace;
    uint32_t reduction_mask;
};

template <typename Fields, typename Opaque>
Fields Read(const Opaque* opaque) {
    static_assert(sizeof(Fields) <= sizeof(opaque->data), "the fields fit in cuBLASLt's semi-opaque struct");
    Fields fields{};
    std::memcpy(&fields, opaque->data, sizeof(fields));
    return fields;
}

template <typename Fields, typename Opaque>
void Write(Opaque* opaque, const Fields& fields) {
    static_assert(sizeof(Fields) <= sizeof(opaque->data), "the fields fit in cuBLASLt's semi-opaque struct");
    std::memcpy(opaque->data, &fields, sizeof(fields));
}

// An attribute's value from a buffer of exactly its size, as cuBLASLt checks sizeInBytes.
template <typename Value>
bool TakeValue(const void* buf, size_t size, Value* value) {
    if (buf == nullptr || size != sizeof(Value)) {
        return false;
    }
    std::memcpy(value, buf, size);
    return true;
}

bool SupportedTypes(const MatmulDescFields& desc, cudaDataType_t type) {
    switch (desc.compute) {
        case CUBLAS_COMPUTE_32F:
            return desc.scale == CUDA_R_32F && (type == CUDA_R_16F || type == CUDA_R_32F);
        case CUBLAS_COMPUTE_64F:
            return desc.scale == CUDA_R_64F && type == CUDA_R_64F;
        default:
            return false;
    }
}

// The product the descriptors describe, as Gemm takes it, after the stand-in's checks.
struct Product {
    int64_t m;
    int64_t n;
    int64_t k;
    GemmOperand a;
    GemmOperand b;
    cudaDataType_t d_type;
    int64_t ldd;
    uint32_t epilogue;
};

cublasStatus_t CheckProduct(
        cublasLtMatmulDesc_t desc_handle,
        cublasLtMatrixLayout_t a_handle,
        cublasLtMatrixLayout_t b_handle,
        cublasLtMatrixLayout_t c_handle,
        cublasLtMatrixLayout_t d_handle,
        Product* product) {
    if (desc_handle == nullptr || a_handle == nullptr || b_handle == nullptr || c_handle == nullptr ||
        d_handle == nullptr) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    MatmulDescFields desc = Read<MatmulDescFields>(desc_handle);
    LayoutFields a = Read<LayoutFields>(a_handle);
    LayoutFields b = Read<LayoutFields>(b_handle);
    LayoutFields c = Read<LayoutFields>(c_handle);
    LayoutFields d = Read<LayoutFields>(d_handle);
    const bool ta = desc.trans_a != CUBLAS_OP_N;
    const bool tb = desc.trans_b != CUBLAS_OP_N;
    const bool epilogue_supported = desc.epilogue == CUBLASLT_EPILOGUE_DEFAULT ||
                                    desc.epilogue == CUBLASLT_EPILOGUE_BIAS ||
                                    (desc.epilogue == CUBLASLT_EPILOGUE_BGRADB && !ta && tb);
    if (a.type != d.type || b.type != d.type || c.type != d.type || !SupportedTypes(desc, d.type) ||
        !epilogue_supported) {
        return CUBLAS_STATUS_NOT_SUPPORTED;
    }
    const auto m = static_cast<int64_t>(d.rows);
    const auto n = static_cast<int64_t>(d.cols);
    const auto k = static_cast<int64_t>(ta ? a.rows : a.cols);
    const bool shapes_agree = static_cast<int64_t>(ta ? a.cols : a.rows) == m &&
                              static_cast<int64_t>(tb ? b.cols : b.rows) == k &&
                              static_cast<int64_t>(tb ? b.rows : b.cols) == n && c.rows == d.rows &&
                              c.cols == d.cols && c.ld == d.ld;
    auto ld_fits = [](const LayoutFields& layout) { return layout.ld >= static_cast<int64_t>(layout.rows); };
    if (!shapes_agree || !ld_fits(a) || !ld_fits(b) || !ld_fits(d) ||
        (desc.epilogue != CUBLASLT_EPILOGUE_DEFAULT && desc.bias == nullptr)) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    *product = Product{m, n, k, {nullptr, a.type, a.ld, ta}, {nullptr, b.type, b.ld, tb}, d.type, d.ld, desc.epilogue};
    return CUBLAS_STATUS_SUCCESS;
}

}  // namespace
}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

using chainerx::cuda::emulation::LayoutFields;
using chainerx::cuda::emulation::MatmulDescFields;
using chainerx::cuda::emulation::PreferenceFields;
using chainerx::cuda::emulation::Read;
using chainerx::cuda::emulation::TakeValue;
using chainerx::cuda::emulation::Write;

cublasStatus_t cublasLtCreate(cublasLtHandle_t* handle) {
    *handle = new cublasLtContext{};
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t handle) {
    delete handle;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescCreate(
        cublasLtMatmulDesc_t* desc, cublasComputeType_t compute_type, cudaDataType_t scale_type) {
    *desc = new cublasLtMatmulDescOpaque_t{};
    Write(*desc,
          MatmulDescFields{compute_type,
                           scale_type,
                           static_cast<int32_t>(CUBLAS_OP_N),
                           static_cast<int32_t>(CUBLAS_OP_N),
                           static_cast<uint32_t>(CUBLASLT_EPILOGUE_DEFAULT),
                           nullptr});
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t desc) {
    delete desc;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescSetAttribute(
        cublasLtMatmulDesc_t desc, cublasLtMatmulDescAttributes_t attribute, const void* buf, size_t size) {
    if (desc == nullptr) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    MatmulDescFields fields = Read<MatmulDescFields>(desc);
    bool taken = false;
    switch (attribute) {
        case CUBLASLT_MATMUL_DESC_TRANSA:
            taken = TakeValue(buf, size, &fields.trans_a);
            break;
        case CUBLASLT_MATMUL_DESC_TRANSB:
            taken = TakeValue(buf, size, &fields.trans_b);
            break;
        case CUBLASLT_MATMUL_DESC_EPILOGUE:
            taken = TakeValue(buf, size, &fields.epilogue);
            break;
        case CUBLASLT_MATMUL_DESC_BIAS_POINTER:
            taken = TakeValue(buf, size, &fields.bias);
            break;
        default:
            return CUBLAS_STATUS_NOT_SUPPORTED;
    }
    if (!taken) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    Write(desc, fields);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutCreate(
        cublasLtMatrixLayout_t* layout, cudaDataType type, uint64_t rows, uint64_t cols, int64_t ld) {
    *layout = new cublasLtMatrixLayoutOpaque_t{};
    Write(*layout, LayoutFields{type, rows, cols, ld});
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t layout) {
    delete layout;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t* preference) {
    *preference = new cublasLtMatmulPreferenceOpaque_t{};
    Write(*preference, PreferenceFields{0, static_cast<uint32_t>(CUBLASLT_REDUCTION_SCHEME_MASK)});
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t preference) {
    delete preference;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(
        cublasLtMatmulPreference_t preference,
        cublasLtMatmulPreferenceAttributes_t attribute,
        const void* buf,
        size_t size) {
    if (preference == nullptr) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    PreferenceFields fields = Read<PreferenceFields>(preference);
    uint32_t alignment = 0;
    bool taken = false;
    switch (attribute) {
        case CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES:
            taken = TakeValue(buf, size, &fields.max_workspace);
            break;
        case CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK:
            taken = TakeValue(buf, size, &fields.reduction_mask);
            break;
        case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES:
        case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES:
        case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES:
        case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES:
            // The stand-in's algorithm reads elements one by one: any alignment will do.
            taken = TakeValue(buf, size, &alignment);
            break;
        default:
            return CUBLAS_STATUS_NOT_SUPPORTED;
    }
    if (!taken) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    Write(preference, fields);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
        cublasLtHandle_t handle,
        cublasLtMatmulDesc_t desc,
        cublasLtMatrixLayout_t a_desc,
        cublasLtMatrixLayout_t b_desc,
        cublasLtMatrixLayout_t c_desc,
        cublasLtMatrixLayout_t d_desc,
        cublasLtMatmulPreference_t preference,
        int requested_count,
        cublasLtMatmulHeuristicResult_t results[],
        int* returned_count) {
    if (handle == nullptr) {
        return CUBLAS_STATUS_NOT_INITIALIZED;
    }
    if (requested_count <= 0 || preference == nullptr || results == nullptr || returned_count == nullptr) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    chainerx::cuda::emulation::Product product{};
    cublasStatus_t status = chainerx::cuda::emulation::CheckProduct(desc, a_desc, b_desc, c_desc, d_desc, &product);
    if (status != CUBLAS_STATUS_SUCCESS) {
        return status;
    }
    results[0] = cublasLtMatmulHeuristicResult_t{};
    results[0].workspaceSize = 0;
    results[0].state = CUBLAS_STATUS_SUCCESS;
    results[0].wavesCount = 1.0F;
    *returned_count = 1;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmul(
        cublasLtHandle_t handle,
        cublasLtMatmulDesc_t desc,
        const void* alpha,
        const void* A,
        cublasLtMatrixLayout_t a_desc,
        const void* B,
        cublasLtMatrixLayout_t b_desc,
        const void* beta,
        const void* C,
        cublasLtMatrixLayout_t c_desc,
        void* D,
        cublasLtMatrixLayout_t d_desc,
        const cublasLtMatmulAlgo_t* algo,
        void* /*workspace*/,
        size_t /*workspace_size*/,
        cudaStream_t stream) {
    if (handle == nullptr) {
        return CUBLAS_STATUS_NOT_INITIALIZED;
    }
    chainerx::cuda::emulation::Product product{};
    cublasStatus_t status = chainerx::cuda::emulation::CheckProduct(desc, a_desc, b_desc, c_desc, d_desc, &product);
    if (status != CUBLAS_STATUS_SUCCESS) {
        return status;
    }
    if (stream != nullptr || algo == nullptr) {
        return CUBLAS_STATUS_NOT_SUPPORTED;
    }
    if (alpha == nullptr || beta == nullptr || A == nullptr || B == nullptr || D == nullptr) {
        return CUBLAS_STATUS_INVALID_VALUE;
    }
    chainerx::cuda::emulation::LibraryCallScope library_call{__func__};
    const bool wide = Read<MatmulDescFields>(desc).scale == CUDA_R_64F;
    const double a_scale = wide ? *static_cast<const double*>(alpha) : *static_cast<const float*>(alpha);
    const double b_scale = wide ? *static_cast<const double*>(beta) : *static_cast<const float*>(beta);
    product.a.data = A;
    product.b.data = B;
    void* bias = Read<MatmulDescFields>(desc).bias;
    const bool adds_bias = product.epilogue == CUBLASLT_EPILOGUE_BIAS;
    chainerx::cuda::emulation::Gemm(
            product.m, product.n, product.k, a_scale, product.a, product.b, b_scale, C, D, product.d_type,
            product.ldd, adds_bias ? bias : nullptr);
    if (product.epilogue == CUBLASLT_EPILOGUE_BGRADB) {
        chainerx::cuda::emulation::SumColumns(
                product.k, product.n, product.b, bias, product.d_type);
    }
    return CUBLAS_STATUS_SUCCESS;
}
