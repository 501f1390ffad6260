// A vector with inline storage for at most N elements: the container of shapes, strides and axes.
//
// Array metadata is created on every operation, so it must never touch the heap (see DESIGN.md).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>

#include "chainerx/core/error.h"
#include "chainerx/core/macro.h"

namespace chainerx {

template <typename T, size_t N>
class StackVector {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    StackVector() = default;
    StackVector(std::initializer_list<T> list) : StackVector(list.begin(), list.end()) {}
    template <typename InputIt>
    StackVector(InputIt first, InputIt last) {
        for (; first != last; ++first) {
            push_back(static_cast<T>(*first));
        }
    }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    static constexpr size_t max_size() { return N; }

    T& operator[](size_t i) {
        CHAINERX_ASSERT(i < size_);
        return data_[i];
    }
    const T& operator[](size_t i) const {
        CHAINERX_ASSERT(i < size_);
        return data_[i];
    }
    T& back() { return data_[size_ - 1]; }
    const T& back() const { return data_[size_ - 1]; }
    T* data() { return data_.data(); }
    const T* data() const { return data_.data(); }

    iterator begin() { return data_.data(); }
    iterator end() { return data_.data() + size_; }
    const_iterator begin() const { return data_.data(); }
    const_iterator end() const { return data_.data() + size_; }

    void push_back(const T& value) {
        if (size_ >= N) {
            throw DimensionError{"too many dimensions: at most ", N, " are supported"};
        }
        data_[size_++] = value;
    }
    void pop_back() { --size_; }
    void resize(size_t n, const T& value = T{}) {
        if (n > N) {
            throw DimensionError{"too many dimensions: at most ", N, " are supported"};
        }
        for (size_t i = size_; i < n; ++i) {
            data_[i] = value;
        }
        size_ = n;
    }
    void insert(iterator pos, const T& value) {
        size_t index = pos - begin();
        push_back(value);
        std::rotate(begin() + index, end() - 1, end());
    }
    void erase(iterator pos) {
        std::copy(pos + 1, end(), pos);
        --size_;
    }
    void clear() { size_ = 0; }

    friend bool operator==(const StackVector& a, const StackVector& b) {
        // A plain loop: std::equal on trivial types becomes a call to memcmp, which costs more than comparing the
        // two or three dims of a typical shape (~60 instructions of every elementwise op compared its shapes).
        if (a.size_ != b.size_) {
            return false;
        }
        for (size_t i = 0; i < a.size_; ++i) {
            if (!(a.data_[i] == b.data_[i])) {
                return false;
            }
        }
        return true;
    }
    friend bool operator!=(const StackVector& a, const StackVector& b) { return !(a == b); }

private:
    std::array<T, N> data_{};
    size_t size_{0};
};

}  // namespace chainerx
