// The parts of CUB that the backend uses, for kernels compiled by the host compiler: see Note [CUDA emulation on
// the host] in device.h. rewrite_kernels.py points every `#include <cub/...>` here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include <cuda_runtime.h>

#include "chainerx/cuda/emulation/grid.h"

namespace cub {

// A block-wide scan through shared storage: every thread deposits its value, then folds the values of threads
// 0..itself in order (CUB folds in a tree: sums may round differently, within the tests' tolerances).
template <typename T, int kBlockThreads>
class BlockScan {
public:
    struct TempStorage {
        T values[kBlockThreads];
    };

    explicit BlockScan(TempStorage& storage) : storage_{storage} {}

    template <typename ScanOp>
    void InclusiveScan(T input, T& output, ScanOp op, T& block_aggregate) {
        const auto& position = chainerx::cuda::emulation::CurrentThread();
        const unsigned self = position.thread_idx.x;
        storage_.values[self] = input;
        chainerx::cuda::emulation::SyncThreads();
        T prefix = storage_.values[0];
        for (unsigned i = 1; i <= self; ++i) {
            prefix = op(prefix, storage_.values[i]);
        }
        T total = storage_.values[0];
        for (unsigned i = 1; i < position.block_dim.x; ++i) {
            total = op(total, storage_.values[i]);
        }
        // Every thread has read the values before any returns and may reuse the storage.
        chainerx::cuda::emulation::SyncThreads();
        output = prefix;
        block_aggregate = total;
    }

private:
    TempStorage& storage_;
};

// The device-wide algorithms run on the calling thread (device memory is host memory). As CUB's, a call with no
// temporary storage only says how much it needs.
struct DeviceRadixSort {
    template <typename Key, typename Value>
    static cudaError_t SortPairs(
            void* temp,
            size_t& temp_bytes,
            const Key* keys_in,
            Key* keys_out,
            const Value* values_in,
            Value* values_out,
            int num_items,
            int begin_bit = 0,
            int end_bit = sizeof(Key) * 8,
            cudaStream_t /*stream*/ = nullptr) {
        if (temp == nullptr) {
            temp_bytes = 1;
            return cudaSuccess;
        }
        chainerx::cuda::emulation::LibraryCallScope library_call{__func__};
        if (num_items < 0 || begin_bit < 0 || end_bit > static_cast<int>(sizeof(Key) * 8) || begin_bit >= end_bit) {
            return cudaErrorInvalidValue;
        }
        // The radix sort orders by the bits [begin_bit, end_bit) of the keys only, stably.
        auto bits = [begin_bit, end_bit](Key key) {
            using U = std::make_unsigned_t<Key>;
            U u = static_cast<U>(key) >> begin_bit;
            int width = end_bit - begin_bit;
            return width >= static_cast<int>(sizeof(U) * 8) ? u : static_cast<U>(u & ((U{1} << width) - 1));
        };
        std::vector<int> order(static_cast<size_t>(num_items));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return bits(keys_in[a]) < bits(keys_in[b]); });
        std::vector<Key> keys(static_cast<size_t>(num_items));
        std::vector<Value> values(static_cast<size_t>(num_items));
        for (int i = 0; i < num_items; ++i) {
            keys[i] = keys_in[order[i]];
            values[i] = values_in[order[i]];
        }
        std::copy(keys.begin(), keys.end(), keys_out);
        std::copy(values.begin(), values.end(), values_out);
        return cudaSuccess;
    }
};

struct DeviceScan {
    template <typename In, typename Out, typename NumItems>
    static cudaError_t InclusiveSum(
            void* temp,
            size_t& temp_bytes,
            const In* in,
            Out* out,
            NumItems num_items,
            cudaStream_t /*stream*/ = nullptr) {
        if (temp == nullptr) {
            temp_bytes = 1;
            return cudaSuccess;
        }
        if (num_items < 0) {
            return cudaErrorInvalidValue;
        }
        chainerx::cuda::emulation::LibraryCallScope library_call{__func__};
        std::partial_sum(in, in + num_items, out);
        return cudaSuccess;
    }
};

}  // namespace cub
