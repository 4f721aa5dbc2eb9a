// The Player backend's native slot tables (issue 10, 10-LIFETIME §2.1): per domain, the object of each registry slot,
// in chunks that are registered as GC roots once and never freed (this Boehm build cannot unregister a root; Il2Cpp's
// GarbageCollector::RegisterRoot is used the same way). A chunk of a domain that is gone is cleared and reused.
// The managed ObjectRegistry keeps the table current (ObjectRegistry.Mirror); bridges read `this` from it.
#pragma once

#include "quickjs.h"

#include <cstdint>

namespace zts_player
{

/// Stores obj (null to clear) in slot of ctx's table; grows the table by whole chunks.
void slot_set(JSContext *ctx, int32_t slot, void *obj);

/// The object in slot of ctx's table, or null (unknown context, slot out of range or empty).
void *slot_get(JSContext *ctx, int32_t slot);

/// Clears ctx's table and keeps its chunks for the next domain.
void slot_forget(JSContext *ctx);

} // namespace zts_player
