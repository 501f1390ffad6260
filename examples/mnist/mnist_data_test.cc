#include "examples/mnist/mnist_data.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "examples/mnist/options.h"

namespace mnist {
namespace {

std::string TempPath(const std::string& name) {
    const char* dir = std::getenv("TEST_TMPDIR");
    return std::string{dir == nullptr ? "/tmp" : dir} + "/" + name;
}

void WriteBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream file{path, std::ios::binary};
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// IDX: 0, 0, type code, rank, big-endian int32 dimensions, big-endian elements.
std::vector<uint8_t> Idx(uint8_t type_code, const std::vector<uint8_t>& dims, const std::vector<uint8_t>& data) {
    std::vector<uint8_t> bytes{0, 0, type_code, static_cast<uint8_t>(dims.size())};
    for (uint8_t dim : dims) {
        bytes.insert(bytes.end(), {0, 0, 0, dim});
    }
    bytes.insert(bytes.end(), data.begin(), data.end());
    return bytes;
}

TEST(ReadIdxTest, ReadsUint8AndBigEndianFloat32) {
    WriteBytes(TempPath("u8"), Idx(0x08, {2, 3}, {0, 1, 2, 253, 254, 255}));
    IdxFile u8 = ReadIdx(TempPath("u8"));
    EXPECT_EQ(u8.dims, (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(u8.values, (std::vector<double>{0, 1, 2, 253, 254, 255}));

    // 0.5f is 0x3F000000 and -2.0f is 0xC0000000.
    WriteBytes(TempPath("f32"), Idx(0x0D, {2}, {0x3F, 0, 0, 0, 0xC0, 0, 0, 0}));
    IdxFile f32 = ReadIdx(TempPath("f32"));
    EXPECT_EQ(f32.type_code, 0x0D);
    EXPECT_EQ(f32.values, (std::vector<double>{0.5, -2.0}));
}

TEST(ReadIdxTest, RejectsMissingTruncatedAndUnknownFiles) {
    EXPECT_THROW(ReadIdx(TempPath("does-not-exist")), std::runtime_error);
    WriteBytes(TempPath("short"), Idx(0x08, {4}, {1, 2, 3}));
    EXPECT_THROW(ReadIdx(TempPath("short")), std::runtime_error);
    WriteBytes(TempPath("int32"), Idx(0x0C, {1}, {0, 0, 0, 1}));
    EXPECT_THROW(ReadIdx(TempPath("int32")), std::runtime_error);
}

TEST(LoadDatasetTest, ScalesBytesAndChecksLabelCounts) {
    std::string dir = TempPath("");
    WriteBytes(dir + "train-images-idx3-ubyte", Idx(0x08, {1, 1, 2}, {0, 255}));
    WriteBytes(dir + "train-labels-idx1-ubyte", Idx(0x08, {1}, {7}));
    WriteBytes(dir + "t10k-images-idx3-ubyte", Idx(0x08, {1, 1, 2}, {51, 102}));
    WriteBytes(dir + "t10k-labels-idx1-ubyte", Idx(0x08, {2}, {3, 4}));  // 2 labels for 1 image
    chainerx::Context context;
    chainerx::ContextScope scope{context};
    EXPECT_THROW(LoadDataset(dir, chainerx::GetDefaultDevice()), std::runtime_error);

    WriteBytes(dir + "t10k-labels-idx1-ubyte", Idx(0x08, {1}, {3}));
    Dataset data = LoadDataset(dir, chainerx::GetDefaultDevice());
    EXPECT_EQ(data.train.x.dtype(), chainerx::Dtype::kFloat32);
    EXPECT_EQ(data.train.t.dtype(), chainerx::Dtype::kInt64);
    const float* x = static_cast<const float*>(data.test.x.raw_data());
    EXPECT_FLOAT_EQ(x[0], 0.2F);
    EXPECT_FLOAT_EQ(x[1], 0.4F);
    EXPECT_EQ(static_cast<const int64_t*>(data.train.t.raw_data())[0], 7);
}

TEST(ParseOptionsTest, ReadsBothSpellingsAndRejectsBadInput) {
    const char* argv[] = {"prog", "--epochs=3", "--lr", "0.5", "--mnist", "dir"};
    Options options = ParseOptions(6, argv);
    EXPECT_EQ(options.epochs, 3);
    EXPECT_DOUBLE_EQ(options.lr, 0.5);
    EXPECT_EQ(options.mnist, "dir");
    EXPECT_EQ(options.batch_size, 32);

    const char* unknown[] = {"prog", "--bogus=1"};
    EXPECT_THROW(ParseOptions(2, unknown), std::invalid_argument);
    const char* negative[] = {"prog", "--epochs=-1"};
    EXPECT_THROW(ParseOptions(2, negative), std::invalid_argument);
    const char* missing[] = {"prog", "--lr"};
    EXPECT_THROW(ParseOptions(2, missing), std::invalid_argument);
}

}  // namespace
}  // namespace mnist
