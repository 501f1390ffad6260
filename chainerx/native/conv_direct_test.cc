#include "chainerx/native/conv_direct.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/shape.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/im2col.h"

namespace chainerx {
namespace native {
namespace {

// A 2-d stride-1 problem small enough for a naive reference: x (2, 3, 5, 19), w (5, 3, 3, 2), pad (1, 0), so
// that rows end in partial vectors and the output channels do not fill a tile.
constexpr int64_t kN = 2, kC = 3, kH = 5, kW = 19, kO = 5, kKh = 3, kKw = 2, kPh = 1, kPw = 0;
constexpr int64_t kOh = kH + 2 * kPh - kKh + 1, kOw = kW + 2 * kPw - kKw + 1;

ConvGeometry Geometry() {
    return ConvGeometry{{kN, kC, kH, kW}, {kO, kC, kKh, kKw}, {kN, kO, kOh, kOw}, {1, 1}, {kPh, kPw}};
}

// Small integers, so that every sum is exact whatever the order.
std::vector<double> Values(int64_t size, int64_t seed) {
    std::vector<double> v(size);
    for (int64_t i = 0; i < size; ++i) {
        v[i] = static_cast<double>((i * 7 + seed * 3) % 5) - 2;
    }
    return v;
}

// Calls fn(n, o, c, oy, ox, ky, kx, x_index) for every product of the convolution that reads inside the image.
template <typename Fn>
void ForEachProduct(Fn&& fn) {
    for (int64_t n = 0; n < kN; ++n)
        for (int64_t o = 0; o < kO; ++o)
            for (int64_t c = 0; c < kC; ++c)
                for (int64_t oy = 0; oy < kOh; ++oy)
                    for (int64_t ox = 0; ox < kOw; ++ox)
                        for (int64_t ky = 0; ky < kKh; ++ky)
                            for (int64_t kx = 0; kx < kKw; ++kx) {
                                const int64_t iy = oy - kPh + ky, ix = ox - kPw + kx;
                                if (iy >= 0 && iy < kH && ix >= 0 && ix < kW) {
                                    fn(n, o, c, oy, ox, ky, kx, ((n * kC + c) * kH + iy) * kW + ix);
                                }
                            }
}

// Every level this CPU has (AVX2 + FMA, AVX-512), whatever GetCpuLevel() picked.
class ConvDirectLevelTest : public ::testing::TestWithParam<CpuLevel> {};

TEST_P(ConvDirectLevelTest, ForwardAndWeightGradientMatchNaiveLoops) {
    const ConvGeometry g = Geometry();
    const CpuLevel level = GetParam();
    if (!CanConvDirectAt(g, level)) {
        GTEST_SKIP() << "no " << CpuLevelName(level) << " on this CPU (or CHAINERX_CONV_DIRECT=0)";
    }
    const std::vector<double> x = Values(kN * kC * kH * kW, 1);
    const std::vector<double> w = Values(kO * kC * kKh * kKw, 2);
    const std::vector<double> b = Values(kO, 3);
    const std::vector<double> gy = Values(kN * kO * kOh * kOw, 4);
    std::vector<double> y_ref(gy.size()), gw_ref(w.size(), 0);
    for (int64_t i = 0; i < static_cast<int64_t>(y_ref.size()); ++i) {
        y_ref[i] = b[i / (kOh * kOw) % kO];
    }
    ForEachProduct([&](int64_t n, int64_t o, int64_t c, int64_t oy, int64_t ox, int64_t ky, int64_t kx, int64_t xi) {
        const int64_t yi = ((n * kO + o) * kOh + oy) * kOw + ox;
        const int64_t wi = ((o * kC + c) * kKh + ky) * kKw + kx;
        y_ref[yi] += w[wi] * x[xi];
        gw_ref[wi] += gy[yi] * x[xi];
    });
    std::vector<double> y(y_ref.size(), -1), gw(w.size(), -1);
    ConvDirect<double>(g, ImageBatch::Dense(g, kN, kC, kO), kC, kO, x.data(), w.data(), b.data(), y.data(), level);
    ConvGradWeightDirect<double>(g, ImageBatch::Dense(g, kN, kC, kO), kC, kO, x.data(), gy.data(), gw.data(), level);
    EXPECT_EQ(y, y_ref);
    EXPECT_EQ(gw, gw_ref);
    // float32 too (the values are small integers: exact), through the other tile widths
    std::vector<float> xf(x.begin(), x.end()), wf(w.begin(), w.end()), bf(b.begin(), b.end()),
            gyf(gy.begin(), gy.end());
    std::vector<float> yf(y_ref.size(), -1), gwf(w.size(), -1);
    ConvDirect<float>(g, ImageBatch::Dense(g, kN, kC, kO), kC, kO, xf.data(), wf.data(), bf.data(), yf.data(), level);
    ConvGradWeightDirect<float>(g, ImageBatch::Dense(g, kN, kC, kO), kC, kO, xf.data(), gyf.data(), gwf.data(), level);
    EXPECT_EQ(std::vector<double>(yf.begin(), yf.end()), y_ref);
    EXPECT_EQ(std::vector<double>(gwf.begin(), gwf.end()), gw_ref);
}

INSTANTIATE_TEST_SUITE_P(
        Levels, ConvDirectLevelTest, ::testing::Values(CpuLevel::kAvx2, CpuLevel::kAvx512), [](const auto& info) {
            return std::string{CpuLevelName(info.param)};
        });

TEST(ConvDirectTest, BaselineHasNoDirectKernels) {
    EXPECT_FALSE(CanConvDirectAt(Geometry(), CpuLevel::kBaseline));
}

TEST(ConvDirectTest, OnlyStrideOne) {
    const ConvGeometry g{{1, 1, 6, 6}, {1, 1, 2, 2}, {1, 1, 3, 5}, {2, 1}, {0, 0}};
    EXPECT_FALSE(CanConvDirect(g));
}

}  // namespace
}  // namespace native
}  // namespace chainerx
