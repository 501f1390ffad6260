#include "chainerx/native/reduce.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/reduce_float_lanes.h"

namespace chainerx {
namespace native {
namespace {

std::vector<float> RandomFloats(int64_t n, uint32_t seed) {
    std::mt19937 engine{seed};
    std::uniform_real_distribution<float> uniform{-1.0F, 1.0F};
    std::vector<float> values(static_cast<size_t>(n));
    for (float& v : values) {
        v = uniform(engine);
    }
    return values;
}

uint32_t Bits(float value) {
    uint32_t bits{};
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
}

// reduce_float_lanes.h: the per-level lanes of the float32 sum, maximum and minimum give the bits of the generic
// ReduceLanes (compiled for the baseline), at every level, NaN included.
TEST(FloatLaneReducersTest, EveryLevelGivesTheGenericBits) {
    for (int64_t n : {int64_t{32}, int64_t{33}, int64_t{64}, int64_t{1000}, int64_t{4096}}) {
        std::vector<float> x = RandomFloats(n, static_cast<uint32_t>(n));
        std::vector<float> with_nan = x;
        with_nan[static_cast<size_t>(n / 2)] = std::numeric_limits<float>::quiet_NaN();
        for (CpuLevel level : SupportedCpuLevels()) {
            const FloatLaneReducers& reducers = GetFloatLaneReducersAt(level);
            for (const std::vector<float>* values : {&x, &with_nan}) {
                const float* v = values->data();
                EXPECT_EQ(Bits(reducers.sum(v, n)), Bits(ReduceLanes<numeric::SumOp<float>>(v, n)))
                        << CpuLevelName(level) << " n " << n;
                EXPECT_EQ(Bits(reducers.max(v, n)), Bits(ReduceLanes<numeric::AMaxOp<float>>(v, n)))
                        << CpuLevelName(level) << " n " << n;
                EXPECT_EQ(Bits(reducers.min(v, n)), Bits(ReduceLanes<numeric::AMinOp<float>>(v, n)))
                        << CpuLevelName(level) << " n " << n;
            }
        }
    }
}

// Note [Deterministic threaded reductions]: the threaded pairwise sum is the serial one, bit for bit, whatever
// the thread count and the length (powers of two, odd lengths, lengths just over a block).
TEST(DeterministicReductionTest, ThreadedSumIsBitIdenticalToTheSerialSum) {
    using Op = numeric::SumOp<float>;
    for (int64_t n : {int64_t{1} << 16, (int64_t{1} << 20) + 7, int64_t{3} * kPairwiseBlock + 1, int64_t{999983}}) {
        std::vector<float> values = RandomFloats(n, static_cast<uint32_t>(n));
        const char* x = reinterpret_cast<const char*>(values.data());
        float serial = ReduceRunToOne<Op>(x, n, sizeof(float));
        for (int threads : {1, 2, 3, 7, 16}) {
            NumThreadsScope scope{threads};
            float threaded = ReduceRunToOneThreaded<Op>(x, n, sizeof(float));
            EXPECT_EQ(Bits(threaded), Bits(serial)) << "n=" << n << " threads=" << threads;
        }
    }
}

TEST(DeterministicReductionTest, TreeNodesAreTheSplitsOfThePairwiseSum) {
    const int64_t n = 5 * kPairwiseBlock + 3;
    const int64_t half = 3 * kPairwiseBlock;  // (5 + 1) / 2 blocks
    EXPECT_TRUE(IsTreeNode(0, n, n));
    EXPECT_TRUE(IsTreeNode(0, half, n));
    EXPECT_TRUE(IsTreeNode(half, n - half, n));
    EXPECT_FALSE(IsTreeNode(0, kPairwiseBlock * 5, n));
    EXPECT_FALSE(IsTreeNode(1, half, n));
}

}  // namespace
}  // namespace native
}  // namespace chainerx
