// float16 elementwise kernels compute in float: the generic formulas in fused per-level loops over 16 values widened
// in registers (Note [Fused float16 loops]), the float32 loops of vecmath.h over chunks of converted values (Note
// [float16 through float32 chunks]).
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/float16.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/half_convert.h"

namespace chainerx {
namespace native {

// Note [float16 through float32 chunks]
// A float16 formula computes in float and rounds once (core/numeric/compute_type.h). Element by element, in the
// generic loops compiled for the baseline level (no F16C), each value was converted in and out by software:
// float16 a + b of 2^21 values took 3.6 ms, exp 14 ms (PyTorch 0.30 ms and 1.0 ms). Here a contiguous run is cut
// into chunks of kHalfChunk values that are widened by the CPU level's conversion loop (F16C: 8 values an
// instruction, AVX-512F: 16), computed by the float32 loop of the level (vecmath.h; the generic formulas now run in
// the fused loops of Note [Fused float16 loops] below) and rounded back by the level's loop. The conversions round
// as the element-by-element ones do and the float formula is the same one, so the bits are the same; strided and
// broadcast runs are first gathered into contiguous buffers (native/elementwise.h).
constexpr int64_t kHalfChunk = 256;

// Whether a kernel of element type T with results of type Out maps float16 to float16.
template <typename T, typename Out>
constexpr bool kIsHalfToHalf = std::is_same<T, Float16>::value && std::is_same<Out, Float16>::value;

// Whether Op's float16 case can run as its float case: Op maps floats to a float (not to bool, say).
template <typename Op, typename... Args>
constexpr bool kHalfRunsAsFloat = std::is_same<decltype(Op{}(std::declval<Args>()...)), float>::value;

// out = loop(x) for float16 arrays of out's shape, loop(const float* x, float* out, int64_t n) being a float loop
// that may work in place.
template <typename FloatLoop>
void HalfUnaryElementwiseViaFloat(const Array& x, const Array& out, FloatLoop loop) {
    const HalfConversionLoops* halves = &GetHalfConversionLoops();
    ContiguousLoopElementwise<Float16, Float16>(x, out, [halves, loop](const Float16* in, Float16* o, int64_t n) {
        float buffer[kHalfChunk];
        for (int64_t begin = 0; begin < n; begin += kHalfChunk) {
            int64_t m = std::min(n - begin, kHalfChunk);
            halves->to_float(in + begin, buffer, m);
            loop(buffer, buffer, m);
            halves->to_half(buffer, o + begin, m);
        }
    });
}

// The binary counterpart: loop(const float* a, const float* b, float* out, int64_t n), out possibly either operand
// (element i of out is written after elements i of a and b are read). Each chunk of a and b is read before o's is
// written, so o may be either of them too.
template <typename FloatLoop>
void RunHalfBinaryChunks(
        const HalfConversionLoops& halves, FloatLoop loop, const Float16* a, const Float16* b, Float16* o, int64_t n) {
    float fa[kHalfChunk];
    float fb[kHalfChunk];
    for (int64_t begin = 0; begin < n; begin += kHalfChunk) {
        int64_t m = std::min(n - begin, kHalfChunk);
        halves.to_float(a + begin, fa, m);
        halves.to_float(b + begin, fb, m);
        loop(fa, fb, fa, m);
        halves.to_half(fa, o + begin, m);
    }
}

template <typename FloatLoop>
void HalfBinaryElementwiseViaFloat(const Array& x1, const Array& x2, const Array& out, FloatLoop loop) {
    const HalfConversionLoops* halves = &GetHalfConversionLoops();
    ContiguousLoopBinaryElementwise<Float16>(
            x1, x2, out, [halves, loop](const Float16* a, const Float16* b, Float16* o, int64_t n) {
                RunHalfBinaryChunks(*halves, loop, a, b, o, n);
            });
}

// out = loop(x, s), or loop(s, x) when scalar_first, for a float16 array x and a float16 scalar s. The scalar is
// widened once into a float buffer that every chunk shares, so each chunk converts only x and out.
template <typename FloatLoop>
void HalfBinaryScalarElementwiseViaFloat(
        const Array& x, Float16 scalar, bool scalar_first, const Array& out, FloatLoop loop) {
    const HalfConversionLoops* halves = &GetHalfConversionLoops();
    const float widened = static_cast<float>(scalar);
    ContiguousLoopElementwise<Float16, Float16>(
            x, out, [halves, loop, widened, scalar_first](const Float16* in, Float16* o, int64_t n) {
                float values[kHalfChunk];
                float scalars[kHalfChunk];
                std::fill(scalars, scalars + std::min(n, kHalfChunk), widened);
                const float* a = scalar_first ? scalars : values;
                const float* b = scalar_first ? values : scalars;
                for (int64_t begin = 0; begin < n; begin += kHalfChunk) {
                    int64_t m = std::min(n - begin, kHalfChunk);
                    halves->to_float(in + begin, values, m);
                    loop(a, b, values, m);
                    halves->to_half(values, o + begin, m);
                }
            });
}

// Note [Fused float16 loops]
// The chunked loops above make three passes over each chunk (widen into a buffer, compute, round back), the
// middle one through a function pointer; where the formula is the generic one of the kernel (not a float32 loop of
// vecmath.h) it was also compiled for the baseline level only. float16 a + b of 2^21 values took 0.6-0.7 ms,
// `a * 2.5` 0.6 ms, PyTorch 0.33 and 0.21. The loops of half_elementwise_level.h widen 16 values into registers,
// apply the formula compiled for the CPU level and round back in one pass. The conversions and the formula are the
// same ones, so the bits are too.
namespace half_levels {
#define CHAINERX_PER_CPU_LEVEL_BODY "chainerx/native/half_elementwise_level.h"
#include "chainerx/native/per_cpu_level.h"
}  // namespace half_levels

// out = Op(x) for float16 arrays of out's shape, Op's float case computing.
template <typename Op>
void HalfUnaryElementwise(const Array& x, const Array& out) {
    auto loop = SelectByCpuLevel(
            GetCpuLevel(),
            &half_levels::baseline::HalfUnaryLoop<Op>,
            &half_levels::avx2::HalfUnaryLoop<Op>,
            &half_levels::avx512::HalfUnaryLoop<Op>);
    ContiguousLoopElementwise<Float16, Float16>(x, out, loop);
}

// out = Op(x1, x2) for float16 arrays of out's shape (broadcast operands have zero strides).
template <typename Op>
void HalfBinaryElementwise(const Array& x1, const Array& x2, const Array& out) {
    auto loop = SelectByCpuLevel(
            GetCpuLevel(),
            &half_levels::baseline::HalfBinaryLoop<Op>,
            &half_levels::avx2::HalfBinaryLoop<Op>,
            &half_levels::avx512::HalfBinaryLoop<Op>);
    ContiguousLoopBinaryElementwise<Float16>(x1, x2, out, loop);
}

// out = Op(x, s), or Op(s, x) when kScalarFirst, for a float16 array x and a float16 scalar s.
template <typename Op, bool kScalarFirst>
void HalfBinaryScalarElementwise(const Array& x, Float16 scalar, const Array& out) {
    auto loop = SelectByCpuLevel(
            GetCpuLevel(),
            &half_levels::baseline::HalfBinaryScalarLoop<Op, kScalarFirst>,
            &half_levels::avx2::HalfBinaryScalarLoop<Op, kScalarFirst>,
            &half_levels::avx512::HalfBinaryScalarLoop<Op, kScalarFirst>);
    const float widened = static_cast<float>(scalar);
    ContiguousLoopElementwise<Float16, Float16>(
            x, out, [loop, widened](const Float16* in, Float16* o, int64_t n) { loop(in, widened, o, n); });
}

}  // namespace native
}  // namespace chainerx
