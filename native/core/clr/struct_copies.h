// Struct values as native copies (10-LIFETIME §3.1): a JS struct copy holds the value's bytes itself, not a boxed
// managed object in a registry slot. A blittable copy takes no part in the GC; releasing the JS object frees the bytes.
#pragma once

#include "clr/object_slots.h"
#include "clr/struct_arena.h"
#include "runtime/counting_allocator.h"
#include "quickjs.h"
#include "zts/zts.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct zts_domain;

namespace zts
{

/// ExoticPayload::slot of a struct copy: no registry slot. Overload scoring, views and kinds read the payload's type
/// id as for any exotic; the paths that need a slot check for this value first.
constexpr int32_t k_struct_copy_slot = -2;

/// The inline capacity of a copy: Vector3, Quaternion, Color, Rect, Bounds (24 bytes) and Matrix4x4's rows fit
/// without a second allocation; a bigger value takes one block of its own.
constexpr size_t k_struct_inline_bytes = 48;

/// The opaque of a CSharpStruct object. `head` comes first, so exotic_payload (clr/classes.h) gives it like any
/// exotic's payload.
struct StructCopy {
    ExoticPayload head;  ///< slot k_struct_copy_slot, type_id the struct's type
    zts_struct_ref ref;  ///< what bridges get (ZTS_STRUCT_REF_TAG): type id, size, bytes
    bool scanned;        ///< the bytes are in the rooted arena (a struct that holds references, struct_arena.h)
    alignas(16) unsigned char inline_bytes[k_struct_inline_bytes];
};

/// The struct copies of one domain: a pool of payloads (no allocator call per copy once warm) and the live count.
class StructCopies
{
  public:
    /// A payload for a new copy of size bytes (uninitialized; zeroed when scanned), or nullptr when out of memory.
    /// scanned: the bytes hold references, so they live in the rooted arena, where the GC sees them.
    StructCopy *make(int32_t type_id, int32_t size, bool scanned);
    /// Frees a copy's bytes and returns its payload to the pool (its finalizer).
    void release(StructCopy *copy);
    /// Number of live copies.
    int32_t live_count() const { return live_; }
    /// The bridges' result buffer (zts_domain_struct_result); in the rooted arena when a root hook is set, since a
    /// result that holds references waits there, in no managed frame, until the core copies it.
    zts_struct_ref *result() { return &result_; }

    StructCopies();

    /// The counter of the domain's runtime: each live copy's payload (and its bytes outside the payload) is charged
    /// there, against TsSettings.HeapLimitBytes (zts_domain_set_memory_limit); make fails past it.
    void set_counter(AllocationCounter *counter) { counter_ = counter; }

  private:
    static size_t cost(int32_t size, bool scanned)
    {
        return sizeof(StructCopy) + (scanned || static_cast<size_t>(size) > k_struct_inline_bytes ? static_cast<size_t>(size) : 0);
    }
    AllocationCounter *counter_ = nullptr;
    StructCopy *take(int32_t type_id, int32_t size, bool scanned);
    StructArena arena_; ///< bytes of scanned copies, and the result buffer when rooted (declared first: freed last)
    std::vector<std::unique_ptr<StructCopy[]>> chunks_;
    std::vector<StructCopy *> free_;
    int32_t live_ = 0;
    zts_struct_ref result_{};
    std::unique_ptr<unsigned char[]> result_bytes_;
};

/// The copy behind v when it is a CSharpStruct object, else nullptr.
StructCopy *struct_copy_of(JSValueConst v);

/// The copy of an exotic payload whose slot is k_struct_copy_slot (its head): no second class lookup.
inline StructCopy *struct_copy_of(const ExoticPayload *payload)
{
    static_assert(offsetof(StructCopy, head) == 0, "a copy's payload is its head");
    return reinterpret_cast<StructCopy *>(const_cast<ExoticPayload *>(payload));
}

/// The value a bridge's data carries for a copy (struct_ref_value), from its payload.
inline JSValue struct_ref_value(const ExoticPayload *payload)
{
    return JS_MKPTR(ZTS_STRUCT_REF_TAG, &struct_copy_of(payload)->ref);
}

/// A new JS copy of type_id from the layout's size bytes at src (copied; src may be the result buffer: it is read
/// before anything can reuse it). Binds the type when needed. Owned, or JS_EXCEPTION.
JSValue new_struct_copy(zts_domain *d, int32_t type_id, const void *src);

/// The value a bridge's data carries for a copy: u.ptr = &copy->ref, tag ZTS_STRUCT_REF_TAG (not a JS value).
inline JSValue struct_ref_value(StructCopy *copy)
{
    return JS_MKPTR(ZTS_STRUCT_REF_TAG, &copy->ref);
}

/// The getter or setter function of copy field `field` of type_id, whose accessor (index `accessor`) keeps its
/// bridges for the values the core does not convert itself. Owned, or JS_EXCEPTION.
JSValue make_copy_field_function(zts_domain *d, int32_t type_id, int32_t accessor, int32_t field, bool setter,
                                 const std::string &name);

/// Registers the CSharpStruct class (once per runtime; register_clr_classes).
void register_struct_class(JSRuntime *rt);

} // namespace zts
