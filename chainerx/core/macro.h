// Assertion and unreachable-code macros for internal invariants.
//
// User input is validated with exceptions from error.h; these macros guard invariants that only a bug in
// ChainerX itself can break, so CHAINERX_ASSERT compiles to nothing in optimised (NDEBUG) builds.
#pragma once

namespace chainerx {
namespace internal {

[[noreturn]] void AssertionFailed(const char* file, int line, const char* condition);
[[noreturn]] void NeverReach(const char* file, int line);

}  // namespace internal
}  // namespace chainerx

#ifdef NDEBUG
#define CHAINERX_DEBUG false
#else
#define CHAINERX_DEBUG true
#endif

// sizeof keeps the condition type-checked (and its variables "used") without evaluating it in release builds.
#define CHAINERX_ASSERT(...)                                                              \
    do {                                                                                  \
        if (CHAINERX_DEBUG) {                                                             \
            if (!(__VA_ARGS__)) {                                                         \
                ::chainerx::internal::AssertionFailed(__FILE__, __LINE__, #__VA_ARGS__); \
            }                                                                             \
        } else {                                                                          \
            static_cast<void>(sizeof(!(__VA_ARGS__)));                                    \
        }                                                                                 \
    } while (false)

#define CHAINERX_NEVER_REACH() ::chainerx::internal::NeverReach(__FILE__, __LINE__)
