// Conversions of the binding's common argument kinds — an integer, an int or a sequence of ints, an axis, a
// shape, a sequence of arrays — from Python objects, written once for every routine.
//
// See Note [Integer arguments]: Python ints, NumPy integer scalars and 0-d NumPy integer arrays are integers;
// 1-d NumPy integer arrays, lists and tuples are sequences of integers; bool and float are neither. Errors are
// TypeError (wrong kind, naming the parameter), OverflowError (an integer beyond int64) or DimensionError (an
// axis beyond the supported range), never pybind11's "Unable to cast" RuntimeError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"
#include "chainerx/core/stack_vector.h"

namespace chainerx {
namespace python {
namespace internal {

// The name of an object's type, for messages ("list", "numpy.ndarray").
std::string TypeName(pybind11::handle handle);

// Whether ToInt64 accepts the object (it never calls __index__ on an array of ndim ≥ 1).
bool IsInteger(pybind11::handle handle);

// An integer argument named `name` (for messages).
int64_t ToInt64(pybind11::handle handle, const char* name);

// Whether the object is a sequence for the converters below: not a str or bytes, not a 0-d NumPy array, not an
// integer.
bool IsIntegerSequence(pybind11::handle handle);

// A sequence of integers: list, tuple, 1-d NumPy integer array, or any other sequence of integers. TypeError
// for anything else, including a NumPy array of ndim ≥ 2 or of a non-integer dtype.
std::vector<int64_t> ToInt64List(pybind11::handle handle, const char* name);

// An integer or a sequence of integers, as a list (an integer gives a list of one).
std::vector<int64_t> ToInt64OrList(pybind11::handle handle, const char* name);

// Per-spatial-axis values (conv and pooling ksize, stride, pad, outsize) for an input of `ndim` dimensions (batch
// and channel first): an integer is repeated for each of the ndim - 2 spatial axes, a sequence is kept as it is
// (the routine checks its length). DimensionError for more than kMaxNdim values.
StackVector<int64_t, kMaxNdim> ToSpatialDims(pybind11::handle handle, const char* name, int8_t ndim);

// One axis; DimensionError outside [-128, 127] (the routine checks it against the array's ndim).
int8_t ToAxis(pybind11::handle handle, const char* name = "axis");
// None → nullopt, else ToAxis.
std::optional<int8_t> ToOptionalAxis(pybind11::handle handle, const char* name = "axis");
// One axis or a sequence of axes.
Axes ToAxesNotNone(pybind11::handle handle, const char* name = "axis");
// None → nullopt, else ToAxesNotNone.
OptionalAxes ToAxes(pybind11::handle handle, const char* name = "axis");

// shape arguments: an integer or a sequence of integers.
Shape ToShape(pybind11::handle handle);

// A sequence (list, tuple, ...) of chainerx arrays; TypeError for anything else, including a single array.
std::vector<Array> ToArrayList(pybind11::handle handle, const char* name = "arrays");

// A sequence of sequences of arrays (the n_step_* weights and biases).
std::vector<std::vector<Array>> ToArrayLists(pybind11::handle handle, const char* name);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
