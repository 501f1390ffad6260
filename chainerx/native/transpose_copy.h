// Copies whose input is transposed against their output in the last two axes (ascontiguousarray(a.T), the copy of
// a permuted array, copyto from one), for every dtype (elements of 1, 2, 4 and 8 bytes): square blocks moved through
// vector registers and transposed there, per CPU level. Note [Transposed copies] in transpose_copy.cc.
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

// dst[c][r] = src[r][c] for r < rows and c < cols: rows of src are src_row_step bytes apart and rows of dst
// dst_row_step apart, and the elements within a row are contiguous (1, 2, 4 or 8 bytes, as the loop's width).
using TransposeTileLoop = void (*)(
        const char* src, int64_t src_row_step, char* dst, int64_t dst_row_step, int64_t rows, int64_t cols);

struct TransposeTileLoops {
    TransposeTileLoop one_byte;
    TransposeTileLoop two_bytes;
    TransposeTileLoop four_bytes;
    TransposeTileLoop eight_bytes;
};

// The loops of `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
const TransposeTileLoops& GetTransposeTileLoopsAt(CpuLevel level);

// out = x, for arrays of one shape and dtype, if their layouts are ones the transposing loops serve (out walks its
// last squashed axis contiguously, x its second-to-last, both at least a block wide, out without zero strides);
// returns false, having done nothing, otherwise.
bool CopyTransposed(const Array& x, const Array& out);

}  // namespace native
}  // namespace chainerx
