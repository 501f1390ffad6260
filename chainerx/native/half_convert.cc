#include "chainerx/native/half_convert.h"

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "chainerx/core/dtype.h"
#include "chainerx/core/macro.h"
#include "chainerx/native/elementwise.h"

namespace chainerx {
namespace native {
namespace {

void ToHalfBaseline(const float* x, Float16* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = Float16{x[i]};
    }
}

void ToFloatBaseline(const Float16* x, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = static_cast<float>(x[i]);
    }
}

#pragma GCC push_options
#pragma GCC target("avx2,f16c")

// Eight values per instruction; the rest through a padded block, so every value takes the same instruction (the
// AVX-512 loops below hand their rest to these: the same rounding).
void ToHalfF16c(const float* x, Float16* out, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(x + i), _MM_FROUND_TO_NEAREST_INT);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), h);
    }
    if (i < n) {
        float padded[8] = {};
        uint16_t halves[8];
        std::memcpy(padded, x + i, (n - i) * sizeof(float));
        __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(padded), _MM_FROUND_TO_NEAREST_INT);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(halves), h);
        std::memcpy(out + i, halves, (n - i) * sizeof(uint16_t));
    }
}

void ToFloatF16c(const Float16* x, float* out, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i));
        _mm256_storeu_ps(out + i, _mm256_cvtph_ps(h));
    }
    if (i < n) {
        uint16_t halves[8] = {};
        float values[8];
        std::memcpy(halves, x + i, (n - i) * sizeof(uint16_t));
        _mm256_storeu_ps(values, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(halves))));
        std::memcpy(out + i, values, (n - i) * sizeof(float));
    }
}

#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")

// Sixteen values per instruction. Not only twice F16C's width: the float loops of this level that read the widened
// values load 64 bytes at a time, and a load that spans two of F16C's 32-byte stores cannot be forwarded from them
// (it waits for both to reach the cache). Widening 2^21 halves for the float32 sum's folds took 0.24 ms that way,
// as long as the sum itself. The zero-masked forms: GCC 12 warns that the plain ones' undefined pass-through may
// be uninitialised.
void ToHalfAvx512(const float* x, Float16* out, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i h = _mm512_maskz_cvtps_ph(0xFFFF, _mm512_loadu_ps(x + i), _MM_FROUND_TO_NEAREST_INT);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), h);
    }
    if (i < n) {
        ToHalfF16c(x + i, out + i, n - i);
    }
}

void ToFloatAvx512(const Float16* x, float* out, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i));
        _mm512_storeu_ps(out + i, _mm512_maskz_cvtph_ps(0xFFFF, h));
    }
    if (i < n) {
        ToFloatF16c(x + i, out + i, n - i);
    }
}

#pragma GCC pop_options

constexpr HalfConversionLoops kBaselineLoops{ToHalfBaseline, ToFloatBaseline};
constexpr HalfConversionLoops kF16cLoops{ToHalfF16c, ToFloatF16c};
constexpr HalfConversionLoops kAvx512Loops{ToHalfAvx512, ToFloatAvx512};

// Both vector levels have F16C (GetCpuSupportedLevel).
const HalfConversionLoops& LoopsAt(CpuLevel level) {
    return SelectByCpuLevel<const HalfConversionLoops&>(level, kBaselineLoops, kF16cLoops, kAvx512Loops);
}

}  // namespace

const HalfConversionLoops& GetHalfConversionLoops() {
    static const HalfConversionLoops& loops = LoopsAt(GetCpuLevel());
    return loops;
}

const HalfConversionLoops& GetHalfConversionLoopsAt(CpuLevel level) {
    CheckCpuLevelSupported(level);
    return LoopsAt(level);
}

void ConvertHalfElementwise(const Array& x, const Array& out) {
    const HalfConversionLoops& loops = GetHalfConversionLoops();
    if (out.dtype() == Dtype::kFloat16) {
        CHAINERX_ASSERT(x.dtype() == Dtype::kFloat32);
        ContiguousLoopElementwise<float, Float16>(x, out, loops.to_half);
    } else {
        CHAINERX_ASSERT(x.dtype() == Dtype::kFloat16 && out.dtype() == Dtype::kFloat32);
        ContiguousLoopElementwise<Float16, float>(x, out, loops.to_float);
    }
}

}  // namespace native
}  // namespace chainerx
