// Tests of the scalar special functions of chainerx/core/numeric/special.h against reference values: mpmath at 50
// digits, rounded to 17 significant digits (tails, zeros, near-poles), and SciPy 1.17's special values (infinities,
// nan, signed zeros at domain edges and poles), which must match exactly.
#include "chainerx/core/numeric/special.h"

#include <cmath>
#include <cstddef>
#include <limits>

#include <gtest/gtest.h>

#include "chainerx/core/float16.h"

namespace chainerx {
namespace numeric {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// The float64 results are within a few 1e-16 of these references (see Note [Special functions]); the bound leaves
// room for other C libraries' erfc/exp/log/pow.
constexpr double kRtol = 1e-14;

struct UnaryCase {
    double x;
    double expected;
};

struct BinaryCase {
    double a;
    double b;
    double expected;
};

// |actual - expected| <= rtol |expected|.
void ExpectClose(double actual, double expected, double rtol) {
    EXPECT_LE(std::fabs(actual - expected), rtol * std::fabs(expected))
            << "actual " << actual << " expected " << expected;
}

// Equal, nan to nan and with the sign of zero.
void ExpectSame(double actual, double expected) {
    if (std::isnan(expected)) {
        EXPECT_TRUE(std::isnan(actual)) << "actual " << actual << " expected nan";
    } else {
        EXPECT_EQ(actual, expected);
        EXPECT_EQ(std::signbit(actual), std::signbit(expected)) << "actual " << actual << " expected " << expected;
    }
}

template <typename Op, size_t N>
void CheckUnary(const UnaryCase (&cases)[N], double rtol = kRtol) {
    for (const UnaryCase& c : cases) {
        SCOPED_TRACE(testing::Message() << "x = " << c.x);
        ExpectClose(Op{}(c.x), c.expected, rtol);
    }
}

template <typename Op, size_t N>
void CheckBinary(const BinaryCase (&cases)[N], double rtol = kRtol) {
    for (const BinaryCase& c : cases) {
        SCOPED_TRACE(testing::Message() << "a = " << c.a << ", b = " << c.b);
        ExpectClose(Op{}(c.a, c.b), c.expected, rtol);
    }
}

template <typename Op, size_t N>
void CheckUnarySpecial(const UnaryCase (&cases)[N]) {
    for (const UnaryCase& c : cases) {
        SCOPED_TRACE(testing::Message() << "x = " << c.x);
        ExpectSame(Op{}(c.x), c.expected);
    }
}

template <typename Op, size_t N>
void CheckBinarySpecial(const BinaryCase (&cases)[N]) {
    for (const BinaryCase& c : cases) {
        SCOPED_TRACE(testing::Message() << "a = " << c.a << ", b = " << c.b);
        ExpectSame(Op{}(c.a, c.b), c.expected);
    }
}

TEST(SpecialFunctionsTest, Erfc) {
    const UnaryCase cases[] = {
            {-3.0, 1.9999779095030014},
            {-0.5, 1.5204998778130465},
            {0.1, 0.8875370839817151},
            {1.0, 0.15729920705028513},
            {5.0, 1.5374597944280349e-12},
            {10.0, 2.0884875837625448e-45},
            {26.0, 5.6631924088561428e-296},
    };
    CheckUnary<Erfc>(cases);
    const UnaryCase special[] = {{kInf, 0.0}, {-kInf, 2.0}, {kNan, kNan}, {0.0, 1.0}, {-0.0, 1.0}};
    CheckUnarySpecial<Erfc>(special);
}

TEST(SpecialFunctionsTest, Ndtr) {
    const UnaryCase cases[] = {
            {-37.0, 5.7255712225245768e-300},  // needs x/sqrt2's rounding error corrected
            {-20.0, 2.7536241186062337e-89},
            {-5.0, 2.8665157187919391e-7},
            {-1.0, 0.15865525393145705},
            {0.3, 0.61791142218895263},
            {2.0, 0.97724986805182079},
            {8.0, 0.99999999999999938},
    };
    CheckUnary<Ndtr>(cases);
    const UnaryCase special[] = {{kInf, 1.0}, {-kInf, 0.0}, {kNan, kNan}, {0.0, 0.5}};
    CheckUnarySpecial<Ndtr>(special);
}

TEST(SpecialFunctionsTest, Erfcx) {
    const UnaryCase cases[] = {
            {-26.0, 7.6577249314905684e293},
            {-5.0, 1.4400979867466104e11},
            {-0.5, 1.9523604891825571},
            {0.5, 0.61569034419292587},
            {3.0, 0.17900115118138995},
            {11.9, 0.047245232484087669},  // exp(x^2) erfc(x)
            {12.1, 0.046469607339835012},  // the asymptotic series
            {50.0, 0.011281536265323773},
            {100000.0, 5.6418958351954681e-6},
            {1e+300, 5.6418958354775626e-301},
    };
    CheckUnary<Erfcx>(cases);
    const UnaryCase special[] = {{-kInf, kInf}, {kInf, 0.0}, {-27.0, kInf}, {0.0, 1.0}, {-0.0, 1.0}, {kNan, kNan}};
    CheckUnarySpecial<Erfcx>(special);
}

TEST(SpecialFunctionsTest, Erfinv) {
    const UnaryCase cases[] = {
            {1e-300, 8.8622692545275804e-301},
            {-1e-10, -8.8622692545275805e-11},
            {0.25, 0.2253120550121781},
            {-0.5, -0.47693627620446987},
            {0.75, 0.81341984759761854},
            {0.999, 2.3267537655135245},
            {0.9999999999999998, 5.8050186831934533},
            {-0.9999999999999999, -5.8635847487551679},
    };
    CheckUnary<Erfinv>(cases);
    const UnaryCase special[] = {
            {1.0, kInf}, {-1.0, -kInf}, {1.0000001, kNan}, {-1.0000001, kNan}, {0.0, 0.0}, {-0.0, 0.0}, {kNan, kNan},
            {kInf, kNan}};
    CheckUnarySpecial<Erfinv>(special);
}

TEST(SpecialFunctionsTest, Erfcinv) {
    const UnaryCase cases[] = {
            {1e-300, 26.209469960516124},
            {5e-320, 27.043433792660535},  // a subnormal argument
            {1e-20, 6.6015806223551426},
            {0.3, 0.73286907795921687},
            {0.5, 0.47693627620446987},
            {1.2, -0.17914345462129164},
            {1.5, -0.47693627620446987},
            {1.9, -1.1630871536766738},
            {1.9999999999999998, -5.8050186831934533},
    };
    CheckUnary<Erfcinv>(cases);
    const UnaryCase special[] = {
            {0.0, kInf}, {-0.0, kInf}, {2.0, -kInf}, {1.0, -0.0}, {-1e-300, kNan}, {2.0000001, kNan}, {kNan, kNan},
            {-kInf, kNan}};
    CheckUnarySpecial<Erfcinv>(special);
}

TEST(SpecialFunctionsTest, Ndtri) {
    const UnaryCase cases[] = {
            {1e-300, -37.047096299361199},
            {1e-20, -9.2623400897984076},
            {0.01, -2.3263478740408411},
            {0.3, -0.52440051270804082},
            {0.5000009536743164, 2.3905070062955741e-6},
            {0.9, 1.2815515655446006},
            {0.9999999999999999, 8.2095361516013869},
    };
    CheckUnary<Ndtri>(cases);
    const UnaryCase special[] = {
            {0.0, -kInf}, {-0.0, -kInf}, {1.0, kInf}, {0.5, 0.0}, {-1e-300, kNan}, {1.0000001, kNan}, {kNan, kNan}};
    CheckUnarySpecial<Ndtri>(special);
}

TEST(SpecialFunctionsTest, LogNdtr) {
    const UnaryCase cases[] = {
            {-100000.0, -5.000000012431864e9},
            {-40.0, -804.60844201375379},
            {-5.0, -15.064998393988726},
            {-1.0, -1.8410216450092635},
            {-0.3, -0.96210281816885066},
            {0.0, -0.69314718055994531},
            {3.0, -0.0013508099647481938},
            {10.0, -7.6198530241605261e-24},
            {37.0, -5.7255712225245768e-300},
    };
    CheckUnary<LogNdtr>(cases);
    const UnaryCase special[] = {{-kInf, -kInf}, {kInf, -0.0}, {40.0, -0.0}, {kNan, kNan}, {-1e300, -kInf}};
    CheckUnarySpecial<LogNdtr>(special);
}

TEST(SpecialFunctionsTest, Lgamma) {
    const UnaryCase cases[] = {
            {1e-300, 690.77552789821371},
            {1e-10, 23.025850929882735},
            {0.5, 0.57236494292470009},
            {0.99999999, 5.7721567602657308e-9},  // near the zeros at 1 and 2
            {1.00000001, -5.7721565316885122e-9},
            {1.99999999, -4.2278432930433731e-9},
            {2.00000001, 4.227843357536779e-9},
            {3.7, 1.4280723266653881},
            {9.99, 12.779315214350193},
            {10.01, 12.824350262448247},
            {100.0, 359.1342053695754},
            {10000000000.0, 2.2025850928881058e11},
            {1e+300, 6.8977552789821374e302},
            {-1e-10, 23.025850929998178},
            {-0.3, 1.4648400508576025},
            {-0.7, 1.4524729387568078},
            {-2.5, -0.056243716497674051},
            {-3.1, 0.40031169670398495},
            {-1000.5, -5914.4377011168519},
    };
    CheckUnary<Lgamma>(cases);
    const UnaryCase special[] = {
            {0.0, kInf}, {-0.0, kInf}, {-1.0, kInf}, {-2.0, kInf}, {-1e20, kInf}, {kInf, kInf}, {-kInf, -kInf},
            {kNan, kNan}, {1e306, kInf}};
    CheckUnarySpecial<Lgamma>(special);
}

TEST(SpecialFunctionsTest, Digamma) {
    const UnaryCase cases[] = {
            {1e-300, -9.9999999999999997e299},
            {1e-08, -1.0000000057721565e8},
            {0.5, -1.9635100260214235},
            {1.0, -0.57721566490153286},
            {1.4616321449683622, -9.2412655217294275e-17},  // the double nearest the positive zero
            {1.5, 0.036489973978576521},
            {3.0, 0.92278433509846714},
            {9.9, 2.2411803166063814},
            {10.1, 2.2622143570941481},
            {1000000.0, 13.815510057964191},
            {1e+300, 690.77552789821371},
            {-0.5040830082644554, 7.2897639029768949e-17},  // the double nearest the first negative zero
            {-0.3, 2.1133097796353989},
            {-1.5, 0.70315664064524319},
            {-2.9, -8.4415004536193758},
            {-9999999999.5, 23.025850929940457},
    };
    CheckUnary<Digamma>(cases);
    const UnaryCase special[] = {
            {0.0, -kInf}, {-0.0, kInf}, {-1.0, kNan}, {-2.0, kNan}, {-1e20, kNan}, {-kInf, kNan}, {kInf, kInf},
            {kNan, kNan}, {1e-310, -kInf}, {-1e-310, kInf}};
    CheckUnarySpecial<Digamma>(special);
}

TEST(SpecialFunctionsTest, Polygamma) {
    const BinaryCase cases[] = {
            {1.0, 0.5, 4.9348022005446793},
            {1.0, 1e-05, 1.0000000001644908e10},
            {2.0, 3.3, -0.12375118526494273},
            {3.0, -2.5, 194.74787621918762},
            {5.0, 100.0, 2.460599944011996e-9},
            {20.0, 1.5, -4.8777294946260987e14},
            {1.0, -1000.25, 19.738209551699785},
            {4.0, -70.3, 9738.7603016156826},
            {150.0, 300.0, -1.3083361237650298e-111},  // zeta(151, 300) alone underflows
            {170.0, 1.0, -7.257415615307999e306},
            {2.0, 1e+100, -1.0000000000000001e-200},
    };
    CheckBinary<Polygamma>(cases);
    const BinaryCase special[] = {
            {-1.0, 1.0, kNan},   {0.5, 1.0, kNan},    {-kInf, 1.0, kNan}, {kNan, 1.0, kNan},  {0.0, 0.0, -kInf},
            {0.0, -0.0, kInf},   {0.0, -3.0, kNan},   {0.0, -kInf, kNan}, {1.0, 0.0, kInf},   {1.0, -2.0, kInf},
            {2.0, -2.0, -kInf},  {2.0, kInf, -0.0},   {1.0, kInf, 0.0},   {171.0, 10.0, kInf}, {171.0, kInf, kNan},
            {200.0, 10.0, -kInf}, {kInf, 1.0, kInf},  {kInf, 2.0, kNan},  {kInf, 0.5, kInf},  {1.0, kNan, kNan}};
    CheckBinarySpecial<Polygamma>(special);
    // n = 0 is digamma.
    EXPECT_EQ(Polygamma{}(0.0, 2.5), Digamma{}(2.5));
    EXPECT_EQ(Polygamma{}(-0.0, -2.5), Digamma{}(-2.5));
}

TEST(SpecialFunctionsTest, Zeta) {
    const BinaryCase cases[] = {
            {2.0, 1.0, 1.6449340668482264},
            {1.0000001, 1.0, 1.0000000571377e7},
            {1.5, 0.5, 4.7765379475548332},
            {3.0, 0.001, 1.0000000011988161e9},
            {10.0, 3.0, 1.8012627818085337e-5},
            {40.0, 500.0, 1.4653387970270333e-107},
            {2.5, 1e+30, 6.6666666666666665e-46},
            {200.0, 1.5, 6.0498998981937487e-36},
            {3.0, -2.5, 0.054102025820863702},  // +-a^-3 cancel in pairs: zeta(3, 3.5)
            {2.0, -2.5, 9.5392466449891238},
            {4.0, -100.3, 128.17015206347388},  // q < 0: three sums over positive arguments
            {50.0, -100.3, 1.3929555690991982e26},
            {5.0, -0.5, 0.14476040944446772},
            {29.0, -37.5, 2.0360878327932686e-46},
            {1.5, 1e+300, 2e-150},
    };
    CheckBinary<Zeta>(cases);
    const BinaryCase special[] = {
            {1.0, kNan, kInf},   {1.0, 2.0, kInf},    {1.0, -1.0, kInf},   {0.5, 1.0, kNan},   {-kInf, 1.0, kNan},
            {-2.0, 1.0, kNan},   {2.0, 0.0, kInf},    {2.0, -0.0, kInf},   {2.0, -3.0, kInf},  {2.0, -kInf, kInf},
            {2.5, -2.5, kNan},   {kNan, -2.5, kNan},  {kNan, -1.0, kInf},  {kNan, 0.5, kNan},  {2.0, kInf, 0.0},
            {2.0, kNan, kNan},   {kInf, 0.5, kInf},   {kInf, 1.0, 1.0},    {kInf, 2.0, kNan},  {kInf, 1e8, kNan},
            {kInf, 100000001.0, 0.0}, {kInf, -1.5, kInf}, {kInf, kInf, 0.0}, {kInf, kNan, kNan}, {kInf, -kInf, kInf}};
    CheckBinarySpecial<Zeta>(special);
}

// float and float16 compute in double and round once: the result is the float64 result rounded.
TEST(SpecialFunctionsTest, FloatAndFloat16) {
    EXPECT_EQ(Erfinv{}(0.5f), static_cast<float>(Erfinv{}(0.5)));
    EXPECT_EQ(Ndtri{}(1e-30f), static_cast<float>(Ndtri{}(static_cast<double>(1e-30f))));
    EXPECT_EQ(Lgamma{}(-2.5f), static_cast<float>(Lgamma{}(-2.5)));
    EXPECT_EQ(Zeta{}(3.0f, -2.5f), static_cast<float>(Zeta{}(3.0, -2.5)));
    EXPECT_EQ(Polygamma{}(1.0f, 0.5f), static_cast<float>(Polygamma{}(1.0, 0.5)));
    EXPECT_TRUE(std::isinf(Erfcx{}(-10.0f)));  // 5e43 overflows float
    ExpectClose(LogNdtr{}(-1e5f), -5.000000012431864e9, 1e-7);

    EXPECT_EQ(Digamma{}(Float16{1.0f}).data(), Float16{static_cast<float>(Digamma{}(1.0))}.data());
    EXPECT_EQ(Erfcinv{}(Float16{0.25f}).data(), Float16{static_cast<float>(Erfcinv{}(0.25))}.data());
    EXPECT_EQ(Zeta{}(Float16{2.0f}, Float16{1.0f}).data(), Float16{1.6449340668482264f}.data());
    EXPECT_EQ(Polygamma{}(Float16{0.0f}, Float16{0.0f}).data(),
              Float16{-std::numeric_limits<float>::infinity()}.data());
    EXPECT_TRUE(std::isnan(static_cast<float>(Erfinv{}(Float16{2.0f}))));
}

}  // namespace
}  // namespace numeric
}  // namespace chainerx
