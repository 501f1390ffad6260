// A vector that keeps up to N elements inline and moves to the heap only beyond that.
//
// Graph bookkeeping (BackwardBuilder, OpNode, ArrayBody's graph list, Backward's work lists) holds a handful of
// elements per operation: one or two inputs, one output, one graph. With std::vector each of those lists cost a
// heap allocation and a free on every differentiable call, which made allocation the largest part of a small
// op's host time. SmallVector removes them without capping the size (concatenate may have any number of inputs).
//
// Unlike StackVector (fixed capacity, for shapes), any T works: elements are constructed in place and moved on
// growth. Iterators and references are invalidated by any growth, as with std::vector.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "chainerx/core/macro.h"

namespace chainerx {

template <typename T, size_t N>
class SmallVector {
    static_assert(N > 0, "use std::vector when no inline storage is wanted");

public:
    using value_type = T;
    using size_type = size_t;
    using reference = T&;
    using const_reference = const T&;
    using iterator = T*;
    using const_iterator = const T*;

    SmallVector() = default;
    SmallVector(size_t count, const T& value) { assign(count, value); }
    explicit SmallVector(size_t count) { resize(count); }
    SmallVector(std::initializer_list<T> list) { append(list.begin(), list.end()); }
    template <typename InputIt, typename = typename std::iterator_traits<InputIt>::iterator_category>
    SmallVector(InputIt first, InputIt last) {
        append(first, last);
    }
    // Implicit, so that call sites written for std::vector keep compiling.
    SmallVector(const std::vector<T>& other) { append(other.begin(), other.end()); }  // NOLINT(runtime/explicit)

    SmallVector(const SmallVector& other) { append(other.begin(), other.end()); }
    SmallVector(SmallVector&& other) noexcept { MoveFrom(std::move(other)); }
    SmallVector& operator=(const SmallVector& other) {
        if (this != &other) {
            clear();
            append(other.begin(), other.end());
        }
        return *this;
    }
    SmallVector& operator=(SmallVector&& other) noexcept {
        if (this != &other) {
            Release();
            MoveFrom(std::move(other));
        }
        return *this;
    }
    ~SmallVector() {
        DestroyRange(data_, data_ + size_);
        FreeHeap();
    }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    size_t capacity() const { return capacity_; }
    // Whether the elements are still in the inline buffer (for tests).
    bool is_inline() const { return data_ == InlineData(); }

    T* data() { return data_; }
    const T* data() const { return data_; }
    iterator begin() { return data_; }
    iterator end() { return data_ + size_; }
    const_iterator begin() const { return data_; }
    const_iterator end() const { return data_ + size_; }

    T& operator[](size_t i) {
        CHAINERX_ASSERT(i < size_);
        return data_[i];
    }
    const T& operator[](size_t i) const {
        CHAINERX_ASSERT(i < size_);
        return data_[i];
    }
    T& at(size_t i) { return (*this)[CheckIndex(i)]; }
    const T& at(size_t i) const { return (*this)[CheckIndex(i)]; }
    T& front() { return (*this)[0]; }
    T& back() { return (*this)[size_ - 1]; }
    const T& front() const { return (*this)[0]; }
    const T& back() const { return (*this)[size_ - 1]; }

    void reserve(size_t n) {
        if (n > capacity_) {
            Reallocate(n);
        }
    }

    template <typename... Args>
    T& emplace_back(Args&&... args) {
        if (size_ == capacity_) {
            Reallocate(size_t{capacity_} * 2);
        }
        T* slot = new (data_ + size_) T(std::forward<Args>(args)...);
        ++size_;
        return *slot;
    }
    void push_back(const T& value) { emplace_back(value); }
    void push_back(T&& value) { emplace_back(std::move(value)); }
    void pop_back() {
        CHAINERX_ASSERT(size_ > 0);
        --size_;
        data_[size_].~T();
    }

    // Inserts before `pos`, shifting later elements by one.
    iterator insert(const_iterator pos, T value) {
        size_t index = static_cast<size_t>(pos - data_);
        CHAINERX_ASSERT(index <= size_);
        emplace_back(std::move(value));
        // Element-wise shifts rather than std::rotate/std::move: GCC 12 reports false -Warray-bounds on the
        // memmove those lower to for trivial types.
        for (size_t i = size_ - 1; i > index; --i) {
            std::swap(data_[i], data_[i - 1]);
        }
        return data_ + index;
    }
    iterator erase(const_iterator first, const_iterator last) {
        T* dst = data_ + (first - data_);
        T* src = data_ + (last - data_);
        T* new_end = dst;
        for (; src != end(); ++src, ++new_end) {
            *new_end = std::move(*src);
        }
        DestroyRange(new_end, end());
        size_ = static_cast<uint32_t>(new_end - data_);
        return dst;
    }
    iterator erase(const_iterator pos) { return erase(pos, pos + 1); }

    void resize(size_t n) {
        reserve(n);
        while (size_ < n) {
            emplace_back();
        }
        Truncate(n);
    }
    void resize(size_t n, const T& value) {
        reserve(n);
        while (size_ < n) {
            emplace_back(value);
        }
        Truncate(n);
    }
    void assign(size_t n, const T& value) {
        clear();
        resize(n, value);
    }
    void clear() { Truncate(0); }

    friend bool operator==(const SmallVector& a, const SmallVector& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator!=(const SmallVector& a, const SmallVector& b) { return !(a == b); }

private:
    T* InlineData() { return reinterpret_cast<T*>(inline_storage_); }  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
    const T* InlineData() const {
        return reinterpret_cast<const T*>(inline_storage_);  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
    }

    size_t CheckIndex(size_t i) const {
        if (i >= size_) {
            throw std::out_of_range{"SmallVector::at: index out of range"};
        }
        return i;
    }

    template <typename InputIt>
    void append(InputIt first, InputIt last) {
        for (; first != last; ++first) {
            emplace_back(*first);
        }
    }

    // A plain loop rather than std::uninitialized_move, whose memmove for trivial types GCC 12 flags with a
    // false -Warray-bounds when the source is the inline buffer.
    static void MoveConstruct(T* first, T* last, T* dst) {
        for (; first != last; ++first, ++dst) {
            new (dst) T(std::move(*first));
        }
    }

    static void DestroyRange(T* first, T* last) {
        if constexpr (std::is_trivially_destructible_v<T>) {
            return;
        }
        for (; first != last; ++first) {
            first->~T();
        }
    }

    void Truncate(size_t n) {
        if (n < size_) {
            DestroyRange(data_ + n, data_ + size_);
            size_ = static_cast<uint32_t>(n);
        }
    }

    void Reallocate(size_t new_capacity) {
        if (new_capacity > UINT32_MAX) {
            throw std::length_error{"SmallVector: too many elements"};
        }
        T* fresh = static_cast<T*>(::operator new(new_capacity * sizeof(T), std::align_val_t{alignof(T)}));
        MoveConstruct(data_, data_ + size_, fresh);
        DestroyRange(data_, data_ + size_);
        FreeHeap();
        data_ = fresh;
        capacity_ = static_cast<uint32_t>(new_capacity);
    }

    void FreeHeap() {
        if (!is_inline()) {
            ::operator delete(data_, std::align_val_t{alignof(T)});
        }
    }

    // Destroys the elements and frees heap storage; leaves the object empty and inline.
    void Release() {
        clear();
        FreeHeap();
        data_ = InlineData();
        capacity_ = N;
    }

    // Precondition: *this is empty and inline.
    void MoveFrom(SmallVector&& other) {
        if (other.is_inline()) {
            if constexpr (std::is_trivially_copyable_v<T>) {
                // The whole inline buffer, a copy of known size that compiles to a few moves (the element loop
                // became a call to memmove).
                std::memcpy(inline_storage_, other.inline_storage_, sizeof(inline_storage_));
            } else {
                MoveConstruct(other.begin(), other.end(), data_);
            }
            size_ = other.size_;
            other.clear();
            return;
        }
        data_ = other.data_;
        size_ = other.size_;
        capacity_ = other.capacity_;
        other.data_ = other.InlineData();
        other.size_ = 0;
        other.capacity_ = N;
    }

    // 32-bit counts keep the header at 16 bytes, which matters for the one embedded in ArrayBody.
    T* data_{InlineData()};
    uint32_t size_{0};
    uint32_t capacity_{N};
    alignas(T) unsigned char inline_storage_[N * sizeof(T)];  // NOLINT(modernize-avoid-c-arrays)
};

}  // namespace chainerx
