#include "chainerx/core/macro.h"

#include <cstdio>
#include <cstdlib>

namespace chainerx {
namespace internal {

void AssertionFailed(const char* file, int line, const char* condition) {
    std::fprintf(stderr, "%s:%d: Assertion `%s' failed.\n", file, line, condition);
    std::abort();
}

void NeverReach(const char* file, int line) {
    std::fprintf(stderr, "%s:%d: Reached code that should be unreachable.\n", file, line);
    std::abort();
}

}  // namespace internal
}  // namespace chainerx
