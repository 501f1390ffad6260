#include "chainerx/core/routines/normalization.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::MakeArray;
using testing::ToVector;

class NormalizationTest : public testing::ContextTest {};

TEST_F(NormalizationTest, BatchNormNormalizesAndUpdatesRunningStats) {
    Array x = MakeArray<double>({2, 1}, {1, 3});  // mean 2, variance 1 (unbiased 2)
    Array mean = Zeros({1}, Dtype::kFloat64);
    Array var = Ones({1}, Dtype::kFloat64);
    Array out = BatchNorm(x, Full({1}, 2.0, Dtype::kFloat64), Full({1}, 0.5, Dtype::kFloat64), mean, var, 0.0, 0.5);
    std::vector<double> values = ToVector<double>(out);
    EXPECT_NEAR(values[0], -1.5, 1e-15);
    EXPECT_NEAR(values[1], 2.5, 1e-15);
    EXPECT_NEAR(ToVector<double>(mean)[0], 1.0, 1e-15);
    EXPECT_NEAR(ToVector<double>(var)[0], 1.5, 1e-15);
}

TEST_F(NormalizationTest, FixedBatchNormUsesGivenStatsOverAxes) {
    Array x = Full({2, 3, 2}, 3.0, Dtype::kFloat32);
    Array p = Ones({3}, Dtype::kFloat32);
    Array out = FixedBatchNorm(x, p, p * 0, p, p * 3, 1.0, Axes{0, 2});
    for (float v : ToVector<float>(out)) {
        EXPECT_FLOAT_EQ(v, 1.0f);
    }
}

TEST_F(NormalizationTest, BadParametersThrow) {
    Array x = Zeros({4, 3}, Dtype::kFloat32);
    Array p = Ones({3}, Dtype::kFloat32);
    EXPECT_THROW(FixedBatchNorm(x, Ones({4}, Dtype::kFloat32), p, p, p), DimensionError);
    EXPECT_THROW(BatchNorm(x, p, p, Zeros({3}, Dtype::kInt32), p), DtypeError);
    EXPECT_THROW(BatchNorm(x, p, p, p, p, 2e-5, 0.9, Axes{2}), DimensionError);
}

// The result keeps x's dtype whatever the parameters' dtypes; the running statistics keep theirs.
TEST_F(NormalizationTest, ResultHasXDtype) {
    Array x = Full({2, 1}, 1.0, Dtype::kFloat16);
    Array p = Ones({1}, Dtype::kFloat32);
    Array out = FixedBatchNorm(x, p, p * 0, p, p, 0.0);
    EXPECT_EQ(out.dtype(), Dtype::kFloat16);
    Array running = Zeros({1}, Dtype::kFloat64);
    EXPECT_EQ(BatchNorm(x, p, p, running, Ones({1}, Dtype::kFloat64)).dtype(), Dtype::kFloat16);
    EXPECT_EQ(running.dtype(), Dtype::kFloat64);
    EXPECT_THROW(FixedBatchNorm(x.AsType(Dtype::kInt32), p, p, p, p), DtypeError);
}

TEST_F(NormalizationTest, Gradients) {
    Array x = MakeArray<double>({3, 2}, {0.5, -1, 2, 1.5, -0.25, 1});
    Array gamma = MakeArray<double>({2}, {1.5, -0.5});
    Array beta = MakeArray<double>({2}, {0.25, 1});
    auto func = [](const std::vector<Array>& xs) {
        Array mean = Zeros({2}, Dtype::kFloat64);
        Array var = Ones({2}, Dtype::kFloat64);
        return std::vector<Array>{BatchNorm(xs[0], xs[1], xs[2], mean, var)};
    };
    Array gy = MakeArray<double>({3, 2}, {1, -2, 0.5, 0.25, -1, 2});
    std::vector<Array> eps{Full({3, 2}, 1e-4, Dtype::kFloat64), Full({2}, 1e-4, Dtype::kFloat64),
                           Full({2}, 1e-4, Dtype::kFloat64)};
    CheckBackward(func, {x, gamma, beta}, {gy}, eps, 1e-4, 1e-3);
    std::vector<Array> ggx{Full({3, 2}, 0.5, Dtype::kFloat64), Full({2}, -1, Dtype::kFloat64),
                           Full({2}, 0.25, Dtype::kFloat64)};
    eps.push_back(Full({3, 2}, 1e-4, Dtype::kFloat64));
    CheckDoubleBackward(func, {x, gamma, beta}, {gy}, ggx, eps, 1e-4, 1e-3);
}

}  // namespace
}  // namespace chainerx
