// Native kernels of the indexing family. Gather and scatter walk the index positions b in C order and, for
// each, move one block (pre + post axes) between the indexed array and the dense one with the shared strided
// loop, so a take from a large axis or of long rows both stay a plain loop.
#include "chainerx/core/kernels/indexing.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/macro.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/shape.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

// Each mode is a loop of its own, without a branch on the mode or a throw per element, so that it vectorises; the
// raising mode first maps negative positions (i + dim) and then checks that every result lies in [0, dim), which
// holds exactly when every position lies in [-dim, dim). (With the mode switched and the throw inside the loop,
// normalising 2^19 positions cost more than gathering them.)
class NativeNormalizeIndicesKernel : public NormalizeIndicesKernel {
public:
    void Call(const Array& indices, int64_t dim, IndexBoundsMode mode, const Array& out) override {
        VisitDtypeIn<kIntegerDtypes>(indices.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            switch (mode) {
                case IndexBoundsMode::kWrap:
                    UnaryElementwise<T, int64_t>(indices, out, [dim](T index) {
                        int64_t r = static_cast<int64_t>(index) % dim;
                        return r < 0 ? r + dim : r;
                    });
                    return;
                case IndexBoundsMode::kClip:
                    UnaryElementwise<T, int64_t>(indices, out, [dim](T index) {
                        auto i = static_cast<int64_t>(index);
                        return i < 0 ? 0 : (i >= dim ? dim - 1 : i);
                    });
                    return;
                default:
                    UnaryElementwise<T, int64_t>(indices, out, [dim](T index) {
                        auto i = static_cast<int64_t>(index);
                        return i < 0 ? i + dim : i;
                    });
                    CheckNormalized(out, dim);
            }
        });
    }

private:
    // Throws IndexError naming the first position (C order) outside [-dim, dim), recovered from its mapped value.
    static void CheckNormalized(const Array& out, int64_t dim) {
        bool outside = false;
        ForEachInnerRun<1>(out.shape(), {&out.strides()}, {DataPtr(out)}, [&outside, dim](auto p, int64_t n, auto s) {
            // As unsigned, a negative value is above every dim: one comparison, and a loop that vectorises.
            const auto limit = static_cast<uint64_t>(dim);
            uint64_t run_outside = 0;
            if (s[0] == sizeof(int64_t)) {
                const auto* values = reinterpret_cast<const uint64_t*>(p[0]);
                for (int64_t k = 0; k < n; ++k) {
                    run_outside |= static_cast<uint64_t>(values[k] >= limit);
                }
            } else {
                for (int64_t k = 0; k < n; ++k) {
                    run_outside |= static_cast<uint64_t>(*reinterpret_cast<const uint64_t*>(p[0] + k * s[0]) >= limit);
                }
            }
            outside = outside || run_outside != 0;
        });
        if (!outside) {
            return;
        }
        int64_t first = 0;
        bool found = false;
        ForEachInnerRun<1>(out.shape(), {&out.strides()}, {DataPtr(out)}, [&](auto p, int64_t n, auto s) {
            for (int64_t k = 0; k < n && !found; ++k) {
                int64_t v = *reinterpret_cast<const int64_t*>(p[0] + k * s[0]);
                if (v < 0 || v >= dim) {
                    first = v < 0 ? v - dim : v;  // a negative position i became i + dim
                    found = true;
                }
            }
        });
        throw IndexError{"index ", first, " is out of bounds for an axis of size ", dim};
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(NormalizeIndicesKernel, NativeNormalizeIndicesKernel);

// For each position b of the index arrays, calls f(indexed_ptr, dense_ptr, n, steps) over the inner runs of
// the block indexed[pre, indices[.][b], post] paired with dense[pre, b, post] (see kernels/indexing.h).
template <typename F>
void ForEachIndexedBlock(
        const Array& indexed, const std::vector<Array>& indices, int8_t axis, const Array& dense, F&& f) {
    const auto m = static_cast<int8_t>(indices.size());
    const Shape& b_shape = indices.front().shape();
    const int8_t nb = b_shape.ndim();
    Shape block_shape{indexed.shape().begin(), indexed.shape().begin() + axis};
    Strides indexed_steps{indexed.strides().begin(), indexed.strides().begin() + axis};
    Strides dense_steps{dense.strides().begin(), dense.strides().begin() + axis};
    for (int8_t i = axis + m; i < indexed.ndim(); ++i) {
        block_shape.push_back(indexed.shape()[i]);
        indexed_steps.push_back(indexed.strides()[i]);
        dense_steps.push_back(dense.strides()[i - m + nb]);
    }
    std::vector<const int64_t*> positions;
    for (const Array& index : indices) {
        positions.push_back(static_cast<const int64_t*>(index.raw_data()));
    }
    // The block layout is squashed once; per position only the two base pointers change.
    SquashedLayout<2> layout = Squash<2>(block_shape, {&indexed_steps, &dense_steps});
    const int64_t count = layout.total == 0 ? 0 : b_shape.GetTotalSize();
    int64_t indexed_axis_steps[kMaxNdim];
    for (int8_t j = 0; j < m; ++j) {
        indexed_axis_steps[j] = indexed.strides()[axis + j];
    }
    char* const indexed_base = DataPtr(indexed);
    char* dense_ptr = DataPtr(dense);
    if (layout.nd == 0 && nb == 1) {
        // One element per position of 1-D index arrays (a take from a 1-D array, a[idx] or a[mask] of every axis):
        // a loop whose independent loads the CPU overlaps. Through the general walk below, a call per position,
        // 2^19 random positions of a 2^21-element float32 array took 16 ms (NumPy 2.5 ms).
        const int64_t dense_step = dense.strides()[axis];
        const std::array<int64_t, 2> no_steps{};
        for (int64_t b = 0; b < count; ++b) {
            char* indexed_ptr = indexed_base;
            for (int8_t j = 0; j < m; ++j) {
                indexed_ptr += positions[j][b] * indexed_axis_steps[j];
            }
            f(std::array<char*, 2>{indexed_ptr, dense_ptr + b * dense_step}, int64_t{1}, no_steps);
        }
        return;
    }
    int64_t counter[kMaxNdim] = {};  // the C-order position of b in b_shape
    for (int64_t b = 0; b < count; ++b) {
        char* indexed_ptr = indexed_base;
        for (int8_t j = 0; j < m; ++j) {
            indexed_ptr += positions[j][b] * indexed_axis_steps[j];
        }
        RunInnerRuns(layout, std::array<char*, 2>{indexed_ptr, dense_ptr}, 0, layout.total, f);
        for (int8_t d = nb - 1; d >= 0; --d) {
            dense_ptr += dense.strides()[axis + d];
            if (++counter[d] < b_shape[d]) {
                break;
            }
            dense_ptr -= dense.strides()[axis + d] * b_shape[d];
            counter[d] = 0;
        }
    }
}

class NativeGatherKernel : public GatherKernel {
public:
    void Call(const Array& a, const std::vector<Array>& indices, int8_t axis, const Array& out) override {
        VisitDtype(a.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ForEachIndexedBlock(a, indices, axis, out, [](auto p, int64_t n, auto s) {
                for (int64_t i = 0; i < n; ++i) {
                    *reinterpret_cast<T*>(p[1] + i * s[1]) = *reinterpret_cast<const T*>(p[0] + i * s[0]);
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(GatherKernel, NativeGatherKernel);

class NativeScatterKernel : public ScatterKernel {
public:
    void Call(const Array& values, const std::vector<Array>& indices, int8_t axis, bool accumulate, const Array& out)
            override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            ForEachIndexedBlock(out, indices, axis, values, [accumulate](auto p, int64_t n, auto s) {
                for (int64_t i = 0; i < n; ++i) {
                    T& target = *reinterpret_cast<T*>(p[0] + i * s[0]);
                    T value = *reinterpret_cast<const T*>(p[1] + i * s[1]);
                    target = accumulate ? static_cast<T>(static_cast<C>(target) + static_cast<C>(value)) : value;
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(ScatterKernel, NativeScatterKernel);

class NativeWhereKernel : public WhereKernel {
public:
    void Call(const Array& condition, const Array& x, const Array& y, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            auto select = [](auto p, int64_t n, auto s) {
                for (int64_t i = 0; i < n; ++i) {
                    const char* chosen = *reinterpret_cast<const bool*>(p[0] + i * s[0]) ? p[1] + i * s[1]
                                                                                          : p[2] + i * s[2];
                    *reinterpret_cast<T*>(p[3] + i * s[3]) = *reinterpret_cast<const T*>(chosen);
                }
            };
            ParallelForEachInnerRun<4>(
                    out.shape(),
                    {&condition.strides(), &x.strides(), &y.strides(), &out.strides()},
                    {DataPtr(condition), DataPtr(x), DataPtr(y), DataPtr(out)},
                    select);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(WhereKernel, NativeWhereKernel);

class NativeWhereScalarKernel : public WhereScalarKernel {
public:
    void Call(const Array& condition, const Array& x, Scalar s, bool scalar_if_true, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            auto select = [value = s.As<T>(), scalar_if_true](auto p, int64_t n, auto st) {
                for (int64_t i = 0; i < n; ++i) {
                    bool takes_x = *reinterpret_cast<const bool*>(p[0] + i * st[0]) != scalar_if_true;
                    *reinterpret_cast<T*>(p[2] + i * st[2]) =
                            takes_x ? *reinterpret_cast<const T*>(p[1] + i * st[1]) : value;
                }
            };
            ParallelForEachInnerRun<3>(
                    out.shape(),
                    {&condition.strides(), &x.strides(), &out.strides()},
                    {DataPtr(condition), DataPtr(x), DataPtr(out)},
                    select);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(WhereScalarKernel, NativeWhereScalarKernel);

class NativeWhereScalarsKernel : public WhereScalarsKernel {
public:
    void Call(const Array& condition, Scalar s_true, Scalar s_false, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            auto select = [if_true = s_true.As<T>(), if_false = s_false.As<T>()](auto p, int64_t n, auto st) {
                for (int64_t i = 0; i < n; ++i) {
                    *reinterpret_cast<T*>(p[1] + i * st[1]) =
                            *reinterpret_cast<const bool*>(p[0] + i * st[0]) ? if_true : if_false;
                }
            };
            ParallelForEachInnerRun<2>(
                    out.shape(), {&condition.strides(), &out.strides()}, {DataPtr(condition), DataPtr(out)}, select);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(WhereScalarsKernel, NativeWhereScalarsKernel);

// Rows of the last axis in C order; within a row, chunks of kNonzeroChunk positions are compacted without a branch
// (each position is stored, and the count advances by whether the element is nonzero), since a branch per element
// mispredicts on random masks: 2^21 random bools took 12 ms (NumPy 1.4 ms). The chunk's buffer keeps the
// unconditional stores off coords, whose rows hold exactly `count` positions.
class NativeNonzeroKernel : public NonzeroKernel {
public:
    void Call(const Array& a, const Array& out) override {
        const int8_t ndim = a.ndim();
        const int64_t count = out.shape()[1];
        if (a.GetTotalSize() == 0 || count == 0) {
            return;
        }
        auto* coords = static_cast<int64_t*>(out.raw_data());
        VisitDtype(a.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t row_length = a.shape()[ndim - 1];
            const int64_t row_step = a.strides()[ndim - 1];
            const int64_t rows = a.GetTotalSize() / row_length;
            int64_t position[kMaxNdim] = {};  // the C-order position of the row (its last coordinate unused)
            const char* row = DataPtr(a);
            int64_t written = 0;
            int64_t found[kNonzeroChunk];
            for (int64_t r = 0; r < rows; ++r) {
                for (int64_t begin = 0; begin < row_length; begin += kNonzeroChunk) {
                    const int64_t end = row_length - begin < kNonzeroChunk ? row_length : begin + kNonzeroChunk;
                    int64_t n = 0;
                    if (row_step == sizeof(T)) {
                        const T* values = reinterpret_cast<const T*>(row);
                        for (int64_t j = begin; j < end; ++j) {
                            found[n] = j;
                            n += numeric::IsNonzero(values[j]) ? 1 : 0;
                        }
                    } else {
                        for (int64_t j = begin; j < end; ++j) {
                            found[n] = j;
                            n += numeric::IsNonzero(*reinterpret_cast<const T*>(row + j * row_step)) ? 1 : 0;
                        }
                    }
                    n = std::min(n, count - written);  // count came from CountNonzero: never more than it holds
                    for (int8_t d = 0; d < ndim - 1; ++d) {
                        std::fill_n(coords + d * count + written, n, position[d]);
                    }
                    std::copy_n(found, n, coords + (ndim - 1) * count + written);
                    written += n;
                }
                // Advance to the next row: the C-order position of the outer axes, and the row pointer with it.
                for (int8_t d = ndim - 2; d >= 0; --d) {
                    row += a.strides()[d];
                    if (++position[d] < a.shape()[d]) {
                        break;
                    }
                    row -= a.strides()[d] * a.shape()[d];
                    position[d] = 0;
                }
            }
            CHAINERX_ASSERT(written == count);
        });
    }

private:
    static constexpr int64_t kNonzeroChunk = 256;
};
CHAINERX_NATIVE_REGISTER_KERNEL(NonzeroKernel, NativeNonzeroKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
