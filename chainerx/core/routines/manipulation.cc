#include "chainerx/core/routines/manipulation.h"

#include <algorithm>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/reduction.h"

namespace chainerx {
namespace {

Array MakeView(const Array& a, const Shape& shape, const Strides& strides) {
    return internal::MakeArray(shape, strides, a.dtype(), a.device(), a.data(), a.offset());
}

Shape InferShape(const Array& a, const Shape& newshape) {
    Shape shape = newshape;
    int64_t known = 1;
    int unknown_axis = -1;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1 && unknown_axis < 0) {
            unknown_axis = static_cast<int>(i);
        } else if (shape[i] < 0) {
            throw DimensionError{"reshape: invalid shape ", newshape};
        } else {
            known *= shape[i];
        }
    }
    int64_t total = a.GetTotalSize();
    if (unknown_axis >= 0) {
        if (known == 0 || total % known != 0) {
            throw DimensionError{"cannot reshape array of shape ", a.shape(), " into ", newshape};
        }
        shape[unknown_axis] = total / known;
    } else if (known != total) {
        throw DimensionError{"cannot reshape array of shape ", a.shape(), " into ", newshape};
    }
    return shape;
}

// Strides viewing `a` with `shape` without copying, if possible (the NumPy algorithm: walk groups of axes
// whose product matches and require each old group to be contiguous in itself).
bool ComputeReshapeStrides(const Array& a, const Shape& shape, Strides& strides) {
    int64_t item_size = a.GetItemSize();
    if (a.IsContiguous()) {
        strides = Strides{shape, item_size};
        return true;
    }
    Shape old_shape;
    Strides old_strides;
    for (int8_t i = 0; i < a.ndim(); ++i) {
        if (a.shape()[i] != 1) {
            old_shape.push_back(a.shape()[i]);
            old_strides.push_back(a.strides()[i]);
        }
    }
    strides.resize(shape.size());
    size_t oi = 0;
    size_t ni = 0;
    while (oi < old_shape.size() && ni < shape.size()) {
        size_t oj = oi + 1;
        size_t nj = ni + 1;
        int64_t old_prod = old_shape[oi];
        int64_t new_prod = shape[ni];
        while (old_prod != new_prod) {
            if (old_prod < new_prod) {
                old_prod *= old_shape[oj++];
            } else {
                new_prod *= shape[nj++];
            }
        }
        for (size_t k = oi; k + 1 < oj; ++k) {
            if (old_strides[k] != old_strides[k + 1] * old_shape[k + 1]) {
                return false;
            }
        }
        strides[nj - 1] = old_strides[oj - 1];
        for (size_t k = nj - 1; k > ni; --k) {
            strides[k - 1] = strides[k] * shape[k];
        }
        oi = oj;
        ni = nj;
    }
    for (; ni < shape.size(); ++ni) {
        strides[ni] = item_size;  // trailing size-1 axes
    }
    return true;
}

}  // namespace

Array Reshape(const Array& a, const Shape& newshape) {
    Shape shape = InferShape(a, newshape);
    if (shape == a.shape()) {
        return a.MakeView();
    }
    Strides strides;
    Array out = ComputeReshapeStrides(a, shape, strides) ? MakeView(a, shape, strides) : MakeView(Copy(a), shape, Strides{shape, a.GetItemSize()});
    BackwardBuilder bb{"reshape", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([in_shape = a.shape()](BackwardContext& bctx) { bctx.input_grad() = bctx.output_grad()->Reshape(in_shape); });
    }
    bb.Finalize();
    return out;
}

Array Transpose(const Array& a, const OptionalAxes& axes) {
    int8_t ndim = a.ndim();
    Axes perm;
    if (axes.has_value()) {
        if (axes->ndim() != ndim) {
            throw DimensionError{"transpose: axes ", *axes, " do not match an array of dimension ", int{ndim}};
        }
        for (int8_t axis : *axes) {
            perm.push_back(internal::NormalizeAxis(axis, ndim));
        }
        Axes sorted = perm;
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
            throw DimensionError{"transpose: repeated axis in ", *axes};
        }
    } else {
        for (int8_t i = ndim - 1; i >= 0; --i) {
            perm.push_back(i);
        }
    }
    Shape shape;
    Strides strides;
    for (int8_t axis : perm) {
        shape.push_back(a.shape()[axis]);
        strides.push_back(a.strides()[axis]);
    }
    Array out = MakeView(a, shape, strides);
    BackwardBuilder bb{"transpose", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        Axes inverse;
        inverse.resize(perm.size());
        for (size_t i = 0; i < perm.size(); ++i) {
            inverse[perm[i]] = static_cast<int8_t>(i);
        }
        bt.Define([inverse](BackwardContext& bctx) { bctx.input_grad() = bctx.output_grad()->Transpose(inverse); });
    }
    bb.Finalize();
    return out;
}

namespace internal {

Array BroadcastView(const Array& a, const Shape& shape) {
    if (a.shape() == shape) {
        return a;
    }
    if (shape.ndim() < a.ndim()) {
        throw DimensionError{"cannot broadcast an array of shape ", a.shape(), " to ", shape};
    }
    Strides strides;
    strides.resize(shape.size(), 0);
    int8_t offset = shape.ndim() - a.ndim();
    for (int8_t i = 0; i < a.ndim(); ++i) {
        int64_t dim = a.shape()[i];
        if (dim == shape[offset + i]) {
            strides[offset + i] = a.strides()[i];
        } else if (dim != 1) {
            throw DimensionError{"cannot broadcast an array of shape ", a.shape(), " to ", shape};
        }
    }
    return MakeView(a, shape, strides);
}

}  // namespace internal

Array BroadcastTo(const Array& a, const Shape& shape) {
    Array out = internal::BroadcastView(a, shape);
    if (out.body() == a.body()) {
        out = a.MakeView();
        return out;
    }
    BackwardBuilder bb{"broadcast_to", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([in_shape = a.shape()](BackwardContext& bctx) {
            bctx.input_grad() = internal::SumTo(*bctx.output_grad(), in_shape);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace chainerx
