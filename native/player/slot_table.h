// The Player backend's native slot tables (10-LIFETIME §2.1): per domain, the registry slots themselves. The table
// decides which slot an object pushed to JS takes, holds the object (the chunks are GC roots), the view it was pushed
// under and the (object, view) identity cache keyed by object pointer (identity_index.h), and frees a slot when JS
// released its exotic. The managed ObjectRegistry of a Player domain forwards to it (ObjectRegistry.Store,
// ZTS.Il2Cpp/NativeSlots.cs), so a constructor's bridge takes a slot with no managed hop, and bridges read `this` and
// object arguments from it. The chunks are registered as GC roots once and never freed (this Boehm build cannot
// unregister a root; Il2Cpp's GarbageCollector::RegisterRoot is used the same way); a chunk of a domain that is gone
// is cleared and reused.
#pragma once

#include "zts/zts.h"

#include <cstdint>

namespace zts_player
{

/// The view of a slot whose object is not in the identity cache (a struct copy boxed for one push): the managed
/// ObjectRegistry's NoIdentity.
constexpr int32_t k_no_identity = INT32_MIN;

/// Released slots that make slot_take free them first (the managed ObjectRegistry.DrainBatch's rule): a loop that
/// makes many short-lived objects keeps only about this many rooted until the frame pump.
constexpr int32_t k_drain_batch = 256;

/// Starts ctx's table afresh for domain (a JSContext of an earlier domain may be reused: what that one left is
/// forgotten, its chunks kept); slot_take frees the slots domain reports released (zts_object_take_released).
void slot_open(JSContext *ctx, zts_domain *domain);

/// A free slot of ctx's table, now holding obj (not null) seen as view; -1 when out of memory or ctx has no table.
/// A view other than k_no_identity also indexes (obj, view) -> slot, at the next slot_find (a slot freed before any
/// lookup is never indexed). Frees the released slots first once k_drain_batch are pending. Grows by whole chunks.
int32_t slot_take(JSContext *ctx, void *obj, int32_t view);

/// How many slots ctx's table has taken (0 without a table). A constructor's bridge compares it before and after the
/// constructor: unchanged, nothing was pushed meanwhile and the new object cannot be in the identity cache (ret_new).
uint32_t slot_taken(JSContext *ctx);

/// Frees slot of ctx's table and drops its identity entry; a free or unknown slot is left as it is.
void slot_free(JSContext *ctx, int32_t slot);

/// Frees every slot of ctx's table (the domain's teardown).
void slot_free_all(JSContext *ctx);

/// The object in slot of ctx's table, or null (unknown context, slot out of range or free).
void *slot_get(JSContext *ctx, int32_t slot);

/// Whether slot of ctx's table holds obj seen as view.
bool slot_holds(JSContext *ctx, int32_t slot, const void *obj, int32_t view);

/// The slot that holds obj seen as view in ctx's table, or -1.
int32_t slot_find(JSContext *ctx, const void *obj, int32_t view);

/// The slots in use in ctx's table.
int32_t slot_count(JSContext *ctx);

/// The slots ctx's table holds without growing (whole chunks; it never shrinks).
int32_t slot_capacity(JSContext *ctx);

/// Forgets ctx's table and keeps its chunks for the next domain.
void slot_forget(JSContext *ctx);

} // namespace zts_player
