// The row loops of the native depthwise convolution (Note [Native depthwise convolution]) for one CPU level. No
// include guard: conv_depthwise.cc includes this file once per level, each time in its own namespace under its own
// `#pragma GCC target` (Note [CPU levels]), so that each copy vectorises for its level.
//
// A row is `run` outputs along the last axis; `window` is where its first output's window starts in the padded
// plane, and taps[q] is the shift of kernel offset q from there.

// dst[p] += sum over q of w[q] · window[taps[q] + p · stride] (the forward product of one output row).
template <typename T>
void ForwardRow(T* dst, const T* w, const T* window, const int64_t* taps, int64_t k, int64_t stride, int64_t run) {
    for (int64_t q = 0; q < k; ++q) {
        const T tap = w[q];
        const T* src = window + taps[q];
        if (stride == 1) {
            for (int64_t p = 0; p < run; ++p) {
                dst[p] += tap * src[p];
            }
        } else {
            for (int64_t p = 0; p < run; ++p) {
                dst[p] += tap * src[p * stride];
            }
        }
    }
}

// window[taps[q] + p · stride] += w[q] · gy[p] for every q (one row's part of the input gradient).
template <typename T>
void TransposeRow(T* window, const T* w, const int64_t* taps, int64_t k, const T* gy, int64_t stride, int64_t run) {
    for (int64_t q = 0; q < k; ++q) {
        const T tap = w[q];
        T* dst = window + taps[q];
        if (stride == 1) {
            for (int64_t p = 0; p < run; ++p) {
                dst[p] += tap * gy[p];
            }
        } else {
            for (int64_t p = 0; p < run; ++p) {
                dst[p * stride] += tap * gy[p];
            }
        }
    }
}

// sums[q · run + p] += gy[p] · window[taps[q] + p · stride] (one row's part of the weight gradient, per position).
template <typename T>
void GradWeightRow(
        T* sums, const T* gy, const T* window, const int64_t* taps, int64_t k, int64_t stride, int64_t run) {
    for (int64_t q = 0; q < k; ++q) {
        T* dst = sums + q * run;
        const T* src = window + taps[q];
        if (stride == 1) {
            for (int64_t p = 0; p < run; ++p) {
                dst[p] += gy[p] * src[p];
            }
        } else {
            for (int64_t p = 0; p < run; ++p) {
                dst[p] += gy[p] * src[p * stride];
            }
        }
    }
}

template <typename T>
constexpr DepthwiseRows<T> kRows{ForwardRow<T>, TransposeRow<T>, GradWeightRow<T>};
