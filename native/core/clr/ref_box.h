// zts.ref(value?) boxes (SPEC_MAP D4): JS -> C# ref/out arguments, written back after the call.
#pragma once

#include "runtime/domain.h"

namespace zts
{

/// Registers the ref box class on a runtime (once per runtime).
void register_ref_class(JSRuntime *rt);

/// True when v is a zts.ref() box.
bool is_ref_box(JSValueConst v);

/// Defines zts.ref on the `zts` object; false with an exception pending.
bool install_ref_helper(JSContext *ctx, JSValueConst zts_object);

} // namespace zts
