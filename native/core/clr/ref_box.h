// zts.ref(value?) boxes (SPEC_MAP D4): JS -> C# ref/out arguments, written back after the call.
#pragma once

#include "runtime/domain.h"

namespace zts
{

/// Registers the ref box class on a runtime (once per runtime).
void register_ref_class(JSRuntime *rt);

/// True when v is a zts.ref() box.
bool is_ref_box(JSValueConst v);

/// zts.ref(value?): a new box holding value (a member of the zts global: globals/zts_members.h).
JSValue js_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv);

} // namespace zts
