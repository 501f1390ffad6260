// Softmax, log-softmax, their gradients and logsumexp along the rows of C-contiguous float32 and float64 arrays,
// compiled for each CPU level (native/cpu_level.h) as the float-math loops are (native/vecmath.h), and picked at run
// time. Each function takes `rows` consecutive rows of n > 0 elements; softmax.cc splits the rows over the thread
// pool (Note [Native softmax rows]).
#pragma once

#include <cstdint>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

template <typename T>
struct SoftmaxRowLoops {
    // y = softmax(x) or log_softmax(x) along each row.
    void (*softmax)(const T* x, T* y, int64_t rows, int64_t n);
    void (*log_softmax)(const T* x, T* y, int64_t rows, int64_t n);
    // gx from the outputs y and their gradients gy.
    void (*softmax_grad)(const T* y, const T* gy, T* gx, int64_t rows, int64_t n);
    void (*log_softmax_grad)(const T* y, const T* gy, T* gx, int64_t rows, int64_t n);
    // out[r] = log(sum(exp(x[r, :]))).
    void (*logsumexp)(const T* x, T* out, int64_t rows, int64_t n);
};

// The loops compiled for GetCpuLevel(); T is float or double.
template <typename T>
const SoftmaxRowLoops<T>& GetSoftmaxRowLoops();

// The loops compiled for `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
template <typename T>
const SoftmaxRowLoops<T>& GetSoftmaxRowLoopsAt(CpuLevel level);

}  // namespace native
}  // namespace chainerx
