// Strided loops for native kernels.
//
// ForEachInnerRun walks N arrays of one shape in C order. It first squashes the shape: size-1 axes are dropped
// and neighbouring axes merged wherever every array is contiguous across them, so a contiguous array of any
// rank becomes a single run. The callback then sees the innermost runs (pointers, length, byte strides),
// where a plain loop over typed pointers vectorises.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace native {

template <size_t N, typename F>
void ForEachInnerRun(const Shape& shape, const std::array<const Strides*, N>& strides, std::array<char*, N> ptrs, F&& f) {
    int64_t dims[kMaxNdim];
    int64_t steps[N][kMaxNdim];
    int nd = 0;
    for (int8_t i = 0; i < shape.ndim(); ++i) {
        int64_t dim = shape[i];
        if (dim == 0) {
            return;
        }
        if (dim == 1) {
            continue;
        }
        bool mergeable = nd > 0;
        for (size_t k = 0; k < N && mergeable; ++k) {
            mergeable = steps[k][nd - 1] == (*strides[k])[i] * dim;
        }
        if (mergeable) {
            dims[nd - 1] *= dim;
            for (size_t k = 0; k < N; ++k) {
                steps[k][nd - 1] = (*strides[k])[i];
            }
        } else {
            dims[nd] = dim;
            for (size_t k = 0; k < N; ++k) {
                steps[k][nd] = (*strides[k])[i];
            }
            ++nd;
        }
    }
    std::array<int64_t, N> inner_steps{};
    if (nd == 0) {
        f(ptrs, int64_t{1}, inner_steps);
        return;
    }
    for (size_t k = 0; k < N; ++k) {
        inner_steps[k] = steps[k][nd - 1];
    }
    int64_t inner = dims[nd - 1];
    int64_t outer_total = 1;
    for (int d = 0; d < nd - 1; ++d) {
        outer_total *= dims[d];
    }
    int64_t counter[kMaxNdim] = {};
    for (int64_t o = 0; o < outer_total; ++o) {
        f(ptrs, inner, inner_steps);
        for (int d = nd - 2; d >= 0; --d) {
            if (++counter[d] < dims[d]) {
                for (size_t k = 0; k < N; ++k) {
                    ptrs[k] += steps[k][d];
                }
                break;
            }
            counter[d] = 0;
            for (size_t k = 0; k < N; ++k) {
                ptrs[k] -= steps[k][d] * (dims[d] - 1);
            }
        }
    }
}

inline char* DataPtr(const Array& a) { return static_cast<char*>(a.raw_data()); }

// out[i] = op(x[i]); x has out's shape.
template <typename In, typename Out, typename Op>
void UnaryElementwise(const Array& x, const Array& out, Op op) {
    ForEachInnerRun<2>(out.shape(), {&x.strides(), &out.strides()}, {DataPtr(x), DataPtr(out)}, [op](auto p, int64_t n, auto s) {
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

// out[i] = op(x1[i], x2[i]); inputs have out's shape (possibly with zero strides from broadcasting).
template <typename In, typename Out, typename Op>
void BinaryElementwise(const Array& x1, const Array& x2, const Array& out, Op op) {
    ForEachInnerRun<3>(
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
                                op(*reinterpret_cast<const In*>(p[0] + i * s[0]), *reinterpret_cast<const In*>(p[1] + i * s[1]));
                    }
                }
            });
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
