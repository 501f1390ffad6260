// The loops of native/activation_loops.h for one CPU level. No include guard: activation_loops.cc compiles this file
// once per level (native/per_cpu_level.h). As in vecmath_loops.h, every
// element goes through the same block of kLanes lanes (a partial last block is padded), so that an element's result
// does not depend on where a run starts, that is on the thread count.

constexpr int64_t kLanes = 64;

template <typename Op>
void ParamLoop(const float* x, float param, float* out, int64_t n) {
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        for (int64_t j = 0; j < kLanes; ++j) {
            out[i + j] = Op{}(x[i + j], param);
        }
    }
    if (i < n) {
        alignas(64) float padded_x[kLanes] = {};
        alignas(64) float padded_out[kLanes];
        std::memcpy(padded_x, x + i, (n - i) * sizeof(float));
        for (int64_t j = 0; j < kLanes; ++j) {
            padded_out[j] = Op{}(padded_x[j], param);
        }
        std::memcpy(out + i, padded_out, (n - i) * sizeof(float));
    }
}

template <typename Op>
void ParamGradLoop(const float* gout, const float* x, float param, float* out, int64_t n) {
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        for (int64_t j = 0; j < kLanes; ++j) {
            out[i + j] = Op{}(gout[i + j], x[i + j], param);
        }
    }
    if (i < n) {
        alignas(64) float padded_gout[kLanes] = {};
        alignas(64) float padded_x[kLanes] = {};
        alignas(64) float padded_out[kLanes];
        std::memcpy(padded_gout, gout + i, (n - i) * sizeof(float));
        std::memcpy(padded_x, x + i, (n - i) * sizeof(float));
        for (int64_t j = 0; j < kLanes; ++j) {
            padded_out[j] = Op{}(padded_gout[j], padded_x[j], param);
        }
        std::memcpy(out + i, padded_out, (n - i) * sizeof(float));
    }
}

// Indexed by ParamActivation.
constexpr ParamActivationLoop kLoops[kParamActivationCount] = {ParamLoop<numeric::Elu>, ParamLoop<numeric::Softplus>};
constexpr ParamActivationGradLoop kGradLoops[kParamActivationCount] = {
        ParamGradLoop<numeric::EluGrad>, ParamGradLoop<numeric::SoftplusGrad>};
