#include "examples/mnist/options.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mnist {
namespace {

struct OptionSpec {
    const char* name;
    const char* help;
    std::function<void(Options&, const std::string&)> set;
};

int64_t ParsePositive(const std::string& value) {
    size_t end = 0;
    int64_t n = std::stoll(value, &end);
    if (end != value.size() || n <= 0) {
        throw std::invalid_argument{"expected a positive integer, got '" + value + "'"};
    }
    return n;
}

double ParseDouble(const std::string& value) {
    size_t end = 0;
    double x = std::stod(value, &end);
    if (end != value.size()) {
        throw std::invalid_argument{"expected a number, got '" + value + "'"};
    }
    return x;
}

const std::vector<OptionSpec>& GetOptionSpecs() {
    static const std::vector<OptionSpec> specs{
            {"--mnist", "directory with the MNIST files (default: sklearn digits)",
             [](Options& o, const std::string& v) { o.mnist = v; }},
            {"--device", "device name (default native:0)", [](Options& o, const std::string& v) { o.device = v; }},
            {"--epochs", "epochs (default 20)", [](Options& o, const std::string& v) { o.epochs = ParsePositive(v); }},
            {"--batch-size", "minibatch size (default 32)",
             [](Options& o, const std::string& v) { o.batch_size = ParsePositive(v); }},
            {"--units", "hidden units per layer (default 100)",
             [](Options& o, const std::string& v) { o.units = ParsePositive(v); }},
            {"--lr", "learning rate (default 0.05)", [](Options& o, const std::string& v) { o.lr = ParseDouble(v); }},
            {"--seed", "random seed (default 0)",
             [](Options& o, const std::string& v) { o.seed = static_cast<uint32_t>(std::stoul(v)); }},
            {"--require-accuracy", "exit with status 1 if the final test accuracy is lower",
             [](Options& o, const std::string& v) { o.require_accuracy = ParseDouble(v); }},
    };
    return specs;
}

void PrintUsage(const char* program) {
    std::printf("usage: %s [options]\n\nTrains an MLP on handwritten digits with the chainerx C++ API.\n\n", program);
    for (const OptionSpec& spec : GetOptionSpecs()) {
        std::printf("  %-20s %s\n", spec.name, spec.help);
    }
}

}  // namespace

Options ParseOptions(int argc, const char* const* argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        std::string arg{argv[i]};
        if (arg == "-h" || arg == "--help") {
            PrintUsage(argv[0]);
            throw HelpRequested{};
        }
        size_t equals = arg.find('=');
        std::string name = arg.substr(0, equals);
        const OptionSpec* spec = nullptr;
        for (const OptionSpec& candidate : GetOptionSpecs()) {
            spec = name == candidate.name ? &candidate : spec;
        }
        if (spec == nullptr) {
            throw std::invalid_argument{"unknown option '" + arg + "' (see --help)"};
        }
        if (equals == std::string::npos && i + 1 == argc) {
            throw std::invalid_argument{"option " + name + " needs a value"};
        }
        std::string value = equals == std::string::npos ? std::string{argv[++i]} : arg.substr(equals + 1);
        try {
            spec->set(options, value);
        } catch (const std::logic_error&) {  // invalid_argument and out_of_range, also from std::sto*
            throw std::invalid_argument{"option " + name + ": invalid value '" + value + "'"};
        }
    }
    return options;
}

}  // namespace mnist
