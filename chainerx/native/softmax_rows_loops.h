// The softmax row loops of native/softmax_rows.h for one CPU level. No include guard: softmax_rows.cc compiles this
// file once per level (native/per_cpu_level.h), so that each copy vectorises for its level (float32's exponential is
// numeric::ExpFloat, inlined; float64's is std::exp).
//
// Note [Softmax row loops]
// Rows are short (10 class scores, 64 attention keys), so what a row costs beyond its elements matters as much as
// the elements. The loops that these replace (eight-lane folds through arrays, a NaN probe, exponentials of padded
// 64-lane blocks behind a function pointer) took 1.34 ms for a softmax of 16,384 rows of 64 float32 at AVX-512 on one
// thread, PyTorch 0.79 ms; these take 0.77 ms, and 9.7 ms against 26.1 ms (PyTorch 22.8) for rows of 3:
// - Running maxima and sums are vectors of the level's register width (GCC's vector extension; kVectorBytes),
//   reduced by lane rotations without a trip through memory.
// - The exponentials run over blocks of kBlockVectors vectors, then single vectors, then one padded vector, which
//   holds the shift in its padding (an exponential of 1, never a denormal, which costs a microcode assist a lane) and
//   is left out of the sum. The padded vector's exponentials are a function of their own (ExpOfVector): inlined
//   after the masked loads, GCC did not always vectorise them.
// - Plain sums (the gradients) add the elements past the last whole vector one by one.
// - Every sum adds in an order that depends on the row's length alone, so a row's results do not depend on where
//   the thread pool splits the rows (softmax_rows_test).
// - The maximum ignores NaN (vector comparisons): a NaN or an infinity in a row makes its exponential sum NaN, so
//   every output of the row NaN, whatever the shift. -inf among finite values is an exponential of 0.

// kVectorBytes, the width of the level's registers (16 at the baseline, 32 at AVX2, 64 at AVX-512), comes from
// native/per_cpu_level.h.
template <typename T>
struct VecOf;

template <>
struct VecOf<float> {
    typedef float type __attribute__((vector_size(kVectorBytes)));
};

template <>
struct VecOf<double> {
    typedef double type __attribute__((vector_size(kVectorBytes)));
};

template <typename T>
using Vec = typename VecOf<T>::type;

template <typename T>
constexpr int64_t kVecLanes = kVectorBytes / sizeof(T);

// Vectors per block of the exponential loops: independent chains for the CPU to overlap.
constexpr int64_t kBlockVectors = 4;

template <typename T>
constexpr int64_t kBlockLanes = kVecLanes<T> * kBlockVectors;

template <typename T>
inline Vec<T> LoadVec(const T* p) {
    Vec<T> v;
    std::memcpy(&v, p, sizeof(v));
    return v;
}

template <typename V>
inline V MaxVec(V a, V b) {
    return b > a ? b : a;
}

// v with its lanes rotated by kShift: lane j holds v's lane (j + kShift) mod the lane count.
template <int64_t kShift, typename V, size_t... kLane>
inline V RotateVec(V v, std::index_sequence<kLane...> /*lanes*/) {
    return __builtin_shufflevector(v, v, ((kLane + kShift) % sizeof...(kLane))...);
}

// v's lanes combined with op, pairwise (lane j with lane j + kWidth / 2, then with j + kWidth / 4, ...), in lane 0.
template <int64_t kWidth, typename V, typename Op>
inline V FoldVec(V v, Op op) {
    if constexpr (kWidth == 1) {
        return v;
    } else {
        constexpr size_t kLanes = sizeof(V) / sizeof(v[0]);
        return FoldVec<kWidth / 2>(op(v, RotateVec<kWidth / 2>(v, std::make_index_sequence<kLanes>{})), op);
    }
}

template <typename V, typename Op>
inline auto ReduceVec(V v, Op op) {
    return FoldVec<sizeof(V) / sizeof(v[0])>(v, op)[0];
}

template <typename V>
inline auto SumVec(V v) {
    return ReduceVec(v, [](V a, V b) { return a + b; });
}

template <typename T>
inline T RowExp(T x) {
    if constexpr (std::is_same<T, float>::value) {
        return numeric::ExpFloat(x);
    } else {
        return std::exp(x);
    }
}

// The row's maximum, by comparisons that vectorise (a NaN in the row may or may not come out). The results of the
// loops do not depend on it for such rows: a NaN or an infinity in the row makes its exponential sum NaN, so every
// output of the row NaN, whatever the shift.
template <typename T>
inline T RowMax(const T* x, int64_t n) {
    Vec<T> lanes = Vec<T>{} + x[0];
    int64_t k = 0;
    for (; k + kVecLanes<T> <= n; k += kVecLanes<T>) {
        lanes = MaxVec(lanes, LoadVec(x + k));
    }
    T max = ReduceVec(lanes, [](Vec<T> a, Vec<T> b) { return MaxVec(a, b); });
    for (; k < n; ++k) {
        max = x[k] > max ? x[k] : max;  // a maximum does not depend on the order
    }
    return max;
}

// Calls full(k) for the whole vectors of a row of n elements at k, in blocks of kBlockVectors where it can, then
// last(k, m) for the m < kVecLanes elements left at k, if any.
template <typename T, typename Full, typename Last>
inline void ForEachVector(int64_t n, Full&& full, Last&& last) {
    int64_t k = 0;
    for (; k + kBlockLanes<T> <= n; k += kBlockLanes<T>) {
        full(k, std::integral_constant<int64_t, kBlockLanes<T>>{});
    }
    for (; k + kVecLanes<T> <= n; k += kVecLanes<T>) {
        full(k, std::integral_constant<int64_t, kVecLanes<T>>{});
    }
    if (k < n) {
        last(k, n - k);
    }
}

// The sum of the `lanes` values at e (lanes a multiple of kVecLanes), vector by vector.
template <typename T>
inline Vec<T> SumOfVectors(const T* e, int64_t lanes) {
    Vec<T> sum = LoadVec(e);
    for (int64_t v = 1; v < lanes / kVecLanes<T>; ++v) {
        sum += LoadVec(e + v * kVecLanes<T>);
    }
    return sum;
}

// e[j] = exp(x[j] - shift) for the kVecLanes elements of one vector. Not inlined: alone, the loop always vectorises,
// which GCC does not always manage where it is inlined after the loads of a padded vector.
template <typename T>
__attribute__((noinline)) void ExpOfVector(const T* x, T shift, T* e) {
    for (int64_t j = 0; j < kVecLanes<T>; ++j) {
        e[j] = RowExp(x[j] - shift);
    }
}

// e[j] = exp(x[k + j] - shift) for the m < kVecLanes elements left at k, e[j] = 0 for the other lanes of the vector.
template <typename T>
inline void ExpOfLast(const T* x, T shift, int64_t k, int64_t m, T* e) {
    alignas(64) T padded[kVecLanes<T>];
    for (int64_t j = 0; j < kVecLanes<T>; ++j) {
        padded[j] = j < m ? x[k + j] : shift;
    }
    ExpOfVector(padded, shift, e);
    for (int64_t j = 0; j < kVecLanes<T>; ++j) {
        e[j] = j < m ? e[j] : T{0};
    }
}

// The sum of exp(x[k] - shift) over the row; with kStore, each exp(x[k] - shift) is also written to out[k].
template <typename T, bool kStore>
inline T ExpSum(const T* x, T shift, T* out, int64_t n) {
    Vec<T> sums{};
    alignas(64) T scratch[kBlockLanes<T>];
    ForEachVector<T>(
            n,
            [&](int64_t k, auto lanes) {
                T* e = kStore ? out + k : scratch;
                for (int64_t j = 0; j < lanes; ++j) {
                    e[j] = RowExp(x[k + j] - shift);
                }
                sums += SumOfVectors(e, lanes);
            },
            [&](int64_t k, int64_t m) {
                ExpOfLast(x, shift, k, m, scratch);
                sums += LoadVec(scratch);
                if (kStore) {
                    for (int64_t j = 0; j < m; ++j) {
                        out[k + j] = scratch[j];
                    }
                }
            });
    return SumVec(sums);
}

// The sum of a[k] (kProducts false; b is not read) or of a[k] * b[k] over the row: whole vectors, then the elements
// left one by one (no exponential to vectorise there).
template <typename T, bool kProducts>
inline T RowSum(const T* a, const T* b, int64_t n) {
    Vec<T> sums{};
    T last_sum{0};
    ForEachVector<T>(
            n,
            [&](int64_t k, auto lanes) {
                for (int64_t v = 0; v < lanes / kVecLanes<T>; ++v) {
                    const int64_t at = k + v * kVecLanes<T>;
                    if constexpr (kProducts) {
                        sums += LoadVec(a + at) * LoadVec(b + at);
                    } else {
                        sums += LoadVec(a + at);
                    }
                }
            },
            [&](int64_t k, int64_t m) {
                for (int64_t j = k; j < k + m; ++j) {
                    last_sum += kProducts ? a[j] * b[j] : a[j];
                }
            });
    return SumVec(sums) + last_sum;
}

template <typename T>
void SoftmaxRows(const T* x, T* y, int64_t rows, int64_t n) {
    for (int64_t r = 0; r < rows; ++r) {
        const T* xr = x + r * n;
        T* yr = y + r * n;
        // exp(x - max) / sum: the largest exponential is 1, so nothing overflows.
        const T inv_sum = T{1} / ExpSum<T, true>(xr, RowMax(xr, n), yr, n);
        for (int64_t k = 0; k < n; ++k) {
            yr[k] *= inv_sum;
        }
    }
}

template <typename T>
void LogSoftmaxRows(const T* x, T* y, int64_t rows, int64_t n) {
    for (int64_t r = 0; r < rows; ++r) {
        const T* xr = x + r * n;
        T* yr = y + r * n;
        const T max = RowMax(xr, n);
        const T log_sum = std::log(ExpSum<T, false>(xr, max, nullptr, n));
        for (int64_t k = 0; k < n; ++k) {
            yr[k] = (xr[k] - max) - log_sum;
        }
    }
}

// gx = y (gy - sum(gy y)).
template <typename T>
void SoftmaxGradRows(const T* y, const T* gy, T* gx, int64_t rows, int64_t n) {
    for (int64_t r = 0; r < rows; ++r) {
        const T* yr = y + r * n;
        const T* gyr = gy + r * n;
        T* gxr = gx + r * n;
        const T sum = RowSum<T, true>(gyr, yr, n);
        for (int64_t k = 0; k < n; ++k) {
            gxr[k] = yr[k] * (gyr[k] - sum);
        }
    }
}

// gx = gy - exp(y) sum(gy).
template <typename T>
void LogSoftmaxGradRows(const T* y, const T* gy, T* gx, int64_t rows, int64_t n) {
    for (int64_t r = 0; r < rows; ++r) {
        const T* yr = y + r * n;
        const T* gyr = gy + r * n;
        T* gxr = gx + r * n;
        const T sum = RowSum<T, false>(gyr, nullptr, n);
        ForEachVector<T>(
                n,
                [&](int64_t k, auto lanes) {
                    for (int64_t j = 0; j < lanes; ++j) {
                        gxr[k + j] = gyr[k + j] - RowExp(yr[k + j]) * sum;
                    }
                },
                [&](int64_t k, int64_t m) {
                    alignas(64) T softmax[kVecLanes<T>];
                    ExpOfLast(yr, T{0}, k, m, softmax);
                    for (int64_t j = 0; j < m; ++j) {
                        gxr[k + j] = gyr[k + j] - softmax[j] * sum;
                    }
                });
    }
}

template <typename T>
void LogSumExpRows(const T* x, T* out, int64_t rows, int64_t n) {
    for (int64_t r = 0; r < rows; ++r) {
        const T* xr = x + r * n;
        const T max = RowMax(xr, n);
        out[r] = std::log(ExpSum<T, false>(xr, max, nullptr, n)) + max;
    }
}

template <typename T>
constexpr SoftmaxRowLoops<T> kLoops{
        SoftmaxRows<T>, LogSoftmaxRows<T>, SoftmaxGradRows<T>, LogSoftmaxGradRows<T>, LogSumExpRows<T>};
