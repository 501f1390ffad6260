// The shared shapes of key kernels, so that an elementwise kernel interface is declared in one line:
//
//     CHAINERX_DEFINE_KEY_KERNEL(AddKernel, BinaryKernel);
//
// Kernels may assume validated input: same device, inputs already cast to the output dtype and broadcast to
// the output shape.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// out = f(x)
class UnaryKernel : public Kernel {
public:
    virtual void Call(const Array& x, const Array& out) = 0;
};

// out = f(x1, x2)
class BinaryKernel : public Kernel {
public:
    virtual void Call(const Array& x1, const Array& x2, const Array& out) = 0;
};

// out = f(x1, scalar), the scalar already converted to the output dtype's kind.
class BinaryScalarKernel : public Kernel {
public:
    virtual void Call(const Array& x1, Scalar x2, const Array& out) = 0;
};

// out = f(x1, x2, scalar): a binary function with a scalar parameter (the gradient of a parametric activation).
class BinaryWithScalarKernel : public Kernel {
public:
    virtual void Call(const Array& x1, const Array& x2, Scalar param, const Array& out) = 0;
};

// out = f(x1, x2, x3): three operands of out's dtype (the gradient of an activation with an array parameter).
class TernaryKernel : public Kernel {
public:
    virtual void Call(const Array& x1, const Array& x2, const Array& x3, const Array& out) = 0;
};

// out = f(x, s1, s2): a unary function with two scalar parameters (clip's bounds).
class UnaryWithScalarsKernel : public Kernel {
public:
    virtual void Call(const Array& x, Scalar s1, Scalar s2, const Array& out) = 0;
};

// out = f(x1, x2, s1, s2): a binary function with two scalar parameters (clip's gradient).
class BinaryWithScalarsKernel : public Kernel {
public:
    virtual void Call(const Array& x1, const Array& x2, Scalar s1, Scalar s2, const Array& out) = 0;
};

}  // namespace chainerx

#define CHAINERX_DEFINE_KEY_KERNEL(name_, base_)           \
    class name_ : public ::chainerx::base_ {               \
    public:                                                \
        static const char* name() { return #name_; }       \
    }
