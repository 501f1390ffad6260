// Matrix creation routines: eye, identity, tri, tril/triu and diag/diagflat.
#include "chainerx/core/routines/creation.h"

#include <algorithm>
#include <cstdint>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/manipulation.h"
#include "chainerx/core/routines/manipulation.h"

namespace chainerx {
namespace {

// The graph-free 1-d view of the k-th diagonal of a 2-d array.
Array DiagonalView(const Array& a, int64_t k) {
    if (k >= a.shape()[1] || k <= -a.shape()[0]) {  // no element; also keeps -k clear of INT64_MIN
        return internal::StridedView(a, {0}, {a.strides()[0] + a.strides()[1]}, 0);
    }
    int64_t row = k < 0 ? -k : 0;
    int64_t col = k > 0 ? k : 0;
    int64_t size = std::max(int64_t{0}, std::min(a.shape()[0] - row, a.shape()[1] - col));
    int64_t byte_offset = size > 0 ? row * a.strides()[0] + col * a.strides()[1] : 0;
    return internal::StridedView(a, {size}, {a.strides()[0] + a.strides()[1]}, byte_offset);
}

Array DiagEmbed(const Array& v, int64_t k, const Shape& shape);

// The k-th diagonal of 2-d `a`, as a view; backward embeds the gradient into zeros of a's shape.
Array Diagonal(const Array& a, int64_t k) {
    Array out = DiagonalView(a, k);
    BackwardBuilder bb{"diagonal", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([k, shape = a.shape()](BackwardContext& bctx) {
            bctx.input_grad() = DiagEmbed(*bctx.output_grad(), k, shape);
        });
    }
    bb.Finalize();
    return out;
}

// Zeros of the 2-d `shape` with 1-d `v` copied onto the k-th diagonal (whose length must be v's).
Array DiagEmbed(const Array& v, int64_t k, const Shape& shape) {
    Array out = Zeros(shape, v.dtype(), v.device());
    v.device().CallKernel<CopyKernel>(v, DiagonalView(out, k));
    BackwardBuilder bb{"diag_embed", v, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([k](BackwardContext& bctx) { bctx.input_grad() = Diagonal(*bctx.output_grad(), k); });
    }
    bb.Finalize();
    return out;
}

// Tril (upper = false) or Triu: elements of `m` selected by a 2-d triangle mask broadcast over the leading axes.
Array Triangle(const char* op, const Array& m, int64_t k, bool upper) {
    if (m.ndim() == 0) {
        throw DimensionError{op, ": the input must have at least 1 dimension"};
    }
    if (m.ndim() == 1) {
        return Triangle(op, BroadcastTo(m, {m.shape()[0], m.shape()[0]}), k, upper);
    }
    Array mask = Empty({m.shape()[m.ndim() - 2], m.shape()[m.ndim() - 1]}, Dtype::kBool, m.device());
    m.device().CallKernel<TriKernel>(k, upper, mask);
    Array out = Zeros(m.shape(), m.dtype(), m.device());
    m.device().CallKernel<MaskedCopyKernel>(m, internal::BroadcastView(mask, m.shape()), out);
    BackwardBuilder bb{op, m, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([op, k, upper](BackwardContext& bctx) {
            bctx.input_grad() = Triangle(op, *bctx.output_grad(), k, upper);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array Eye(int64_t n, std::optional<int64_t> m, int64_t k, Dtype dtype, Device& device) {
    Array out = Zeros({n, m.value_or(n)}, dtype, device);
    DiagonalView(out, k).Fill(1);
    return out;
}

Array Identity(int64_t n, Dtype dtype, Device& device) { return Eye(n, n, 0, dtype, device); }

Array Tri(int64_t n, std::optional<int64_t> m, int64_t k, Dtype dtype, Device& device) {
    Array out = Empty({n, m.value_or(n)}, dtype, device);
    if (out.GetTotalSize() > 0) {  // the kernel walks rows: (2**62, 0) would take forever
        device.CallKernel<TriKernel>(k, false, out);
    }
    return out;
}

Array Tril(const Array& m, int64_t k) { return Triangle("tril", m, k, false); }
Array Triu(const Array& m, int64_t k) { return Triangle("triu", m, k, true); }

Array Diag(const Array& v, int64_t k) {
    switch (v.ndim()) {
        case 1: {
            int64_t n = 0;
            if (k == INT64_MIN || __builtin_add_overflow(v.shape()[0], k < 0 ? -k : k, &n)) {
                throw DimensionError{"diag: the offset ", k, " makes the result too large"};
            }
            return DiagEmbed(v, k, {n, n});
        }
        case 2:
            return Diagonal(v, k);
        default:
            throw DimensionError{"diag: the input must be 1-d or 2-d, not of shape ", v.shape()};
    }
}

Array Diagflat(const Array& v, int64_t k) { return Diag(Ravel(v), k); }

}  // namespace chainerx
