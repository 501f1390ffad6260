// Command-line options of the C++ example, spelled as train_mlp.py's (`--epochs 20` or `--epochs=20`).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace mnist {

struct Options {
    std::string mnist;  // directory of the MNIST files; empty: the digits exported at build time
    std::string device{"native:0"};
    int64_t epochs{20};
    int64_t batch_size{32};
    int64_t units{100};
    double lr{0.05};
    uint32_t seed{0};  // weight initialisation and shuffling (the digits' split is fixed at build time)
    double require_accuracy{0.0};  // exit with status 1 below this final test accuracy
};

// Thrown by ParseOptions after it printed the usage for --help.
class HelpRequested : public std::exception {};

// Parses argv[1..argc). Throws std::invalid_argument for an unknown option, a missing or malformed value or a
// non-positive epoch count, batch size or unit count; HelpRequested after printing the usage for -h/--help.
Options ParseOptions(int argc, const char* const* argv);

}  // namespace mnist
