#include "chainerx/cuda/cuda_backend.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/connection.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/explog.h"
#include "chainerx/core/routines/hyperbolic.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/linalg.h"
#include "chainerx/core/routines/linear.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/loss.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/optimizer.h"
#include "chainerx/core/routines/pooling.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/rnn.h"
#include "chainerx/core/routines/rounding.h"
#include "chainerx/core/routines/sorting.h"
#include "chainerx/core/routines/statistics.h"
#include "chainerx/core/routines/trigonometric.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/cusolver.h"
#include "chainerx/cuda/memory_pool.h"

namespace chainerx {
namespace cuda {
namespace {

// Skips the test when no GPU (or no driver) is present; this is the normal case on CI machines.
#define CHAINERX_REQUIRE_GPU()                          \
    do {                                                \
        if (GetDeviceCountNoExcept() == 0) {            \
            GTEST_SKIP() << "no CUDA device available"; \
        }                                               \
    } while (false)

TEST(CudaBackendTest, IsRegisteredAsBuiltin) {
    Context ctx;
    EXPECT_EQ(ctx.GetBackend("cuda").GetName(), "cuda");
}

// An index past the last GPU is a DeviceError; with no GPU (or no driver) at all, a BackendError saying why.
TEST(CudaBackendTest, OutOfRangeDeviceIsDeviceErrorAndNoDeviceIsBackendError) {
    Context ctx;
    int count = ctx.GetBackend("cuda").GetDeviceCount();
    if (count > 0) {
        EXPECT_THROW(ctx.GetDevice("cuda", count), DeviceError);
        return;
    }
    try {
        ctx.GetDevice("cuda", 0);
        ADD_FAILURE() << "cuda:0 was created without a device";
    } catch (const BackendError& e) {
        EXPECT_NE(std::string{e.what()}.find("cuda:0 is not available: "), std::string::npos) << e.what();
    }
}

TEST(CudaBackendTest, AddMultiplySumRoundTrip) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& device = ctx.GetDevice("cuda:0");
    Array a = Arange(0, 6, 1, Dtype::kFloat32, device).Reshape({2, 3});
    Array b = Full({3}, 2.0, Dtype::kFloat32, device);
    Array y = ((a + b) * a).Sum(Axes{1});
    Array host = y.ToDevice(ctx.GetDevice("native:0"));
    const float* values = static_cast<const float*>(host.raw_data());
    EXPECT_FLOAT_EQ(values[0], 0 * 2 + 1 * 3 + 2 * 4);
    EXPECT_FLOAT_EQ(values[1], 3 * 5 + 4 * 6 + 5 * 7);
}

TEST(CudaBackendTest, BackwardOnDevice) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& device = ctx.GetDevice("cuda:0");
    Array x = Full({2, 3}, 3.0, Dtype::kFloat32, device).RequireGrad();
    (x * x).Sum().Backward();
    Array gx = x.GetGrad()->ToDevice(ctx.GetDevice("native:0"));
    EXPECT_FLOAT_EQ(static_cast<const float*>(gx.raw_data())[5], 6.0f);
}

// Runs `op` on the same inputs on native:0 and cuda:0 and expects the same dtype, shape and values (floats within a
// few ulp; NaN where native has NaN).
// `abs_tolerance` is added to the relative one: results near zero that are rounding noise on both devices (the
// factorizations') differ by more than their relative tolerance.
template <typename Op>
void ExpectSameAsNative(const char* name, const std::vector<Array>& native_inputs, Op op, double abs_tolerance = 1e-7) {
    SCOPED_TRACE(name);
    Context& ctx = native_inputs.front().device().context();
    Device& native = ctx.GetDevice("native:0");
    Device& gpu = ctx.GetDevice("cuda:0");
    std::vector<Array> gpu_inputs;
    for (const Array& a : native_inputs) {
        gpu_inputs.push_back(a.ToDevice(gpu));
    }
    std::optional<Array> expected_or_error;
    try {
        expected_or_error = op(native_inputs);
    } catch (const ChainerxError&) {
        EXPECT_THROW(op(gpu_inputs), ChainerxError);  // refused by the routine on both devices
        return;
    }
    Array expected = *expected_or_error;
    Array actual = op(gpu_inputs);
    ASSERT_EQ(&actual.device(), &gpu);
    ASSERT_EQ(actual.dtype(), expected.dtype());
    ASSERT_EQ(actual.shape(), expected.shape());
    // float16 results may differ by one half-precision ulp: the device and host float functions round differently.
    double tolerance = expected.dtype() == Dtype::kFloat16 ? 2e-3 : 1e-5;
    Array e = expected.AsType(Dtype::kFloat64);
    Array a = actual.ToDevice(native).AsType(Dtype::kFloat64);
    const auto* ev = static_cast<const double*>(e.raw_data());
    const auto* av = static_cast<const double*>(a.raw_data());
    for (int64_t i = 0; i < e.GetTotalSize(); ++i) {
        if (std::isnan(ev[i])) {
            EXPECT_TRUE(std::isnan(av[i])) << "element " << i;
        } else if (std::isinf(ev[i])) {
            EXPECT_EQ(av[i], ev[i]) << "element " << i;
        } else {
            EXPECT_NEAR(av[i], ev[i], tolerance * std::abs(ev[i]) + abs_tolerance) << "element " << i;
        }
    }
}

// Inputs with negatives, zeros, a broadcast operand and (for floats) NaN and infinities, in every dtype.
TEST(CudaBackendTest, ElementwiseKernelsMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    for (Dtype dtype : {Dtype::kBool, Dtype::kInt8, Dtype::kInt16, Dtype::kInt32, Dtype::kInt64, Dtype::kUInt8,
                        Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        SCOPED_TRACE(GetDtypeName(dtype));
        Array x = (Arange(-6, 6, 1, Dtype::kFloat64, native).Reshape({3, 4}) * 1.5).AsType(dtype);
        Array y = Arange(-2, 2, 1, Dtype::kFloat64, native).AsType(dtype);  // broadcast over x's rows
        bool is_float = GetKind(dtype) == DtypeKind::kFloat;
        if (is_float) {
            Array specials = Full({4}, Scalar{NAN}, dtype, native);
            specials.At({3}).Fill(Scalar{INFINITY});
            x = Concatenate({x.Reshape({12}), specials}).Reshape({4, 4});
        }
        using Arrays = std::vector<Array>;
        ExpectSameAsNative("add", {x, y}, [](const Arrays& v) { return v[0] + v[1]; });
        ExpectSameAsNative("multiply", {x, y}, [](const Arrays& v) { return v[0] * v[1]; });
        ExpectSameAsNative("equal", {x, y}, [](const Arrays& v) { return Equal(v[0], v[1]); });
        ExpectSameAsNative("less", {x, y}, [](const Arrays& v) { return Less(v[0], v[1]); });
        ExpectSameAsNative("logical_and", {x, y}, [](const Arrays& v) { return LogicalAnd(v[0], v[1]); });
        ExpectSameAsNative("logical_not", {x}, [](const Arrays& v) { return LogicalNot(v[0]); });
        ExpectSameAsNative("isnan", {x}, [](const Arrays& v) { return IsNan(v[0]); });
        ExpectSameAsNative("isfinite", {x}, [](const Arrays& v) { return IsFinite(v[0]); });
        ExpectSameAsNative("maximum", {x, y}, [](const Arrays& v) { return Maximum(v[0], v[1]); });
        ExpectSameAsNative("absolute", {x}, [](const Arrays& v) { return Absolute(v[0]); });
        ExpectSameAsNative("sign", {x}, [](const Arrays& v) { return Sign(v[0]); });
        if (dtype != Dtype::kBool) {
            ExpectSameAsNative("subtract", {x, y}, [](const Arrays& v) { return v[0] - v[1]; });
            ExpectSameAsNative("floor_divide", {x, y}, [](const Arrays& v) { return FloorDivide(v[0], v[1]); });
            ExpectSameAsNative("remainder", {x, y}, [](const Arrays& v) { return Remainder(v[0], v[1]); });
            ExpectSameAsNative("negative", {x}, [](const Arrays& v) { return -v[0]; });
        }
        if (is_float) {
            ExpectSameAsNative("divide", {x, y}, [](const Arrays& v) { return v[0] / v[1]; });
            ExpectSameAsNative("sqrt", {x}, [](const Arrays& v) { return Sqrt(v[0]); });
            ExpectSameAsNative("power", {x, y}, [](const Arrays& v) { return Power(v[0], v[1]); });
            ExpectSameAsNative("exp", {x}, [](const Arrays& v) { return Exp(v[0]); });
            ExpectSameAsNative("log", {x}, [](const Arrays& v) { return Log(v[0]); });
            ExpectSameAsNative("tanh", {x}, [](const Arrays& v) { return Tanh(v[0]); });
            ExpectSameAsNative("sin", {x}, [](const Arrays& v) { return Sin(v[0]); });
            ExpectSameAsNative("arctan2", {x, y}, [](const Arrays& v) { return Arctan2(v[0], v[1]); });
            ExpectSameAsNative("floor", {x}, [](const Arrays& v) { return Floor(v[0]); });
            ExpectSameAsNative("relu", {x}, [](const Arrays& v) { return Relu(v[0]); });
            ExpectSameAsNative("sigmoid", {x}, [](const Arrays& v) { return Sigmoid(v[0]); });
            ExpectSameAsNative("erf", {x}, [](const Arrays& v) { return Erf(v[0]); });
        } else {
            ExpectSameAsNative("bitwise_and", {x, y}, [](const Arrays& v) { return BitwiseAnd(v[0], v[1]); });
        }
    }
}

// Maps over contiguous operands take the unrolled kernel of Note [Contiguous elementwise maps]: one element, sizes
// around one block's share, and more elements than one sweep of the capped grid covers; in place too.
TEST(CudaBackendTest, ContiguousMapsMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (int64_t n : {int64_t{1}, int64_t{1023}, int64_t{1025}, int64_t{4096} * 256 * 4 + 12345}) {
        SCOPED_TRACE(n);
        Array x = Sin(Arange(0, n, 1, Dtype::kFloat32, native));
        Array y = Cos(Arange(0, n, 1, Dtype::kFloat32, native));
        ExpectSameAsNative("add", {x, y}, [](const Arrays& v) { return v[0] + v[1]; });
        ExpectSameAsNative("greater", {x, y}, [](const Arrays& v) { return Greater(v[0], v[1]); });
        ExpectSameAsNative("subtract scalar", {x}, [](const Arrays& v) { return 2.5 - v[0]; });
        ExpectSameAsNative("exp", {x}, [](const Arrays& v) { return Exp(v[0]); });
        ExpectSameAsNative("astype", {x}, [](const Arrays& v) { return v[0].AsType(Dtype::kFloat16); });
        ExpectSameAsNative("copy", {x}, [](const Arrays& v) { return Copy(v[0]); });
        ExpectSameAsNative("add in place", {x, y}, [](const Arrays& v) {
            Array sum = Copy(v[0]);
            sum += v[1];
            return sum;
        });
    }
}

// Softmax cross entropy's kernels (a warp per row), forward and gradient: rows narrower and wider than a warp,
// transposed scores, ignored labels, and float16 computing in float.
TEST(CudaBackendTest, SoftmaxCrossEntropyMatchesNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (Dtype dtype : {Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        for (int64_t classes : {int64_t{1}, int64_t{10}, int64_t{33}, int64_t{1000}}) {
            SCOPED_TRACE(std::string{GetDtypeName(dtype)} + " " + std::to_string(classes));
            Array x = (Sin(Arange(0, 6 * classes, 1, Dtype::kFloat64, native)) * 3).AsType(dtype).Reshape({6, classes});
            Array t = Remainder(Arange(-1, 5, 1, Dtype::kInt32, native) * 7, Scalar{classes + 1}) - 1;
            ExpectSameAsNative("softmax_cross_entropy", {x, t}, [](const Arrays& v) {
                return SoftmaxCrossEntropy(v[0], v[1]);
            });
            Array x_t = Copy(x.Transpose()).Transpose();
            ExpectSameAsNative("softmax_cross_entropy of a transposed x", {x_t, t}, [](const Arrays& v) {
                return SoftmaxCrossEntropy(v[0], v[1]);
            });
            // The first-order gradient is its own kernel; gout is a broadcast view (the backward of Sum).
            ExpectSameAsNative("softmax_cross_entropy gradient", {x_t, t}, [](const Arrays& v) {
                Array scores = v[0].Copy().RequireGrad();
                SoftmaxCrossEntropy(scores, v[1]).Sum().Backward();
                return *scores.GetGrad();
            });
        }
    }
}

// The mean over labels and the accuracy, one block and folded over many (Note [One launch per reported number]).
TEST(CudaBackendTest, LossMeanAndAccuracyMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (Dtype dtype : {Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        for (int64_t n : {int64_t{5}, int64_t{5000}}) {
            SCOPED_TRACE(std::string{GetDtypeName(dtype)} + " " + std::to_string(n));
            Array loss = (Sin(Arange(0, n, 1, Dtype::kFloat64, native)) + 1).AsType(dtype);
            Array t = Remainder(Arange(0, n, 1, Dtype::kInt32, native) * 7, Scalar{11}) - 1;
            ExpectSameAsNative("mean_over_labels", {loss, t}, [](const Arrays& v) {
                return MeanOverLabels(v[0], v[1], -1);
            }, 1e-4);
            Array y = Sin(Arange(0, n * 10, 1, Dtype::kFloat64, native)).AsType(dtype).Reshape({n, 10});
            ExpectSameAsNative("accuracy", {y, t}, [](const Arrays& v) { return Accuracy(v[0], v[1]); });
            ExpectSameAsNative("accuracy ignoring", {y, t}, [](const Arrays& v) { return Accuracy(v[0], v[1], -1); });
        }
    }
}

// Whole networks through cuDNN (Note [Fused recurrent networks]) against their composition on native: outputs and
// the gradients of the initial state, a weight of the second layer and a time step's input.
TEST(CudaBackendTest, RecurrentNetworksMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    const int64_t layers = 2;
    const int64_t hidden = 3;
    const int64_t input = 2;
    for (bool bidirectional : {false, true}) {
        const int64_t dirs = bidirectional ? 2 : 1;
        SCOPED_TRACE(bidirectional ? "bidirectional" : "one direction");
        // hx, cx, then 8 weights and 8 biases per layer and direction, then three time steps of 3, 2 and 2 rows.
        Arrays args;
        int seed = 0;
        auto values = [&native, &seed](const Shape& shape) {
            return Sin(Arange(0, shape.GetTotalSize(), 1, Dtype::kFloat64, native) * 0.7 + seed++).Reshape(shape);
        };
        args.push_back(values({layers * dirs, 3, hidden}));
        args.push_back(values({layers * dirs, 3, hidden}));
        for (int64_t k = 0; k < layers * dirs; ++k) {
            for (int64_t j = 0; j < 8; ++j) {
                args.push_back(values({hidden, j >= 4 ? hidden : k < dirs ? input : dirs * hidden}));
            }
        }
        for (int64_t k = 0; k < layers * dirs * 8; ++k) {
            args.push_back(values({hidden}));
        }
        for (int64_t rows : {3, 2, 2}) {
            args.push_back(values({rows, input}));
        }
        auto run = [bidirectional](const Arrays& v, bool grads) {
            Arrays leaves;
            for (const Array& a : v) {
                leaves.push_back(grads ? a.Copy().RequireGrad() : a);
            }
            const size_t n_entries = leaves[0].shape()[0];
            std::vector<Arrays> ws(n_entries);
            std::vector<Arrays> bs(n_entries);
            for (size_t k = 0; k < n_entries; ++k) {
                ws[k].assign(leaves.begin() + 2 + 8 * k, leaves.begin() + 2 + 8 * (k + 1));
                bs[k].assign(leaves.begin() + 2 + 8 * (n_entries + k), leaves.begin() + 2 + 8 * (n_entries + k + 1));
            }
            Arrays xs(leaves.end() - 3, leaves.end());
            NStepRnnResult r = bidirectional ? NStepBiLstm(2, leaves[0], leaves[1], ws, bs, xs)
                                             : NStepLstm(2, leaves[0], leaves[1], ws, bs, xs);
            Array out = Concatenate({r.hy.Reshape({-1}), r.cy->Reshape({-1}), r.ys[0].Reshape({-1}),
                                     r.ys[2].Reshape({-1})}, 0);
            if (!grads) {
                return out;
            }
            (out * out).Sum().Backward();
            return Concatenate({leaves[0].GetGrad()->Reshape({-1}), ws.back()[5].GetGrad()->Reshape({-1}),
                                xs[1].GetGrad()->Reshape({-1})}, 0);
        };
        ExpectSameAsNative("n_step_lstm", args, [&run](const Arrays& v) { return run(v, false); }, 1e-9);
        ExpectSameAsNative("n_step_lstm gradients", args, [&run](const Arrays& v) { return run(v, true); }, 1e-9);
    }
}

// Reductions over every kind of axis set (all, inner, outer, several), a non-contiguous view, zero-size inputs and
// one long input that takes the two-kernel path of Note [CUDA reductions]; arg-reductions with ties and NaNs.
TEST(CudaBackendTest, ReductionsMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (Dtype dtype : {Dtype::kBool, Dtype::kInt8, Dtype::kInt32, Dtype::kInt64, Dtype::kUInt8, Dtype::kFloat16,
                        Dtype::kFloat32, Dtype::kFloat64}) {
        SCOPED_TRACE(GetDtypeName(dtype));
        // Values in {-2, ..., 2} x 0.5: sums of floats are exact, so the order of accumulation does not matter.
        Array x = (Remainder(Arange(0, 3 * 5 * 70, 1, Dtype::kInt64, native), Scalar{5}) - 2).AsType(Dtype::kFloat64);
        x = (x * 0.5).AsType(dtype).Reshape({3, 5, 70});
        Array long_x = Remainder(Arange(0, 1 << 20, 1, Dtype::kInt64, native), Scalar{3}).AsType(dtype);
        Array empty = Zeros({0, 4}, dtype, native);
        for (const Array& input : {x, x.Transpose(Axes{2, 0, 1}), long_x, empty}) {
            SCOPED_TRACE(input.shape().ToString());
            const bool is_long = input.ndim() == 1;
            ExpectSameAsNative("sum", {input}, [](const Arrays& v) { return Sum(v[0]); });
            ExpectSameAsNative("count_nonzero", {input}, [](const Arrays& v) { return CountNonzero(v[0]); });
            ExpectSameAsNative("all", {input}, [](const Arrays& v) { return All(v[0]); });
            ExpectSameAsNative("any", {input}, [](const Arrays& v) { return Any(v[0]); });
            if (!is_long) {
                ExpectSameAsNative("sum axis 1", {input}, [](const Arrays& v) { return Sum(v[0], Axes{1}); });
                ExpectSameAsNative("sum over no axis", {input}, [](const Arrays& v) { return Sum(v[0], Axes{}); });
                ExpectSameAsNative("sum axis 0", {input}, [](const Arrays& v) { return Sum(v[0], Axes{0}); });
                ExpectSameAsNative("mean axis 1", {input}, [](const Arrays& v) { return Mean(v[0], Axes{1}); });
            }
            if (input.ndim() == 3) {
                ExpectSameAsNative("sum axes 0 2", {input}, [](const Arrays& v) { return Sum(v[0], Axes{0, 2}); });
                ExpectSameAsNative("amin axes 0 2", {input}, [](const Arrays& v) { return AMin(v[0], Axes{0, 2}); });
            }
            if (input.GetTotalSize() > 0) {
                ExpectSameAsNative("amax", {input}, [](const Arrays& v) { return AMax(v[0]); });
                ExpectSameAsNative("argmax", {input}, [](const Arrays& v) { return ArgMax(v[0], int64_t{0}); });
                ExpectSameAsNative("argmin", {input}, [](const Arrays& v) { return ArgMin(v[0]); });
            }
        }
        if (GetKind(dtype) == DtypeKind::kFloat) {
            Array with_nan = x.Copy();
            with_nan.At({1, 2}).Fill(Scalar{NAN});
            ExpectSameAsNative("nansum", {with_nan}, [](const Arrays& v) { return NanSum(v[0], Axes{2}); });
            ExpectSameAsNative("amax nan", {with_nan}, [](const Arrays& v) { return AMax(v[0], Axes{2}); });
            ExpectSameAsNative("argmax nan", {with_nan}, [](const Arrays& v) { return ArgMax(v[0], int64_t{2}); });
            ExpectSameAsNative("nanargmin", {with_nan}, [](const Arrays& v) { return NanArgMin(v[0], int64_t{2}); });
        }
    }
}

// cuBLAS for floats, the plain kernel for bool and integers; row-major, transposed and strided operands.
TEST(CudaBackendTest, MatrixProductsMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (Dtype dtype : {Dtype::kBool, Dtype::kInt8, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        SCOPED_TRACE(GetDtypeName(dtype));
        auto make = [&](int64_t rows, int64_t cols, int64_t seed) {
            Array v = Remainder(Arange(seed, seed + rows * cols, 1, Dtype::kInt64, native), Scalar{7}) - 3;
            return v.AsType(dtype).Reshape({rows, cols});
        };
        Array a = make(37, 53, 0);
        Array b = make(53, 29, 5);
        Array w = make(29, 53, 2);  // Linear's weight: (out, in)
        Array bias = make(1, 29, 1).Reshape({29});
        ExpectSameAsNative("dot", {a, b}, [](const Arrays& v) { return Dot(v[0], v[1]); });
        ExpectSameAsNative("dot transposed", {b, a}, [](const Arrays& v) {
            return Dot(v[0].Transpose(), v[1].Transpose());
        });
        ExpectSameAsNative("dot strided", {a, b}, [](const Arrays& v) {
            return Dot(v[0].At({Slice{}, Slice{0, 53, 2}}), v[1].At({Slice{0, 53, 2}, Slice{}}));
        });
        ExpectSameAsNative("dot k=0", {a, b}, [](const Arrays& v) {
            return Dot(v[0].At({Slice{}, Slice{0, 0}}), v[1].At({Slice{0, 0}, Slice{}}));
        });
        ExpectSameAsNative("linear", {a, w, bias}, [](const Arrays& v) { return Linear(v[0], v[1], v[2]); });
        ExpectSameAsNative("linear without bias", {a, w}, [](const Arrays& v) { return Linear(v[0], v[1]); });
        ExpectSameAsNative("linear one row", {a, w, bias}, [](const Arrays& v) {
            return Linear(v[0].At({Slice{0, 1}}), v[1], v[2]);
        });
        // cuBLASLt's bias epilogue with operands read transposed and row-padded in place, then the other path for a
        // reversed (strided) bias (Note [Bias epilogue]).
        ExpectSameAsNative("linear transposed operands", {a, w, bias}, [](const Arrays& v) {
            Array a_t = v[0].Transpose().Copy().Transpose();
            Array w_t = v[1].Transpose().Copy().Transpose();
            return Linear(a_t, w_t, v[2]);
        });
        ExpectSameAsNative("linear padded rows", {a, w, bias}, [](const Arrays& v) {
            return Linear(v[0].At({Slice{}, Slice{1, 53}}), v[1].At({Slice{}, Slice{1, 53}}), v[2]);
        });
        ExpectSameAsNative("linear reversed bias", {a, w, bias}, [](const Arrays& v) {
            return Linear(v[0], v[1], v[2].At({Slice{std::nullopt, std::nullopt, -1}}));
        });
    }
}

// Gather (take), scatter (take's gradient, with repeated indices), index normalisation and its IndexError, where,
// nonzero, cumsum (and its reversed scan, through its gradient), tril/triu and copyto's mask.
TEST(CudaBackendTest, IndexingAndScansMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    Array indices = Array{Arange(-3, 5, 1, Dtype::kInt64, native)}.Reshape({2, 4});
    Array repeated = Full({5}, 1, Dtype::kInt32, native);
    Array out_of_range = Full({2}, 9, Dtype::kInt64, native);
    for (Dtype dtype : {Dtype::kBool, Dtype::kInt8, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        SCOPED_TRACE(GetDtypeName(dtype));
        Array x = (Remainder(Arange(0, 6 * 7, 1, Dtype::kInt64, native), Scalar{4}) - 1).AsType(dtype).Reshape({6, 7});
        Array mask = Greater(Remainder(Arange(0, 7, 1, Dtype::kInt64, native), Scalar{3}), Scalar{0});
        ExpectSameAsNative("take 0", {x, indices}, [](const Arrays& v) { return Take(v[0], v[1], 0); });
        ExpectSameAsNative("take 1", {x, indices}, [](const Arrays& v) { return Take(v[0], v[1], 1); });
        ExpectSameAsNative("take transposed", {x, indices}, [](const Arrays& v) {
            return Take(v[0].Transpose(), v[1], 0);
        });
        ExpectSameAsNative("take wrap", {x, out_of_range}, [](const Arrays& v) {
            return Take(v[0], v[1], 1, IndexBoundsMode::kWrap);
        });
        ExpectSameAsNative("take clip", {x, out_of_range}, [](const Arrays& v) {
            return Take(v[0], v[1], 1, IndexBoundsMode::kClip);
        });
        // kRaise raises on both; kDefault raises on native only and wraps on CUDA (see IndexBoundsMode).
        ExpectSameAsNative("take out of range", {x, out_of_range}, [](const Arrays& v) {
            return Take(v[0], v[1], 0, IndexBoundsMode::kRaise);
        });
        ExpectSameAsNative("take's default mode wraps on CUDA", {x, out_of_range}, [](const Arrays& v) {
            bool native = v[0].device().backend().GetName() == "native";
            return Take(v[0], v[1], 0, native ? IndexBoundsMode::kWrap : IndexBoundsMode::kDefault);
        });
        ExpectSameAsNative("where", {x, mask}, [](const Arrays& v) { return Where(v[1], v[0], Scalar{2}); });
        ExpectSameAsNative("nonzero", {x}, [](const Arrays& v) { return Stack(Nonzero(v[0])); });
        ExpectSameAsNative("nonzero transposed", {x}, [](const Arrays& v) { return Stack(Nonzero(v[0].Transpose())); });
        ExpectSameAsNative("cumsum 0", {x}, [](const Arrays& v) { return Cumsum(v[0], 0); });
        ExpectSameAsNative("cumsum 1", {x}, [](const Arrays& v) { return Cumsum(v[0], 1); });
        ExpectSameAsNative("tril", {x}, [](const Arrays& v) { return Tril(v[0], -1); });
        ExpectSameAsNative("triu", {x}, [](const Arrays& v) { return Triu(v[0], 2); });
        ExpectSameAsNative("copyto where", {x, mask}, [](const Arrays& v) {
            Array out = Zeros(v[0].shape(), v[0].dtype(), v[0].device());
            CopyTo(out, v[0], CastingMode::kNo, v[1]);
            return out;
        });
        if (GetKind(dtype) == DtypeKind::kFloat) {
            ExpectSameAsNative("take grad", {x, repeated}, [](const Arrays& v) {
                Array a = v[0].Copy().RequireGrad();
                (Take(a, v[1], 1) * 3).Sum().Backward();
                return *a.GetGrad();
            });
            ExpectSameAsNative("cumsum grad", {x}, [](const Arrays& v) {
                Array a = v[0].Copy().RequireGrad();
                (Cumsum(a, 1) * v[0]).Sum().Backward();
                return *a.GetGrad();
            });
        }
    }
}

// Each fused update against native's, on a non-contiguous parameter.
TEST(CudaBackendTest, FusedUpdatesMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (Dtype dtype : {Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        SCOPED_TRACE(GetDtypeName(dtype));
        Array p = (Arange(0, 12, 1, Dtype::kFloat64, native) * 0.25 - 1).AsType(dtype).Reshape({3, 4});
        Array g = (Arange(0, 12, 1, Dtype::kFloat64, native) * -0.125 + 0.5).AsType(dtype).Reshape({4, 3});
        ExpectSameAsNative("momentum sgd", {p, g}, [](const Arrays& v) {
            Array param = v[0].Copy().Transpose();
            Array state = Ones(param.shape(), param.dtype(), param.device());
            MomentumSgdUpdate(param, v[1], state, 0.1, 0.9);
            return Concatenate({param.Reshape({12}), state.Reshape({12})});
        });
        ExpectSameAsNative("adam", {p, g}, [](const Arrays& v) {
            Array param = v[0].Copy().Transpose();
            Array m = Ones(param.shape(), param.dtype(), param.device());
            Array s = Full(param.shape(), 0.5, param.dtype(), param.device());
            AdamUpdate(param, v[1], m, s, std::nullopt, 0.01, 0.9, 0.999, 1e-8, 1.0, 0.0, std::nullopt, std::nullopt);
            return Concatenate({param.Reshape({12}), m.Reshape({12}), s.Reshape({12})});
        });
    }
}

// Convolutions through cuDNN (floats, 1 to 3 spatial axes) and the direct kernels (int8, 4 spatial axes), with
// stride, padding and bias, and their gradients; pooling forward and backward. Values are multiples of 1/2 in
// [-1, 1], so every sum is exact and the order of accumulation cannot matter.
TEST(CudaBackendTest, ConvolutionAndPoolingMatchNative) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    auto make = [&](const Shape& shape, Dtype dtype, int64_t seed) {
        Array v = Remainder(Arange(seed, seed + shape.GetTotalSize(), 1, Dtype::kInt64, native), Scalar{5}) - 2;
        return (v.AsType(Dtype::kFloat64) * 0.5).AsType(dtype).Reshape(shape);
    };
    for (Dtype dtype : {Dtype::kInt8, Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64}) {
        for (int8_t nsp = 1; nsp <= 4; ++nsp) {
            SCOPED_TRACE(std::string{GetDtypeName(dtype)} + " spatial axes " + std::to_string(nsp));
            Shape x_shape{2, 3};
            Shape w_shape{4, 3};
            Dims stride;
            Dims pad;
            Dims ksize;
            for (int8_t i = 0; i < nsp; ++i) {
                x_shape.push_back(nsp == 4 ? 4 : 7 - i);
                w_shape.push_back(i == 0 ? 3 : 2);
                stride.push_back(i == 0 ? 2 : 1);
                pad.push_back(i == 0 ? 1 : 0);
                ksize.push_back(2);
            }
            Array x = make(x_shape, dtype, 0);
            Array w = make(w_shape, dtype, 3);
            Array b = make({4}, dtype, 1);
            ExpectSameAsNative("conv", {x, w, b}, [&](const Arrays& v) {
                return Conv(v[0], v[1], v[2], stride, pad);
            });
            ExpectSameAsNative("conv without bias", {x, w}, [&](const Arrays& v) {
                return Conv(v[0], v[1], std::nullopt, stride, pad);
            });
            Array y = Conv(x, w, b, stride, pad);
            Shape wt_shape{w_shape[1], w_shape[0]};  // ConvTranspose's weight is (C, O, k...)
            for (int8_t i = 2; i < w_shape.ndim(); ++i) {
                wt_shape.push_back(w_shape[i]);
            }
            Array wt = make(wt_shape, dtype, 2);
            Array bt = make({3}, dtype, 4);
            ExpectSameAsNative("conv_transpose", {y, wt, bt}, [&](const Arrays& v) {
                return ConvTranspose(v[0], v[1], v[2], stride, pad);
            });
            if (GetKind(dtype) == DtypeKind::kFloat) {
                ExpectSameAsNative("conv grads", {x, w, b}, [&](const Arrays& v) {
                    Array xg = v[0].Copy().RequireGrad();
                    Array wg = v[1].Copy().RequireGrad();
                    (Conv(xg, wg, v[2], stride, pad) * 0.5).Sum().Backward();
                    return Concatenate({xg.GetGrad()->Reshape({xg.GetTotalSize()}),
                                        wg.GetGrad()->Reshape({wg.GetTotalSize()})});
                });
                ExpectSameAsNative("max_pool", {x}, [&](const Arrays& v) {
                    return MaxPool(v[0], ksize, stride, pad);
                });
                ExpectSameAsNative("max_pool grad", {x}, [&](const Arrays& v) {
                    Array xg = v[0].Copy().RequireGrad();
                    (MaxPool(xg, ksize, stride, pad) * 3).Sum().Backward();
                    return *xg.GetGrad();
                });
                ExpectSameAsNative("average_pool", {x}, [&](const Arrays& v) {
                    return AveragePool(v[0], ksize, stride, pad, AveragePoolPadMode::kZero);
                });
                ExpectSameAsNative("average_pool grad", {x}, [&](const Arrays& v) {
                    Array xg = v[0].Copy().RequireGrad();
                    (AveragePool(xg, ksize, stride, pad) * 4).Sum().Backward();
                    return *xg.GetGrad();
                });
            }
        }
    }
}

// The factorizations run through cuSOLVER when it loads, else on the host (Note [cuSOLVER loaded on demand]): the
// same values as on native either way, with the results on the GPU, a non-contiguous operand included. Factors
// that are unique only up to signs (the SVD's and eigh's vectors) are compared through what they reconstruct.
TEST(CudaBackendTest, LinalgMatchesNative) {
    CHAINERX_REQUIRE_GPU();
    std::cout << "cuSOLVER: "
              << (GetCusolverLibrary() != nullptr ? "loaded" : "not loaded: " + DescribeCusolverLoadFailure())
              << std::endl;
    Context ctx;
    ContextScope scope{ctx};
    Device& native = ctx.GetDevice("native:0");
    using Arrays = std::vector<Array>;
    for (Dtype dtype : {Dtype::kFloat32, Dtype::kFloat64}) {
        SCOPED_TRACE(GetDtypeName(dtype));
        // cuSOLVER and LAPACK order their operations differently: rounding noise of a few ulps of the inputs' scale.
        const double noise = dtype == Dtype::kFloat32 ? 1e-5 : 1e-12;
        auto expect = [noise](const char* name, const Arrays& inputs, auto op) {
            ExpectSameAsNative(name, inputs, op, noise);
        };
        Array a = Arange(0, 16, 1, dtype, native).Reshape({4, 4});
        a = a.Transpose() * 0.1 + Eye(4, std::nullopt, 0, dtype, native) * 3;
        Array b = Arange(0, 8, 1, dtype, native).Reshape({4, 2});
        expect("solve", {a, b}, [](const Arrays& v) { return Solve(v[0], v[1]); });
        expect("inverse", {a}, [](const Arrays& v) { return Inverse(v[0]); });
        expect("cholesky", {a}, [](const Arrays& v) { return Cholesky(Dot(v[0], v[0].Transpose())); });
        expect("eigvalsh", {a}, [](const Arrays& v) { return Eigvalsh(v[0], 'U'); });
        expect("eigh", {a}, [](const Arrays& v) {
            auto [w, vectors] = Eigh(v[0]);
            return Dot(vectors * w, vectors.Transpose());  // the symmetric matrix read from the lower triangle
        });
        for (const Shape& shape : {Shape{5, 3}, Shape{3, 5}, Shape{4, 4}}) {
            SCOPED_TRACE(shape.ToString());
            Array m = Sin(Arange(0, shape.GetTotalSize(), 1, dtype, native) * 0.37).Reshape(shape);
            expect("svd values", {m}, [](const Arrays& v) { return std::get<1>(Svd(v[0])); });
            expect("svd reduced", {m}, [](const Arrays& v) {
                auto [u, s, vt] = Svd(v[0], false);
                return Dot(u * s, vt);
            });
            expect("svd full", {m}, [](const Arrays& v) {
                auto [u, s, vt] = Svd(v[0], true);
                return Concatenate({Dot(u, u.Transpose()).Reshape({-1}), Dot(vt.Transpose(), vt).Reshape({-1})});
            });
            for (QrMode mode : {QrMode::kReduced, QrMode::kComplete, QrMode::kR, QrMode::kRaw}) {
                SCOPED_TRACE(static_cast<int>(mode));
                expect("qr r", {m}, [mode](const Arrays& v) { return std::get<1>(Qr(v[0], mode)); });
                if (mode != QrMode::kR) {
                    expect("qr q", {m}, [mode](const Arrays& v) { return std::get<0>(Qr(v[0], mode)); });
                }
            }
        }
    }
}

// Data the factorizations cannot work with raise ChainerxError on the GPU as on native.
TEST(CudaBackendTest, LinalgFailuresRaise) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& gpu = ctx.GetDevice("cuda:0");
    Array singular = Ones({3, 3}, Dtype::kFloat64, gpu);
    EXPECT_THROW(Inverse(singular), ChainerxError);
    EXPECT_THROW(Solve(singular, Ones({3, 1}, Dtype::kFloat64, gpu)), ChainerxError);
    EXPECT_THROW(Cholesky(-Eye(3, std::nullopt, 0, Dtype::kFloat32, gpu)), ChainerxError);
    Array with_nan = Eye(3, std::nullopt, 0, Dtype::kFloat32, gpu) / Zeros({3, 3}, Dtype::kFloat32, gpu);
    EXPECT_THROW(Svd(with_nan), ChainerxError);
    EXPECT_THROW(Eigh(with_nan), ChainerxError);
    EXPECT_THROW(Qr(with_nan), ChainerxError);
}

TEST(CudaBackendTest, HandlesAreCreatedLazily) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    auto& device = dynamic_cast<CudaDevice&>(ctx.GetDevice("cuda:0"));
    EXPECT_NE(device.cublas_handle(), nullptr);
    EXPECT_NE(device.cudnn_handle(), nullptr);
}

// Note [CUDA memory pool]: a steady training step reaches cudaMalloc only in its first iteration.
TEST(CudaBackendTest, ASteadyLoopAllocatesNoNewSegments) {
    CHAINERX_REQUIRE_GPU();
    if (!MemoryCachingFromValue(std::getenv("CHAINERX_CUDA_MEMORY_CACHING"))) {
        GTEST_SKIP() << "CHAINERX_CUDA_MEMORY_CACHING=0: the pool does not cache";
    }
    Context ctx;
    ContextScope scope{ctx};
    auto& device = dynamic_cast<CudaDevice&>(ctx.GetDevice("cuda:0"));
    Array w = Full({256, 64}, 0.5, Dtype::kFloat32, device).RequireGrad();
    int64_t after_first = 0;
    for (int iteration = 0; iteration < 5; ++iteration) {
        Array x = Full({32, 256}, 1.0 + iteration, Dtype::kFloat32, device);
        Array y = Exp(Negative(x.Reshape({32, 256, 1}) * w)).Sum();
        y.Backward();
        w.ClearGrad();
        if (iteration == 0) {
            after_first = device.memory_pool().GetStats().malloc_count;
        }
    }
    EXPECT_GT(after_first, 0);
    EXPECT_EQ(device.memory_pool().GetStats().malloc_count, after_first);
}

// Note [Pinned staging of host-to-device copies]: copies queued behind a kernel, from a host buffer rewritten at
// once, through one reused buffer and directly (above the staging limit), all land in order.
TEST(CudaBackendTest, HostToDeviceCopiesAreStagedInOrder) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    auto& device = dynamic_cast<CudaDevice&>(ctx.GetDevice("cuda:0"));
    constexpr int64_t kSize = 300000;  // float32: 1.2 MB, staged
    Array slow = Exp(Full({4096, 4096}, 0.0, Dtype::kFloat32, device));  // keeps the stream busy a while
    std::vector<float> host(kSize);
    std::vector<Array> arrays;
    for (int i = 0; i < 8; ++i) {
        std::fill(host.begin(), host.end(), static_cast<float>(i));
        Array a = Empty({kSize}, Dtype::kFloat32, device);
        device.MemoryCopyFromHost(a.raw_data(), host.data(), host.size() * sizeof(float));
        arrays.push_back(a);
    }
    std::fill(host.begin(), host.end(), -1.0F);
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(AMin(arrays[i]).AsScalar().As<float>(), static_cast<float>(i));
        EXPECT_EQ(AMax(arrays[i]).AsScalar().As<float>(), static_cast<float>(i));
    }
    const int64_t large = (int64_t{64} << 20) / 4 + 1;  // above the staging limit
    std::vector<float> large_host(static_cast<size_t>(large), 2.0F);
    Array b = Empty({large}, Dtype::kFloat32, device);
    device.MemoryCopyFromHost(b.raw_data(), large_host.data(), large_host.size() * sizeof(float));
    EXPECT_EQ(AMin(b).AsScalar().As<float>(), 2.0F);
    EXPECT_EQ(AMax(b).AsScalar().As<float>(), 2.0F);
    EXPECT_EQ(AMin(slow).AsScalar().As<float>(), 1.0F);
}

TEST(CudaBackendTest, ArraysKeepThePoolAliveAfterTheirContext) {
    CHAINERX_REQUIRE_GPU();
    std::optional<Array> survivor;
    {
        Context ctx;
        survivor = Full({1000}, 1.0, Dtype::kFloat32, ctx.GetDevice("cuda:0"));
    }
    survivor.reset();  // frees into the pool owned by the deleter, then the pool returns its segment
}

}  // namespace
}  // namespace cuda
}  // namespace chainerx
