// Trains a multi-layer perceptron on handwritten digits with the chainerx C++ API alone: the C++ twin of
// train_mlp.py, linked against //chainerx:core with no Python at run time.
//
// The model is Linear -> Relu -> Linear -> Relu -> Linear; the loss is the mean SoftmaxCrossEntropy,
// gradients come from Array::Backward and the update is an in-place SGD step under NoBackpropModeScope.
//
// Data: by default the 8x8 digits of scikit-learn, exported at build time into IDX files in this binary's
// runfiles (export_digits.py: the same train/test split as the Python examples); `--mnist DIR` reads the
// four standard (uncompressed) MNIST files from DIR instead.
//
//     bazel run //examples/mnist:train_mlp_cc -- --epochs 20
//     bazel-bin/examples/mnist/train_mlp_cc --mnist /path/to/mnist
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/cpp/runfiles/runfiles.h"

#include "chainerx/core/array.h"
#include "chainerx/core/array_index.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/connection.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/loss.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/statistics.h"
#include "examples/mnist/mnist_data.h"
#include "examples/mnist/options.h"

namespace {

using chainerx::Array;

// A stack of fully connected layers with ReLU in between; parameters are He-initialised and require grad.
class Mlp {
public:
    Mlp(const std::vector<int64_t>& sizes, chainerx::Device& device, std::mt19937& rng) {
        for (size_t i = 0; i + 1 < sizes.size(); ++i) {
            int64_t n_in = sizes[i];
            int64_t n_out = sizes[i + 1];
            std::normal_distribution<float> normal{0.0F, std::sqrt(2.0F / static_cast<float>(n_in))};
            std::vector<float> w(n_out * n_in);
            std::generate(w.begin(), w.end(), [&] { return normal(rng); });
            params_.push_back(mnist::ArrayFromVector(std::move(w), {n_out, n_in}, device).RequireGrad());
            params_.push_back(chainerx::Zeros({n_out}, chainerx::Dtype::kFloat32, device).RequireGrad());
        }
    }

    // Logits (N, 10) of inputs x (N, features).
    Array Forward(const Array& x) const {
        Array h = x;
        for (size_t i = 0; i < params_.size(); i += 2) {
            h = chainerx::Linear(h, params_[i], params_[i + 1]);
            if (i + 2 < params_.size()) {
                h = chainerx::Relu(h);
            }
        }
        return h;
    }

    std::vector<Array>& params() { return params_; }

private:
    std::vector<Array> params_;  // w0, b0, w1, b1, ...
};

double ToDouble(const Array& a) { return a.AsScalar().As<double>(); }

int64_t Length(const Array& a) { return a.shape()[0]; }

// p -= lr * grad outside the graph, then clears the gradients (in-place ops on arrays that require grad are
// allowed only without backprop).
void SgdUpdate(std::vector<Array>& params, double lr) {
    chainerx::NoBackpropModeScope no_backprop;
    for (Array& p : params) {
        p -= *p.GetGrad() * lr;
        p.ClearGrad();
    }
}

struct Score {
    double loss;
    double accuracy;
};

// Mean loss and accuracy over a split, without building a graph.
Score Evaluate(const Mlp& model, const mnist::Split& data, int64_t batch_size) {
    chainerx::NoBackpropModeScope no_backprop;
    double total_loss = 0.0;
    double total_correct = 0.0;
    for (int64_t i = 0; i < Length(data.t); i += batch_size) {
        std::vector<chainerx::ArrayIndex> rows{chainerx::Slice{i, i + batch_size}};
        Array t = data.t.At(rows);
        Array y = model.Forward(data.x.At(rows));
        total_loss += ToDouble(chainerx::Sum(chainerx::SoftmaxCrossEntropy(y, t)));
        total_correct += ToDouble(chainerx::Accuracy(y, t)) * static_cast<double>(Length(t));
    }
    double n = static_cast<double>(Length(data.t));
    return {total_loss / n, total_correct / n};
}

// One pass over the training split in shuffled minibatches; returns the mean training loss.
double TrainEpoch(Mlp& model, const mnist::Split& data, const mnist::Options& options, std::mt19937& rng) {
    int64_t n = Length(data.t);
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), int64_t{0});
    std::shuffle(order.begin(), order.end(), rng);
    Array order_array = mnist::ArrayFromVector(std::move(order), {n}, data.t.device());
    double total_loss = 0.0;
    for (int64_t i = 0; i < n; i += options.batch_size) {
        Array index = order_array.At({chainerx::Slice{i, i + options.batch_size}});
        Array x = chainerx::Take(data.x, index, 0);
        Array t = chainerx::Take(data.t, index, 0);
        Array loss = chainerx::Mean(chainerx::SoftmaxCrossEntropy(model.Forward(x), t));
        loss.Backward();
        SgdUpdate(model.params(), options.lr);
        total_loss += ToDouble(loss) * static_cast<double>(Length(t));  // waits for the device: honest timing
    }
    return total_loss / static_cast<double>(n);
}

// The directory of the exported digits in this binary's runfiles.
std::string DefaultDataDirectory(const std::string& argv0) {
    using bazel::tools::cpp::runfiles::Runfiles;
    std::string error;
    std::unique_ptr<Runfiles> runfiles{Runfiles::Create(argv0, &error)};
    if (runfiles == nullptr) {
        throw std::runtime_error{"cannot find the runfiles holding the default data (" + error + "); use --mnist"};
    }
    std::string path = runfiles->Rlocation("chainerx/examples/mnist/digits/train-images-idx3-ubyte");
    return path.substr(0, path.rfind('/'));
}

// `--mnist DIR`, relative to where `bazel run` was called (it runs the binary in its runfiles), or else the
// directory of the exported digits in this binary's runfiles.
std::string DataDirectory(const std::string& mnist, const std::string& argv0) {
    if (!mnist.empty()) {
        const char* caller_directory = std::getenv("BUILD_WORKING_DIRECTORY");
        return mnist[0] == '/' || caller_directory == nullptr ? mnist : std::string{caller_directory} + "/" + mnist;
    }
    return DefaultDataDirectory(argv0);
}

int Run(const mnist::Options& options, const std::string& argv0) {
    chainerx::Context context;
    chainerx::ContextScope context_scope{context};
    chainerx::Device& device = context.GetDevice(options.device);
    mnist::Dataset data = mnist::LoadDataset(DataDirectory(options.mnist, argv0), device);
    int64_t n_features = data.train.x.shape()[1];
    std::printf(
            "data: %s, %" PRId64 " train / %" PRId64 " test, %" PRId64 " features, device %s\n",
            options.mnist.empty() ? "sklearn digits 8x8" : "MNIST",
            Length(data.train.t),
            Length(data.test.t),
            n_features,
            device.name().c_str());

    std::mt19937 rng{options.seed};
    Mlp model{{n_features, options.units, options.units, 10}, device, rng};
    int64_t batches_per_epoch = (Length(data.train.t) + options.batch_size - 1) / options.batch_size;
    double train_seconds = 0.0;
    Score test{};
    for (int64_t epoch = 1; epoch <= options.epochs; ++epoch) {
        auto start = std::chrono::steady_clock::now();
        double train_loss = TrainEpoch(model, data.train, options, rng);
        train_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        test = Evaluate(model, data.test, 256);
        std::printf(
                "epoch %3" PRId64 "  train loss %.4f  test loss %.4f  test accuracy %.4f  %.3f ms/iteration  %.1f s\n",
                epoch,
                train_loss,
                test.loss,
                test.accuracy,
                1e3 * train_seconds / static_cast<double>(epoch * batches_per_epoch),
                train_seconds);
        std::fflush(stdout);
    }
    std::printf("final test accuracy: %.4f\n", test.accuracy);
    if (test.accuracy < options.require_accuracy) {
        std::printf("test accuracy below the required %.4f\n", options.require_accuracy);
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return Run(mnist::ParseOptions(argc, argv), argv[0]);
    } catch (const mnist::HelpRequested&) {
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
}
