// Native kernels of the pooling family: plain loops over the windows of each (N, C) plane of C-contiguous arrays
// (two-dimensional average pooling by rows: Note [Average pooling by rows]).
#include "chainerx/core/kernels/pooling.h"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/core/shape.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

// The spatial geometry of one call, shared by all planes.
struct PlaneGeometry {
    int8_t ndim;
    int64_t in[kMaxNdim];
    int64_t out[kMaxNdim];
    int64_t in_size;
    int64_t out_size;
    int64_t planes;
    const PoolWindow& window;
};

PlaneGeometry MakeGeometry(const Shape& x_shape, const Shape& out_shape, const PoolWindow& window) {
    PlaneGeometry g{static_cast<int8_t>(x_shape.ndim() - 2), {}, {}, 1, 1, x_shape[0] * x_shape[1], window};
    for (int8_t i = 0; i < g.ndim; ++i) {
        g.in[i] = x_shape[i + 2];
        g.out[i] = out_shape[i + 2];
        g.in_size *= g.in[i];
        g.out_size *= g.out[i];
    }
    return g;
}

// A window clipped to the input: [begin[i], end[i]) along each spatial axis i.
struct ClippedWindow {
    int64_t begin[kMaxNdim];
    int64_t end[kMaxNdim];
};

// The input positions [first, second) that output position `pos` of spatial axis `axis` reads, clipped to the input
// (empty for a window of padding only).
std::pair<int64_t, int64_t> WindowSpan(const PlaneGeometry& g, int8_t axis, int64_t pos) {
    const int64_t start = pos * g.window.stride[axis] - g.window.pad[axis];
    return {std::max(start, int64_t{0}), std::min(start + g.window.ksize[axis], g.in[axis])};
}

// Calls f(j, window) for each output position j of a plane, in C order.
template <typename F>
void ForEachWindow(const PlaneGeometry& g, F&& f) {
    int64_t pos[kMaxNdim] = {};
    ClippedWindow w{};
    for (int64_t j = 0; j < g.out_size; ++j) {
        for (int8_t i = 0; i < g.ndim; ++i) {
            std::tie(w.begin[i], w.end[i]) = WindowSpan(g, i, pos[i]);
        }
        f(j, w);
        for (int i = g.ndim - 1; i >= 0 && ++pos[i] == g.out[i]; --i) {
            pos[i] = 0;
        }
    }
}

// Calls f(offset) for each input position of the window (offset flat within the plane), in C order. (A variant
// running plain loops along the last axis made 2x2 max pooling twice slower on 32x32 planes.)
template <typename F>
void ForEachInWindow(const PlaneGeometry& g, const ClippedWindow& w, F&& f) {
    int64_t pos[kMaxNdim];
    for (int8_t i = 0; i < g.ndim; ++i) {
        if (w.begin[i] >= w.end[i]) {
            return;
        }
        pos[i] = w.begin[i];
    }
    while (true) {
        int64_t offset = 0;
        for (int8_t i = 0; i < g.ndim; ++i) {
            offset = offset * g.in[i] + pos[i];
        }
        f(offset);
        int i = g.ndim - 1;
        for (; i >= 0 && ++pos[i] == w.end[i]; --i) {
            pos[i] = w.begin[i];
        }
        if (i < 0) {
            return;
        }
    }
}

// Calls fn(p) for every plane p, on several threads when the planes hold enough work (`work_per_plane`
// elements read or written each).
template <typename F>
void ForEachPlane(int64_t planes, int64_t work_per_plane, F&& fn) {
    int64_t grain = std::max(int64_t{1}, kElementwiseGrain / std::max(work_per_plane, int64_t{1}));
    ParallelFor(planes, grain, [&fn](int64_t begin, int64_t end) {
        for (int64_t p = begin; p < end; ++p) {
            fn(p);
        }
    });
}

int64_t WindowSize(const PlaneGeometry& g) {
    int64_t size = 1;
    for (int8_t i = 0; i < g.ndim; ++i) {
        size *= g.window.ksize[i];
    }
    return size;
}

int64_t WindowCount(const PlaneGeometry& g, const ClippedWindow& w, bool count_pad) {
    int64_t count = 1;
    for (int8_t i = 0; i < g.ndim; ++i) {
        count *= count_pad ? g.window.ksize[i] : std::max(w.end[i] - w.begin[i], int64_t{0});
    }
    return count;
}

template <typename T>
const T* ConstData(const Array& a) {
    return static_cast<const T*>(a.raw_data());
}

template <typename T>
T* Data(const Array& a) {
    return static_cast<T*>(a.raw_data());
}

// The windows of one plane; a function of its own, so that the compiler optimises the loops as a unit.
template <typename T>
void MaxPoolPlane(const PlaneGeometry& g, const T* xp, T* outp, int64_t* indp) {
    using C = numeric::ComputeType<T>;
    ForEachWindow(g, [&](int64_t j, const ClippedWindow& w) {
        int64_t best = -1;
        C best_value = numeric::Extreme<T, true>();
        ForEachInWindow(g, w, [&](int64_t offset) {
            auto v = static_cast<C>(xp[offset]);
            // NaN wins over numbers, as NumPy's max propagates it; the first maximum wins ties.
            if (best < 0 || (!numeric::IsNanValue(best_value) && (v > best_value || numeric::IsNanValue(v)))) {
                best = offset;
                best_value = v;
            }
        });
        outp[j] = best < 0 ? numeric::LowestValue<T>() : xp[best];
        indp[j] = best;
    });
}

class NativeMaxPoolKernel : public MaxPoolKernel {
public:
    void Call(const Array& x, const PoolWindow& window, const Array& out, const Array& indices) override {
        PlaneGeometry g = MakeGeometry(x.shape(), out.shape(), window);
        VisitDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ForEachPlane(g.planes, g.out_size * WindowSize(g), [&](int64_t p) {
                MaxPoolPlane<T>(
                        g,
                        ConstData<T>(x) + p * g.in_size,
                        Data<T>(out) + p * g.out_size,
                        Data<int64_t>(indices) + p * g.out_size);
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(MaxPoolKernel, NativeMaxPoolKernel);

class NativeMaxPoolGradKernel : public MaxPoolGradKernel {
public:
    void Call(const Array& gout, const Array& indices, const PoolWindow& /*window*/, const Array& gx) override {
        PoolPlanes pp = GetPoolPlanes(gx, gout);
        VisitDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            ForEachPlane(pp.planes, pp.in_size + pp.out_size, [&](int64_t p) {
                T* gxp = Data<T>(gx) + p * pp.in_size;
                const T* goutp = ConstData<T>(gout) + p * pp.out_size;
                const int64_t* indp = ConstData<int64_t>(indices) + p * pp.out_size;
                std::fill(gxp, gxp + pp.in_size, T{0});
                for (int64_t j = 0; j < pp.out_size; ++j) {
                    if (indp[j] >= 0) {
                        gxp[indp[j]] = static_cast<T>(static_cast<C>(gxp[indp[j]]) + static_cast<C>(goutp[j]));
                    }
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(MaxPoolGradKernel, NativeMaxPoolGradKernel);

class NativeMaxPoolGradGradKernel : public MaxPoolGradGradKernel {
public:
    void Call(const Array& ggx, const Array& indices, const Array& ggout) override {
        PoolPlanes pp = GetPoolPlanes(ggx, ggout);
        VisitDtypeIn<kFloatingDtypes>(ggx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ForEachPlane(pp.planes, pp.out_size, [&](int64_t p) {
                const T* ggxp = ConstData<T>(ggx) + p * pp.in_size;
                const int64_t* indp = ConstData<int64_t>(indices) + p * pp.out_size;
                T* ggoutp = Data<T>(ggout) + p * pp.out_size;
                for (int64_t j = 0; j < pp.out_size; ++j) {
                    ggoutp[j] = indp[j] >= 0 ? ggxp[indp[j]] : T{0};
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(MaxPoolGradGradKernel, NativeMaxPoolGradGradKernel);

// Note [Average pooling by rows]
// A two-dimensional window's sum is the sum over its columns of the column sums over its rows. So for each output
// row, the plane's rows under the window are first added up column by column into one row (contiguous, vectorised),
// and each output is then the sum of that row's kw entries under its window: kh * W + kw * OW additions per output
// row instead of kh * kw * OW, and none of them through the N-d window walk. The backward is the transpose: the
// shares of an output row's windows are spread over one row of column shares, which is added to each input row
// under the windows. For 32x64 planes of 32x32 float32 (one thread), 2x2 windows of stride 2 forward took 5.6 ms by
// the N-d walk (PyTorch 3.8 ms), 3x3 windows of stride 1 31.6 ms (PyTorch 20.3 ms). The sums add in another order
// than the walk's, so results may differ in the last bits.
template <typename T>
void AveragePoolPlane2d(const PlaneGeometry& g, bool count_pad, const T* xp, T* outp) {
    using C = numeric::ComputeType<T>;
    const int64_t width = g.in[1];
    const int64_t window_size = WindowSize(g);
    std::vector<C> column_sums(width);
    for (int64_t oy = 0; oy < g.out[0]; ++oy) {
        const auto [row_begin, row_end] = WindowSpan(g, 0, oy);
        std::fill(column_sums.begin(), column_sums.end(), C{0});
        for (int64_t r = row_begin; r < row_end; ++r) {
            const T* row = xp + r * width;
            for (int64_t c = 0; c < width; ++c) {
                column_sums[c] += static_cast<C>(row[c]);
            }
        }
        const int64_t rows = std::max(row_end - row_begin, int64_t{0});
        for (int64_t ox = 0; ox < g.out[1]; ++ox) {
            const auto [col_begin, col_end] = WindowSpan(g, 1, ox);
            C sum{0};
            for (int64_t c = col_begin; c < col_end; ++c) {
                sum += column_sums[c];
            }
            const int64_t cols = std::max(col_end - col_begin, int64_t{0});
            const int64_t count = count_pad ? window_size : rows * cols;
            // A window of padding only divides 0 by 0: NaN, as Chainer's pad_mode='ignore' gives.
            outp[oy * g.out[1] + ox] = static_cast<T>(sum / static_cast<C>(count));
        }
    }
}

template <typename T>
void AveragePoolPlane(const PlaneGeometry& g, bool count_pad, const T* xp, T* outp) {
    using C = numeric::ComputeType<T>;
    if (g.ndim == 2) {
        AveragePoolPlane2d(g, count_pad, xp, outp);
        return;
    }
    ForEachWindow(g, [&](int64_t j, const ClippedWindow& w) {
        C sum{0};
        ForEachInWindow(g, w, [&](int64_t offset) { sum += static_cast<C>(xp[offset]); });
        int64_t count = WindowCount(g, w, count_pad);
        // A window of padding only divides 0 by 0: NaN, as Chainer's pad_mode='ignore' gives.
        outp[j] = static_cast<T>(sum / static_cast<C>(count));
    });
}

class NativeAveragePoolKernel : public AveragePoolKernel {
public:
    void Call(const Array& x, const PoolWindow& window, bool count_pad, const Array& out) override {
        PlaneGeometry g = MakeGeometry(x.shape(), out.shape(), window);
        VisitDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ForEachPlane(g.planes, g.out_size * WindowSize(g), [&](int64_t p) {
                AveragePoolPlane<T>(g, count_pad, ConstData<T>(x) + p * g.in_size, Data<T>(out) + p * g.out_size);
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(AveragePoolKernel, NativeAveragePoolKernel);

// The transpose of AveragePoolPlane2d (Note [Average pooling by rows]).
template <typename T>
void AveragePoolGradPlane2d(const PlaneGeometry& g, bool count_pad, const T* goutp, T* gxp) {
    using C = numeric::ComputeType<T>;
    const int64_t width = g.in[1];
    const int64_t window_size = WindowSize(g);
    std::vector<C> column_shares(width);
    std::fill(gxp, gxp + g.in_size, T{0});
    for (int64_t oy = 0; oy < g.out[0]; ++oy) {
        const auto [row_begin, row_end] = WindowSpan(g, 0, oy);
        const int64_t rows = std::max(row_end - row_begin, int64_t{0});
        std::fill(column_shares.begin(), column_shares.end(), C{0});
        for (int64_t ox = 0; ox < g.out[1]; ++ox) {
            const auto [col_begin, col_end] = WindowSpan(g, 1, ox);
            const int64_t cols = std::max(col_end - col_begin, int64_t{0});
            const int64_t count = count_pad ? window_size : rows * cols;
            const C share = count == 0 ? C{0} : static_cast<C>(goutp[oy * g.out[1] + ox]) / static_cast<C>(count);
            for (int64_t c = col_begin; c < col_end; ++c) {
                column_shares[c] += share;
            }
        }
        for (int64_t r = row_begin; r < row_end; ++r) {
            T* row = gxp + r * width;
            for (int64_t c = 0; c < width; ++c) {
                row[c] = static_cast<T>(static_cast<C>(row[c]) + column_shares[c]);
            }
        }
    }
}

template <typename T>
void AveragePoolGradPlane(const PlaneGeometry& g, bool count_pad, const T* goutp, T* gxp) {
    using C = numeric::ComputeType<T>;
    if (g.ndim == 2) {
        AveragePoolGradPlane2d(g, count_pad, goutp, gxp);
        return;
    }
    std::fill(gxp, gxp + g.in_size, T{0});
    ForEachWindow(g, [&](int64_t j, const ClippedWindow& w) {
        int64_t count = WindowCount(g, w, count_pad);
        C share = count == 0 ? C{0} : static_cast<C>(goutp[j]) / static_cast<C>(count);
        ForEachInWindow(g, w, [&](int64_t offset) {
            gxp[offset] = static_cast<T>(static_cast<C>(gxp[offset]) + share);
        });
    });
}

class NativeAveragePoolGradKernel : public AveragePoolGradKernel {
public:
    void Call(const Array& gout, const PoolWindow& window, bool count_pad, const Array& gx) override {
        PlaneGeometry g = MakeGeometry(gx.shape(), gout.shape(), window);
        VisitDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ForEachPlane(g.planes, g.out_size * WindowSize(g), [&](int64_t p) {
                AveragePoolGradPlane<T>(
                        g, count_pad, ConstData<T>(gout) + p * g.out_size, Data<T>(gx) + p * g.in_size);
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(AveragePoolGradKernel, NativeAveragePoolGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
