// Key kernels of the indexing family: index normalisation, gather / scatter along consecutive axes (take,
// advanced indexing and their gradients), where and nonzero.
//
// Gather and scatter see the indexed array as pre + D + post, where pre is its first `axis` axes and D the
// m = indices.size() indexed axes; the dense side (gathered values) is pre + B + post, B being the common
// shape of the m index arrays. The index arrays are C-contiguous int64 arrays already within [0, d_j).
#pragma once

#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/array_index.h"
#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

// out (int64, C-contiguous, indices' shape) = indices (any integer dtype, any strides) brought into
// [0, dim) under `mode` (see IndexBoundsMode). Throws IndexError for an out-of-range index under kRaise and
// kDefault; `dim` is positive unless indices is empty.
class NormalizeIndicesKernel : public Kernel {
public:
    static const char* name() { return "NormalizeIndices"; }
    virtual void Call(const Array& indices, int64_t dim, IndexBoundsMode mode, const Array& out) = 0;
};

// out[pre, b, post] = a[pre, indices[0][b], ..., indices[m-1][b], post]; out is C-contiguous with a's dtype.
class GatherKernel : public Kernel {
public:
    static const char* name() { return "Gather"; }
    virtual void Call(const Array& a, const std::vector<Array>& indices, int8_t axis, const Array& out) = 0;
};

// out[pre, indices[0][b], ..., post] += values[pre, b, post] (or = when !accumulate), in order of b, so that
// repeated positions accumulate (or the last write wins). values has out's dtype and may be a broadcast view.
class ScatterKernel : public Kernel {
public:
    static const char* name() { return "Scatter"; }
    virtual void Call(
            const Array& values, const std::vector<Array>& indices, int8_t axis, bool accumulate, const Array& out) = 0;
};

// out = condition ? x : y, elementwise; condition is bool, x and y have out's dtype, all have out's shape
// (possibly broadcast views).
class WhereKernel : public Kernel {
public:
    static const char* name() { return "Where"; }
    virtual void Call(const Array& condition, const Array& x, const Array& y, const Array& out) = 0;
};

// out = condition ? x : s (condition ? s : x when scalar_if_true), elementwise: Where with a scalar operand in one
// kernel. condition is bool, x has out's dtype, both have out's shape (possibly broadcast views).
class WhereScalarKernel : public Kernel {
public:
    static const char* name() { return "WhereScalar"; }
    virtual void Call(const Array& condition, const Array& x, Scalar s, bool scalar_if_true, const Array& out) = 0;
};

// out = condition ? s_true : s_false, elementwise: Where of two scalars in one kernel. condition is bool with out's
// shape (possibly a broadcast view).
class WhereScalarsKernel : public Kernel {
public:
    static const char* name() { return "WhereScalars"; }
    virtual void Call(const Array& condition, Scalar s_true, Scalar s_false, const Array& out) = 0;
};

// out (int64, C-contiguous, shape (a.ndim(), count)) = the coordinates of a's nonzero elements in C order,
// row d holding the positions along axis d; count is the number of nonzero elements, a is at least 1-d.
class NonzeroKernel : public Kernel {
public:
    static const char* name() { return "Nonzero"; }
    virtual void Call(const Array& a, const Array& out) = 0;
};

}  // namespace chainerx
