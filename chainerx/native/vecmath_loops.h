// The float-math loops of native/vecmath.h for one CPU level. No include guard: vecmath.cc includes this file
// once per level, each time in its own namespace under its own `#pragma GCC target`, and the formulas of
// core/numeric/float_math.h are inlined into each copy, so each copy vectorises for its level.

void ExpLoop(const float* x, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = numeric::ExpFloat(x[i]);
    }
}

void LogLoop(const float* x, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = numeric::LogFloat(x[i]);
    }
}

void TanhLoop(const float* x, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = numeric::TanhFloat(x[i]);
    }
}

void SigmoidLoop(const float* x, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = numeric::SigmoidFloat(x[i]);
    }
}

void ErfLoop(const float* x, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        out[i] = numeric::ErfFloat(x[i]);
    }
}

// The reduced formula for every element of a block (vectorised), then std::sin/std::cos for the rare elements
// beyond its range. The block buffer keeps x intact until it has been patched, so that x and out may be the same.
template <int32_t kQuadrantShift>
void SinCosLoop(const float* x, float* out, int64_t n) {
    constexpr int64_t kBlock = 256;
    float block[kBlock];
    for (int64_t begin = 0; begin < n; begin += kBlock) {
        int64_t m = n - begin < kBlock ? n - begin : kBlock;
        const float* xb = x + begin;
        for (int64_t i = 0; i < m; ++i) {
            block[i] = numeric::SinCosFloatReduced(xb[i], kQuadrantShift);
        }
        for (int64_t i = 0; i < m; ++i) {
            if (!(std::fabs(xb[i]) < numeric::kSinCosMaxArg)) {
                block[i] = kQuadrantShift == 0 ? std::sin(xb[i]) : std::cos(xb[i]);
            }
        }
        std::memcpy(out + begin, block, m * sizeof(float));
    }
}

// Indexed by FloatMathFunction.
constexpr FloatMathLoop kLoops[kFloatMathFunctionCount] = {
        ExpLoop, LogLoop, TanhLoop, SigmoidLoop, ErfLoop, SinCosLoop<0>, SinCosLoop<1>};
