// The JS classes that present CLR things: namespaces, type objects, ByObj objects and arrays.
#pragma once

#include "runtime/domain.h"
#include "clr/object_slots.h"
#include "clr/type_registry.h"

#include <string>

namespace zts
{

/// QuickJS's JS_ATOM_TAG_INT: atoms of integer keys 0..2^31-2 carry this bit and the key (internal to quickjs.c;
/// the QuickJS_Atoms test checks it against JS_NewAtomUInt32, so a QuickJS change fails loudly).
constexpr JSAtom k_atom_tag_int = 1u << 31;

/// Registers the classes on a runtime (once per runtime).
void register_clr_classes(JSRuntime *rt);

/// The payload of v when it is an exotic (object, array, delegate, or a struct copy: slot k_struct_copy_slot), else
/// nullptr.
const ExoticPayload *exotic_payload(JSValueConst v);

/// The type id of a CSharpType object, or 0 when v is not one.
int32_t type_object_id(JSValueConst v);

/// Pushes slot as type_id: the live exotic of the slot or a new one (owned), or JS_EXCEPTION.
JSValue push_object(zts_domain *d, int32_t type_id, int32_t slot);

/// Makes the (unbound) type object of t; false with an exception pending on failure.
bool make_type_object(zts_domain *d, TypeInfo &t);

/// Binds t's members (the host's type_bind) and builds its prototype and statics; false with an exception pending.
bool ensure_bound(zts_domain *d, int32_t type_id);

/// When atom is Symbol.toPrimitive: a function that throws `zts: cannot convert <what> to a string or number ...`
/// (String(CSharp.System.Math) said only `TypeError: toPrimitive`); otherwise JS_UNDEFINED. Owned.
JSValue to_primitive_refusal(JSContext *ctx, JSAtom atom, const std::string &what);

} // namespace zts
