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
// same. kBlock has a single call site, so a single inlined copy: were the full blocks and the padded one two copies,
// the compiler could vectorise and fuse them differently (it did, for expm1, when this file grew), and an element's
// result would depend on whether it falls in the last block.
template <void (*kBlock)(const float*, float*), int64_t kBlockLanes>
void BlockLoop(const float* x, float* out, int64_t n) {
    alignas(64) float padded_x[kBlockLanes];
    alignas(64) float padded_out[kBlockLanes];
    for (int64_t i = 0; i < n; i += kBlockLanes) {
        int64_t m = n - i < kBlockLanes ? n - i : kBlockLanes;
        bool padded = m < kBlockLanes;
        if (padded) {
            std::fill(padded_x, padded_x + kBlockLanes, 0.0F);
            std::memcpy(padded_x, x + i, m * sizeof(float));
        }
        kBlock(padded ? padded_x : x + i, padded ? padded_out : out + i);
        if (padded) {
            std::memcpy(out + i, padded_out, m * sizeof(float));
        }
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

// Binary blocks compute into a buffer of lanes, then copy it out: out may be a or b.
template <float (*kFunction)(float, float)>
inline void BinaryBlock(const float* a, const float* b, float* out) {
    alignas(64) float lanes[kLanes];
    for (int64_t j = 0; j < kLanes; ++j) {
        lanes[j] = kFunction(a[j], b[j]);
    }
    std::memcpy(out, lanes, sizeof(lanes));
}

// fmod for every lane (Note [Exact float fmod]: the fast formula, std::fmod for the lanes it does not serve), then
// kFromFmod(a, b, mod) per lane.
template <float (*kFromFmod)(float, float, float)>
inline void FmodBlock(const float* a, const float* b, float* out) {
    alignas(64) float mod[kLanes];
    alignas(64) int32_t slow[kLanes];
    int32_t any_slow = 0;
    for (int64_t j = 0; j < kLanes; ++j) {
        mod[j] = numeric::FmodFloatFast(a[j], b[j]);
        slow[j] = numeric::FmodFloatFastApplies(a[j], b[j]) ? 0 : 1;  // shares the division with the line above
        any_slow |= slow[j];
    }
    for (int64_t j = 0; any_slow != 0 && j < kLanes; ++j) {
        if (slow[j] != 0) {
            mod[j] = std::fmod(a[j], b[j]);
        }
    }
    for (int64_t j = 0; j < kLanes; ++j) {
        mod[j] = kFromFmod(a[j], b[j], mod[j]);
    }
    std::memcpy(out, mod, sizeof(mod));
}

// result * power^kBits by SmallIntegerPowerFloat's products: one per set bit of kBits, and the squares between,
// unrolled at compile time (a loop over the bits, even of a constant, is left for the vectoriser to refuse).
template <uint32_t kBits>
inline double PowerProducts(double power, double result) {
    if constexpr (kBits == 0) {
        return result;
    } else {
        if constexpr ((kBits & 1U) != 0) {
            result *= power;
        }
        if constexpr (kBits > 1) {
            power *= power;
        }
        return PowerProducts<(kBits >> 1U)>(power, result);
    }
}

// x ** n for |n| = kBits (and 1 / x^|n| when kReciprocal), by the products of numeric::SmallIntegerPowerFloat in
// the same order, so to the same bits. The exponent is a constant here, so the products unroll and each lane's
// power and result stay in registers (with the exponent's bits tested at run time, once per block, the lanes went
// through the stack at every product: x ** 3 on 2^21 float32 took 0.62 ms, PyTorch 0.43).
template <uint32_t kBits, bool kReciprocal>
void SmallIntegerPowerLanes(const float* a, float* out) {
    alignas(64) float lanes[kLanes];
    for (int64_t j = 0; j < kLanes; ++j) {
        const double result = PowerProducts<kBits>(a[j], 1.0);
        lanes[j] = static_cast<float>(kReciprocal ? 1.0 / result : result);
    }
    std::memcpy(out, lanes, sizeof(lanes));
}

using PowerLanes = void (*)(const float*, float*);

// SmallIntegerPowerLanes for every |n| <= kSmallIntegerPowerMax, indexed by |n|, then the same for n < 0.
template <uint32_t... kBits>
constexpr std::array<PowerLanes, 2 * sizeof...(kBits)> MakePowerLanesTable(std::integer_sequence<uint32_t, kBits...>) {
    return {SmallIntegerPowerLanes<kBits, false>..., SmallIntegerPowerLanes<kBits, true>...};
}

constexpr auto kPowerLanesTable =
        MakePowerLanesTable(std::make_integer_sequence<uint32_t, numeric::kSmallIntegerPowerMax + 1>{});

// x ** n for the one exponent n of the block (kSmallIntegerPower's b is uniform: FloatMathBinaryFunction).
inline void SmallIntegerPowerBlock(const float* a, const float* b, float* out) {
    auto exponent = static_cast<int32_t>(b[0]);
    auto magnitude = static_cast<size_t>(exponent < 0 ? -exponent : exponent);
    kPowerLanesTable[magnitude + (exponent < 0 ? numeric::kSmallIntegerPowerMax + 1 : 0)](a, out);
}

// As BlockLoop, for two operands; the padding is ones, which keeps the padded lanes on fmod's fast path.
template <void (*kBlock)(const float*, const float*, float*)>
void BinaryBlockLoop(const float* a, const float* b, float* out, int64_t n) {
    alignas(64) float padded_a[kLanes];
    alignas(64) float padded_b[kLanes];
    alignas(64) float padded_out[kLanes];
    for (int64_t i = 0; i < n; i += kLanes) {
        int64_t m = n - i < kLanes ? n - i : kLanes;
        bool padded = m < kLanes;
        if (padded) {
            std::fill(padded_a, padded_a + kLanes, 1.0F);
            std::fill(padded_b, padded_b + kLanes, 1.0F);
            std::memcpy(padded_a, a + i, m * sizeof(float));
            std::memcpy(padded_b, b + i, m * sizeof(float));
        }
        kBlock(padded ? padded_a : a + i, padded ? padded_b : b + i, padded ? padded_out : out + i);
        if (padded) {
            std::memcpy(out + i, padded_out, m * sizeof(float));
        }
    }
}

inline float FmodOf(float /*a*/, float /*b*/, float mod) { return mod; }
inline float RemainderOf(float /*a*/, float b, float mod) { return numeric::RemainderFromFmod(b, mod); }
inline float FloorDivideOf(float a, float b, float mod) { return numeric::FloorDivideFromFmod(a, b, mod); }

// Indexed by FloatMathBinaryFunction.
constexpr FloatMathBinaryLoop kBinaryLoops[kFloatMathBinaryFunctionCount] = {
        BinaryBlockLoop<FmodBlock<FmodOf>>,
        BinaryBlockLoop<FmodBlock<RemainderOf>>,
        BinaryBlockLoop<FmodBlock<FloorDivideOf>>,
        BinaryBlockLoop<BinaryBlock<numeric::Atan2Float>>,
        BinaryBlockLoop<SmallIntegerPowerBlock>};

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
