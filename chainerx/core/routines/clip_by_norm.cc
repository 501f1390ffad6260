// ClipByGlobalNorm (routines/optimizer.h): gradient clipping by the norm of all gradients together.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/optimizer.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/optimizer.h"

namespace chainerx {

// Note [Clipping by the global norm]
// Chainer's GradientClipping scales every gradient of a model by min(1, threshold / norm), norm being the L2 norm of
// all of them together. Composed of routines, that is a sum of squares per gradient, their sum, the rate (a square
// root, a division, a minimum) and a product per gradient: about 2P + 5 kernel launches for P parameters, each a
// few microseconds of the host's time on a GPU, where the arithmetic is a read of every gradient and a write of
// those that are clipped. Two kernels do it for any P:
// - SquaredNormKernel sums the squares of all elements. On CUDA, one launch per 32 arrays writes a partial sum per
//   block of 4096 elements (each block inside one array), and one more launch adds the partial sums in a fixed
//   order: the result depends only on the arrays' sizes, as every reduction of chainerx.
// - ClipByNormKernel scales the arrays by the rate, which each CUDA thread computes from the squared norm on the
//   device (no wait for the host), and skips the write where the rate is at least 1. On native the host reads the
//   norm, and nothing runs within the threshold (as Chainer on the CPU).
// PyTorch's clip_grad_norm_ takes its foreach norms, a norm of those, the coefficient and a foreach product.
Array ClipByGlobalNorm(const std::vector<Array>& arrays, double threshold) {
    if (arrays.empty()) {
        throw DimensionError{"clip_by_global_norm: no arrays given"};
    }
    Device& device = arrays.front().device();
    bool any_float64 = false;
    std::vector<std::pair<const char*, const char*>> spans;  // [begin, end) of each array's bytes
    for (size_t i = 0; i < arrays.size(); ++i) {
        const Array& a = arrays[i];
        if (&a.device() != &device) {
            throw DeviceError{"clip_by_global_norm: array ", i, " is on ", a.device().name(), " but array 0 is on ",
                              device.name()};
        }
        if (!IsFloatingPoint(a.dtype())) {
            throw DtypeError{"clip_by_global_norm: array ", i, " has dtype ", a.dtype(), ", not a float dtype"};
        }
        if (!a.IsContiguous()) {
            throw ChainerxError{"clip_by_global_norm: array ", i, " is not C-contiguous (shape ", a.shape(),
                                ", strides ", a.strides(), ")"};
        }
        any_float64 = any_float64 || a.dtype() == Dtype::kFloat64;
        if (a.GetNBytes() > 0) {
            const char* begin = static_cast<const char*>(a.raw_data());
            spans.emplace_back(begin, begin + a.GetNBytes());
        }
    }
    std::sort(spans.begin(), spans.end());
    for (size_t i = 1; i < spans.size(); ++i) {
        if (spans[i].first < spans[i - 1].second) {
            throw ChainerxError{"clip_by_global_norm: two of the arrays share memory (each would be scaled twice)"};
        }
    }
    FusedUpdateBatchPause run_queued_updates{};
    NoBackpropModeScope no_backprop{device.context()};
    Array squared_norm = Empty({}, any_float64 ? Dtype::kFloat64 : Dtype::kFloat32, device);
    device.CallKernel<SquaredNormKernel>(arrays, squared_norm);
    device.CallKernel<ClipByNormKernel>(arrays, squared_norm, threshold);
    return squared_norm;
}

}  // namespace chainerx
