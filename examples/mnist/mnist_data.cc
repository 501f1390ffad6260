#include "examples/mnist/mnist_data.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"

namespace mnist {
namespace {

constexpr uint8_t kUint8Code = 0x08;
constexpr uint8_t kFloat32Code = 0x0D;

// IDX stores every number big-endian.
uint32_t ReadBigEndian32(const unsigned char* bytes) {
    return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) | uint32_t{bytes[3]};
}

std::runtime_error IdxError(const std::string& path, const std::string& what) {
    return std::runtime_error{path + ": " + what};
}

}  // namespace

IdxFile ReadIdx(const std::string& path) {
    std::ifstream file{path, std::ios::binary};
    if (!file) {
        throw IdxError(path, "cannot open (gzipped files must be decompressed first)");
    }
    std::vector<unsigned char> raw{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
    if (raw.size() < 4 || raw[0] != 0 || raw[1] != 0) {
        throw IdxError(path, "not an IDX file");
    }
    IdxFile idx{{}, raw[2], {}};
    size_t item_size = idx.type_code == kUint8Code ? 1 : idx.type_code == kFloat32Code ? 4 : 0;
    if (item_size == 0) {
        throw IdxError(path, "element type code " + std::to_string(idx.type_code) + " is not uint8 or float32");
    }
    size_t header_size = 4 + 4 * size_t{raw[3]};
    if (raw.size() < header_size) {
        throw IdxError(path, "truncated header");
    }
    size_t count = 1;
    for (size_t i = 0; i < raw[3]; ++i) {
        idx.dims.push_back(ReadBigEndian32(&raw[4 + 4 * i]));
        count *= idx.dims.back();
    }
    if (raw.size() != header_size + count * item_size) {
        throw IdxError(path, "size does not match its dimensions");
    }
    idx.values.resize(count);
    const unsigned char* data = &raw[header_size];
    for (size_t i = 0; i < count; ++i) {
        if (idx.type_code == kUint8Code) {
            idx.values[i] = data[i];
        } else {
            uint32_t bits = ReadBigEndian32(data + 4 * i);
            float value{};
            std::memcpy(&value, &bits, sizeof(value));
            idx.values[i] = value;
        }
    }
    return idx;
}

namespace {

Split LoadSplit(const std::string& images_path, const std::string& labels_path, chainerx::Device& device) {
    IdxFile images = ReadIdx(images_path);
    IdxFile labels = ReadIdx(labels_path);
    if (images.dims.size() != 3 || labels.dims.size() != 1 || images.dims[0] != labels.dims[0]) {
        throw IdxError(images_path, "expected images (N, rows, cols) and labels (N,) of " + labels_path);
    }
    // MNIST's bytes are 0..255; the exported digits are float32 already scaled to [0, 1].
    double scale = images.type_code == kUint8Code ? 1.0 / 255 : 1.0;
    std::vector<float> x(images.values.size());
    for (size_t i = 0; i < x.size(); ++i) {
        x[i] = static_cast<float>(images.values[i] * scale);
    }
    std::vector<int64_t> t(labels.values.begin(), labels.values.end());
    int64_t n = images.dims[0];
    return Split{
            ArrayFromVector(std::move(x), {n, images.dims[1] * images.dims[2]}, device),
            ArrayFromVector(std::move(t), {n}, device)};
}

}  // namespace

Dataset LoadDataset(const std::string& directory, chainerx::Device& device) {
    std::string prefix = directory + "/";
    return Dataset{
            LoadSplit(prefix + "train-images-idx3-ubyte", prefix + "train-labels-idx1-ubyte", device),
            LoadSplit(prefix + "t10k-images-idx3-ubyte", prefix + "t10k-labels-idx1-ubyte", device)};
}

}  // namespace mnist
