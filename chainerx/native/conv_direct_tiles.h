// The register tiles of the direct convolution (see Note [Direct convolution] in conv_direct.cc), written once
// for any vector width. Not a self-contained header: conv_direct.cc includes it once per CPU level, inside a
// namespace and under `#pragma GCC target` for that level, with CHAINERX_CONV_DIRECT_VECTOR_BITS (512 or 256) set
// and <immintrin.h>, PositionVector and PaddedLayout already declared. Hence no include guard.

// One vector register of T, through the intrinsics of its element type and width.
template <typename T>
struct Simd;

#if CHAINERX_CONV_DIRECT_VECTOR_BITS == 512

template <>
struct Simd<float> {
    using V = __m512;
    static constexpr int kLanes = 16;
    static V Zero() { return _mm512_setzero_ps(); }
    static V Load(const float* p) { return _mm512_loadu_ps(p); }
    static V Broadcast(float v) { return _mm512_set1_ps(v); }
    static V Add(V a, V b) { return _mm512_add_ps(a, b); }
    static V Fma(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
    static void Store(float* p, V v) { _mm512_storeu_ps(p, v); }
    static void StoreFirst(float* p, int lanes, V v) {
        _mm512_mask_storeu_ps(p, static_cast<__mmask16>((uint32_t{1} << lanes) - 1), v);
    }
};

template <>
struct Simd<double> {
    using V = __m512d;
    static constexpr int kLanes = 8;
    static V Zero() { return _mm512_setzero_pd(); }
    static V Load(const double* p) { return _mm512_loadu_pd(p); }
    static V Broadcast(double v) { return _mm512_set1_pd(v); }
    static V Add(V a, V b) { return _mm512_add_pd(a, b); }
    static V Fma(V a, V b, V c) { return _mm512_fmadd_pd(a, b, c); }
    static void Store(double* p, V v) { _mm512_storeu_pd(p, v); }
    static void StoreFirst(double* p, int lanes, V v) {
        _mm512_mask_storeu_pd(p, static_cast<__mmask8>((uint32_t{1} << lanes) - 1), v);
    }
};

#elif CHAINERX_CONV_DIRECT_VECTOR_BITS == 256

// AVX2 has no mask registers: a partial store takes a vector whose lanes below `lanes` are all ones.
template <>
struct Simd<float> {
    using V = __m256;
    static constexpr int kLanes = 8;
    static V Zero() { return _mm256_setzero_ps(); }
    static V Load(const float* p) { return _mm256_loadu_ps(p); }
    static V Broadcast(float v) { return _mm256_set1_ps(v); }
    static V Add(V a, V b) { return _mm256_add_ps(a, b); }
    static V Fma(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
    static void Store(float* p, V v) { _mm256_storeu_ps(p, v); }
    static void StoreFirst(float* p, int lanes, V v) {
        const __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(lanes), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        _mm256_maskstore_ps(p, mask, v);
    }
};

template <>
struct Simd<double> {
    using V = __m256d;
    static constexpr int kLanes = 4;
    static V Zero() { return _mm256_setzero_pd(); }
    static V Load(const double* p) { return _mm256_loadu_pd(p); }
    static V Broadcast(double v) { return _mm256_set1_pd(v); }
    static V Add(V a, V b) { return _mm256_add_pd(a, b); }
    static V Fma(V a, V b, V c) { return _mm256_fmadd_pd(a, b, c); }
    static void Store(double* p, V v) { _mm256_storeu_pd(p, v); }
    static void StoreFirst(double* p, int lanes, V v) {
        const __m256i mask = _mm256_cmpgt_epi64(_mm256_set1_epi64x(lanes), _mm256_setr_epi64x(0, 1, 2, 3));
        _mm256_maskstore_pd(p, mask, v);
    }
};

#else
#error "CHAINERX_CONV_DIRECT_VECTOR_BITS must be 512 or 256"
#endif

// out[i, v.out + l] (row stride ld) = bias[i] + sum over r < depth of w[r·MR + i] · x[shift[r] + v.in + l] for
// the first `lanes` lanes l of each of the NV position vectors v, and the first `rows` of the MR output
// channels i: the whole sum is held in registers.
template <typename T, int MR, int NV>
void ForwardTile(
        const T* w,
        const T* x,
        const int64_t* shift,
        int64_t depth,
        const PositionVector* vectors,
        const T* bias,
        int rows,
        T* out,
        int64_t ld) {
    using S = Simd<T>;
    typename S::V acc[MR][NV];
    int64_t in[NV];
    for (int j = 0; j < NV; ++j) {
        in[j] = vectors[j].in;
    }
    for (int i = 0; i < MR; ++i) {
        for (int j = 0; j < NV; ++j) {
            acc[i][j] = S::Zero();
        }
    }
    for (int64_t r = 0; r < depth; ++r) {
        const T* src = x + shift[r];
        typename S::V v[NV];
        for (int j = 0; j < NV; ++j) {
            v[j] = S::Load(src + in[j]);
        }
        for (int i = 0; i < MR; ++i) {
            const typename S::V a = S::Broadcast(w[r * MR + i]);
            for (int j = 0; j < NV; ++j) {
                acc[i][j] = S::Fma(a, v[j], acc[i][j]);
            }
        }
    }
    for (int i = 0; i < rows; ++i) {
        const typename S::V b = S::Broadcast(bias == nullptr ? T{0} : bias[i]);
        for (int j = 0; j < NV; ++j) {
            S::StoreFirst(out + i * ld + vectors[j].out, vectors[j].lanes, S::Add(acc[i][j], b));
        }
    }
}

// gwt[i, j·lanes + l] (row stride ld) += sum over valid positions t of x[shift[i] + wide(t)] · gyt[t, j·lanes + l]
// (gyt's row stride ld too): MR rows (c, q) of the transposed weight gradient by NV vectors of output channels.
template <typename T, int MR, int NV>
void GradWeightTile(
        const T* x, const int64_t* shift, const T* gyt, const PaddedLayout& layout, T* gwt, int64_t ld) {
    using S = Simd<T>;
    typename S::V acc[MR][NV];
    for (int i = 0; i < MR; ++i) {
        for (int j = 0; j < NV; ++j) {
            acc[i][j] = S::Load(gwt + i * ld + j * S::kLanes);
        }
    }
    int64_t row_shift[MR];  // in registers rather than reloaded at every position
    std::copy_n(shift, MR, row_shift);
    for (int64_t run_start : layout.runs) {
        const T* src = x + run_start;
        for (int64_t p = 0; p < layout.run_length; ++p, ++src, gyt += ld) {
            typename S::V v[NV];
            for (int j = 0; j < NV; ++j) {
                v[j] = S::Load(gyt + j * S::kLanes);
            }
            for (int i = 0; i < MR; ++i) {
                const typename S::V a = S::Broadcast(src[row_shift[i]]);
                for (int j = 0; j < NV; ++j) {
                    acc[i][j] = S::Fma(a, v[j], acc[i][j]);
                }
            }
        }
    }
    for (int i = 0; i < MR; ++i) {
        for (int j = 0; j < NV; ++j) {
            S::Store(gwt + i * ld + j * S::kLanes, acc[i][j]);
        }
    }
}

// The tiles of this level, as one type that conv_direct.cc's loops take as a template argument.
struct Tiles {
    static constexpr int kVectorBits = CHAINERX_CONV_DIRECT_VECTOR_BITS;

    template <typename T>
    static constexpr int Lanes() {
        return Simd<T>::kLanes;
    }

    template <typename T, int MR, int NV>
    static void Forward(
            const T* w,
            const T* x,
            const int64_t* shift,
            int64_t depth,
            const PositionVector* vectors,
            const T* bias,
            int rows,
            T* out,
            int64_t ld) {
        ForwardTile<T, MR, NV>(w, x, shift, depth, vectors, bias, rows, out, ld);
    }

    template <typename T, int MR, int NV>
    static void GradWeight(
            const T* x, const int64_t* shift, const T* gyt, const PaddedLayout& layout, T* gwt, int64_t ld) {
        GradWeightTile<T, MR, NV>(x, shift, gyt, layout, gwt, ld);
    }
};
