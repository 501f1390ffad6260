// The native reduction loop: one strided walk shared by every reduction op of chainerx/core/numeric/
// (sum, nansum, count_nonzero, all, any, amax, amin, mean), so that a native reduction kernel is one line:
//
//     CHAINERX_NATIVE_REGISTER_REDUCTION(SumKernel, numeric::SumOp, kAllDtypeMask);
//
// See Note [Native reduction loop].
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/macro.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/core/shape.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/half_convert.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/reduce_float_lanes.h"

namespace chainerx {
namespace native {

// Note [Native reduction loop]
// The accumulators (one per output element, C-contiguous) are viewed in the input's rank with stride 0 along
// the reduced axes, so a reduction is a walk over the input that folds each element into the accumulator
// under it. The plan orders the axes by decreasing input stride (C order for contiguous inputs, and the
// memory order of transposed ones) and merges neighbours that are contiguous in both the input and the
// accumulators, as native/elementwise.h does. The innermost merged axis is a "run":
//   - accumulator step 0 (reducing along the run): kLanes independent partial accumulators on contiguous
//     input, then combined pairwise. Independent lanes let the compiler vectorise ops that are not associative in
//     floating point (sum) or are selects (max with NaN); with 8 lanes GCC fully unrolls the lane loop and
//     then fails to vectorise selects, with 32 it vectorises them (amax of 10^7 float32, one thread:
//     8.6 ms with 8 lanes, 1.3 ms with 32; sum 1.1 ms and 0.8 ms).
//     More lanes also bound the growth of rounding error in sums;
//   - accumulator step != 0 (reducing across runs): acc[i] = Accumulate(acc[i], x[i]), which vectorises
//     (AccumulateContiguous; at the CPU's level for the float32 ops of kHasFloatReducer: max over axis 0 of 64x16384
//     float32, 148 -> 96 us, PyTorch 109 us).
// Contiguous rows of at most kPairwiseBlock elements, each into its own accumulator (sum over the last axis of a
// C-contiguous matrix), skip the walk: one loop folds row after row (ReduceContiguousRows), the same folds with the
// same bits, so that a row of 64 float32 costs its elements and not ~8 ns of walk and calls (sum over 16,384 rows
// of 64: 204 -> 85 us, PyTorch 91).
// Threads: when the runs keep their axis (sum over the batch axis of a (batch, features) array: each element
// of a run has its own accumulator), the span of the run is split across threads and every thread walks all
// runs over its columns. Each accumulator is still folded by one thread in the same order, so results do not
// depend on the thread count. Reductions along the run are threaded without changing their order either, see
// Note [Deterministic threaded reductions].
//
// Note [Deterministic threaded reductions]
// A long run folded into one accumulator (the whole of a contiguous array, for sum(x)) is a pairwise tree whose
// shape depends on its length only (ReduceRunToOne). Threads evaluate disjoint subtrees of that same tree, cut
// a few levels below the root, and the calling thread combines the subtree results in the tree's own order;
// every Combine sees the same operands as on one thread, so the result is bit-identical for any thread count
// (including 1), which a split into one partial sum per thread would not be. Runs that each have their own
// accumulator (sum over the last axis of a matrix) are split across threads whole. Runs that share an
// accumulator (the rows of a strided slice summed to one value) stay on one thread: their order matters.
struct ReductionPlan {
    int ndim{0};  // merged axes; the last one is the run
    int64_t dims[kMaxNdim]{};
    int64_t x_steps[kMaxNdim]{};  // bytes
    int64_t acc_steps[kMaxNdim]{};  // bytes, 0 along reduced axes
    int64_t outer_size{0};  // number of runs (0 when the input is zero-size)
    int64_t count{1};  // input elements folded into each accumulator

    ReductionPlan(const Array& x, const Axes& sorted_axes, int64_t acc_item_size);
};

inline ReductionPlan::ReductionPlan(const Array& x, const Axes& sorted_axes, int64_t acc_item_size) {
    struct Axis {
        int64_t dim, x_step, acc_step;
    };
    Axis axes[kMaxNdim];
    int n = 0;
    int64_t acc_stride = acc_item_size;
    if (x.GetTotalSize() == 0) {
        // No run at all. The other dims may be huge (a zero-size broadcast), so nothing is multiplied; the count
        // matters only to an empty reduction (mean of nothing: 0 / 0).
        bool reduces_empty_axis = std::any_of(
                sorted_axes.begin(), sorted_axes.end(), [&x](int8_t axis) { return x.shape()[axis] == 0; });
        count = reduces_empty_axis ? 0 : 1;
        dims[0] = 0;
        ndim = 1;
        outer_size = 0;
        return;
    }
    bool empty = false;
    for (int8_t i = x.ndim() - 1, next = static_cast<int8_t>(sorted_axes.size()) - 1; i >= 0; --i) {
        int64_t dim = x.shape()[i];
        bool reduced = next >= 0 && sorted_axes[next] == i;
        next -= reduced ? 1 : 0;
        count *= reduced ? dim : 1;
        empty = empty || dim == 0;
        if (dim != 1) {
            axes[n++] = {dim, x.strides()[i], reduced ? 0 : acc_stride};
        }
        acc_stride *= reduced ? 1 : dim;
    }
    // axes[] is innermost first; order by decreasing |input stride| (outermost first) for memory locality.
    std::reverse(axes, axes + n);
    // A stable insertion sort: std::stable_sort takes a heap buffer (a malloc and free of every reduction, ~450
    // instructions) to order at most kMaxNdim axes.
    for (int k = 1; k < n; ++k) {
        Axis moved = axes[k];
        int j = k;
        for (; j > 0 && std::abs(axes[j - 1].x_step) < std::abs(moved.x_step); --j) {
            axes[j] = axes[j - 1];
        }
        axes[j] = moved;
    }
    for (int k = 0; k < n; ++k) {
        const Axis& a = axes[k];
        bool mergeable = ndim > 0 && x_steps[ndim - 1] == a.x_step * a.dim && acc_steps[ndim - 1] == a.acc_step * a.dim;
        int d = mergeable ? ndim - 1 : ndim++;
        dims[d] = mergeable ? dims[d] * a.dim : a.dim;
        x_steps[d] = a.x_step;
        acc_steps[d] = a.acc_step;
    }
    if (ndim == 0) {  // a single element (0-d or all axes of size 1): one run of length 1
        dims[0] = 1;
        ndim = 1;
    }
    outer_size = 1;
    for (int d = 0; d < ndim - 1; ++d) {
        outer_size *= dims[d];
    }
    outer_size = empty ? 0 : outer_size;
}

constexpr int kLanes = 32;
// Runs longer than this are folded pairwise: halves of whole blocks, each reduced separately, then combined.
// The rounding error of a float sum then grows with log(n / kPairwiseBlock) instead of n / kLanes (2^20
// float32 copies of 0.1: relative error 2.6e-4 with lanes alone, 1e-7 pairwise), as NumPy's pairwise sum.
// The split points depend on n only, so results stay independent of the thread count.
constexpr int64_t kPairwiseBlock = kLanes * 128;

// Where the pairwise tree splits a run of n > kPairwiseBlock elements: the first half of its whole blocks.
inline int64_t PairwiseSplit(int64_t n) { return (n / kPairwiseBlock + 1) / 2 * kPairwiseBlock; }

// Folds one run of at most a few blocks of n input elements (byte step xs) into a single accumulator.
template <typename Op>
typename Op::Acc ReduceBlockToOne(const char* x, int64_t n, int64_t xs);

// Folds one run of n input elements (byte step xs) into a single accumulator.
template <typename Op>
typename Op::Acc ReduceRunToOne(const char* x, int64_t n, int64_t xs) {
    if (n <= kPairwiseBlock) {
        return ReduceBlockToOne<Op>(x, n, xs);
    }
    int64_t half = PairwiseSplit(n);
    // Two statements, not two arguments of Combine: GCC evaluates arguments right to left, which walked the input
    // backwards one block (16 KiB of float32) at a time, where the hardware prefetchers lose the stream. A
    // one-thread sum of 10^7 float32 took 3.0 ms that way; left to right, ~1.1 ms (benchmarks/README.md).
    typename Op::Acc left = ReduceRunToOne<Op>(x, half, xs);
    typename Op::Acc right = ReduceRunToOne<Op>(x + half * xs, n - half, xs);
    return Op::Combine(left, right);
}

#include "chainerx/native/reduce_lanes.h"  // NOLINT(build/include): ReduceLanes, CombineLanesPairwise

// Whether reduce_float_lanes.h has per-level folds of Op: the float32 sum (and mean, whose folds are the sum's),
// maximum and minimum.
template <typename Op>
constexpr bool kIsFloatSum =
        std::is_same<Op, numeric::SumOp<float>>::value || std::is_same<Op, numeric::MeanOp<float>>::value;
template <typename Op>
constexpr bool kHasFloatReducer = kIsFloatSum<Op> || std::is_same<Op, numeric::AMaxOp<float>>::value ||
                                  std::is_same<Op, numeric::AMinOp<float>>::value;

// Note [float16 sums through float32 folds]
// The float16 sum (and mean) accumulates in float, each element widened: the generic folds, compiled for the
// baseline level, widened them one by one in software (sum of 2^21 float16, one thread: 1.3 ms, PyTorch 0.29 ms).
// Contiguous blocks, rows and runs are instead widened into a float buffer of kPairwiseBlock values by the CPU
// level's conversion loop (F16C) and folded by the float32 sum's per-level folds: the same additions of the same
// floats in the same order, so the same bits.
template <typename Op>
constexpr bool kIsHalfSum = std::is_same<Op, numeric::SumOp<Float16>>::value ||
                            std::is_same<Op, numeric::MeanOp<Float16>>::value;

// The per-level folds of an op of kHasFloatReducer.
template <typename Op>
const FloatReducer& FloatReducerOf() {
    static_assert(kHasFloatReducer<Op>);
    if constexpr (kIsFloatSum<Op>) {
        return GetFloatLaneReducers().sum;
    } else if constexpr (std::is_same<Op, numeric::AMaxOp<float>>::value) {
        return GetFloatLaneReducers().max;
    } else {
        return GetFloatLaneReducers().min;
    }
}

template <typename Op>
typename Op::Acc ReduceBlockToOne(const char* x, int64_t n, int64_t xs) {
    using In = typename Op::In;
    using Acc = typename Op::Acc;
    if (xs == static_cast<int64_t>(sizeof(In))) {
        const In* in = reinterpret_cast<const In*>(x);
        if constexpr (kHasFloatReducer<Op>) {
            return FloatReducerOf<Op>().block(in, n);
        } else if constexpr (kIsHalfSum<Op>) {
            float widened[kPairwiseBlock];
            GetHalfConversionLoops().to_float(in, widened, n);
            return GetFloatLaneReducers().sum.block(widened, n);
        } else {
            return ReduceContiguousBlock<Op>(in, n);
        }
    }
    Acc total = Op::Identity();
    for (int64_t left = n; left > 0; --left, x += xs) {
        total = Op::Accumulate(total, *reinterpret_cast<const In*>(x));
    }
    return total;
}

// ReduceContiguousRows, at the CPU level for the ops of kHasFloatReducer.
template <typename Op>
void ReduceContiguousRowsAtCpuLevel(const typename Op::In* in, int64_t n, int64_t rows, typename Op::Acc* acc) {
    if constexpr (kHasFloatReducer<Op>) {
        FloatReducerOf<Op>().rows(in, n, rows, acc);
    } else if constexpr (kIsHalfSum<Op>) {
        // Whole rows of at most kPairwiseBlock elements at a time (n <= kPairwiseBlock: AreContiguousRows).
        float widened[kPairwiseBlock];
        const int64_t rows_per_buffer = std::max(kPairwiseBlock / std::max(n, int64_t{1}), int64_t{1});
        for (int64_t r = 0; r < rows; r += rows_per_buffer) {
            int64_t m = std::min(rows - r, rows_per_buffer);
            GetHalfConversionLoops().to_float(in + r * n, widened, m * n);
            GetFloatLaneReducers().sum.rows(widened, n, m, acc + r);
        }
    } else {
        ReduceContiguousRows<Op>(in, n, rows, acc);
    }
}

// Whether [offset, offset + length) is a node of ReduceRunToOne's pairwise tree over [0, n).
inline bool IsTreeNode(int64_t offset, int64_t length, int64_t n) {
    int64_t node_offset = 0;
    int64_t node_length = n;
    while (true) {
        if (node_offset == offset && node_length == length) {
            return true;
        }
        if (node_length <= kPairwiseBlock) {
            return false;
        }
        int64_t half = PairwiseSplit(node_length);
        if (offset < node_offset + half) {
            node_length = half;
        } else {
            node_offset += half;
            node_length -= half;
        }
        if (offset < node_offset || offset + length > node_offset + node_length) {
            return false;
        }
    }
}

// ReduceRunToOne on several threads, with the same result (Note [Deterministic threaded reductions]).
template <typename Op>
typename Op::Acc ReduceRunToOneThreaded(const char* x, int64_t n, int64_t xs) {
    using Acc = typename Op::Acc;
    // The length first: a short run (one of many rows) is decided without reading the thread settings.
    if (n < 2 * kElementwiseGrain || GetNumThreads() < 2 || IsInParallelRegion()) {
        return ReduceRunToOne<Op>(x, n, xs);
    }
    const int threads = GetNumThreads();
    // The subtrees at the cut, in order: (offset, length). Splitting stops at 4 subtrees per thread (for
    // balance) or at the tree's leaves.
    struct Subtree {
        int64_t offset, length;
    };
    std::vector<Subtree> subtrees{{0, n}};
    const size_t wanted = static_cast<size_t>(threads) * 4;
    while (subtrees.size() < wanted) {
        std::vector<Subtree> next;
        next.reserve(subtrees.size() * 2);
        for (const Subtree& t : subtrees) {
            if (t.length <= kPairwiseBlock) {
                next.push_back(t);
                continue;
            }
            int64_t half = PairwiseSplit(t.length);
            next.push_back({t.offset, half});
            next.push_back({t.offset + half, t.length - half});
        }
        if (next.size() == subtrees.size()) {
            break;
        }
        subtrees = std::move(next);
    }
    std::vector<Acc> partial(subtrees.size());
    ParallelForEachIndex(static_cast<int64_t>(subtrees.size()), [&](int64_t i) {
        partial[i] = ReduceRunToOne<Op>(x + subtrees[i].offset * xs, subtrees[i].length, xs);
    });
    // Combine bottom-up in the tree's order: the subtrees are the leaves of the same binary tree, so the
    // node over [offset, offset + length) combines the results of its two halves.
    struct Node {
        int64_t offset, length;
        Acc value;
    };
    std::vector<Node> nodes;
    nodes.reserve(subtrees.size());
    for (size_t i = 0; i < subtrees.size(); ++i) {
        nodes.push_back({subtrees[i].offset, subtrees[i].length, partial[i]});
        // Merge while the last two nodes are the two halves of one node of the tree.
        while (nodes.size() >= 2) {
            const Node& left = nodes[nodes.size() - 2];
            const Node& right = nodes.back();
            int64_t length = left.length + right.length;
            bool siblings = length > kPairwiseBlock && PairwiseSplit(length) == left.length &&
                            IsTreeNode(left.offset, length, n);
            if (!siblings) {
                break;
            }
            Node merged{left.offset, length, Op::Combine(left.value, right.value)};
            nodes.pop_back();
            nodes.back() = merged;
        }
    }
    CHAINERX_ASSERT(nodes.size() == 1);
    return nodes.front().value;
}

// Folds a run of n input elements into the accumulators under them (byte steps xs and as).
template <typename Op>
void ReduceRun(const char* x, char* acc, int64_t n, int64_t xs, int64_t as) {
    using In = typename Op::In;
    using Acc = typename Op::Acc;
    if (as == 0) {
        Acc* out = reinterpret_cast<Acc*>(acc);
        *out = Op::Combine(*out, ReduceRunToOneThreaded<Op>(x, n, xs));
        return;
    }
    if (xs == static_cast<int64_t>(sizeof(In)) && as == static_cast<int64_t>(sizeof(Acc))) {
        const In* in = reinterpret_cast<const In*>(x);
        Acc* out = reinterpret_cast<Acc*>(acc);
        if constexpr (kHasFloatReducer<Op>) {
            FloatReducerOf<Op>().across(in, n, out);
        } else if constexpr (kIsHalfSum<Op>) {
            float widened[kPairwiseBlock];
            for (int64_t i = 0; i < n; i += kPairwiseBlock) {
                int64_t m = std::min(n - i, kPairwiseBlock);
                GetHalfConversionLoops().to_float(in + i, widened, m);
                GetFloatLaneReducers().sum.across(widened, m, out + i);
            }
        } else {
            AccumulateContiguous<Op>(in, n, out);
        }
        return;
    }
    for (int64_t i = 0; i < n; ++i) {
        Acc* out = reinterpret_cast<Acc*>(acc + i * as);
        *out = Op::Accumulate(*out, *reinterpret_cast<const In*>(x + i * xs));
    }
}

// Note [Short runs across accumulators]
// A sum over the middle axis of a (512, 512, 8) array is a run of 8 elements folded into 8 accumulators, again for
// each of the 512 reduced elements: a call and the counters' walk per 8 elements took 3.7 ms on one thread (PyTorch
// 0.47 ms). When the run is contiguous, short, and the next axis is reduced (its accumulator step is 0), consecutive
// runs along that axis go into the same accumulators and are folded by one loop (AccumulateRows). Each accumulator
// still takes its elements in the same order, so the bits are the same. Then each row waited for the one before:
// 0.55 ms (PyTorch 0.10). Now the float32 sum, maximum and minimum have these loops per CPU level with the common
// lengths known at compile time, and the sets of accumulators along the axis before, when it is kept, go through
// their rows several at a time (AccumulateRowsOfSets in reduce_lanes.h).
constexpr int64_t kShortRun = 128;

template <typename Op>
bool IsShortRunIntoOneRow(const ReductionPlan& plan) {
    const int outer = plan.ndim - 1;
    return outer >= 1 && plan.dims[outer] <= kShortRun && plan.acc_steps[outer - 1] == 0 &&
           plan.x_steps[outer] == static_cast<int64_t>(sizeof(typename Op::In)) &&
           plan.acc_steps[outer] == static_cast<int64_t>(sizeof(typename Op::Acc));
}

// Processes the runs [begin, end) of the plan (see Note [Native reduction loop]).
template <typename Op>
void ReduceRuns(const ReductionPlan& plan, int64_t begin, int64_t end, const char* x, char* acc) {
    if (begin >= end) {
        return;
    }
    const int outer = plan.ndim - 1;
    int64_t counter[kMaxNdim] = {};
    for (int64_t d = outer - 1, rest = begin; d >= 0; --d) {
        counter[d] = rest % plan.dims[d];
        rest /= plan.dims[d];
        x += counter[d] * plan.x_steps[d];
        acc += counter[d] * plan.acc_steps[d];
    }
    const int64_t n = plan.dims[outer];
    const bool short_runs_into_one_row = IsShortRunIntoOneRow<Op>(plan);
    for (int64_t o = begin; o < end; ++o) {
        if (short_runs_into_one_row) {
            // The runs up to the end of this row of the next axis, or to `end`, in one loop; from the start of a row,
            // the whole rows of several sets of accumulators along the axis before (when it keeps its elements); then
            // on from the last run.
            const int64_t runs = std::min(plan.dims[outer - 1] - counter[outer - 1], end - o);
            int64_t sets = 1;
            if (outer >= 2 && counter[outer - 1] == 0 && runs == plan.dims[outer - 1] &&
                plan.acc_steps[outer - 2] != 0) {
                sets = std::min((end - o) / runs, plan.dims[outer - 2] - counter[outer - 2]);
            }
            const int64_t set_x_step = outer >= 2 ? plan.x_steps[outer - 2] : 0;
            const int64_t set_acc_step = outer >= 2 ? plan.acc_steps[outer - 2] : 0;
            const ShortRowSets row_sets{x, n, runs, plan.x_steps[outer - 1], sets, set_x_step, set_acc_step, acc};
            if constexpr (kHasFloatReducer<Op>) {
                FloatReducerOf<Op>().short_rows(row_sets);
            } else {
                AccumulateRowsOfSets<Op, kShortRun>(row_sets);
            }
            o += sets * runs - 1;
            if (sets > 1) {
                counter[outer - 2] += sets - 1;
                x += (sets - 1) * set_x_step;
                acc += (sets - 1) * set_acc_step;
            }
            counter[outer - 1] += runs - 1;
            x += (runs - 1) * plan.x_steps[outer - 1];
        } else {
            ReduceRun<Op>(x, acc, n, plan.x_steps[outer], plan.acc_steps[outer]);
        }
        for (int d = outer - 1; d >= 0; --d) {
            if (++counter[d] < plan.dims[d]) {
                x += plan.x_steps[d];
                acc += plan.acc_steps[d];
                break;
            }
            counter[d] = 0;
            x -= plan.x_steps[d] * (plan.dims[d] - 1);
            acc -= plan.acc_steps[d] * (plan.dims[d] - 1);
        }
    }
}

// Whether the plan is rows of at most kPairwiseBlock contiguous elements, each folded into the next accumulator:
// ReduceContiguousRows computes what ReduceRuns would, with the same bits (one block per row, no pairwise tree).
template <typename Op>
bool AreContiguousRows(const ReductionPlan& plan) {
    const auto item = static_cast<int64_t>(sizeof(typename Op::In));
    return plan.ndim == 2 && plan.dims[1] <= kPairwiseBlock && plan.x_steps[1] == item &&
           plan.acc_steps[1] == 0 && plan.x_steps[0] == plan.dims[1] * item &&
           plan.acc_steps[0] == static_cast<int64_t>(sizeof(typename Op::Acc));
}

// Note [Kept axes first]
// When the run is reduced and the outer axes mix kept and reduced ones (batch normalisation's statistics: the sum
// over axes 0, 2 and 3 of NCHW images), every accumulator takes runs from several outer positions, and Note
// [Deterministic threaded reductions] kept all the runs on one thread: batch normalisation did not speed up with a
// second thread where PyTorch's did (1.6x). An accumulator's result depends only on the order of its own runs,
// which is the order of the reduced axes among themselves. So the plan may move its kept outer axes before the
// reduced ones (keeping each group's order) and split the kept positions across threads: each accumulator still
// takes the same runs in the same order, the same bits at any thread count.
// Returns false, having done nothing, where there is no kept outer axis or too little work for two threads.
template <typename Op>
bool ReduceKeptAxesFirstThreaded(const ReductionPlan& plan, const char* x, char* acc) {
    const int run_axis = plan.ndim - 1;
    if (plan.outer_size == 0 || GetNumThreads() < 2 || IsInParallelRegion() ||
        plan.outer_size * plan.dims[run_axis] < 2 * kElementwiseGrain) {
        return false;
    }
    ReductionPlan kept_first = plan;
    int kept = 0;
    int64_t kept_count = 1;
    int next = 0;
    for (int pass = 0; pass < 2; ++pass) {  // the kept outer axes, then the reduced ones, each in their order
        const bool keeping = pass == 0;
        for (int d = 0; d < run_axis; ++d) {
            if ((plan.acc_steps[d] != 0) != keeping) {
                continue;
            }
            kept_first.dims[next] = plan.dims[d];
            kept_first.x_steps[next] = plan.x_steps[d];
            kept_first.acc_steps[next] = plan.acc_steps[d];
            ++next;
            if (keeping) {
                ++kept;
                kept_count *= plan.dims[d];
            }
        }
    }
    if (kept == 0 || kept_count < 2) {
        return false;
    }
    const int64_t runs_per_kept = plan.outer_size / kept_count;
    const int64_t elements_per_kept = runs_per_kept * std::max(plan.dims[run_axis], int64_t{1});
    const int64_t grain = (kElementwiseGrain + elements_per_kept - 1) / elements_per_kept;
    ParallelFor(kept_count, grain, [&kept_first, runs_per_kept, x, acc](int64_t begin, int64_t end) {
        ReduceRuns<Op>(kept_first, begin * runs_per_kept, end * runs_per_kept, x, acc);
    });
    return true;
}

// Processes every run of the plan, split across threads when the runs keep their axis (see Note [Native reduction
// loop]).
template <typename Op>
void ReduceAllRuns(const ReductionPlan& plan, const char* x, char* acc) {
    const int run_axis = plan.ndim - 1;
    const int64_t acc_step = plan.acc_steps[run_axis];
    if (acc_step == 0 || plan.outer_size == 0) {
        // Runs with an accumulator each (no reduced outer axis) go to threads whole; runs sharing
        // accumulators stay in order on this thread (Note [Deterministic threaded reductions]).
        bool own_accumulators = plan.outer_size >= 2;
        for (int d = 0; d < run_axis; ++d) {
            own_accumulators = own_accumulators && plan.acc_steps[d] != 0;
        }
        if (!own_accumulators) {
            if (!ReduceKeptAxesFirstThreaded<Op>(plan, x, acc)) {
                ReduceRuns<Op>(plan, 0, plan.outer_size, x, acc);
            }
            return;
        }
        const int64_t run_length = std::max(plan.dims[run_axis], int64_t{1});
        const int64_t runs_per_chunk = (kElementwiseGrain + run_length - 1) / run_length;
        if (AreContiguousRows<Op>(plan)) {
            using In = typename Op::In;
            using Acc = typename Op::Acc;
            ParallelFor(plan.outer_size, runs_per_chunk, [&](int64_t begin, int64_t end) {
                ReduceContiguousRowsAtCpuLevel<Op>(
                        reinterpret_cast<const In*>(x) + begin * run_length, run_length, end - begin,
                        reinterpret_cast<Acc*>(acc) + begin);
            });
            return;
        }
        ParallelFor(plan.outer_size, runs_per_chunk, [&](int64_t begin, int64_t end) {
            ReduceRuns<Op>(plan, begin, end, x, acc);
        });
        return;
    }
    // Columns per chunk such that a chunk covers at least kElementwiseGrain input elements.
    const int64_t grain = (kElementwiseGrain + plan.outer_size - 1) / plan.outer_size;
    ParallelFor(plan.dims[run_axis], grain, [&](int64_t begin, int64_t end) {
        ReductionPlan columns = plan;
        columns.dims[run_axis] = end - begin;
        ReduceRuns<Op>(columns, 0, plan.outer_size, x + begin * plan.x_steps[run_axis], acc + begin * acc_step);
    });
}

// out = the reduction of x over sorted_axes; out is C-contiguous (freshly allocated by the routine) and has
// Op::Out elements. Accumulates in out itself when the accumulator is the output type, else in a buffer.
template <typename Op>
void Reduce(const Array& x, const Axes& sorted_axes, const Array& out) {
    using Acc = typename Op::Acc;
    using Out = typename Op::Out;
    CHAINERX_ASSERT(out.IsContiguous());
    const int64_t out_size = out.GetTotalSize();
    Out* out_data = static_cast<Out*>(out.raw_data());
    if (out_size == 1 && x.IsContiguous()) {
        // All of a contiguous input into one element: the single run that the plan would find, without building
        // it (~400 instructions, most of a small reduction). Same tree, so the same bits.
        const int64_t count = x.GetTotalSize();
        const auto in_step = static_cast<int64_t>(sizeof(typename Op::In));
        Acc total = Op::Combine(Op::Identity(), ReduceRunToOneThreaded<Op>(DataPtr(x), count, in_step));
        if constexpr (Op::kHasFinalize) {
            out_data[0] = Op::Finalize(total, count);
        } else {
            out_data[0] = CastValue<Out>(total);
        }
        return;
    }
    ReductionPlan plan{x, sorted_axes, static_cast<int64_t>(sizeof(Acc))};
    if constexpr (std::is_same<Acc, Out>::value && !Op::kHasFinalize) {
        std::fill(out_data, out_data + out_size, Op::Identity());
        ReduceAllRuns<Op>(plan, DataPtr(x), reinterpret_cast<char*>(out_data));
    } else {
        std::vector<Acc> acc(static_cast<size_t>(out_size), Op::Identity());
        ReduceAllRuns<Op>(plan, DataPtr(x), reinterpret_cast<char*>(acc.data()));
        for (int64_t i = 0; i < out_size; ++i) {
            if constexpr (Op::kHasFinalize) {
                out_data[i] = Op::Finalize(acc[i], plan.count);
            } else {
                out_data[i] = CastValue<Out>(acc[i]);
            }
        }
    }
}

// A reduction key kernel implemented by Reduce with the op template OpT<In>, for the input dtypes in kDtypes.
template <typename KeyKernel, template <typename> class OpT, DtypeMask kDtypes>
class NativeReductionKernel : public KeyKernel {
public:
    void Call(const Array& x, const Axes& axes, const Array& out) override {
        VisitDtypeIn<kDtypes>(x.dtype(), [&](auto pt) {
            Reduce<OpT<typename decltype(pt)::type>>(x, axes, out);
        });
    }
};

}  // namespace native
}  // namespace chainerx

#define CHAINERX_NATIVE_REGISTER_REDUCTION(key_kernel, op, dtypes)                                                \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                                  \
                                                    ::chainerx::native::NativeReductionKernel<key_kernel, op, dtypes>> \
            s_native_##key_kernel {                                                                              \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                             \
    }
