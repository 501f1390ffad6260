// The elements of a basic-indexing key, as in NumPy's `a[1, 2:5:-1, None, ...]`.
//
// A key is a list of ArrayIndex, each an integer, a Slice, NewAxis or Ellipsis:
//
//     std::vector<ArrayIndex> key{1, Slice{2, 5, -1}, NewAxis{}, Ellipsis{}};
//     Array v = a.At(key);  // a view (see routines/indexing.h)
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <variant>

#include "chainerx/core/error.h"

namespace chainerx {

// start:stop:step with Python's semantics: omitted bounds depend on the sign of the step, negative bounds
// count from the end, out-of-range bounds are clipped. Throws DimensionError for a zero step.
class Slice {
public:
    explicit Slice(
            std::optional<int64_t> start = std::nullopt,
            std::optional<int64_t> stop = std::nullopt,
            std::optional<int64_t> step = std::nullopt)
        : start_{start}, stop_{stop}, step_{step.value_or(1)} {
        if (step_ == 0) {
            throw DimensionError{"slice step cannot be zero"};
        }
    }

    const std::optional<int64_t>& start() const { return start_; }
    const std::optional<int64_t>& stop() const { return stop_; }
    int64_t step() const { return step_; }

    // The first selected position along an axis of length `dim` (meaningful only if GetLength(dim) > 0).
    int64_t GetStart(int64_t dim) const { return Clip(start_.value_or(step_ > 0 ? 0 : dim - 1), dim); }

    // The number of positions selected along an axis of length `dim`.
    int64_t GetLength(int64_t dim) const {
        int64_t start = GetStart(dim);
        int64_t stop = stop_.has_value() ? Clip(*stop_, dim) : (step_ > 0 ? dim : -1);
        int64_t span = step_ > 0 ? stop - start : start - stop;
        int64_t abs_step = step_ > 0 ? step_ : -step_;
        return span <= 0 ? 0 : (span + abs_step - 1) / abs_step;
    }

private:
    // A bound normalised to [0, dim] for positive steps and to [-1, dim - 1] for negative ones (-1 meaning
    // "before the first element").
    int64_t Clip(int64_t bound, int64_t dim) const {
        if (bound < 0) {
            bound += dim;
        }
        int64_t low = step_ > 0 ? 0 : -1;
        int64_t high = step_ > 0 ? dim : dim - 1;
        return bound < low ? low : (bound > high ? high : bound);
    }

    std::optional<int64_t> start_;
    std::optional<int64_t> stop_;
    int64_t step_;
};

// Inserts an axis of length 1 (Python's None / numpy.newaxis).
struct NewAxis {};

// Stands for as many full slices as needed to index every axis (Python's `...`).
struct Ellipsis {};

// One element of an indexing key. Implicit conversions let keys be written as brace lists.
class ArrayIndex {
public:
    ArrayIndex(int64_t index) : value_{index} {}  // NOLINT(google-explicit-constructor)
    ArrayIndex(int index) : value_{int64_t{index}} {}  // NOLINT(google-explicit-constructor)
    ArrayIndex(Slice slice) : value_{slice} {}  // NOLINT(google-explicit-constructor)
    ArrayIndex(NewAxis new_axis) : value_{new_axis} {}  // NOLINT(google-explicit-constructor)
    ArrayIndex(Ellipsis ellipsis) : value_{ellipsis} {}  // NOLINT(google-explicit-constructor)

    bool IsIndex() const { return std::holds_alternative<int64_t>(value_); }
    bool IsSlice() const { return std::holds_alternative<Slice>(value_); }
    bool IsNewAxis() const { return std::holds_alternative<NewAxis>(value_); }
    bool IsEllipsis() const { return std::holds_alternative<Ellipsis>(value_); }

    int64_t index() const { return std::get<int64_t>(value_); }
    const Slice& slice() const { return std::get<Slice>(value_); }

private:
    std::variant<int64_t, Slice, NewAxis, Ellipsis> value_;
};

// How index arrays (take, advanced indexing) treat positions outside [0, dim): kRaise throws IndexError
// unless -dim <= i < dim (negative positions count from the end); kWrap takes i modulo dim; kClip clamps to
// [0, dim - 1] (so negative positions become 0, as in NumPy). kDefault is the backend's choice: the native backend
// treats it as kRaise, the CUDA backend as kWrap (as CuPy and the original ChainerX do: raising would make the host
// wait for the device at every take or advanced index, to read back whether a position was out of range).
enum class IndexBoundsMode { kDefault, kRaise, kWrap, kClip };

}  // namespace chainerx
