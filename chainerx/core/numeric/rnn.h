// Scalar formulas of the LSTM cell (Lstm in routines/rnn.h) for one element, in the compute type C (float for
// float16): the forward of the fused kernels and their gradients, on the host and on the device.
#pragma once

#include <cstdint>

#include "chainerx/core/numeric/activation.h"
#include "chainerx/core/numeric/host_device.h"
#include "chainerx/core/numeric/hyperbolic.h"

namespace chainerx {
namespace numeric {

// The sizes the cell's element loops index with, for a cell state (B, H, R...) of `total` elements: hr = H * r and
// r, the trailing size (1 where an axis is empty, when there is no element anyway).
struct LstmLayout {
    int64_t hr;
    int64_t r;
};

inline LstmLayout GetLstmLayout(int64_t total, int64_t batch, int64_t units) {
    const int64_t hr = batch == 0 ? 1 : total / batch;
    return {hr, units == 0 ? 1 : hr / units};
}

// The position in the interleaved gates x (B, 4H, R...) of gate k (0: a, 1: i, 2: f, 3: o) of element e of the cell
// state (B, H, R...), both C-contiguous; hr is H times the trailing size r.
CHAINERX_HOST_DEVICE inline int64_t LstmGateIndex(int64_t e, int64_t k, int64_t hr, int64_t r) {
    const int64_t in_row = e % hr;
    return e / hr * 4 * hr + (4 * (in_row / r) + k) * r + in_row % r;
}

// The activated gates of one unit (ta = tanh(a) of the cell input, si, sf, so the sigmoids of the input, forget and
// output gates) and the new cell state c_new = ta si + sf c from the previous one c.
template <typename C>
struct LstmGates {
    C ta;
    C si;
    C sf;
    C so;
    C c_new;
};

template <typename C>
CHAINERX_HOST_DEVICE LstmGates<C> ActivatedLstmGates(C ta, C si, C sf, C so, C c) {
    return {ta, si, sf, so, ta * si + sf * c};
}

// From the pre-activations a, i, f, o.
template <typename C>
CHAINERX_HOST_DEVICE LstmGates<C> ComputeLstmGates(C a, C i, C f, C o, C c) {
    return ActivatedLstmGates(Tanh{}(a), Sigmoid{}(i), Sigmoid{}(f), Sigmoid{}(o), c);
}

// The gradients of the pre-activations (ga, gi, gf, go) and of the previous cell state c.
template <typename C>
struct LstmGateGrads {
    C ga;
    C gi;
    C gf;
    C go;
    C gc_prev;
};

// Given the gradients gc of c_new and gh of h = so tc, with tc = tanh(c_new).
template <typename C>
CHAINERX_HOST_DEVICE LstmGateGrads<C> LstmGradsWithTanh(const LstmGates<C>& s, C tc, C c, C gc, C gh) {
    const C g = gc + gh * s.so * (C{1} - tc * tc);  // of c_new, through h too
    return {g * s.si * (C{1} - s.ta * s.ta),
            g * s.ta * s.si * (C{1} - s.si),
            g * c * s.sf * (C{1} - s.sf),
            gh * tc * s.so * (C{1} - s.so),
            g * s.sf};
}

template <typename C>
CHAINERX_HOST_DEVICE LstmGateGrads<C> LstmGrads(const LstmGates<C>& s, C c, C gc, C gh) {
    return LstmGradsWithTanh(s, Tanh{}(s.c_new), c, gc, gh);
}

// The gates of element e of the cell state c, read from c and the gates x (of element type T) through to_c, which
// converts a T to C (the backends' casts differ: Float16 on the host, __half on the device).
template <typename C, typename T, typename ToC>
CHAINERX_HOST_DEVICE LstmGates<C> LoadLstmGates(const T* c, const T* x, int64_t e, int64_t hr, int64_t r, ToC to_c) {
    return ComputeLstmGates<C>(to_c(x[LstmGateIndex(e, 0, hr, r)]),
                               to_c(x[LstmGateIndex(e, 1, hr, r)]),
                               to_c(x[LstmGateIndex(e, 2, hr, r)]),
                               to_c(x[LstmGateIndex(e, 3, hr, r)]),
                               to_c(c[e]));
}

// Writes element e's gradients: the gates' into gx (interleaved as x) and the previous cell state's into gc_prev,
// through to_t, which converts a C to T.
template <typename C, typename T, typename ToT>
CHAINERX_HOST_DEVICE void StoreLstmGrads(
        const LstmGateGrads<C>& g, int64_t e, int64_t hr, int64_t r, T* gx, T* gc_prev, ToT to_t) {
    gx[LstmGateIndex(e, 0, hr, r)] = to_t(g.ga);
    gx[LstmGateIndex(e, 1, hr, r)] = to_t(g.gi);
    gx[LstmGateIndex(e, 2, hr, r)] = to_t(g.gf);
    gx[LstmGateIndex(e, 3, hr, r)] = to_t(g.go);
    gc_prev[e] = to_t(g.gc_prev);
}

}  // namespace numeric
}  // namespace chainerx
