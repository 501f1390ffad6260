// Handwritten-digit data for the C++ example: the four IDX files of MNIST, or the sklearn digits that the build
// exports in the same format (export_digits.py), loaded into chainerx arrays.
//
//     mnist::Dataset data = mnist::LoadDataset("/data/mnist", device);
//     Array logits = Linear(data.train.x, w, b);   // x: (N, rows * cols) float32
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/shape.h"

namespace mnist {

// Samples of one split: images flattened row by row, x (N, rows * cols) float32 in [0, 1], and labels t (N,)
// int64 in 0..9.
struct Split {
    chainerx::Array x;
    chainerx::Array t;
};

struct Dataset {
    Split train;
    Split test;
};

// One IDX file in host memory: its dimensions and its elements converted to double. IDX is MNIST's format:
// two zero bytes, an element-type code, the number of dimensions, one big-endian int32 per dimension, then
// the big-endian elements. Type codes 0x08 (uint8, MNIST) and 0x0D (float32, the exported digits) are read.
struct IdxFile {
    std::vector<int64_t> dims;
    uint8_t type_code;
    std::vector<double> values;
};

// Reads an uncompressed IDX file. Throws std::runtime_error if it is missing, truncated or of another type.
IdxFile ReadIdx(const std::string& path);

// Reads train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte
// from `directory` into arrays on `device`. uint8 pixels are scaled by 1/255; float32 pixels (the exported
// digits, already in [0, 1]) are kept. Throws std::runtime_error for missing or inconsistent files.
Dataset LoadDataset(const std::string& directory, chainerx::Device& device);

// A C-contiguous array of `shape` on `device` holding `values`: on host devices a view that keeps the vector
// alive, elsewhere a copy. The caller makes sure that shape's size equals values.size().
template <typename T>
chainerx::Array ArrayFromVector(std::vector<T> values, const chainerx::Shape& shape, chainerx::Device& device) {
    auto owner = std::make_shared<std::vector<T>>(std::move(values));
    std::shared_ptr<void> data{owner, owner->data()};  // aliasing: the pointer is data(), the owner the vector
    return chainerx::FromContiguousHostData(shape, chainerx::TypeToDtype<T>, std::move(data), device);
}

}  // namespace mnist
