// A per-thread object reached with a single thread-local lookup (Note [Thread-local objects in one lookup]).
#pragma once

namespace chainerx {
namespace internal {

// Note [Thread-local objects in one lookup]
// In a shared library every access to a thread_local is a call to __tls_get_addr (~10 instructions), and a
// thread_local with a non-trivial destructor costs two: its guard, then its address (GCC does not reuse the first
// result, and recomputes the address again at later uses in the same function). The graph code reaches its
// per-thread state several times per op, so such state is reached through ThreadLocalInstance<Tag, T>::Get(): a
// constant-initialised pointer, one lookup, set when the thread first asks for its instance. As with a plain
// thread_local, the instance must not be used by other thread-local destructors that run after it is destroyed.
template <typename Tag, typename T>
class ThreadLocalInstance {
public:
    static T& Get() {
        T* instance = t_instance;
        return instance != nullptr ? *instance : Create();
    }

private:
    struct Owner {
        T value{};
        ~Owner() { t_instance = nullptr; }
    };

    __attribute__((noinline)) static T& Create() {
        thread_local Owner owner;
        t_instance = &owner.value;
        return owner.value;
    }

    static inline thread_local T* t_instance = nullptr;
};

}  // namespace internal
}  // namespace chainerx
