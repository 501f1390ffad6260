// The length of the random sweeps of the native float-math tests (vecmath_test.cc, vecmath_binary_test.cc).
#pragma once

#include <cstdint>

namespace chainerx {
namespace native {

// Under AddressSanitizer (CI's asan stage, where a small test has 60 s) the sweeps are 20x shorter: that build looks
// for memory errors, and the optimised build checks the error bounds and bits over the whole sweeps.
#if defined(__SANITIZE_ADDRESS__)
constexpr int64_t kSweepDivisor = 20;
#else
constexpr int64_t kSweepDivisor = 1;
#endif

constexpr int64_t SweepLength(int64_t full) { return full / kSweepDivisor; }

}  // namespace native
}  // namespace chainerx
