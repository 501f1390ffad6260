#include "chainerx/cuda/linalg_on_host.h"

#include <cstddef>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/core/routines/creation.h"

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

}  // namespace

void HostSolveKernel::Call(const Array& a, const Array& b, const Array& out) {
    Array host_out = HostLike(out);
    NativeDevice(a).CallKernel<SolveKernel>(ToHost(a), ToHost(b), host_out);
    CopyBack(host_out, out);
}

void HostInverseKernel::Call(const Array& a, const Array& out) {
    Array host_out = HostLike(out);
    NativeDevice(a).CallKernel<InverseKernel>(ToHost(a), host_out);
    CopyBack(host_out, out);
}

void HostDetKernel::Call(const Array& a, const Array& out) {
    Array host_out = HostLike(out);
    NativeDevice(a).CallKernel<DetKernel>(ToHost(a), host_out);
    CopyBack(host_out, out);
}

void HostCholeskyKernel::Call(const Array& a, const Array& out) {
    Array host_out = HostLike(out);
    NativeDevice(a).CallKernel<CholeskyKernel>(ToHost(a), host_out);
    CopyBack(host_out, out);
}

void HostSvdKernel::Call(
        const Array& a, const Array& u, const Array& s, const Array& vt, bool full_matrices, bool compute_uv) {
    Array host_u = HostLike(u);
    Array host_s = HostLike(s);
    Array host_vt = HostLike(vt);
    NativeDevice(a).CallKernel<SvdKernel>(ToHost(a), host_u, host_s, host_vt, full_matrices, compute_uv);
    CopyBack(host_u, u);
    CopyBack(host_s, s);
    CopyBack(host_vt, vt);
}

void HostQrKernel::Call(const Array& a, const Array& q, const Array& r, const Array& tau, bool complete, bool raw) {
    Array host_q = HostLike(q);
    Array host_r = HostLike(r);
    Array host_tau = HostLike(tau);
    NativeDevice(a).CallKernel<QrKernel>(ToHost(a), host_q, host_r, host_tau, complete, raw);
    CopyBack(host_q, q);
    CopyBack(host_r, r);
    CopyBack(host_tau, tau);
}

void HostSyevdKernel::Call(const Array& a, char uplo, const Array& w, const Array& v) {
    Array host_w = HostLike(w);
    Array host_v = HostLike(v);
    NativeDevice(a).CallKernel<SyevdKernel>(ToHost(a), uplo, host_w, host_v);
    CopyBack(host_w, w);
    CopyBack(host_v, v);
}

}  // namespace cuda
}  // namespace chainerx
