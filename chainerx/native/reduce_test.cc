#include "chainerx/native/reduce.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
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

// The per-level reducer `reducer` of Op gives the bits of the generic ReduceContiguousBlock and ReduceContiguousRows
// (compiled for the baseline) on x, as `rows` rows of n.
template <typename Op>
void ExpectGenericBits(const FloatReducer& reducer, const std::vector<float>& x, int64_t n, int64_t rows,
                       const std::string& where) {
    EXPECT_EQ(Bits(reducer.block(x.data(), n)), Bits(ReduceContiguousBlock<Op>(x.data(), n))) << where;
    std::vector<float> acc(static_cast<size_t>(rows), Op::Identity());
    std::vector<float> expected = acc;
    reducer.rows(x.data(), n, rows, acc.data());
    ReduceContiguousRows<Op>(x.data(), n, rows, expected.data());
    for (int64_t r = 0; r < rows; ++r) {
        EXPECT_EQ(Bits(acc[r]), Bits(expected[r])) << where << " row " << r;
        EXPECT_EQ(Bits(acc[r]), Bits(ReduceContiguousBlock<Op>(x.data() + r * n, n))) << where << " row " << r;
    }
    // Across: the rows folded elementwise into n accumulators.
    std::vector<float> across(static_cast<size_t>(n), Op::Identity());
    std::vector<float> expected_across = across;
    for (int64_t r = 0; r < rows; ++r) {
        reducer.across(x.data() + r * n, n, across.data());
        AccumulateContiguous<Op>(x.data() + r * n, n, expected_across.data());
    }
    for (int64_t i = 0; i < n; ++i) {
        EXPECT_EQ(Bits(across[i]), Bits(expected_across[i])) << where << " across, element " << i;
    }
}

// reduce_float_lanes.h: the per-level folds of the float32 sum, maximum and minimum give the bits of the generic
// ones, at every level, for blocks with and without lanes and a rest, with NaN and signed zeros.
TEST(FloatLaneReducersTest, EveryLevelGivesTheGenericBits) {
    for (int64_t n : {int64_t{1}, int64_t{3}, int64_t{31}, int64_t{32}, int64_t{33}, int64_t{64}, int64_t{1000},
                      int64_t{4096}}) {
        const int64_t rows = 3;
        std::vector<float> x = RandomFloats(n * rows, static_cast<uint32_t>(n));
        std::vector<float> special = x;
        special[static_cast<size_t>(n / 2)] = std::numeric_limits<float>::quiet_NaN();
        for (int64_t i = n; i < 2 * n; ++i) {  // row 1: signed zeros only
            special[static_cast<size_t>(i)] = i % 3 == 0 ? 0.0F : -0.0F;
        }
        for (CpuLevel level : SupportedCpuLevels()) {
            const FloatLaneReducers& reducers = GetFloatLaneReducersAt(level);
            for (const std::vector<float>* values : {&x, &special}) {
                std::string where = std::string{CpuLevelName(level)} + " n " + std::to_string(n);
                ExpectGenericBits<numeric::SumOp<float>>(reducers.sum, *values, n, rows, where + " sum");
                ExpectGenericBits<numeric::AMaxOp<float>>(reducers.max, *values, n, rows, where + " max");
                ExpectGenericBits<numeric::AMinOp<float>>(reducers.min, *values, n, rows, where + " min");
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
