#include "chainerx/native/transpose_copy.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {
namespace {

// Every level's tile loops against an element-by-element transpose, for tiles whose sides are and are not whole
// blocks, rows padded in both buffers, and random bit patterns (NaN payloads included: the loops move bits).
template <typename T>
void CheckTileLoop(TransposeTileLoop loop, CpuLevel level) {
    std::mt19937_64 rng{11};
    for (int64_t rows : {1, 3, 4, 8, 9, 17, 64}) {
        for (int64_t cols : {1, 2, 7, 8, 16, 31, 64}) {
            const int64_t src_pitch = cols + 3;  // elements per row, padding included
            const int64_t dst_pitch = rows + 5;
            std::vector<T> src(rows * src_pitch);
            for (T& v : src) {
                uint64_t bits = rng();
                std::memcpy(&v, &bits, sizeof(T));
            }
            const T guard = src[0];
            std::vector<T> dst(cols * dst_pitch, guard);
            loop(reinterpret_cast<const char*>(src.data()), src_pitch * sizeof(T), reinterpret_cast<char*>(dst.data()),
                 dst_pitch * sizeof(T), rows, cols);
            for (int64_t c = 0; c < cols; ++c) {
                for (int64_t r = 0; r < dst_pitch; ++r) {
                    const T& expected = r < rows ? src[r * src_pitch + c] : guard;  // the padding is not written
                    ASSERT_EQ(0, std::memcmp(&expected, &dst[c * dst_pitch + r], sizeof(T)))
                            << CpuLevelName(level) << ": " << rows << "x" << cols << " tile, dst[" << c << "][" << r
                            << "]";
                }
            }
        }
    }
}

TEST(TransposeCopyTest, TileLoopsTransposeAtEveryLevel) {
    for (CpuLevel level : SupportedCpuLevels()) {
        const TransposeTileLoops& loops = GetTransposeTileLoopsAt(level);
        CheckTileLoop<uint8_t>(loops.one_byte, level);
        CheckTileLoop<uint16_t>(loops.two_bytes, level);
        CheckTileLoop<uint32_t>(loops.four_bytes, level);
        CheckTileLoop<uint64_t>(loops.eight_bytes, level);
    }
}

}  // namespace
}  // namespace native
}  // namespace chainerx
