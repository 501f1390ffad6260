#include "chainerx/native/softmax_rows.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {
namespace {

// Row lengths around every level's vector and block widths (4 to 64 floats), and longer ones.
const int64_t kLengths[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 257, 1000};

template <typename T>
std::vector<T> RandomRows(int64_t rows, int64_t n, double scale, uint32_t seed) {
    std::mt19937 rng{seed};
    std::normal_distribution<double> normal{0, scale};
    std::vector<T> values(rows * n);
    for (T& v : values) {
        v = static_cast<T>(normal(rng));
    }
    return values;
}

// The references, in double: softmax or log-softmax of each row, and their gradients.
struct Reference {
    std::vector<double> softmax, log_softmax, softmax_grad, log_softmax_grad, logsumexp;
};

template <typename T>
Reference ComputeReference(const std::vector<T>& x, const std::vector<T>& gy, int64_t rows, int64_t n) {
    Reference ref;
    for (int64_t r = 0; r < rows; ++r) {
        double max = -std::numeric_limits<double>::infinity();
        for (int64_t k = 0; k < n; ++k) {
            max = std::max(max, static_cast<double>(x[r * n + k]));
        }
        double sum = 0;
        for (int64_t k = 0; k < n; ++k) {
            sum += std::exp(x[r * n + k] - max);
        }
        double dot = 0;
        double gy_sum = 0;
        for (int64_t k = 0; k < n; ++k) {
            double y = std::exp(x[r * n + k] - max) / sum;
            ref.softmax.push_back(y);
            ref.log_softmax.push_back(x[r * n + k] - max - std::log(sum));
            dot += y * gy[r * n + k];
            gy_sum += gy[r * n + k];
        }
        for (int64_t k = 0; k < n; ++k) {
            double y = ref.softmax[r * n + k];
            ref.softmax_grad.push_back(y * (gy[r * n + k] - dot));
            ref.log_softmax_grad.push_back(gy[r * n + k] - y * gy_sum);
        }
        ref.logsumexp.push_back(std::log(sum) + max);
    }
    return ref;
}

template <typename T>
void ExpectNear(const std::vector<T>& actual, const std::vector<double>& expected, double tol, const char* what) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        ASSERT_NEAR(actual[i], expected[i], tol * (1 + std::abs(expected[i]))) << what << " at " << i;
    }
}

template <typename T>
void CheckLoops(double tol) {
    const int64_t rows = 5;
    for (CpuLevel level : SupportedCpuLevels()) {
        const SoftmaxRowLoops<T>& loops = GetSoftmaxRowLoopsAt<T>(level);
        for (int64_t n : kLengths) {
            SCOPED_TRACE(testing::Message() << "level " << CpuLevelName(level) << ", n " << n);
            std::vector<T> x = RandomRows<T>(rows, n, 4, static_cast<uint32_t>(n));
            std::vector<T> gy = RandomRows<T>(rows, n, 1, static_cast<uint32_t>(n + 1000));
            Reference ref = ComputeReference(x, gy, rows, n);
            std::vector<T> y(rows * n), log_y(rows * n), gx(rows * n), log_gx(rows * n), lse(rows);
            loops.softmax(x.data(), y.data(), rows, n);
            loops.log_softmax(x.data(), log_y.data(), rows, n);
            ExpectNear(y, ref.softmax, tol, "softmax");
            ExpectNear(log_y, ref.log_softmax, tol, "log_softmax");
            loops.softmax_grad(y.data(), gy.data(), gx.data(), rows, n);
            loops.log_softmax_grad(log_y.data(), gy.data(), log_gx.data(), rows, n);
            ExpectNear(gx, ref.softmax_grad, tol, "softmax_grad");
            ExpectNear(log_gx, ref.log_softmax_grad, tol, "log_softmax_grad");
            loops.logsumexp(x.data(), lse.data(), rows, n);
            ExpectNear(lse, ref.logsumexp, tol, "logsumexp");

            // Note [Softmax row loops]: a row's results do not depend on the rows computed with it.
            for (int64_t r = 0; r < rows; ++r) {
                std::vector<T> one(n);
                loops.softmax(x.data() + r * n, one.data(), 1, n);
                for (int64_t k = 0; k < n; ++k) {
                    ASSERT_EQ(one[k], y[r * n + k]);
                }
            }
        }
    }
}

TEST(SoftmaxRowsTest, Float) { CheckLoops<float>(1e-5); }

TEST(SoftmaxRowsTest, Double) { CheckLoops<double>(1e-12); }

TEST(SoftmaxRowsTest, LargeAndTinyValuesDoNotOverflow) {
    for (CpuLevel level : SupportedCpuLevels()) {
        const SoftmaxRowLoops<float>& loops = GetSoftmaxRowLoopsAt<float>(level);
        // exp(1000) overflows and exp(-1000) underflows: shifted by the maximum, neither is computed.
        std::vector<float> x = {1000, 999, -1000, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        std::vector<float> y(x.size());
        loops.softmax(x.data(), y.data(), 1, static_cast<int64_t>(x.size()));
        const double e1 = std::exp(-1.0);
        EXPECT_NEAR(y[0], 1 / (2 + e1), 1e-6);
        EXPECT_NEAR(y[1], e1 / (2 + e1), 1e-6);
        EXPECT_EQ(y[2], 0);
        EXPECT_EQ(y[4], 0);
        float lse = 0;
        loops.logsumexp(x.data(), &lse, 1, static_cast<int64_t>(x.size()));
        EXPECT_NEAR(lse, 1000 + std::log(2 + e1), 1e-3);
    }
}

TEST(SoftmaxRowsTest, NonFiniteValuesMakeTheirRowNan) {
    const float kInf = std::numeric_limits<float>::infinity();
    const float kNan = std::numeric_limits<float>::quiet_NaN();
    for (CpuLevel level : SupportedCpuLevels()) {
        const SoftmaxRowLoops<float>& loops = GetSoftmaxRowLoopsAt<float>(level);
        for (int64_t n : kLengths) {
            for (float bad : {kNan, kInf, -kInf}) {
                for (int64_t at : {int64_t{0}, n - 1, n / 2}) {
                    SCOPED_TRACE(testing::Message() << CpuLevelName(level) << " n " << n << " " << bad << " at " << at);
                    std::vector<float> x(2 * n, 0.5f);  // the second row stays finite
                    x[at] = bad;
                    std::vector<float> y(2 * n);
                    loops.softmax(x.data(), y.data(), 2, n);
                    // -inf among finite values is a zero probability; alone, it is -inf - -inf.
                    const bool row_nan = bad != -kInf || n == 1;
                    for (int64_t k = 0; k < n; ++k) {
                        if (row_nan) {
                            ASSERT_TRUE(std::isnan(y[k]));
                        }
                        ASSERT_FLOAT_EQ(y[n + k], 1.0f / n);
                    }
                    if (bad == -kInf && n > 1) {
                        ASSERT_EQ(y[at], 0);
                        ASSERT_FLOAT_EQ(y[(at + 1) % n], 1.0f / (n - 1));
                    }
                }
            }
        }
    }
}

}  // namespace
}  // namespace native
}  // namespace chainerx
