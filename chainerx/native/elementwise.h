// Strided loops for native kernels.
//
// ForEachInnerRun walks N arrays of one shape in C order. It first squashes the shape: size-1 axes are dropped
// and neighbouring axes merged wherever every array is contiguous across them, so a contiguous array of any
// rank becomes a single run. The callback then sees the innermost runs (pointers, length, byte strides),
// where a plain loop over typed pointers vectorises. ParallelForEachInnerRun does the same on several threads
// for large arrays, and in tiles for transposed operands; UnaryElementwise and BinaryElementwise (and so every
// elementwise kernel) use it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"
#include "chainerx/core/squashed_layout.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {

// Squash and SquashedLayout (core/squashed_layout.h), as ForEachInnerRun uses them.
using ::chainerx::internal::Squash;
using ::chainerx::internal::SquashedLayout;

// Calls f(ptrs, length, inner_steps) for the inner runs of the flat (C-order) element range [begin, end) of the
// layout; the first and last runs may be partial rows. `base` points at the first element of each array.
template <size_t N, typename F>
void RunInnerRuns(const SquashedLayout<N>& layout, std::array<char*, N> base, int64_t begin, int64_t end, F& f) {
    std::array<int64_t, N> inner_steps{};
    int nd = layout.nd;
    if (nd == 0) {
        f(base, int64_t{1}, inner_steps);
        return;
    }
    int64_t inner = layout.dims[nd - 1];
    for (size_t k = 0; k < N; ++k) {
        inner_steps[k] = layout.steps[k][nd - 1];
    }
    // Unravel `begin` into outer counters and a position in the row.
    int64_t counter[kMaxNdim] = {};
    int64_t pos = begin % inner;
    int64_t row = begin / inner;
    std::array<char*, N> ptrs = base;
    for (int d = nd - 2; d >= 0; --d) {
        counter[d] = row % layout.dims[d];
        row /= layout.dims[d];
        for (size_t k = 0; k < N; ++k) {
            ptrs[k] += counter[d] * layout.steps[k][d];
        }
    }
    for (size_t k = 0; k < N; ++k) {
        ptrs[k] += pos * inner_steps[k];
    }
    for (int64_t left = end - begin;;) {
        int64_t length = inner - pos < left ? inner - pos : left;
        f(ptrs, length, inner_steps);
        left -= length;
        if (left == 0) {
            return;
        }
        for (size_t k = 0; k < N; ++k) {
            ptrs[k] -= pos * inner_steps[k];
        }
        pos = 0;
        for (int d = nd - 2; d >= 0; --d) {
            if (++counter[d] < layout.dims[d]) {
                for (size_t k = 0; k < N; ++k) {
                    ptrs[k] += layout.steps[k][d];
                }
                break;
            }
            counter[d] = 0;
            for (size_t k = 0; k < N; ++k) {
                ptrs[k] -= layout.steps[k][d] * (layout.dims[d] - 1);
            }
        }
    }
}

// Calls f(ptrs, length, inner_steps) for every innermost run of N arrays of one shape, in C order, on the calling
// thread. Callbacks may accumulate into arrays with zero strides (reductions do).
template <size_t N, typename F>
void ForEachInnerRun(
        const Shape& shape, const std::array<const Strides*, N>& strides, std::array<char*, N> ptrs, F&& f) {
    SquashedLayout<N> layout = Squash<N>(shape, strides);
    if (layout.total != 0) {
        RunInnerRuns(layout, ptrs, 0, layout.total, f);
    }
}

// Side of the square tiles of the last two axes that elementwise loops walk when an operand is transposed. In
// row order, a transposed operand is read one cache line (and often one page) per element; within a tile, the
// lines it touches are reused by the following rows. Measured on m.T + m for a 3162x3162 float32 m (one
// thread, EPYC): 16 → 97 ms, 64 → 60 ms, 256 → 25-40 ms, 1024 → 45-65 ms, untiled 62-68 ms. Large tiles win
// because the other operands then still stream through long contiguous rows.
constexpr int64_t kElementwiseTile = 256;

// Whether the layout's last two axes are better walked in tiles: some operand's elements are closer together
// along the second-to-last axis than along the last one (zero steps of broadcast operands do not count).
template <size_t N>
bool PrefersTiles(const SquashedLayout<N>& layout) {
    int nd = layout.nd;
    // Below a quarter tile per axis, everything fits in the cache anyway.
    if (nd < 2 || layout.dims[nd - 2] < kElementwiseTile / 4 || layout.dims[nd - 1] < kElementwiseTile / 4) {
        return false;
    }
    for (size_t k = 0; k < N; ++k) {
        int64_t row_step = layout.steps[k][nd - 2];
        int64_t col_step = layout.steps[k][nd - 1];
        if (row_step != 0 && (row_step < 0 ? -row_step : row_step) < (col_step < 0 ? -col_step : col_step)) {
            return true;
        }
    }
    return false;
}

// Calls f(ptrs, length, inner_steps) for the rows of tiles [tile_begin, tile_end) of the layout, where tiles
// are numbered in C order of (outer axes..., tile row, tile column).
template <size_t N, typename F>
void RunTiles(const SquashedLayout<N>& layout, std::array<char*, N> base, int64_t tile_begin, int64_t tile_end, F& f) {
    int nd = layout.nd;
    int64_t rows = layout.dims[nd - 2];
    int64_t cols = layout.dims[nd - 1];
    int64_t row_tiles = (rows + kElementwiseTile - 1) / kElementwiseTile;
    int64_t col_tiles = (cols + kElementwiseTile - 1) / kElementwiseTile;
    std::array<int64_t, N> inner_steps{};
    for (size_t k = 0; k < N; ++k) {
        inner_steps[k] = layout.steps[k][nd - 1];
    }
    for (int64_t tile = tile_begin; tile < tile_end; ++tile) {
        int64_t col0 = tile % col_tiles * kElementwiseTile;
        int64_t row0 = tile / col_tiles % row_tiles * kElementwiseTile;
        int64_t outer = tile / col_tiles / row_tiles;
        std::array<char*, N> ptrs = base;
        for (int d = nd - 3; d >= 0; --d) {
            for (size_t k = 0; k < N; ++k) {
                ptrs[k] += outer % layout.dims[d] * layout.steps[k][d];
            }
            outer /= layout.dims[d];
        }
        for (size_t k = 0; k < N; ++k) {
            ptrs[k] += row0 * layout.steps[k][nd - 2] + col0 * inner_steps[k];
        }
        int64_t length = cols - col0 < kElementwiseTile ? cols - col0 : kElementwiseTile;
        for (int64_t row = row0; row < rows && row < row0 + kElementwiseTile; ++row) {
            f(ptrs, length, inner_steps);
            for (size_t k = 0; k < N; ++k) {
                ptrs[k] += layout.steps[k][nd - 2];
            }
        }
    }
}

// Like ForEachInnerRun, but in no particular order: for elementwise kernels, whose output elements each depend
// on the same element of the inputs only. From 2 * kElementwiseGrain elements on the runs are split across
// threads (ParallelFor), and transposed operands are walked in tiles (PrefersTiles). The last array is the
// output: one with a zero stride (a broadcast view written in place) runs serially in C order.
template <size_t N, typename F>
void ParallelForEachInnerRun(
        const Shape& shape, const std::array<const Strides*, N>& strides, std::array<char*, N> ptrs, F&& f) {
    SquashedLayout<N> layout = Squash<N>(shape, strides);
    if (layout.total == 0) {
        return;
    }
    if (layout.nd <= 1 && layout.total < 2 * kElementwiseGrain) {
        // One run on this thread (the common small op: contiguous operands squash to one axis). Calling `f`
        // directly skips RunInnerRuns' unravelling, whose two integer divisions cost more than a 6-element loop.
        std::array<int64_t, N> steps{};
        for (size_t k = 0; k < N && layout.nd == 1; ++k) {
            steps[k] = layout.steps[k][0];
        }
        f(ptrs, layout.total, steps);
        return;
    }
    bool out_overlaps = false;
    for (int d = 0; d < layout.nd; ++d) {
        out_overlaps = out_overlaps || layout.steps[N - 1][d] == 0;
    }
    if (out_overlaps) {
        RunInnerRuns(layout, ptrs, 0, layout.total, f);
        return;
    }
    // Below this size ParallelFor runs serially anyway; the check only saves computing tiles.
    bool parallel = layout.total >= 2 * kElementwiseGrain;
    if (PrefersTiles(layout)) {
        int64_t tiles = layout.total / (layout.dims[layout.nd - 2] * layout.dims[layout.nd - 1]) *
                        ((layout.dims[layout.nd - 2] + kElementwiseTile - 1) / kElementwiseTile) *
                        ((layout.dims[layout.nd - 1] + kElementwiseTile - 1) / kElementwiseTile);
        constexpr int64_t kTileGrain = 1;  // a whole tile is already above kElementwiseGrain elements
        static_assert(kElementwiseTile * kElementwiseTile >= kElementwiseGrain, "tiles below the parallel grain");
        ParallelFor(tiles, parallel ? kTileGrain : tiles, [&layout, &ptrs, &f](int64_t begin, int64_t end) {
            RunTiles(layout, ptrs, begin, end, f);
        });
        return;
    }
    int64_t grain = parallel ? kElementwiseGrain : layout.total;
    ParallelFor(layout.total, grain, [&layout, &ptrs, &f](int64_t begin, int64_t end) {
        RunInnerRuns(layout, ptrs, begin, end, f);
    });
}

inline char* DataPtr(const Array& a) { return static_cast<char*>(a.raw_data()); }

// out[i] = op(x[i]); x has out's shape.
template <typename In, typename Out, typename Op>
void UnaryElementwise(const Array& x, const Array& out, Op op) {
    ParallelForEachInnerRun<2>(
            out.shape(), {&x.strides(), &out.strides()}, {DataPtr(x), DataPtr(out)}, [op](auto p, int64_t n, auto s) {
                if (s[0] == sizeof(In) && s[1] == sizeof(Out)) {
                    const In* in = reinterpret_cast<const In*>(p[0]);
                    Out* o = reinterpret_cast<Out*>(p[1]);
                    for (int64_t i = 0; i < n; ++i) {
                        o[i] = op(in[i]);
                    }
                    return;
                }
                for (int64_t i = 0; i < n; ++i) {
                    *reinterpret_cast<Out*>(p[1] + i * s[1]) = op(*reinterpret_cast<const In*>(p[0] + i * s[0]));
                }
            });
}

// out = loop(x) for arrays of out's shape, where loop(in, out, n) converts n contiguous elements (a per-CPU-level
// loop: native/vecmath.h, native/half_convert.h). Strided runs go through small contiguous buffers, so that they
// compute exactly what contiguous ones do.
template <typename In, typename Out, typename Loop>
void ContiguousLoopElementwise(const Array& x, const Array& out, Loop loop) {
    ParallelForEachInnerRun<2>(
            out.shape(), {&x.strides(), &out.strides()}, {DataPtr(x), DataPtr(out)}, [loop](auto p, int64_t n, auto s) {
                constexpr auto kIn = static_cast<int64_t>(sizeof(In));
                constexpr auto kOut = static_cast<int64_t>(sizeof(Out));
                if (s[0] == kIn && s[1] == kOut) {
                    loop(reinterpret_cast<const In*>(p[0]), reinterpret_cast<Out*>(p[1]), n);
                    return;
                }
                constexpr int64_t kBuffer = 256;
                In in_buffer[kBuffer];
                Out out_buffer[kBuffer];
                for (int64_t begin = 0; begin < n; begin += kBuffer) {
                    int64_t m = n - begin < kBuffer ? n - begin : kBuffer;
                    for (int64_t i = 0; i < m; ++i) {
                        std::memcpy(&in_buffer[i], p[0] + (begin + i) * s[0], kIn);
                    }
                    loop(in_buffer, out_buffer, m);
                    for (int64_t i = 0; i < m; ++i) {
                        std::memcpy(p[1] + (begin + i) * s[1], &out_buffer[i], kOut);
                    }
                }
            });
}

// Runs loop(a, b, out, n) (a per-CPU-level loop over contiguous elements of type T: native/vecmath.h) over a run of
// n elements whose byte steps are s (zero for a broadcast operand): directly when all three are contiguous, else in
// chunks where contiguous operands are used in place, a broadcast one is a buffer filled once and strided ones are
// gathered into (or, for out, scattered from) buffers, so that every element is computed as in a contiguous run.
template <typename T, typename Loop>
void RunContiguousBinaryLoop(Loop loop, const char* a, const char* b, char* out, int64_t n, std::array<int64_t, 3> s) {
    constexpr auto kSize = static_cast<int64_t>(sizeof(T));
    if (s[0] == kSize && s[1] == kSize && s[2] == kSize) {
        loop(reinterpret_cast<const T*>(a), reinterpret_cast<const T*>(b), reinterpret_cast<T*>(out), n);
        return;
    }
    constexpr int64_t kBuffer = 256;
    T buffers[2][kBuffer];
    T out_buffer[kBuffer];
    const std::array<const char*, 2> in{a, b};
    for (int k = 0; k < 2; ++k) {
        if (s[k] == 0) {
            T value;
            std::memcpy(&value, in[k], kSize);
            std::fill(buffers[k], buffers[k] + std::min(n, kBuffer), value);
        }
    }
    for (int64_t begin = 0; begin < n; begin += kBuffer) {
        int64_t m = n - begin < kBuffer ? n - begin : kBuffer;
        std::array<const T*, 2> operands{};
        for (int k = 0; k < 2; ++k) {
            if (s[k] == kSize) {
                operands[k] = reinterpret_cast<const T*>(in[k] + begin * kSize);
                continue;
            }
            for (int64_t i = 0; s[k] != 0 && i < m; ++i) {
                std::memcpy(&buffers[k][i], in[k] + (begin + i) * s[k], kSize);
            }
            operands[k] = buffers[k];
        }
        T* o = s[2] == kSize ? reinterpret_cast<T*>(out + begin * kSize) : out_buffer;
        loop(operands[0], operands[1], o, m);
        for (int64_t i = 0; s[2] != kSize && i < m; ++i) {
            std::memcpy(out + (begin + i) * s[2], &out_buffer[i], kSize);
        }
    }
}

// out = loop(x1, x2) for arrays of out's shape (broadcast operands have zero strides).
template <typename T, typename Loop>
void ContiguousLoopBinaryElementwise(const Array& x1, const Array& x2, const Array& out, Loop loop) {
    ParallelForEachInnerRun<3>(
            out.shape(), {&x1.strides(), &x2.strides(), &out.strides()}, {DataPtr(x1), DataPtr(x2), DataPtr(out)},
            [loop](auto p, int64_t n, auto s) { RunContiguousBinaryLoop<T>(loop, p[0], p[1], p[2], n, s); });
}

// out = loop(x, s), or loop(s, x) when scalar_first, for x of out's shape and a scalar s.
template <typename T, typename Loop>
void ContiguousLoopBinaryScalarElementwise(const Array& x, T scalar, bool scalar_first, const Array& out, Loop loop) {
    const char* scalar_ptr = reinterpret_cast<const char*>(&scalar);
    ParallelForEachInnerRun<2>(
            out.shape(), {&x.strides(), &out.strides()}, {DataPtr(x), DataPtr(out)},
            [loop, scalar_ptr, scalar_first](auto p, int64_t n, auto s) {
                if (scalar_first) {
                    RunContiguousBinaryLoop<T>(loop, scalar_ptr, p[0], p[1], n, {0, s[0], s[1]});
                } else {
                    RunContiguousBinaryLoop<T>(loop, p[0], scalar_ptr, p[1], n, {s[0], 0, s[1]});
                }
            });
}

// out[i] = op(x1[i], x2[i]); inputs have out's shape (possibly with zero strides from broadcasting).
template <typename In, typename Out, typename Op>
void BinaryElementwise(const Array& x1, const Array& x2, const Array& out, Op op) {
    ParallelForEachInnerRun<3>(
            out.shape(), {&x1.strides(), &x2.strides(), &out.strides()}, {DataPtr(x1), DataPtr(x2), DataPtr(out)},
            [op](auto p, int64_t n, auto s) {
                constexpr int64_t kIn = sizeof(In);
                constexpr int64_t kOut = sizeof(Out);
                const In* a = reinterpret_cast<const In*>(p[0]);
                const In* b = reinterpret_cast<const In*>(p[1]);
                Out* o = reinterpret_cast<Out*>(p[2]);
                if (s[2] == kOut && s[0] == kIn && s[1] == kIn) {
                    for (int64_t i = 0; i < n; ++i) {
                        o[i] = op(a[i], b[i]);
                    }
                } else if (s[2] == kOut && s[0] == kIn && s[1] == 0) {
                    const In bv = *b;
                    for (int64_t i = 0; i < n; ++i) {
                        o[i] = op(a[i], bv);
                    }
                } else if (s[2] == kOut && s[0] == 0 && s[1] == kIn) {
                    const In av = *a;
                    for (int64_t i = 0; i < n; ++i) {
                        o[i] = op(av, b[i]);
                    }
                } else {
                    for (int64_t i = 0; i < n; ++i) {
                        *reinterpret_cast<Out*>(p[2] + i * s[2]) =
                                op(*reinterpret_cast<const In*>(p[0] + i * s[0]),
                                   *reinterpret_cast<const In*>(p[1] + i * s[1]));
                    }
                }
            });
}

template <typename Out, typename... In, typename Op, typename P, typename S, size_t... I>
void MapRun(const Op& op, const P& p, int64_t n, const S& s, std::index_sequence<I...> /*inputs*/) {
    constexpr size_t kOut = sizeof...(In);
    for (int64_t i = 0; i < n; ++i) {
        *reinterpret_cast<Out*>(p[kOut] + i * s[kOut]) = op(*reinterpret_cast<const In*>(p[I] + i * s[I])...);
    }
}

// out[i] = op(in[i]...), the inputs of element types In... and out of Out, all of out's shape (zero strides from
// broadcasting allowed): kernels of three or more operands, as CUDA's LaunchMap (the unary and binary loops above
// keep their contiguous fast paths).
template <typename Out, typename... In, typename Op, typename... Arrays>
void MapElementwise(Op op, const Array& out, const Arrays&... in) {
    static_assert(sizeof...(In) == sizeof...(Arrays), "one element type per input");
    ParallelForEachInnerRun<sizeof...(In) + 1>(
            out.shape(), {&in.strides()..., &out.strides()}, {DataPtr(in)..., DataPtr(out)},
            [op](auto p, int64_t n, auto s) { MapRun<Out, In...>(op, p, n, s, std::index_sequence_for<In...>{}); });
}

// Converts between element types with C++ semantics; Float16 goes through float.
template <typename To, typename From>
To CastValue(From v) {
    if constexpr (std::is_same<To, Float16>::value) {
        return Float16{static_cast<float>(v)};
    } else if constexpr (std::is_same<From, Float16>::value) {
        return static_cast<To>(static_cast<float>(v));
    } else {
        return static_cast<To>(v);
    }
}

}  // namespace native
}  // namespace chainerx
