// The contract between the Player runtime (player_runtime.cpp) and the bridges the build generates
// (tools/gen-bridges -> build/gen/player_bridges.gen.cpp): one bridge per reduced signature (docs/PLAYER.md).
//
// A bridge is a plain function over POD locals: it reads each argument (the exact kinds inline, anything else
// through the shared managed rules), calls the method's typed entry, and writes the result. It never calls
// JS_Throw itself and keeps no object with a destructor: on a managed exception (from the method or from a
// managed rule) it returns fail(), which asks managed code for the JS value to throw and throws it from a frame
// that has none either (docs/PLAYER.md "Where JS_Throw runs").
#pragma once

#include "core_table.h"
#include "slot_table.h"
#include "value.h"
#include "zts/zts.h"
#include "zts_clr.h"
#include "zts_clr_typed_call.h"

#include <cstdint>
#include <cstring>

namespace zts_player
{

/// The native -> managed entries (ZTS.Il2Cpp.PlayerEntries, same order); k_entry_version is PlayerEntries.Version
/// (both checked by the test Player_EntryTable_MatchesBridgeHeader, tests/managed/MirrorTests.cs).
enum EntryIndex : int {
    k_read_z, k_read_c, k_read_i1, k_read_u1, k_read_i2, k_read_u2, k_read_i4, k_read_u4, k_read_i8, k_read_u8, k_read_ip, k_read_up,
    k_read_r4, k_read_r8, k_read_s, k_read_o, k_this, k_write_u4, k_write_i8, k_write_u8, k_write_ip, k_write_up, k_write_c, k_write_s,
    k_write_o, k_write_new, k_throw_value, k_no_entry,
    k_entry_count
};
constexpr int32_t k_entry_version = 6;

/// The typed entries of the managed side, filled by InitializeInternal (process-level: kept across Reset).
extern void *g_entries[k_entry_count];

/// One member routed to a generated bridge: the method's typed entry, its class (constructors allocate it).
/// A virtual method dispatches on the object's class, as C#'s callvirt does: its entry is looked up per class
/// (the method of an interface or an abstract class has no body to call), with the last class cached.
struct Member {
    static constexpr int k_exact_args = 8; ///< object arguments with a native fast path (the first ones)

    void *thunk;                ///< the typed entry (null for a virtual method: see dispatch)
    zts_clr_method *method;     ///< the method (null for a field)
    zts_clr_field *field;       ///< the field of a field accessor (null for a method)
    zts_clr_class *klass;
    int32_t id;                 ///< host function id in its domain
    int32_t bridge;             ///< index into g_bridges
    bool is_virtual;
    zts_clr_class *last_class;  ///< dispatch cache: the class last seen as `this`
    void *last_thunk;           ///<   and its implementation's typed entry
    /// Argument i (< k_exact_args) that is a C# object of exactly this class is read from the slot table as it is
    /// (ArgReader.ReadObject's hot path); null: always through the shared rules.
    zts_clr_class *exact_args[k_exact_args];
    /// The view a returned object is pushed under when the identity cache already has it (no managed hop), or -1:
    /// results always go through the shared rules (not a plain object result, or a policy may change the view).
    int32_t result_view;
    /// A field whose type is a struct that crosses as a native copy (SetCopyFieldInternal): its type id, size and the
    /// domain's struct result buffer. copy_size 0: none (the value is boxed as for any "o" field).
    int32_t copy_type;
    int32_t copy_size;
    zts_struct_ref *copy_result;
    /// A copy entry (RegisterCopyEntryInternal): the struct type id argument i must have to be taken by its bytes
    /// ("p"; 0: not a copy), and `this`'s ("t"). The result ("r") is copy_type/copy_size into copy_result.
    int32_t copy_args[k_exact_args];
    int32_t copy_this;
};

/// One call in progress: everything a reader or writer needs, and the pending managed exception. Its values are the
/// gate's zts_value arrays as the core (or managed code) handed them over (value.h).
struct Call {
    JSContext *ctx;
    Member *member;
    int argc;
    zts_value *argv;
    zts_value *data; ///< [bridge id, this slot, slot of each argument] (the core's gate data, past the gate entry)
    void *exc;     ///< a pending managed exception (MonoException* / Il2CppException*), or null
    void **hand_back; ///< non-null when managed code called the bridge: fail() hands the exception back here
    zts_value this_val = make_undefined(); ///< the call's `this` (managed_call hands it on)
    int magic = 0;
    uint32_t taken = 0; ///< a constructor's: slot_taken before the constructor ran (new_object, ret_new)
    void *lent = nullptr; ///< this_lend: the JS copy's own bytes while its box stands in for them, else null
};

using BridgeFn = zts_value (*)(Call &c);

/// One generated bridge.
struct BridgeEntry {
    const char *signature;
    BridgeFn fn;
};

/// The generated bridges, sorted by signature. The generated file registers its table when it is loaded (a static
/// initializer calling register_bridges), so the runtime links without it: the Il2Cpp plugin compiles into a Player
/// whose build step has not generated bridges, where every member then fails at first bind with the error that names
/// the fix. Zero-initialized before any initializer runs (no constructor).
struct BridgeTable {
    const BridgeEntry *entries;
    int count;
};
extern BridgeTable g_bridges;

/// Registers the generated table: the generated file defines one of these at namespace scope.
struct BridgeRegistration {
    BridgeRegistration(const BridgeEntry *entries, int count);
};

/// Throws the JS value for c.exc into JS; returns the exception marker.
zts_value fail(Call &c);

/// The call through the member's managed host function instead (a copy entry whose arguments are not all copies of
/// exactly their structs: the managed copy wrapper applies the shared rules and their zts: errors).
zts_value managed_call(Call &c);

// ---- slow paths: the shared managed rules (PlayerEntries) ------------------------------------------------
template <typename T> T read_managed(Call &c, int entry, int i)
{
    return zts_clr::typed_call<T>(g_entries[entry], &c.exc, c.ctx, c.member->id, c.argv, c.data, static_cast<int32_t>(c.argc),
                                  static_cast<int32_t>(i));
}

/// A result written by the shared rules. A rule may refuse the value (a long beyond ±(2^53-1), ValueRules.FromInt64;
/// a boxed one in an object result; a string that cannot be made): its zts: error comes back in c.exc and is thrown
/// like the method's own exceptions. Every ret_* that goes through managed code ends here, so no refused result can
/// reach JS as the undefined the entry left in `out` (tests/player/backend/PlayerCheck.cs "Wide" cases).
template <typename T> zts_value write_managed(Call &c, int entry, T v)
{
    zts_value out = make_undefined();
    zts_clr::typed_call<void>(g_entries[entry], &c.exc, c.ctx, c.member->id, v, &out);
    return c.exc != nullptr ? fail(c) : out;
}

// ---- argument readers: the values whose conversion is exact inline (ArgReader's accept paths), else managed --
// One arg_<code> per code of the signature alphabet but v, and one ret_<code> per code, in the code's C type
// (ReducedSignature.Alphabet; the test Player_SignatureAlphabet_MatchesRuntime checks them).
inline uint8_t arg_z(Call &c, int i)
{
    if (i < c.argc && tag_of(c.argv[i]) == ZTS_TAG_BOOL) return c.argv[i].u.int32 != 0;
    return read_managed<uint8_t>(c, k_read_z, i) != 0;
}
inline int32_t arg_i4(Call &c, int i)
{
    if (i < c.argc && tag_of(c.argv[i]) == ZTS_TAG_INT) return c.argv[i].u.int32;
    return read_managed<int32_t>(c, k_read_i4, i);
}
inline double arg_r8(Call &c, int i)
{
    if (i < c.argc && tag_of(c.argv[i]) == ZTS_TAG_FLOAT64) return c.argv[i].u.float64;
    if (i < c.argc && tag_of(c.argv[i]) == ZTS_TAG_INT) return c.argv[i].u.int32;
    return read_managed<double>(c, k_read_r8, i);
}
inline float arg_r4(Call &c, int i)
{
    if (i < c.argc && tag_of(c.argv[i]) == ZTS_TAG_FLOAT64) return static_cast<float>(c.argv[i].u.float64);
    if (i < c.argc && tag_of(c.argv[i]) == ZTS_TAG_INT) return static_cast<float>(static_cast<double>(c.argv[i].u.int32));
    return read_managed<float>(c, k_read_r4, i);
}
inline uint16_t arg_c(Call &c, int i) { return read_managed<uint16_t>(c, k_read_c, i); }
inline int8_t arg_i1(Call &c, int i) { return read_managed<int8_t>(c, k_read_i1, i); }
inline uint8_t arg_u1(Call &c, int i) { return read_managed<uint8_t>(c, k_read_u1, i); }
inline int16_t arg_i2(Call &c, int i) { return read_managed<int16_t>(c, k_read_i2, i); }
inline uint16_t arg_u2(Call &c, int i) { return read_managed<uint16_t>(c, k_read_u2, i); }
inline uint32_t arg_u4(Call &c, int i) { return read_managed<uint32_t>(c, k_read_u4, i); }
inline int64_t arg_i8(Call &c, int i) { return read_managed<int64_t>(c, k_read_i8, i); }
inline uint64_t arg_u8(Call &c, int i) { return read_managed<uint64_t>(c, k_read_u8, i); }
inline intptr_t arg_ip(Call &c, int i) { return read_managed<intptr_t>(c, k_read_ip, i); }
inline uintptr_t arg_up(Call &c, int i) { return read_managed<uintptr_t>(c, k_read_up, i); }
inline void *arg_s(Call &c, int i) { return read_managed<void *>(c, k_read_s, i); }
/// An object argument: a C# object of exactly the declared class straight from the slot table (the core put each
/// argument's slot in data[2 + i]), anything else through the shared rules (conversions, checks, zts: errors).
inline void *arg_o(Call &c, int i)
{
    if (i < c.argc && i < Member::k_exact_args && c.member->exact_args[i] != nullptr && tag_of(c.data[2 + i]) == ZTS_TAG_INT) {
        void *obj = slot_get(c.ctx, c.data[2 + i].u.int32);
        if (obj != nullptr && zts_clr_object_get_class(static_cast<zts_clr_object *>(obj)) == c.member->exact_args[i]) return obj;
    }
    return read_managed<void *>(c, k_read_o, i);
}

/// The C# object behind `this`: from the native slot table (data[1] is its slot; the core checked its type before
/// the call), else through the managed registry (which throws the zts: error for a released object).
inline void *arg_this(Call &c)
{
    if (tag_of(c.data[1]) == ZTS_TAG_INT) {
        void *self = slot_get(c.ctx, c.data[1].u.int32);
        if (self != nullptr) return self;
    }
    return zts_clr::typed_call<void *>(g_entries[k_this], &c.exc, c.ctx, c.member->id, c.data);
}

// ---- copy entries: the struct copies by their bytes (docs/PLAYER.md "Struct copies") ----------------------
/// Argument i when it is a copy of exactly its parameter's struct: its bytes, which the entry reads in place; null
/// for anything else (the bridge then takes managed_call).
inline void *arg_p(Call &c, int i)
{
    if (i < c.argc && i < Member::k_exact_args && tag_of(c.data[2 + i]) == ZTS_STRUCT_REF_TAG) {
        auto *ref = static_cast<zts_struct_ref *>(c.data[2 + i].u.ptr);
        if (ref->type_id == c.member->copy_args[i]) return ref->bytes;
    }
    return nullptr;
}

/// `this` when it is a copy of exactly the member's struct: its bytes, which the member acts on in place; else null.
inline void *arg_t(Call &c, int i)
{
    (void)i; // `this` is no JS argument
    if (tag_of(c.data[1]) != ZTS_STRUCT_REF_TAG) return nullptr;
    auto *ref = static_cast<zts_struct_ref *>(c.data[1].u.ptr);
    return ref->type_id == c.member->copy_this ? ref->bytes : nullptr;
}

/// The struct result written into the result buffer (by a copy entry, or copy_field_get), made into a JS copy by the
/// core (ZTS_RESULT_STRUCT_TAG).
inline zts_value ret_r(Call &c)
{
    zts_struct_ref *r = c.member->copy_result;
    r->type_id = c.member->copy_type;
    r->size = c.member->copy_size;
    return make_ptr(ZTS_RESULT_STRUCT_TAG, r);
}

/// `this` of a copy entry as a class instance (the core checked its type): as arg_this.
inline void *arg_h(Call &c, int i)
{
    (void)i;
    return arg_this(c);
}

/// Right before an instance call whose `this` is a struct copy: arg_this gave the member a box of the copy, and for the
/// call the box stands in for the copy's bytes. It takes the copy's bytes as they are now (an argument's conversion may
/// have run script code that wrote them), and the JS copy reads and writes the box's bytes until this_done, so a
/// callback into JS that reads or writes the copy sees the member's own `this`, as on the Editor, whose bridge passes
/// the copy's bytes by reference (conformance structs.js test_Structs_MethodCallback_WritesTheCopyInPlace; before,
/// the box's bytes went back over a callback's write). The box cannot move (the Player's GC does not move objects) and
/// lives as long as `self`; the copy cannot be released during the call (the caller holds `this`); nested calls on
/// the same copy lend in turn and give back in reverse. A class instance costs one tag compare.
inline void this_lend(Call &c, void *self)
{
    if (tag_of(c.data[1]) == ZTS_STRUCT_REF_TAG && self != nullptr) {
        auto *ref = static_cast<zts_struct_ref *>(c.data[1].u.ptr);
        void *box = zts_clr_object_unbox(static_cast<zts_clr_object *>(self));
        std::memcpy(box, ref->bytes, static_cast<size_t>(ref->size));
        c.lent = ref->bytes;
        ref->bytes = box;
    }
}

/// After an instance call (its result, or its exception, already taken): when `this` was a struct copy, arg_this gave
/// the member a box of its bytes, and what the member did to that box goes back into JS's copy, so a method acts on
/// the copy (v.Normalize(), then v.x; 10-LIFETIME §3.1); a lent box (this_lend) gives the copy its own bytes back.
inline void this_done(Call &c, void *self)
{
    if (tag_of(c.data[1]) == ZTS_STRUCT_REF_TAG && self != nullptr) {
        auto *ref = static_cast<zts_struct_ref *>(c.data[1].u.ptr);
        void *own = c.lent != nullptr ? c.lent : ref->bytes;
        std::memcpy(own, zts_clr_object_unbox(static_cast<zts_clr_object *>(self)), static_cast<size_t>(ref->size));
        ref->bytes = own;
        c.lent = nullptr;
    }
}

/// A native-copy struct field read without a box: the runtime copies the field's value into the result buffer, and
/// the core makes the JS copy (ZTS_RESULT_STRUCT_TAG). self is null for a static field.
inline zts_value copy_field_get(Call &c, void *self)
{
    zts_struct_ref *r = c.member->copy_result;
    if (self != nullptr) zts_clr_field_get_value(static_cast<zts_clr_object *>(self), c.member->field, r->bytes);
    else zts_clr_field_static_get_value(c.member->field, r->bytes);
    return ret_r(c);
}

/// A native-copy struct field written from a copy of exactly its type, by its bytes; false for any other value (the
/// bridge then takes the boxed path, and the shared rules convert or refuse it).
inline bool copy_field_set(Call &c, void *self)
{
    if (c.argc < 1 || tag_of(c.data[2]) != ZTS_STRUCT_REF_TAG) return false;
    auto *ref = static_cast<zts_struct_ref *>(c.data[2].u.ptr);
    if (ref->type_id != c.member->copy_type) return false;
    if (self != nullptr) zts_clr_field_set_value(static_cast<zts_clr_object *>(self), c.member->field, ref->bytes);
    else zts_clr_field_static_set_value(c.member->field, ref->bytes);
    return true;
}

/// The typed entry to call on self: the method's own, or for a virtual method the implementation of self's class.
void *dispatch(Call &c, void *self);

/// When dispatch found no typed entry (the runtime could not compile the implementation, e.g. its type's static
/// constructor threw): managed code says why (PlayerEntries.NoEntry: the TypeInitializationException a call throws on
/// the Editor, else a zts: error naming the member) and it is thrown like any exception of the call.
zts_value no_entry(Call &c, void *self);

/// A new object of the constructor's class (the constructor runs on it next).
inline void *new_object(Call &c)
{
    c.taken = slot_taken(c.ctx);
    return zts_clr_object_new(c.member->klass);
}

/// The core's "push slot under view" result (zts.h's ZTS_RESULT_PUSH_BITS, as JsDomain.PushResult encodes it).
inline zts_value push_result(int32_t slot, int32_t view)
{
    zts_value r = make_value(ZTS_RESULT_PUSH_TAG);
    r.u.bits = ZTS_RESULT_PUSH_BITS(slot, view); // 64 bits on every CPU: the core reads them from the zts_value
    return r;
}

// ---- result writers --------------------------------------------------------------------------------------
inline zts_value ret_v(Call &) { return make_undefined(); }
inline zts_value ret_z(Call &, uint8_t v) { return make_bool(v != 0); }
inline zts_value ret_i1(Call &, int8_t v) { return make_int(v); }
inline zts_value ret_u1(Call &, uint8_t v) { return make_int(v); }
inline zts_value ret_i2(Call &, int16_t v) { return make_int(v); }
inline zts_value ret_u2(Call &, uint16_t v) { return make_int(v); }
inline zts_value ret_i4(Call &, int32_t v) { return make_int(v); }
inline zts_value ret_r4(Call &, float v) { return make_number(static_cast<double>(v)); }
inline zts_value ret_r8(Call &, double v) { return make_number(v); }
inline zts_value ret_u4(Call &c, uint32_t v) { return write_managed<uint32_t>(c, k_write_u4, v); }
inline zts_value ret_i8(Call &c, int64_t v) { return write_managed<int64_t>(c, k_write_i8, v); }
inline zts_value ret_u8(Call &c, uint64_t v) { return write_managed<uint64_t>(c, k_write_u8, v); }
inline zts_value ret_ip(Call &c, intptr_t v) { return write_managed<intptr_t>(c, k_write_ip, v); }
inline zts_value ret_up(Call &c, uintptr_t v) { return write_managed<uintptr_t>(c, k_write_up, v); }
inline zts_value ret_c(Call &c, uint16_t v) { return write_managed<uint16_t>(c, k_write_c, v); }
inline zts_value ret_s(Call &c, void *v) { return write_managed<void *>(c, k_write_s, v); }
/// An object result: one the identity cache already holds under the member's view is handed to the core as a
/// push (ZTS_RESULT_PUSH_TAG: slot and view) with no managed hop; anything else through the shared rules.
inline zts_value ret_o(Call &c, void *v)
{
    if (v != nullptr && c.member->result_view >= 0) {
        int32_t slot = slot_find(c.ctx, v, c.member->result_view);
        if (slot >= 0) return push_result(slot, c.member->result_view);
    }
    return write_managed<void *>(c, k_write_o, v);
}

/// A constructor's new object (or struct copy). When no slot was taken while the constructor ran (c.taken, set by
/// new_object), nothing can have pushed it, so it is not in the identity cache: no lookup (ResultWriter.WriteNew). When
/// one was, the constructor may have handed `this` to JS (a callback, an event), and `new` must give that same JS
/// object: it is looked up as any result (ret_o; tests/conformance/objects.js
/// test_Objects_Identity_ThisHandedOutByItsConstructor). A class's object whose route has a result view (no Table, no
/// Task, no script policy, no array: the view is the route's, Il2CppBridges.NativeResultView) takes a slot of the
/// native table with no managed hop (slot_table.h; measured on 2026-12-06, player_js_to_csharp_new_object_push:
/// 122-128 -> 103-112 ns against a managed entry that picked the slot).
inline zts_value ret_new(Call &c, void *v)
{
    bool pushed = slot_taken(c.ctx) != c.taken;
    if (pushed) return ret_o(c, v); // the shared rules of an object result (WriteO) when the cache has not got it
    if (v != nullptr && c.member->result_view >= 0) {
        int32_t slot = slot_take(c.ctx, v, c.member->result_view);
        if (slot >= 0) return push_result(slot, c.member->result_view);
    }
    return write_managed<void *>(c, k_write_new, v); // out of memory included: the shared rules report it
}

} // namespace zts_player
