#include "chainerx/native/conv_direct.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define CHAINERX_CONV_DIRECT_X86 1
#endif

#include "chainerx/core/macro.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/im2col.h"
#include "chainerx/native/padded_layout.h"
#include "chainerx/native/parallel.h"

// Note [Direct convolution]
// With stride 1, the column of im2col for kernel offset q is the zero-padded image shifted by a constant:
// output position p reads padded element p + q on every axis. Flattening the padded image (C, P1..Pn) and
// giving output p the "wide" index sum of p_d · step_d (step_d: the padded image's strides) turns each row
// (c, q) of im2col into a contiguous slice, padded + c · channel + offset(q), of the flattened image. So:
// - Forward: out (O, positions) = w (O, C·K) · [those slices], in register tiles of MR output channels by NV
//   vectors of output positions. A vector holds consecutive outputs of one run (a row along the last axis),
//   so it loads a contiguous slice; the last vector of a run is partial and stored with a mask (its extra
//   lanes read the padding or the next row, and are dropped). Tiles store straight into the output, with the
//   bias added. Against im2col + GEMM this saves the column matrix (9x the image for a 3x3 kernel) and BLAS's
//   packed copy of it.
// - Weight gradient: gw^T (C·K, O) = [those slices] · gy^T summed over images, with tiles of MR rows (c, q)
//   by NV vectors of output channels; only valid positions are visited, so nothing is dropped. gy is
//   transposed per image so that the vectors run along output channels.
// - The input gradient (a transposed convolution with stride 1) is the forward convolution of gy with the
//   kernel flipped and its channel axes swapped, padded by k - 1 - pad (see native/connection.cc).
// The tiles (conv_direct_tiles.h) are written once for any vector width and compiled for AVX-512 and for AVX2 +
// FMA; the level comes from GetCpuLevel() (Note [CPU levels]), so CPUs without AVX-512 get the direct path too
// and CHAINERX_CPU_LEVEL=avx2 tests it anywhere.

namespace chainerx {
namespace native {
namespace {

// One vector of output positions of the forward tile: `lanes` consecutive outputs of one run, the first at
// wide position `in` (where it reads a padded image, before the row's shift) and at `out` in an output channel.
struct PositionVector {
    int64_t in;
    int64_t out;
    int lanes;
};

int64_t RoundUp(int64_t v, int64_t unit) { return (v + unit - 1) / unit * unit; }

#ifdef CHAINERX_CONV_DIRECT_X86

// The tiles, once per CPU level (Note [CPU levels] in cpu_level.cc): avx512::Tiles and avx2::Tiles.
#pragma GCC push_options
#pragma GCC target("avx512f")
namespace avx512 {
#define CHAINERX_CONV_DIRECT_VECTOR_BITS 512
#include "chainerx/native/conv_direct_tiles.h"  // NOLINT(build/include): included once per level
#undef CHAINERX_CONV_DIRECT_VECTOR_BITS
}  // namespace avx512
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace avx2 {
#define CHAINERX_CONV_DIRECT_VECTOR_BITS 256
#include "chainerx/native/conv_direct_tiles.h"  // NOLINT(build/include): included once per level
#undef CHAINERX_CONV_DIRECT_VECTOR_BITS
}  // namespace avx2
#pragma GCC pop_options

#endif  // CHAINERX_CONV_DIRECT_X86

// The per-(c, q) shift of im2col row c·K + q in a padded image (rows from `depth` on, if any, read shift 0).
std::vector<int64_t> RowShifts(const PaddedLayout& layout, int64_t channels, int64_t depth) {
    std::vector<int64_t> shift(depth, 0);
    const int64_t k_size = static_cast<int64_t>(layout.offsets.size());
    for (int64_t r = 0; r < channels * k_size; ++r) {
        shift[r] = r / k_size * layout.channel + layout.offsets[r % k_size];
    }
    return shift;
}

// The valid output positions in vectors of `lanes` (the last of each run partial), grouped in tiles of `nv`
// vectors (the last tile completed with empty vectors).
std::vector<PositionVector> PositionVectors(const PaddedLayout& layout, int lanes, int nv) {
    std::vector<PositionVector> vectors;
    for (size_t r = 0; r < layout.runs.size(); ++r) {
        for (int64_t p = 0; p < layout.run_length; p += lanes) {
            const int n = static_cast<int>(std::min<int64_t>(lanes, layout.run_length - p));
            vectors.push_back({layout.runs[r] + p, static_cast<int64_t>(r) * layout.run_length + p, n});
        }
    }
    vectors.resize(RoundUp(static_cast<int64_t>(vectors.size()), nv), PositionVector{0, 0, 0});
    return vectors;
}

// The forward convolution with tiles of MR output channels by NV vectors of output positions of a level's
// Tiles. See Note [Direct convolution].
template <typename Tiles, typename T, int MR, int NV>
void ConvDirectTiled(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* w,
        const T* b,
        T* out) {
    constexpr int kLanes = Tiles::template Lanes<T>();
    const PaddedLayout layout{g};
    const int64_t depth = channels * g.k_size;
    const int64_t blocks = RoundUp(out_channels, MR) / MR;
    // w in blocks of MR output channels, each (depth, MR), so that a tile reads its MR weights from one line.
    std::vector<T> packed(blocks * MR * depth, T{0});
    for (int64_t o = 0; o < out_channels; ++o) {
        for (int64_t r = 0; r < depth; ++r) {
            packed[(o / MR * depth + r) * MR + o % MR] = w[o * depth + r];
        }
    }
    const std::vector<int64_t> shift = RowShifts(layout, channels, depth);
    const std::vector<PositionVector> vectors = PositionVectors(layout, kLanes, NV);
    ParallelFor(batch.count, 1, [&](int64_t begin, int64_t end) {
        // A partial vector reads up to kLanes - 1 elements past its run, and so past the padded image at the end.
        std::vector<T> padded(channels * layout.channel + kLanes);
        for (int64_t n = begin; n < end; ++n) {
            PadImage(g, layout, channels, x + n * batch.x_step, padded.data());
            T* image_out = out + n * batch.y_step;
            for (size_t v = 0; v < vectors.size(); v += NV) {
                for (int64_t block = 0; block < blocks; ++block) {
                    Tiles::template Forward<T, MR, NV>(
                            packed.data() + block * MR * depth,
                            padded.data(),
                            shift.data(),
                            depth,
                            &vectors[v],
                            b == nullptr ? nullptr : b + block * MR,
                            static_cast<int>(std::min<int64_t>(MR, out_channels - block * MR)),
                            image_out + block * MR * g.out_size,
                            g.out_size);
                }
            }
        }
    });
}

// gyt (out_size, ld) = gy (O, out_size) transposed; columns from O on are left as they are (zero). In 16x16
// blocks: a block's 16 source rows and 16 destination rows both stay in L1 (a plain loop was 4% of a
// convolution's forward + backward).
template <typename T>
void TransposeInto(const T* gy, int64_t out_channels, int64_t out_size, T* gyt, int64_t ld) {
    constexpr int64_t kBlock = 16;
    for (int64_t o0 = 0; o0 < out_channels; o0 += kBlock) {
        for (int64_t p0 = 0; p0 < out_size; p0 += kBlock) {
            if (o0 + kBlock <= out_channels && p0 + kBlock <= out_size) {
                for (int64_t p = 0; p < kBlock; ++p) {
                    for (int64_t o = 0; o < kBlock; ++o) {
                        gyt[(p0 + p) * ld + o0 + o] = gy[(o0 + o) * out_size + p0 + p];
                    }
                }
                continue;
            }
            for (int64_t p = p0; p < std::min(out_size, p0 + kBlock); ++p) {
                for (int64_t o = o0; o < std::min(out_channels, o0 + kBlock); ++o) {
                    gyt[p * ld + o] = gy[o * out_size + p];
                }
            }
        }
    }
}

// The weight gradient with tiles of MR rows (c, q) by NV vectors of output channels of a level's Tiles. See
// Note [Direct convolution].
template <typename Tiles, typename T, int MR, int NV>
void ConvGradWeightTiled(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* gy,
        T* gw) {
    constexpr int64_t kTile = NV * Tiles::template Lanes<T>();
    const PaddedLayout layout{g};
    const int64_t depth = channels * g.k_size;
    const int64_t row_blocks = RoundUp(depth, MR) / MR;
    const int64_t ld = RoundUp(out_channels, kTile);
    const std::vector<int64_t> shift = RowShifts(layout, channels, row_blocks * MR);
    std::vector<T> padded(channels * layout.channel);
    std::vector<T> gyt(g.out_size * ld, T{0});
    std::vector<T> gwt(row_blocks * MR * ld, T{0});
    for (int64_t n = 0; n < batch.count; ++n) {
        PadImage(g, layout, channels, x + n * batch.x_step, padded.data());
        TransposeInto(gy + n * batch.y_step, out_channels, g.out_size, gyt.data(), ld);
        ParallelFor(row_blocks, 1, [&](int64_t begin, int64_t end) {
            for (int64_t block = begin; block < end; ++block) {
                for (int64_t o = 0; o < ld; o += kTile) {
                    Tiles::template GradWeight<T, MR, NV>(
                            padded.data(), shift.data() + block * MR, gyt.data() + o, layout,
                            gwt.data() + block * MR * ld + o, ld);
                }
            }
        });
    }
    for (int64_t o = 0; o < out_channels; ++o) {
        for (int64_t r = 0; r < depth; ++r) {
            gw[o * depth + r] = gwt[r * ld + o];
        }
    }
}

// The tile shapes of each level: as many accumulators as leave registers for the operands (32 vector
// registers with AVX-512, 16 with AVX2).
template <typename Tiles, typename T>
void ConvDirectAt(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* w,
        const T* b,
        T* out) {
    // Few output channels: taller tiles along positions waste less on padding output channels.
    if constexpr (Tiles::kVectorBits == 512) {
        if (out_channels <= 4) {
            ConvDirectTiled<Tiles, T, 4, 6>(g, batch, channels, out_channels, x, w, b, out);
        } else {
            ConvDirectTiled<Tiles, T, 8, 3>(g, batch, channels, out_channels, x, w, b, out);
        }
    } else {
        if (out_channels <= 4) {
            ConvDirectTiled<Tiles, T, 4, 3>(g, batch, channels, out_channels, x, w, b, out);
        } else {
            ConvDirectTiled<Tiles, T, 6, 2>(g, batch, channels, out_channels, x, w, b, out);
        }
    }
}

template <typename Tiles, typename T>
void ConvGradWeightAt(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* gy,
        T* gw) {
    // As many vectors of output channels as needed, up to 4, and as many rows as leave registers free.
    constexpr int kLanes = Tiles::template Lanes<T>();
    const int64_t vectors = (out_channels + kLanes - 1) / kLanes;
    if constexpr (Tiles::kVectorBits == 512) {
        if (vectors == 1) {
            ConvGradWeightTiled<Tiles, T, 12, 1>(g, batch, channels, out_channels, x, gy, gw);
        } else if (vectors == 2) {
            ConvGradWeightTiled<Tiles, T, 8, 2>(g, batch, channels, out_channels, x, gy, gw);
        } else if (vectors == 3) {
            ConvGradWeightTiled<Tiles, T, 6, 3>(g, batch, channels, out_channels, x, gy, gw);
        } else {
            ConvGradWeightTiled<Tiles, T, 6, 4>(g, batch, channels, out_channels, x, gy, gw);
        }
    } else {
        if (vectors == 1) {
            ConvGradWeightTiled<Tiles, T, 12, 1>(g, batch, channels, out_channels, x, gy, gw);
        } else if (vectors == 2) {
            ConvGradWeightTiled<Tiles, T, 6, 2>(g, batch, channels, out_channels, x, gy, gw);
        } else if (vectors == 3) {
            ConvGradWeightTiled<Tiles, T, 4, 3>(g, batch, channels, out_channels, x, gy, gw);
        } else {
            ConvGradWeightTiled<Tiles, T, 3, 4>(g, batch, channels, out_channels, x, gy, gw);
        }
    }
}

// Calls fn with a value of the Tiles type of `level` (AVX2 or AVX-512; what fn uses is its type).
template <typename Fn>
void WithTiles(CpuLevel level, Fn&& fn) {
#ifdef CHAINERX_CONV_DIRECT_X86
    if (level >= CpuLevel::kAvx512) {
        fn(avx512::Tiles{});
    } else {
        fn(avx2::Tiles{});
    }
#else
    (void)level;
    (void)fn;
    CHAINERX_NEVER_REACH();
#endif
}

}  // namespace

bool CanConvDirectAt(const ConvGeometry& g, CpuLevel level) {
#ifdef CHAINERX_CONV_DIRECT_X86
    static const bool enabled = [] {
        const char* env = std::getenv("CHAINERX_CONV_DIRECT");
        return env == nullptr || std::strcmp(env, "0") != 0;
    }();
    bool level_runs = level >= CpuLevel::kAvx2 && level <= GetCpuSupportedLevel();
    return enabled && level_runs && std::all_of(g.stride.begin(), g.stride.end(), [](int64_t s) { return s == 1; });
#else
    (void)g;
    (void)level;
    return false;
#endif
}

bool CanConvDirect(const ConvGeometry& g) { return CanConvDirectAt(g, GetCpuLevel()); }

template <typename T>
void ConvDirect(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* w,
        const T* b,
        T* out,
        CpuLevel level) {
    CHAINERX_ASSERT(CanConvDirectAt(g, level));
    WithTiles(level, [&](auto tiles) {
        ConvDirectAt<decltype(tiles)>(g, batch, channels, out_channels, x, w, b, out);
    });
}

template <typename T>
void ConvGradWeightDirect(
        const ConvGeometry& g,
        const ImageBatch& batch,
        int64_t channels,
        int64_t out_channels,
        const T* x,
        const T* gy,
        T* gw,
        CpuLevel level) {
    CHAINERX_ASSERT(CanConvDirectAt(g, level));
    WithTiles(level, [&](auto tiles) {
        ConvGradWeightAt<decltype(tiles)>(g, batch, channels, out_channels, x, gy, gw);
    });
}

template void ConvDirect<float>(
        const ConvGeometry&, const ImageBatch&, int64_t, int64_t, const float*, const float*, const float*, float*,
        CpuLevel);
template void ConvDirect<double>(
        const ConvGeometry&, const ImageBatch&, int64_t, int64_t, const double*, const double*, const double*,
        double*, CpuLevel);
template void ConvGradWeightDirect<float>(
        const ConvGeometry&, const ImageBatch&, int64_t, int64_t, const float*, const float*, float*, CpuLevel);
template void ConvGradWeightDirect<double>(
        const ConvGeometry&, const ImageBatch&, int64_t, int64_t, const double*, const double*, double*, CpuLevel);

}  // namespace native
}  // namespace chainerx
