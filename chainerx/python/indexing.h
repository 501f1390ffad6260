// ndarray methods of the indexing family (basic __getitem__ and the fast path of __setitem__), bound by
// InitArray; the NumPy fallbacks for other keys live in chainerx/_indexing.py.
#pragma once

#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// Adds `__getitem__` (basic keys: int incl. NumPy integers, slice, None, Ellipsis and tuples of them;
// IndexError for any other key) and `_setitem_basic(key, value)` (writes a chainerx.ndarray of any dtype
// broadcast to the view, or a scalar, into the view a[key]; no graph is recorded).
void DefineIndexingMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
