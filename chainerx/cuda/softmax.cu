// CUDA kernels of softmax, log_softmax and logsumexp along one axis and of the softmaxes' gradients (Note [Softmax
// along one axis] in routines/explog.cc): one launch each, every row computed by a group of lanes (rows.cuh).
//
// Note [Softmax rows on CUDA]
// An operand is viewed as (outer, n, inner) around the axis: row r = (o, j) with o = r / inner, j = r % inner holds
// the n elements along the axis. When the axis is the last one (inner = 1) a row's elements are adjacent, and a warp
// takes each row, its lanes striding over it (coalesced). Otherwise adjacent rows are adjacent in memory, and a
// thread takes each row, so that the threads of a warp read adjacent elements. An operand whose axes before or after
// the axis cannot be merged into one stride (a transpose, say) is copied to C order first. The row's maximum and
// sum of exponentials are combined in a fixed order: every run gives the same bits.
#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/softmax.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/explog.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/rows.cuh"

namespace chainerx {
namespace cuda {
namespace {

// An operand's (outer, n, inner) view, strides in bytes.
struct RowOperand {
    char* data;
    int64_t outer_stride;
    int64_t inner_stride;
    int64_t stride;  // along the axis

    __device__ char* Row(int64_t row, int64_t inner) const {
        return data + (row / inner) * outer_stride + (row % inner) * inner_stride;
    }
};

// The rows (outer * inner) of length n, and the operands: x and y for the forward, y, gy and gx for the gradient.
struct SoftmaxArgs {
    int64_t rows;
    int64_t n;
    int64_t inner;
    RowOperand operands[3];
};

template <typename T, int kLanes, bool kLog>
__global__ void SoftmaxRowsKernel(SoftmaxArgs args) {
    using C = numeric::ComputeType<T>;
    ForEachLaneRow<kLanes>(args.rows, [&args](int64_t r, int lane) {
        const RowOperand& x_op = args.operands[0];
        const RowOperand& y_op = args.operands[1];
        LaneRow<T, kLanes> x{x_op.Row(r, args.inner), x_op.stride, args.n, lane};
        C max;
        C sum;
        x.MaxAndExpSum(max, sum);
        const C log_sum = numeric::Log{}(sum);
        char* y = y_op.Row(r, args.inner);
        for (int64_t k = lane; k < args.n; k += kLanes) {
            const C log_softmax = (x[k] - max) - log_sum;  // the composition's order of operations
            *reinterpret_cast<T*>(y + k * y_op.stride) = DeviceCast<T>(kLog ? log_softmax : numeric::Exp{}(log_softmax));
        }
    });
}

template <typename T, int kLanes, bool kLog>
__global__ void SoftmaxGradRowsKernel(SoftmaxArgs args) {
    using C = numeric::ComputeType<T>;
    ForEachLaneRow<kLanes>(args.rows, [&args](int64_t r, int lane) {
        const RowOperand& y_op = args.operands[0];
        const RowOperand& gy_op = args.operands[1];
        const RowOperand& gx_op = args.operands[2];
        LaneRow<T, kLanes> y{y_op.Row(r, args.inner), y_op.stride, args.n, lane};
        LaneRow<T, kLanes> gy{gy_op.Row(r, args.inner), gy_op.stride, args.n, lane};
        C sum{0};
        for (int64_t k = lane; k < args.n; k += kLanes) {
            sum += kLog ? gy[k] : gy[k] * y[k];
        }
        sum = CombineLanes<kLanes>(sum, SumOp{});
        char* gx = gx_op.Row(r, args.inner);
        for (int64_t k = lane; k < args.n; k += kLanes) {
            const C g = kLog ? gy[k] - numeric::Exp{}(y[k]) * sum : y[k] * (gy[k] - sum);
            *reinterpret_cast<T*>(gx + k * gx_op.stride) = DeviceCast<T>(g);
        }
    });
}

// logsumexp of each row, log(sum(exp(x - max))) + max, into operand 1 (x's shape with the axis kept as 1). kLog
// plays no part (the launchers' shape).
template <typename T, int kLanes, bool kLog>
__global__ void LogSumExpRowsKernel(SoftmaxArgs args) {
    using C = numeric::ComputeType<T>;
    ForEachLaneRow<kLanes>(args.rows, [&args](int64_t r, int lane) {
        const RowOperand& x_op = args.operands[0];
        LaneRow<T, kLanes> x{x_op.Row(r, args.inner), x_op.stride, args.n, lane};
        C max;
        C sum;
        x.MaxAndExpSum(max, sum);
        if (lane == 0) {
            *reinterpret_cast<T*>(args.operands[1].Row(r, args.inner)) = DeviceCast<T>(numeric::Log{}(sum) + max);
        }
    });
}

// Launchers of the kernels, for LaunchSoftmaxRows.
template <typename T, int kLanes, bool kLog>
struct SoftmaxRows {
    static void Launch(const SoftmaxArgs& args) {
        SoftmaxRowsKernel<T, kLanes, kLog><<<RowBlocks<kLanes>(args.rows), kRowBlockSize>>>(args);
    }
};

template <typename T, int kLanes, bool kLog>
struct SoftmaxGradRows {
    static void Launch(const SoftmaxArgs& args) {
        SoftmaxGradRowsKernel<T, kLanes, kLog><<<RowBlocks<kLanes>(args.rows), kRowBlockSize>>>(args);
    }
};

template <typename T, int kLanes, bool kLog>
struct LogSumExpRows {
    static void Launch(const SoftmaxArgs& args) {
        LogSumExpRowsKernel<T, kLanes, kLog><<<RowBlocks<kLanes>(args.rows), kRowBlockSize>>>(args);
    }
};

// The stride of axes [begin, end) of `a` merged into one (any value when all of them have size 1); nullopt when
// they do not merge.
std::optional<int64_t> MergedStride(const Array& a, int8_t begin, int8_t end) {
    std::optional<int64_t> stride;
    int64_t next = 0;  // the stride the axis before must have
    for (int8_t i = end - 1; i >= begin; --i) {
        if (a.shape()[i] == 1) {
            continue;
        }
        if (stride.has_value() && a.strides()[i] != next) {
            return std::nullopt;
        }
        if (!stride.has_value()) {
            stride = a.strides()[i];
        }
        next = a.strides()[i] * a.shape()[i];
    }
    return stride.value_or(0);
}

// `a` as a RowOperand around `axis`, copied to C order first (into `copy`) where its strides do not merge.
RowOperand ToRowOperand(const Array& a, int8_t axis, std::optional<Array>& copy) {
    std::optional<int64_t> outer = MergedStride(a, 0, axis);
    std::optional<int64_t> inner = MergedStride(a, axis + 1, a.ndim());
    if (!outer.has_value() || !inner.has_value()) {
        copy = AsContiguousArray(a);
        return ToRowOperand(*copy, axis, copy);
    }
    return RowOperand{static_cast<char*>(a.raw_data()), *outer, *inner, a.strides()[axis]};
}

// Launches Launcher<T, kLanes, log>'s kernel over the rows of `arrays` (inputs, then the output), all of one shape and
// dtype.
template <template <typename, int, bool> class Launcher, size_t N>
void LaunchSoftmaxRows(const std::array<const Array*, N>& arrays, int8_t axis, bool log) {
    const Array& first = *arrays[0];
    if (first.GetTotalSize() == 0) {
        return;
    }
    SoftmaxArgs args{};
    args.n = first.shape()[axis];
    args.rows = first.GetTotalSize() / args.n;
    args.inner = 1;
    for (int8_t i = axis + 1; i < first.ndim(); ++i) {
        args.inner *= first.shape()[i];
    }
    // Only inputs may be copied: the output (the last array) is C-contiguous.
    std::array<std::optional<Array>, N> copies{};
    for (size_t i = 0; i < N; ++i) {
        args.operands[i] = ToRowOperand(*arrays[i], axis, copies[i]);
    }
    CudaSetDeviceScope scope{first.device().index()};
    VisitDeviceDtypeIn<kFloatingDtypes>(first.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        auto launch = [&](auto lanes) {
            constexpr int kLanes = decltype(lanes)::value;
            if (log) {
                Launcher<T, kLanes, true>::Launch(args);
            } else {
                Launcher<T, kLanes, false>::Launch(args);
            }
        };
        if (args.inner == 1) {
            launch(std::integral_constant<int, kWarpSize>{});
        } else {
            launch(std::integral_constant<int, 1>{});
        }
        CheckCudaError(cudaGetLastError());
    });
}

class CudaSoftmaxKernel : public SoftmaxKernel {
public:
    Array Call(const Array& x, int8_t axis, bool log) override {
        Array y = Empty(x.shape(), x.dtype(), x.device());
        LaunchSoftmaxRows<SoftmaxRows, 2>({&x, &y}, axis, log);
        return y;
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SoftmaxKernel, CudaSoftmaxKernel);

class CudaSoftmaxGradKernel : public SoftmaxGradKernel {
public:
    Array Call(const Array& y, const Array& gy, int8_t axis, bool log) override {
        Array gx = Empty(y.shape(), y.dtype(), y.device());
        LaunchSoftmaxRows<SoftmaxGradRows, 3>({&y, &gy, &gx}, axis, log);
        return gx;
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SoftmaxGradKernel, CudaSoftmaxGradKernel);

class CudaLogSumExpKernel : public LogSumExpKernel {
public:
    Array Call(const Array& x, int8_t axis) override {
        Shape kept = x.shape();
        kept[axis] = 1;
        Array out = Empty(kept, x.dtype(), x.device());
        LaunchSoftmaxRows<LogSumExpRows, 2>({&x, &out}, axis, false);
        return out;
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LogSumExpKernel, CudaLogSumExpKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
