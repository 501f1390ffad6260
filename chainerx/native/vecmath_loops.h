// The float-math loops of native/vecmath.h for one CPU level. No include guard: vecmath.cc compiles this file once
// per level (native/per_cpu_level.h), and the formulas of core/numeric/float_math.h are inlined into each copy, so
// each copy vectorises for its level.
//
// Every element goes through the same block of lanes (a partial last block is padded), never through a scalar
// remainder loop: at the FMA levels, the compiler fuses the operations of a scalar loop and of a vector loop
// differently, and an element's result would then depend on where a run starts, that is on the thread count.
// Lanes per block, measured on 10^7 float32 at the AVX-512 level (one thread): 64 for the polynomial functions
// (exp/log/tanh 4.3/6.1/7.3 ms; 16 lanes: 4.2/6.9/7.7 ms), 16 for sin and cos (10.7 ms; 64 lanes: 14.9 ms).

constexpr int64_t kLanes = 64;
constexpr int64_t kSinCosLanes = 16;

// out[j] = kFunction(x[j]) for the kLanes elements of a block (the loop vectorises completely).
template <float (*kFunction)(float)>
inline void Block(const float* x, float* out) {
    for (int64_t j = 0; j < kLanes; ++j) {
        out[j] = kFunction(x[j]);
    }
}

// sin, cos or tan for the kSinCosLanes elements of a block: the reduced formula for every lane, then the libm
// function for the rare lanes beyond its range. The lanes are computed into a buffer so that x is intact when it
// is patched (x and out may be the same).
template <float (*kReduced)(float), float (*kLibm)(float)>
inline void SinCosBlock(const float* x, float* out) {
    alignas(64) float lanes[kSinCosLanes];
    for (int64_t j = 0; j < kSinCosLanes; ++j) {
        lanes[j] = kReduced(x[j]);
    }
    for (int64_t j = 0; j < kSinCosLanes; ++j) {
        if (!(std::fabs(x[j]) < numeric::kSinCosMaxArg)) {
            lanes[j] = kLibm(x[j]);
        }
    }
    std::memcpy(out, lanes, sizeof(lanes));
}

// Applies kBlock, of kBlockLanes lanes, to every block of n elements, the last one padded. x and out may be the
// same.
template <void (*kBlock)(const float*, float*), int64_t kBlockLanes>
void BlockLoop(const float* x, float* out, int64_t n) {
    int64_t i = 0;
    for (; i + kBlockLanes <= n; i += kBlockLanes) {
        kBlock(x + i, out + i);
    }
    if (i < n) {
        alignas(64) float padded_x[kBlockLanes] = {};
        alignas(64) float padded_out[kBlockLanes];
        std::memcpy(padded_x, x + i, (n - i) * sizeof(float));
        kBlock(padded_x, padded_out);
        std::memcpy(out + i, padded_out, (n - i) * sizeof(float));
    }
}

template <float (*kFunction)(float)>
constexpr FloatMathLoop kLoopOf = BlockLoop<Block<kFunction>, kLanes>;

template <float (*kReduced)(float), float (*kLibm)(float)>
constexpr FloatMathLoop kSinCosLoopOf = BlockLoop<SinCosBlock<kReduced, kLibm>, kSinCosLanes>;

inline float SinReduced(float x) { return numeric::SinCosFloatReduced(x, 0); }
inline float CosReduced(float x) { return numeric::SinCosFloatReduced(x, 1); }
inline float SinLibm(float x) { return std::sin(x); }
inline float CosLibm(float x) { return std::cos(x); }
inline float TanLibm(float x) { return std::tan(x); }

// Compiled here, under the level's target, std::floor and std::ceil become a rounding instruction from AVX2 on.
inline float FloorFloat(float x) { return std::floor(x); }
inline float CeilFloat(float x) { return std::ceil(x); }
inline float SignFloat(float x) { return numeric::Sign{}(x); }
inline float ReciprocalFloat(float x) { return 1.0F / x; }
inline float SqrtFloat(float x) { return std::sqrt(x); }  // the instruction (-fno-math-errno, tools/copts.bzl)

// Indexed by FloatMathFunction.
constexpr FloatMathLoop kLoops[kFloatMathFunctionCount] = {
        kLoopOf<numeric::ExpFloat>,
        kLoopOf<numeric::LogFloat>,
        kLoopOf<numeric::TanhFloat>,
        kLoopOf<numeric::SigmoidFloat>,
        kLoopOf<numeric::ErfFloat>,
        kSinCosLoopOf<SinReduced, SinLibm>,
        kSinCosLoopOf<CosReduced, CosLibm>,
        kLoopOf<numeric::Log1pFloat>,
        kLoopOf<numeric::Expm1Float>,
        kLoopOf<FloorFloat>,
        kLoopOf<CeilFloat>,
        kLoopOf<numeric::Exp2Float>,
        kLoopOf<numeric::Log2Float>,
        kLoopOf<numeric::Log10Float>,
        kSinCosLoopOf<numeric::TanFloatReduced, TanLibm>,
        kLoopOf<numeric::AsinFloat>,
        kLoopOf<numeric::AcosFloat>,
        kLoopOf<numeric::AtanFloat>,
        kLoopOf<numeric::SinhFloat>,
        kLoopOf<numeric::CoshFloat>,
        kLoopOf<numeric::AsinhFloat>,
        kLoopOf<numeric::AcoshFloat>,
        kLoopOf<SignFloat>,
        kLoopOf<ReciprocalFloat>,
        kLoopOf<SqrtFloat>};
