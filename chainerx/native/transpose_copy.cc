#include "chainerx/native/transpose_copy.h"

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "chainerx/core/dtype.h"
#include "chainerx/core/squashed_layout.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

// Note [Transposed copies]
// A copy whose input is transposed reads, in the output's order, one element per cache line and, for rows of
// more than a page, one page per element. The elementwise loops' tiles (native/elementwise.h) bound the lines and
// pages, but still move one element per load and store: a 1024x2048 float32 a.T took 3.2-3.6 ms (PyTorch 2.1-2.4
// ms, a plain copy of it 0.19 ms). Here square blocks (8x8 bytes or 16-bit elements at every level, 4x4 floats or
// 2x2 doubles at the baseline, 8x8 floats or 4x4 doubles from the AVX2 level on; elements of the same width are
// moved alike, whatever their dtype) are loaded a row per register, transposed by unpacks and shuffles, and
// stored a row per register, block after block within tiles of kTransposeTile x kTransposeTile elements, whose
// source lines and pages stay cached while the tile is walked. A standalone loop on this VM, 1024x2048 float32:
// one element at a time in tiles of 16/32/64 3.9/5.6/6.3 ms, 8x8 register blocks in tiles of 64 1.1 ms. The
// edges of a tile beyond whole blocks move element by element. It is a copy: the bits are the input's.
constexpr int64_t kTransposeTile = 64;

// The square block of a loop: kBlock(src, src_row_step, dst, dst_row_step) transposes kSide x kSide elements of
// type T. The rows of the tile that do not fill a block, and its columns, are moved one element at a time.
template <typename T, int kSide, void (*kBlock)(const char*, int64_t, char*, int64_t)>
void TransposeTile(const char* src, int64_t src_row_step, char* dst, int64_t dst_row_step, int64_t rows, int64_t cols) {
    int64_t full_rows = rows / kSide * kSide;
    int64_t full_cols = cols / kSide * kSide;
    for (int64_t c = 0; c < full_cols; c += kSide) {
        for (int64_t r = 0; r < full_rows; r += kSide) {
            kBlock(src + r * src_row_step + c * static_cast<int64_t>(sizeof(T)), src_row_step,
                   dst + c * dst_row_step + r * static_cast<int64_t>(sizeof(T)), dst_row_step);
        }
    }
    auto move = [&](int64_t r, int64_t c) {
        std::memcpy(dst + c * dst_row_step + r * static_cast<int64_t>(sizeof(T)),
                    src + r * src_row_step + c * static_cast<int64_t>(sizeof(T)), sizeof(T));
    };
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = full_cols; c < cols; ++c) {
            move(r, c);
        }
    }
    for (int64_t r = full_rows; r < rows; ++r) {
        for (int64_t c = 0; c < full_cols; ++c) {
            move(r, c);
        }
    }
}

// SSE2: eight bytes of eight rows (a row per 64-bit load), interleaved byte by byte, then by pairs and by quadruples
// of rows, so that each 64-bit half holds a column.
void Block8x8Bytes(const char* src, int64_t src_step, char* dst, int64_t dst_step) {
    __m128i r[8];
    for (int i = 0; i < 8; ++i) {
        r[i] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i * src_step));
    }
    __m128i t0 = _mm_unpacklo_epi8(r[0], r[1]);  // a0 b0 a1 b1 ... a7 b7
    __m128i t1 = _mm_unpacklo_epi8(r[2], r[3]);
    __m128i t2 = _mm_unpacklo_epi8(r[4], r[5]);
    __m128i t3 = _mm_unpacklo_epi8(r[6], r[7]);
    __m128i u0 = _mm_unpacklo_epi16(t0, t1);  // a0 b0 c0 d0 a1 b1 c1 d1 ... a3 b3 c3 d3
    __m128i u1 = _mm_unpackhi_epi16(t0, t1);  // columns 4 to 7 of rows a to d
    __m128i u2 = _mm_unpacklo_epi16(t2, t3);
    __m128i u3 = _mm_unpackhi_epi16(t2, t3);
    __m128i columns[4] = {_mm_unpacklo_epi32(u0, u2), _mm_unpackhi_epi32(u0, u2), _mm_unpacklo_epi32(u1, u3),
                          _mm_unpackhi_epi32(u1, u3)};  // columns 2k and 2k + 1 of all eight rows
    for (int k = 0; k < 4; ++k) {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + 2 * k * dst_step), columns[k]);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * dst_step), _mm_srli_si128(columns[k], 8));
    }
}

// SSE2: eight 16-bit elements a register, interleaved by pairs, quadruples and octuples of rows.
void Block8x8Halves(const char* src, int64_t src_step, char* dst, int64_t dst_step) {
    __m128i r[8];
    for (int i = 0; i < 8; ++i) {
        r[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * src_step));
    }
    __m128i t[8];
    for (int i = 0; i < 4; ++i) {  // t[2i]: columns 0-3 of rows 2i and 2i + 1, interleaved; t[2i + 1]: columns 4-7
        t[2 * i] = _mm_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
    }
    __m128i u[8];
    for (int i = 0; i < 2; ++i) {  // u[4i + k]: columns 2k and 2k + 1 of rows 4i to 4i + 3
        u[4 * i] = _mm_unpacklo_epi32(t[4 * i], t[4 * i + 2]);
        u[4 * i + 1] = _mm_unpackhi_epi32(t[4 * i], t[4 * i + 2]);
        u[4 * i + 2] = _mm_unpacklo_epi32(t[4 * i + 1], t[4 * i + 3]);
        u[4 * i + 3] = _mm_unpackhi_epi32(t[4 * i + 1], t[4 * i + 3]);
    }
    for (int k = 0; k < 4; ++k) {  // columns 2k and 2k + 1 of all eight rows
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 2 * k * dst_step), _mm_unpacklo_epi64(u[k], u[4 + k]));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * dst_step), _mm_unpackhi_epi64(u[k], u[4 + k]));
    }
}

// SSE2: four floats, or two doubles, a register.
void Block4x4Floats(const char* src, int64_t src_step, char* dst, int64_t dst_step) {
    __m128 r0 = _mm_loadu_ps(reinterpret_cast<const float*>(src));
    __m128 r1 = _mm_loadu_ps(reinterpret_cast<const float*>(src + src_step));
    __m128 r2 = _mm_loadu_ps(reinterpret_cast<const float*>(src + 2 * src_step));
    __m128 r3 = _mm_loadu_ps(reinterpret_cast<const float*>(src + 3 * src_step));
    __m128 t0 = _mm_unpacklo_ps(r0, r1);  // r0[0] r1[0] r0[1] r1[1]
    __m128 t1 = _mm_unpacklo_ps(r2, r3);
    __m128 t2 = _mm_unpackhi_ps(r0, r1);  // r0[2] r1[2] r0[3] r1[3]
    __m128 t3 = _mm_unpackhi_ps(r2, r3);
    _mm_storeu_ps(reinterpret_cast<float*>(dst), _mm_movelh_ps(t0, t1));
    _mm_storeu_ps(reinterpret_cast<float*>(dst + dst_step), _mm_movehl_ps(t1, t0));
    _mm_storeu_ps(reinterpret_cast<float*>(dst + 2 * dst_step), _mm_movelh_ps(t2, t3));
    _mm_storeu_ps(reinterpret_cast<float*>(dst + 3 * dst_step), _mm_movehl_ps(t3, t2));
}

void Block2x2Doubles(const char* src, int64_t src_step, char* dst, int64_t dst_step) {
    __m128d r0 = _mm_loadu_pd(reinterpret_cast<const double*>(src));
    __m128d r1 = _mm_loadu_pd(reinterpret_cast<const double*>(src + src_step));
    _mm_storeu_pd(reinterpret_cast<double*>(dst), _mm_unpacklo_pd(r0, r1));
    _mm_storeu_pd(reinterpret_cast<double*>(dst + dst_step), _mm_unpackhi_pd(r0, r1));
}

#pragma GCC push_options
#pragma GCC target("avx2")

// AVX: eight floats, or four doubles, a register. The loads and stores are of bits (no arithmetic), so NaN
// payloads and every integer of the same width pass unchanged.
void Block8x8Floats(const char* src, int64_t src_step, char* dst, int64_t dst_step) {
    __m256 r[8];
    for (int i = 0; i < 8; ++i) {
        r[i] = _mm256_loadu_ps(reinterpret_cast<const float*>(src + i * src_step));
    }
    __m256 t[8];
    for (int i = 0; i < 4; ++i) {  // pairs of rows interleaved: t[2i] = a0 b0 a1 b1 | a4 b4 a5 b5, ...
        t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    __m256 s[8];
    for (int i = 0; i < 2; ++i) {  // quadruples of rows: s[4i + k] holds column k (and k + 4) of rows 4i..4i+3
        s[4 * i] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0x44);
        s[4 * i + 1] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0xEE);
        s[4 * i + 2] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0x44);
        s[4 * i + 3] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0xEE);
    }
    for (int k = 0; k < 4; ++k) {  // the 128-bit halves: columns k and k + 4 of all eight rows
        _mm256_storeu_ps(reinterpret_cast<float*>(dst + k * dst_step), _mm256_permute2f128_ps(s[k], s[4 + k], 0x20));
        _mm256_storeu_ps(
                reinterpret_cast<float*>(dst + (k + 4) * dst_step), _mm256_permute2f128_ps(s[k], s[4 + k], 0x31));
    }
}

void Block4x4Doubles(const char* src, int64_t src_step, char* dst, int64_t dst_step) {
    __m256d r0 = _mm256_loadu_pd(reinterpret_cast<const double*>(src));
    __m256d r1 = _mm256_loadu_pd(reinterpret_cast<const double*>(src + src_step));
    __m256d r2 = _mm256_loadu_pd(reinterpret_cast<const double*>(src + 2 * src_step));
    __m256d r3 = _mm256_loadu_pd(reinterpret_cast<const double*>(src + 3 * src_step));
    __m256d t0 = _mm256_unpacklo_pd(r0, r1);  // r0[0] r1[0] | r0[2] r1[2]
    __m256d t1 = _mm256_unpackhi_pd(r0, r1);  // r0[1] r1[1] | r0[3] r1[3]
    __m256d t2 = _mm256_unpacklo_pd(r2, r3);
    __m256d t3 = _mm256_unpackhi_pd(r2, r3);
    _mm256_storeu_pd(reinterpret_cast<double*>(dst), _mm256_permute2f128_pd(t0, t2, 0x20));
    _mm256_storeu_pd(reinterpret_cast<double*>(dst + dst_step), _mm256_permute2f128_pd(t1, t3, 0x20));
    _mm256_storeu_pd(reinterpret_cast<double*>(dst + 2 * dst_step), _mm256_permute2f128_pd(t0, t2, 0x31));
    _mm256_storeu_pd(reinterpret_cast<double*>(dst + 3 * dst_step), _mm256_permute2f128_pd(t1, t3, 0x31));
}

#pragma GCC pop_options

// Bytes and 16-bit elements fill an SSE2 register with a block of eight already; the levels share those loops.
constexpr TransposeTileLoops kBaselineLoops{
        TransposeTile<uint8_t, 8, Block8x8Bytes>,
        TransposeTile<uint16_t, 8, Block8x8Halves>,
        TransposeTile<float, 4, Block4x4Floats>,
        TransposeTile<double, 2, Block2x2Doubles>};
constexpr TransposeTileLoops kAvxLoops{
        TransposeTile<uint8_t, 8, Block8x8Bytes>,
        TransposeTile<uint16_t, 8, Block8x8Halves>,
        TransposeTile<float, 8, Block8x8Floats>,
        TransposeTile<double, 4, Block4x4Doubles>};

const TransposeTileLoops& LoopsAt(CpuLevel level) { return level >= CpuLevel::kAvx2 ? kAvxLoops : kBaselineLoops; }

// The smallest side of the two transposed axes taken here: below a block, nothing would go through registers.
constexpr int64_t kMinSide = 8;

}  // namespace

const TransposeTileLoops& GetTransposeTileLoopsAt(CpuLevel level) {
    CheckCpuLevelSupported(level);
    return LoopsAt(level);
}

bool CopyTransposed(const Array& x, const Array& out) {
    auto size = static_cast<int64_t>(GetItemSize(out.dtype()));
    if (x.dtype() != out.dtype() || x.shape() != out.shape()) {
        return false;
    }
    SquashedLayout<2> layout = Squash<2>(out.shape(), {&x.strides(), &out.strides()});
    int nd = layout.nd;
    if (layout.total == 0 || nd < 2) {
        return false;
    }
    // The plane of the last two axes: out(i, j) at i * out_row_step + j * size, x(i, j) at i * size + j *
    // x_col_step; as a tile, x's rows are the j and out's rows the i.
    int64_t rows = layout.dims[nd - 2];
    int64_t cols = layout.dims[nd - 1];
    int64_t x_col_step = layout.steps[0][nd - 1];
    int64_t out_row_step = layout.steps[1][nd - 2];
    if (layout.steps[0][nd - 2] != size || layout.steps[1][nd - 1] != size || rows < kMinSide || cols < kMinSide) {
        return false;
    }
    for (int d = 0; d < nd; ++d) {
        if (layout.steps[1][d] == 0) {
            return false;  // out is a broadcast view: ParallelForEachInnerRun's serial walk decides what is written
        }
    }
    static const TransposeTileLoops& loops = LoopsAt(GetCpuLevel());
    TransposeTileLoop loop = size == 1 ? loops.one_byte : size == 2 ? loops.two_bytes : size == 4 ? loops.four_bytes
                                                                                              : loops.eight_bytes;
    const char* x_base = DataPtr(x);
    char* out_base = DataPtr(out);
    int64_t row_tiles = (rows + kTransposeTile - 1) / kTransposeTile;
    int64_t units = layout.total / (rows * cols) * row_tiles;  // a unit: kTransposeTile rows of out in one plane
    int64_t grain = (kElementwiseGrain + kTransposeTile * cols - 1) / (kTransposeTile * cols);
    ParallelFor(units, grain, [&](int64_t begin, int64_t end) {
        for (int64_t unit = begin; unit < end; ++unit) {
            int64_t i0 = unit % row_tiles * kTransposeTile;
            int64_t outer = unit / row_tiles;
            const char* x_plane = x_base;
            char* out_plane = out_base;
            for (int d = nd - 3; d >= 0; --d) {
                x_plane += outer % layout.dims[d] * layout.steps[0][d];
                out_plane += outer % layout.dims[d] * layout.steps[1][d];
                outer /= layout.dims[d];
            }
            int64_t tile_rows = rows - i0 < kTransposeTile ? rows - i0 : kTransposeTile;
            for (int64_t j0 = 0; j0 < cols; j0 += kTransposeTile) {
                int64_t tile_cols = cols - j0 < kTransposeTile ? cols - j0 : kTransposeTile;
                loop(x_plane + j0 * x_col_step + i0 * size, x_col_step, out_plane + i0 * out_row_step + j0 * size,
                     out_row_step, tile_cols, tile_rows);
            }
        }
    });
    return true;
}

}  // namespace native
}  // namespace chainerx
