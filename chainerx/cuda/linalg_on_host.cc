// The decompositions of the linalg family for CUDA arrays (solve, inverse, Cholesky, QR, SVD, symmetric
// eigen-decomposition).
//
// Note [Linear algebra on the host]
// These kernels copy their operands to native:0, run the native kernels (LAPACK) and copy the results back, so
// every chainerx.linalg routine works on cuda:N with the same results as on native. cuSOLVER would keep the data on
// the device, but its wheel is another large dependency of every CUDA install, and these O(n^3) factorisations
// are rare and small in the workloads chainerx targets (dot, matmul and linear run on the GPU through cuBLAS).
// The copies synchronise with the device, as cuSOLVER's info checks would.
#include <cstddef>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_backend.h"

namespace chainerx {
namespace cuda {
namespace {

Device& NativeDevice(const Array& a) { return a.device().context().GetDevice("native:0"); }

// A contiguous copy of the CUDA array `a` on native:0 (outside any graph).
Array ToHost(const Array& a) { return a.AsGradStopped().ToDevice(NativeDevice(a)); }

// A native array to receive what the kernel writes into `out`; null for a null `out`.
Array HostLike(const Array& out) {
    return out.is_null() ? Array{} : Empty(out.shape(), out.dtype(), NativeDevice(out));
}

// Copies a native result into the CUDA array `out` (nothing for a null one).
void CopyBack(const Array& host, const Array& out) {
    if (out.is_null() || out.GetTotalSize() == 0) {
        return;
    }
    Array target = out.IsContiguous() ? out : Empty(out.shape(), out.dtype(), out.device());
    out.device().MemoryCopyFromHost(target.raw_data(), host.raw_data(), static_cast<size_t>(host.GetNBytes()));
    if (target.raw_data() != out.raw_data()) {
        out.device().CallKernel<CopyKernel>(target, out);
    }
}

template <typename KeyKernel>
class HostBinaryKernel : public KeyKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override {
        Array host_out = HostLike(out);
        NativeDevice(a).CallKernel<KeyKernel>(ToHost(a), ToHost(b), host_out);
        CopyBack(host_out, out);
    }
};

template <typename KeyKernel>
class HostUnaryKernel : public KeyKernel {
public:
    void Call(const Array& a, const Array& out) override {
        Array host_out = HostLike(out);
        NativeDevice(a).CallKernel<KeyKernel>(ToHost(a), host_out);
        CopyBack(host_out, out);
    }
};

class HostSvdKernel : public SvdKernel {
public:
    void Call(const Array& a, const Array& u, const Array& s, const Array& vt, bool full_matrices, bool compute_uv)
            override {
        Array host_u = HostLike(u);
        Array host_s = HostLike(s);
        Array host_vt = HostLike(vt);
        NativeDevice(a).CallKernel<SvdKernel>(ToHost(a), host_u, host_s, host_vt, full_matrices, compute_uv);
        CopyBack(host_u, u);
        CopyBack(host_s, s);
        CopyBack(host_vt, vt);
    }
};

class HostQrKernel : public QrKernel {
public:
    void Call(const Array& a, const Array& q, const Array& r, const Array& tau, bool complete, bool raw) override {
        Array host_q = HostLike(q);
        Array host_r = HostLike(r);
        Array host_tau = HostLike(tau);
        NativeDevice(a).CallKernel<QrKernel>(ToHost(a), host_q, host_r, host_tau, complete, raw);
        CopyBack(host_q, q);
        CopyBack(host_r, r);
        CopyBack(host_tau, tau);
    }
};

class HostSyevdKernel : public SyevdKernel {
public:
    void Call(const Array& a, char uplo, const Array& w, const Array& v) override {
        Array host_w = HostLike(w);
        Array host_v = HostLike(v);
        NativeDevice(a).CallKernel<SyevdKernel>(ToHost(a), uplo, host_w, host_v);
        CopyBack(host_w, w);
        CopyBack(host_v, v);
    }
};

using HostSolveKernel = HostBinaryKernel<SolveKernel>;
using HostInverseKernel = HostUnaryKernel<InverseKernel>;
using HostCholeskyKernel = HostUnaryKernel<CholeskyKernel>;
CHAINERX_CUDA_REGISTER_KERNEL(SolveKernel, HostSolveKernel);
CHAINERX_CUDA_REGISTER_KERNEL(InverseKernel, HostInverseKernel);
CHAINERX_CUDA_REGISTER_KERNEL(CholeskyKernel, HostCholeskyKernel);
CHAINERX_CUDA_REGISTER_KERNEL(SvdKernel, HostSvdKernel);
CHAINERX_CUDA_REGISTER_KERNEL(QrKernel, HostQrKernel);
CHAINERX_CUDA_REGISTER_KERNEL(SyevdKernel, HostSyevdKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
