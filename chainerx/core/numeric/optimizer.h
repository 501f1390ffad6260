// Scalar formulas of the fused optimizer updates (routines/optimizer.h), shared by the native and CUDA kernels.
//
// A rule holds its hyperparameters (Python floats, computed per step by the update rule, bias corrections
// included) and updates one element of the parameter and of its states in place:
//
//     numeric::MomentumSgdRule rule{0.01, 0.9};
//     rule(p, g, v);  // v = 0.9 * v - 0.01 * g; p += v
//
// Elements compute in ComputeType<T> (float for float16, the array's type otherwise); each hyperparameter is
// rounded to that type where it meets an element, as NumPy rounds a Python float that meets a float32 array.
// kStates is the number of state arrays after param and grad, in the order of the routine's arguments.
#pragma once

#include <cmath>

#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// p -= lr * g
struct SgdRule {
    static constexpr int kStates = 0;
    double lr;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g) const {
        p -= static_cast<C>(lr) * g;
    }
};

// v = momentum * v - lr * g; p += v
struct MomentumSgdRule {
    static constexpr int kStates = 1;
    double lr;
    double momentum;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& v) const {
        v = static_cast<C>(momentum) * v - static_cast<C>(lr) * g;
        p += v;
    }
};

// v = momentum * v - g; p += lr * v
struct CorrectedMomentumSgdRule {
    static constexpr int kStates = 1;
    double lr;
    double momentum;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& v) const {
        v = static_cast<C>(momentum) * v - g;
        p += static_cast<C>(lr) * v;
    }
};

// Nesterov's accelerated gradient: v = momentum * v - lr * g; p += momentum^2 * v - (1 + momentum) * lr * g
struct NesterovAgRule {
    static constexpr int kStates = 1;
    double lr;
    double momentum;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& v) const {
        v = static_cast<C>(momentum) * v - static_cast<C>(lr) * g;
        p += static_cast<C>(momentum * momentum) * v - static_cast<C>((1 + momentum) * lr) * g;
    }
};

// h += g^2; p -= lr * g / (sqrt(h) + eps)
struct AdaGradRule {
    static constexpr int kStates = 1;
    double lr;
    double eps;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& h) const {
        h += g * g;
        p -= static_cast<C>(lr) * g / (std::sqrt(h) + static_cast<C>(eps));
    }
};

// msg = rho * msg + (1 - rho) * g^2; dx = sqrt((msdx + eps) / (msg + eps)) * g;
// msdx = rho * msdx + (1 - rho) * dx^2; p -= dx
struct AdaDeltaRule {
    static constexpr int kStates = 2;
    double rho;
    double eps;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& msg, C& msdx) const {
        const C rho_c = static_cast<C>(rho);
        const C one_minus_rho = static_cast<C>(1 - rho);
        const C eps_c = static_cast<C>(eps);
        msg = rho_c * msg + one_minus_rho * g * g;
        C dx = std::sqrt((msdx + eps_c) / (msg + eps_c)) * g;
        msdx = rho_c * msdx + one_minus_rho * dx * dx;
        p -= dx;
    }
};

// ms = alpha * ms + (1 - alpha) * g^2; p -= lr * g / (eps_inside_sqrt ? sqrt(ms + eps) : sqrt(ms) + eps)
struct RmsPropRule {
    static constexpr int kStates = 1;
    double lr;
    double alpha;
    double eps;
    bool eps_inside_sqrt;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& ms) const {
        const C eps_c = static_cast<C>(eps);
        ms = static_cast<C>(alpha) * ms + static_cast<C>(1 - alpha) * g * g;
        C denom = eps_inside_sqrt ? std::sqrt(ms + eps_c) : std::sqrt(ms) + eps_c;
        p -= static_cast<C>(lr) * g / denom;
    }
};

// Graves' RMSprop: n = alpha * n + (1 - alpha) * g^2; g_avg = alpha * g_avg + (1 - alpha) * g;
// delta = momentum * delta - lr * g / sqrt(n - g_avg^2 + eps); p += delta
struct RmsPropGravesRule {
    static constexpr int kStates = 3;
    double lr;
    double alpha;
    double momentum;
    double eps;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& n, C& g_avg, C& delta) const {
        const C alpha_c = static_cast<C>(alpha);
        const C one_minus_alpha = static_cast<C>(1 - alpha);
        n = alpha_c * n + one_minus_alpha * g * g;
        g_avg = alpha_c * g_avg + one_minus_alpha * g;
        C rms = std::sqrt(n - g_avg * g_avg + static_cast<C>(eps));
        delta = static_cast<C>(momentum) * delta - static_cast<C>(lr) * g / rms;
        p += delta;
    }
};

// The hyperparameters of Adam and its variants (AdamW: weight_decay_rate; AdaBound/AMSBound: the step bounds,
// -inf and inf when unbounded; AMSGrad/AMSBound: AmsGradRule).
struct AdamHyperparameters {
    double alpha_t;
    double beta1;
    double beta2;
    double eps;
    double eta;
    double weight_decay_rate;
    double lower_bound;
    double upper_bound;

    // m += (1 - beta1) * (g - m); v += (1 - beta2) * (g^2 - v)
    template <typename C>
    CHAINERX_HOST_DEVICE void UpdateMoments(C g, C& m, C& v) const {
        m += static_cast<C>(1 - beta1) * (g - m);
        v += static_cast<C>(1 - beta2) * (g * g - v);
    }

    // step = clip(alpha_t / (sqrt(s) + eps), lower_bound, upper_bound); p -= eta * (step * m + weight_decay_rate * p)
    template <typename C>
    CHAINERX_HOST_DEVICE void UpdateParam(C& p, C m, C s) const {
        C step = static_cast<C>(alpha_t) / (std::sqrt(s) + static_cast<C>(eps));
        step = ClipValue(step, static_cast<C>(lower_bound), static_cast<C>(upper_bound));
        p -= static_cast<C>(eta) * (step * m + static_cast<C>(weight_decay_rate) * p);
    }
};

// Adam, AdamW and AdaBound: the step uses v.
struct AdamRule {
    static constexpr int kStates = 2;
    AdamHyperparameters hp;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& m, C& v) const {
        hp.UpdateMoments(g, m, v);
        hp.UpdateParam(p, m, v);
    }
};

// AMSGrad and AMSBound: vhat = max(vhat, v) (NaN propagates), and the step uses vhat.
struct AmsGradRule {
    static constexpr int kStates = 3;
    AdamHyperparameters hp;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& m, C& v, C& vhat) const {
        hp.UpdateMoments(g, m, v);
        vhat = Maximum{}(vhat, v);
        hp.UpdateParam(p, m, vhat);
    }
};

// SMORMS3: r = 1 / (mem + 1); g_avg = (1 - r) * g_avg + r * g; g2 = (1 - r) * g2 + r * g^2;
// x = g_avg^2 / (g2 + eps); p -= g * min(lr, x) / (sqrt(g2) + eps); mem = 1 + mem * (1 - x)
struct Smorms3Rule {
    static constexpr int kStates = 3;
    double lr;
    double eps;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& mem, C& g_avg, C& g2) const {
        const C one{1};
        const C eps_c = static_cast<C>(eps);
        C r = one / (mem + one);
        g_avg = (one - r) * g_avg + r * g;
        g2 = (one - r) * g2 + r * g * g;
        C x = g_avg * g_avg / (g2 + eps_c);
        p -= g * Minimum{}(static_cast<C>(lr), x) / (std::sqrt(g2) + eps_c);
        mem = one + mem * (one - x);
    }
};

// MSVAG: m += (1 - beta1) * (g - m); v += (1 - beta2) * (g^2 - v); mt = m / bias1; vt = v / bias2;
// factor = 1 if rho >= 1, else with s = (vt - mt^2) / (1 - rho) and d = mt^2 + rho * s,
// factor = clip(mt^2 / d, 0, 1) if d > 0 else 0; p -= eta * (lr * factor * mt + weight_decay_rate * p)
struct MsvagRule {
    static constexpr int kStates = 2;
    double lr;
    double beta1;
    double beta2;
    double bias1;
    double bias2;
    double rho;
    double eta;
    double weight_decay_rate;

    template <typename C>
    CHAINERX_HOST_DEVICE void operator()(C& p, C g, C& m, C& v) const {
        const C zero{0};
        const C one{1};
        m += static_cast<C>(1 - beta1) * (g - m);
        v += static_cast<C>(1 - beta2) * (g * g - v);
        C mt = m / static_cast<C>(bias1);
        C factor = one;
        if (rho < 1) {
            C vt = v / static_cast<C>(bias2);
            C s = (vt - mt * mt) / static_cast<C>(1 - rho);
            C d = mt * mt + static_cast<C>(rho) * s;
            factor = d > zero ? ClipValue(mt * mt / d, zero, one) : zero;
        }
        p -= static_cast<C>(eta) * (static_cast<C>(lr) * factor * mt + static_cast<C>(weight_decay_rate) * p);
    }
};

}  // namespace numeric
}  // namespace chainerx
