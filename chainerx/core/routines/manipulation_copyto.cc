// CopyTo: NumPy's copyto, an in-place copy outside of any graph.
#include "chainerx/core/routines/manipulation.h"

#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/manipulation.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

// The checks of both forms; returns src broadcast to dst's shape, copied first if it shares dst's memory (so
// that overlapping views read the old values, as in NumPy).
Array CheckedSource(const Array& dst, const Array& src, CastingMode casting) {
    if (casting != CastingMode::kNo) {
        throw NotImplementedError{"copyto: only casting='no' is implemented"};
    }
    internal::CheckInplaceAllowed("copyto", dst);
    internal::CheckSameDevice("copyto", dst, src);
    if (src.dtype() != dst.dtype()) {
        throw DtypeError{"copyto: cannot copy ", src.dtype(), " into ", dst.dtype(), " with casting='no'"};
    }
    Array source = internal::BroadcastView(src, dst.shape());
    if (source.data() == dst.data()) {
        source = internal::BroadcastView(src.AsGradStopped(CopyKind::kCopy), dst.shape());
    }
    return source;
}

}  // namespace

void CopyTo(const Array& dst, const Array& src, CastingMode casting) {
    Array source = CheckedSource(dst, src, casting);
    dst.device().CallKernel<CopyKernel>(source, dst);
}

void CopyTo(const Array& dst, const Array& src, CastingMode casting, const Array& where) {
    Array source = CheckedSource(dst, src, casting);
    internal::CheckSameDevice("copyto", dst, where);
    if (where.dtype() != Dtype::kBool) {
        throw DtypeError{"copyto: where must be a bool array, not ", where.dtype()};
    }
    dst.device().CallKernel<MaskedCopyKernel>(source, internal::BroadcastView(where, dst.shape()), dst);
}

}  // namespace chainerx
