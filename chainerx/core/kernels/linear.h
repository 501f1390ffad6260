// Key kernel of the fully connected layer: one matrix product with the bias folded in. Linear's forward and
// both of its gradients are this product on (transposed) views, so one kernel serves all three.
#pragma once

#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"

namespace chainerx {

// out (m, n) = a (m, k) · bᵀ (b is (n, k)) + bias (n,) broadcast over rows (no bias when null).
//
// Kernels may assume: a, b, bias and out of one dtype (bool included), out C-contiguous. a and b may have any
// strides; a matrix that is C-contiguous or the transpose of one (rows possibly padded) must be used without a
// copy, since Linear's gradients pass transposed views.
class LinearKernel : public Kernel {
public:
    static const char* name() { return "Linear"; }
    virtual void Call(const Array& a, const Array& b, const std::optional<Array>& bias, const Array& out) = 0;
};

// out (m, n) += a (m, k) · bᵀ: LinearKernel's product without a bias, added onto out's values (BLAS beta = 1).
// What a backward pass runs to add a product's gradient into the gradient it holds (Note [Product gradients added
// in place] in routines/linear.cc).
//
// Kernels may assume what LinearKernel may.
class LinearAccumulateKernel : public Kernel {
public:
    static const char* name() { return "LinearAccumulate"; }
    virtual void Call(const Array& a, const Array& b, const Array& out) = 0;
};

// out (m, n) = a (m, k) · bᵀ, as LinearKernel's without a bias, and row_sums (m,) = the sums of a's rows. With a =
// goutᵀ and b = xᵀ these are linear's weight and bias gradients, which a library may compute in one call (cuBLASLt's
// bias-gradient epilogue).
//
// Kernels may assume: a, b, out and row_sums of one floating dtype, out and row_sums C-contiguous, and what
// LinearKernel may. The row sums must equal SumKernel's over axis 0 of aᵀ where the kernel does not fuse them.
class LinearRowSumsKernel : public Kernel {
public:
    static const char* name() { return "LinearRowSums"; }
    virtual void Call(const Array& a, const Array& b, const Array& out, const Array& row_sums) = 0;
};

}  // namespace chainerx
