// The fused float16 loops of one CPU level: the body that per_cpu_level.h compiles once per level for
// native/half_elementwise.h (kVectorBytes declared before it). No include guard (see per_cpu_level.h).
//
// Each loop widens kHalfLanes values into registers (AVX-512F's or F16C's conversions, the software one at the
// baseline), applies the formula's float case to them, compiled and vectorised for this level, and rounds the
// results back: one pass over the halves, where the chunked loops of half_elementwise.h make three (Note
// [Fused float16 loops] there).

constexpr int64_t kHalfLanes = 16;

// out[0, 16) = x[0, 16) as floats. A template only so that the other levels' intrinsics are never instantiated.
template <int kBytes>
inline void WidenHalfLanes(const Float16* x, float* out) {
    if constexpr (kBytes == 64) {
        // The zero-masked forms: GCC 12 warns that the plain ones' undefined pass-through may be uninitialised.
        _mm512_storeu_ps(
                out, _mm512_maskz_cvtph_ps(0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x))));
    } else if constexpr (kBytes == 32) {
        _mm256_storeu_ps(out, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x))));
        _mm256_storeu_ps(out + 8, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 8))));
    } else {
        for (int64_t i = 0; i < kHalfLanes; ++i) {
            out[i] = static_cast<float>(x[i]);
        }
    }
}

// out[0, 16) = x[0, 16) rounded to the nearest half (ties to even), as Float16{float} rounds.
template <int kBytes>
inline void NarrowHalfLanes(const float* x, Float16* out) {
    if constexpr (kBytes == 64) {
        _mm256_storeu_si256(
                reinterpret_cast<__m256i*>(out),
                _mm512_maskz_cvtps_ph(0xFFFF, _mm512_loadu_ps(x), _MM_FROUND_TO_NEAREST_INT));
    } else if constexpr (kBytes == 32) {
        _mm_storeu_si128(
                reinterpret_cast<__m128i*>(out), _mm256_cvtps_ph(_mm256_loadu_ps(x), _MM_FROUND_TO_NEAREST_INT));
        _mm_storeu_si128(
                reinterpret_cast<__m128i*>(out + 8),
                _mm256_cvtps_ph(_mm256_loadu_ps(x + 8), _MM_FROUND_TO_NEAREST_INT));
    } else {
        for (int64_t i = 0; i < kHalfLanes; ++i) {
            out[i] = Float16{x[i]};
        }
    }
}

// The conversion loops of native/half_convert.h at this level: n values widened (or rounded), 16 at a time, the rest
// through a zero-padded group so that every value takes the same instructions. At the AVX-512 level the 64-byte
// stores also matter: the level's float loops that read the widened values load 64 bytes at a time, and a load that
// spans two of F16C's 32-byte stores cannot be forwarded from them (it waits for both to reach the cache); widening
// 2^21 halves for the float32 sum's folds took 0.24 ms that way, as long as the sum itself.
template <typename From, typename To, void (*kGroup)(const From*, To*)>
inline void ConvertInGroups(const From* x, To* out, int64_t n) {
    int64_t i = 0;
    for (; i + kHalfLanes <= n; i += kHalfLanes) {
        kGroup(x + i, out + i);
    }
    if (i < n) {
        From padded[kHalfLanes]{};
        To converted[kHalfLanes];
        std::copy(x + i, x + n, padded);
        kGroup(padded, converted);
        std::copy(converted, converted + (n - i), out + i);
    }
}

inline void WidenHalves(const Float16* x, float* out, int64_t n) {
    ConvertInGroups<Float16, float, WidenHalfLanes<kVectorBytes>>(x, out, n);
}

inline void NarrowFloats(const float* x, Float16* out, int64_t n) {
    ConvertInGroups<float, Float16, NarrowHalfLanes<kVectorBytes>>(x, out, n);
}

// out = f(lanes...) for n values of each of the kArity operand runs; f computes on kHalfLanes floats of each
// operand in place in the first one. The last partial group goes through zero-padded copies, so that every value
// takes the same instructions.
template <int kArity, typename LaneFunction>
inline void RunHalfLanes(const std::array<const Float16*, kArity>& in, Float16* out, int64_t n, LaneFunction f) {
    float lanes[kArity][kHalfLanes];
    int64_t i = 0;
    for (; i + kHalfLanes <= n; i += kHalfLanes) {
        for (int k = 0; k < kArity; ++k) {
            WidenHalfLanes<kVectorBytes>(in[k] + i, lanes[k]);
        }
        f(lanes);
        NarrowHalfLanes<kVectorBytes>(lanes[0], out + i);
    }
    if (i < n) {
        const int64_t rest = n - i;
        Float16 padded[kHalfLanes]{};
        for (int k = 0; k < kArity; ++k) {
            std::copy(in[k] + i, in[k] + n, padded);
            WidenHalfLanes<kVectorBytes>(padded, lanes[k]);
        }
        f(lanes);
        NarrowHalfLanes<kVectorBytes>(lanes[0], padded);
        std::copy(padded, padded + rest, out + i);
    }
}

template <typename Op>
void HalfUnaryLoop(const Float16* x, Float16* out, int64_t n) {
    RunHalfLanes<1>({x}, out, n, [](float(&lanes)[1][kHalfLanes]) {
        for (int64_t j = 0; j < kHalfLanes; ++j) {
            lanes[0][j] = Op{}(lanes[0][j]);
        }
    });
}

template <typename Op>
void HalfBinaryLoop(const Float16* a, const Float16* b, Float16* out, int64_t n) {
    RunHalfLanes<2>({a, b}, out, n, [](float(&lanes)[2][kHalfLanes]) {
        for (int64_t j = 0; j < kHalfLanes; ++j) {
            lanes[0][j] = Op{}(lanes[0][j], lanes[1][j]);
        }
    });
}

// out = op(x, s), or op(s, x) when kScalarFirst, for a scalar s already widened.
template <typename Op, bool kScalarFirst>
void HalfBinaryScalarLoop(const Float16* x, float s, Float16* out, int64_t n) {
    RunHalfLanes<1>({x}, out, n, [s](float(&lanes)[1][kHalfLanes]) {
        for (int64_t j = 0; j < kHalfLanes; ++j) {
            lanes[0][j] = kScalarFirst ? Op{}(s, lanes[0][j]) : Op{}(lanes[0][j], s);
        }
    });
}
