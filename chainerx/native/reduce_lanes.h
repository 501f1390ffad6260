// The lanes of a contiguous block of a reduction (Note [Native reduction loop] in reduce.h): kLanes independent
// partial accumulators over the block's whole groups of kLanes elements, then combined pairwise; and the blocks and
// rows of contiguous elements folded with them. No include guard:
// reduce.h includes it once for every op (compiled for the baseline level), and reduce_float_lanes.cc once per CPU
// level (native/per_cpu_level.h) for the float32 sum, maximum and minimum, so that those vectorise at the CPU's
// level. Each copy performs the same operations in the same order, so the levels give the same bits.

// partial[0] = the Combine of partial[0, 2 kWidth), pairwise: lane j with lane j + kWidth, then with j + kWidth / 2,
// ... Independent operations at each level, unrolled (a constant width per level) and vectorised, where a chain
// through the lanes waited on each (a sum over 64 contiguous float32 per output spent most of its time there).
template <typename Op, int kWidth>
inline void CombineLanesPairwise(typename Op::Acc* partial) {
    if constexpr (kWidth > 0) {
        for (int j = 0; j < kWidth; ++j) {
            partial[j] = Op::Combine(partial[j], partial[j + kWidth]);
        }
        CombineLanesPairwise<Op, kWidth / 2>(partial);
    }
}

// The Combine of the first n / kLanes * kLanes elements of `in` (n >= kLanes).
template <typename Op>
typename Op::Acc ReduceLanes(const typename Op::In* in, int64_t n) {
    typename Op::Acc partial[kLanes];
    for (int j = 0; j < kLanes; ++j) {  // the first group starts the lanes (no fill of identities)
        partial[j] = Op::Accumulate(Op::Identity(), in[j]);
    }
    for (int64_t i = kLanes; i + kLanes <= n; i += kLanes) {
        for (int j = 0; j < kLanes; ++j) {
            partial[j] = Op::Accumulate(partial[j], in[i + j]);
        }
    }
    CombineLanesPairwise<Op, kLanes / 2>(partial);
    return partial[0];
}

// The Combine of the n contiguous elements of `in` (a run of at most kPairwiseBlock elements): the lanes over its
// whole groups of kLanes, then the rest in order. Runs shorter than the lanes skip them.
template <typename Op>
typename Op::Acc ReduceContiguousBlock(const typename Op::In* in, int64_t n) {
    typename Op::Acc total = Op::Identity();
    int64_t i = 0;
    if (n >= kLanes) {
        total = Op::Combine(total, ReduceLanes<Op>(in, n));
        i = n / kLanes * kLanes;
    }
    for (; i < n; ++i) {
        total = Op::Accumulate(total, in[i]);
    }
    return total;
}

// acc[i] = Accumulate(acc[i], in[i]) for i < n: a row folded into the accumulators of its elements (a reduction
// across rows, as the sum over the batch axis of a bias gradient). One operation per element, so the same bits at
// any vector width.
template <typename Op>
void AccumulateContiguous(const typename Op::In* in, int64_t n, typename Op::Acc* acc) {
    for (int64_t i = 0; i < n; ++i) {
        acc[i] = Op::Accumulate(acc[i], in[i]);
    }
}

// AccumulateContiguous of `rows` runs of n <= kMaxRun contiguous elements, row_step bytes apart, all into the same n
// accumulators (Note [Short runs across accumulators] in reduce.h). The accumulators are copied to a local array for
// the loop: the compiler can then keep them apart from the input instead of checking for overlap at every run.
template <typename Op, int64_t kMaxRun>
void AccumulateRows(const char* x, int64_t n, int64_t rows, int64_t row_step, typename Op::Acc* acc) {
    typename Op::Acc local[kMaxRun];
    std::copy(acc, acc + n, local);
    for (int64_t r = 0; r < rows; ++r, x += row_step) {
        const auto* in = reinterpret_cast<const typename Op::In*>(x);
        for (int64_t j = 0; j < n; ++j) {
            local[j] = Op::Accumulate(local[j], in[j]);
        }
    }
    std::copy(local, local + n, acc);
}

// The short rows of Note [Short runs across accumulators] for several sets of accumulators (ShortRowSets). Within a
// set each row waits for the one before (a sum of rows of 8 float32 is one vector addition per row, a maximum three
// dependent instructions), so kInterleavedSets sets go through the rows together, their chains overlapping. Each
// accumulator still takes its elements in order: the same bits as AccumulateRows set by set. With kLengthIsMax, the
// runs are kMaxRun long (a length known at compile time).
constexpr int64_t kInterleavedSets = 4;

template <typename Op, int64_t kMaxRun>
void AccumulateRowsOfSetsUnpacked(
        const char* x,
        int64_t n,
        int64_t rows,
        int64_t row_step,
        int64_t sets,
        int64_t set_x_step,
        int64_t set_acc_step,
        char* acc) {
    using Acc = typename Op::Acc;
    using In = typename Op::In;
    // One array per set: a single array of the sets made GCC's SLP pack two sets' rows into one vector, element by
    // element, with the accumulators on the stack.
    auto accumulate = [n](Acc* local, const char* row) {
        const auto* in = reinterpret_cast<const In*>(row);
        for (int64_t j = 0; j < n; ++j) {
            local[j] = Op::Accumulate(local[j], in[j]);
        }
    };
    static_assert(kInterleavedSets == 4);
    int64_t b = 0;
    for (; b + kInterleavedSets <= sets; b += kInterleavedSets) {
        Acc* set_accs[kInterleavedSets];
        for (int64_t q = 0; q < kInterleavedSets; ++q) {
            set_accs[q] = reinterpret_cast<Acc*>(acc + (b + q) * set_acc_step);
        }
        Acc local0[kMaxRun];
        Acc local1[kMaxRun];
        Acc local2[kMaxRun];
        Acc local3[kMaxRun];
        std::copy(set_accs[0], set_accs[0] + n, local0);
        std::copy(set_accs[1], set_accs[1] + n, local1);
        std::copy(set_accs[2], set_accs[2] + n, local2);
        std::copy(set_accs[3], set_accs[3] + n, local3);
        const char* row = x + b * set_x_step;
        for (int64_t r = 0; r < rows; ++r, row += row_step) {
            accumulate(local0, row);
            accumulate(local1, row + set_x_step);
            accumulate(local2, row + 2 * set_x_step);
            accumulate(local3, row + 3 * set_x_step);
        }
        std::copy(local0, local0 + n, set_accs[0]);
        std::copy(local1, local1 + n, set_accs[1]);
        std::copy(local2, local2 + n, set_accs[2]);
        std::copy(local3, local3 + n, set_accs[3]);
    }
    for (; b < sets; ++b) {
        AccumulateRows<Op, kMaxRun>(
                x + b * set_x_step, n, rows, row_step, reinterpret_cast<Acc*>(acc + b * set_acc_step));
    }
}

template <typename Op, int64_t kMaxRun, bool kLengthIsMax = false>
void AccumulateRowsOfSets(const ShortRowSets& runs) {
    // The fields as separate arguments: given the struct's, GCC 12 replaced the arrays of a short known length by
    // scalars and stopped vectorising the rows (a sum over axis 1 of (512, 512, 8): 0.11 -> 0.25 ms).
    AccumulateRowsOfSetsUnpacked<Op, kMaxRun>(
            runs.x,
            kLengthIsMax ? kMaxRun : runs.n,
            runs.rows,
            runs.row_step,
            runs.sets,
            runs.set_x_step,
            runs.set_acc_step,
            runs.acc);
}

// acc[r] = Combine(acc[r], ReduceContiguousBlock(in + r n, n)) for the `rows` contiguous rows of `in`: one loop, so
// that a short row costs its elements and not the walk of a run (reduce.h's ReduceAllRuns).
template <typename Op>
void ReduceContiguousRows(const typename Op::In* in, int64_t n, int64_t rows, typename Op::Acc* acc) {
    for (int64_t r = 0; r < rows; ++r, in += n) {
        acc[r] = Op::Combine(acc[r], ReduceContiguousBlock<Op>(in, n));
    }
}
