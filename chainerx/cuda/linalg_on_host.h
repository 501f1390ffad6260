// The factorizations of the linalg family for CUDA arrays, run on the host (LAPACK through the native kernels):
// what the cuSOLVER kernels (linalg_cusolver.cc) fall back to when cuSOLVER cannot be loaded (Note [cuSOLVER
// loaded on demand]) and for zero-size operands.
//
// Note [Linear algebra on the host]
// These kernels copy their operands to native:0, run the native kernels and copy the results back, so every
// chainerx.linalg routine works on cuda:N, with the same results as on native, whether or not cuSOLVER is there.
// The copies synchronise with the device, as cuSOLVER's info checks would.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/linalg.h"

namespace chainerx {
namespace cuda {

class HostSolveKernel : public SolveKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override;
};

class HostInverseKernel : public InverseKernel {
public:
    void Call(const Array& a, const Array& out) override;
};

class HostDetKernel : public DetKernel {
public:
    void Call(const Array& a, const Array& out) override;
};

class HostCholeskyKernel : public CholeskyKernel {
public:
    void Call(const Array& a, const Array& out) override;
};

class HostSvdKernel : public SvdKernel {
public:
    void Call(const Array& a, const Array& u, const Array& s, const Array& vt, bool full_matrices, bool compute_uv)
            override;
};

class HostQrKernel : public QrKernel {
public:
    void Call(const Array& a, const Array& q, const Array& r, const Array& tau, bool complete, bool raw) override;
};

class HostSyevdKernel : public SyevdKernel {
public:
    void Call(const Array& a, char uplo, const Array& w, const Array& v) override;
};

}  // namespace cuda
}  // namespace chainerx
