#include "chainerx/python/array_interop.h"

namespace chainerx {
namespace python {
namespace internal {

void DefineInteropMethods(ArrayClass& /*c*/) {}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
