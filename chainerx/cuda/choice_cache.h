// What a library chose for a configuration, kept so that the library is asked once per configuration: cuDNN's
// convolution algorithms (conv.cu) and cuBLASLt's matmul algorithms (blas_lt.cu); and per device, the address arrays
// of batched products (Note [Cached matrix pointers] in matrix_pointers.h). Host code.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>

namespace chainerx {
namespace cuda {

// Choices by key (ordered by operator<), nullopt where the library offered none. Thread-safe. Past kMaxEntries
// configurations (each distinct shape of a model's layers is one) it starts afresh.
template <typename Key, typename Choice, size_t kMaxEntriesValue = 4096>
class ChoiceCache {
public:
    static constexpr size_t kMaxEntries = kMaxEntriesValue;

    // Whether the key is cached; if so, *choice is the cached choice.
    bool Find(const Key& key, std::optional<Choice>* choice) {
        std::lock_guard<std::mutex> lock{mutex_};
        auto it = entries_.find(key);
        if (it == entries_.end()) {
            return false;
        }
        *choice = it->second;
        return true;
    }

    void Insert(const Key& key, const std::optional<Choice>& choice) {
        std::lock_guard<std::mutex> lock{mutex_};
        if (entries_.size() >= kMaxEntries) {
            entries_.clear();
        }
        entries_[key] = choice;
    }

private:
    std::mutex mutex_;
    std::map<Key, std::optional<Choice>> entries_;
};

}  // namespace cuda
}  // namespace chainerx
