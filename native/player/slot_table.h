// The Player backend's native slot tables (10-LIFETIME §2.1): per domain, the object of each registry slot
// and the view it was pushed under, plus the (object, view) identity cache keyed by object pointer
// (identity_index.h). The object chunks are registered as GC roots once and never freed (this Boehm build cannot
// unregister a root; Il2Cpp's GarbageCollector::RegisterRoot is used the same way); a chunk of a domain that is gone
// is cleared and reused. The managed ObjectRegistry decides slots and keeps the table current (ObjectRegistry.Mirror);
// bridges read `this` and object arguments from it, and find a returned object's slot in it.
#pragma once

#include "quickjs.h"

#include <cstdint>

namespace zts_player
{

/// The view of a slot whose object is not in the identity cache (a struct copy boxed for one push): the managed
/// ObjectRegistry's NoIdentity.
constexpr int32_t kNoIdentity = INT32_MIN;

/// Stores obj (null to clear) in slot of ctx's table, seen as view: a view other than kNoIdentity also indexes
/// (obj, view) -> slot, at the next slot_find (a slot cleared before any lookup is never indexed), and clearing the
/// slot removes that entry. Grows the table by whole chunks.
void slot_set(JSContext *ctx, int32_t slot, void *obj, int32_t view);

/// The object in slot of ctx's table, or null (unknown context, slot out of range or empty).
void *slot_get(JSContext *ctx, int32_t slot);

/// The slot that holds obj seen as view in ctx's table, or -1.
int32_t slot_find(JSContext *ctx, const void *obj, int32_t view);

/// Clears ctx's table and keeps its chunks for the next domain.
void slot_forget(JSContext *ctx);

} // namespace zts_player
