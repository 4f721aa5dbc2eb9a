// Calls from JS into CLR members: overload resolution over JS value kinds (docs/OVERLOADS.md) and
// the call of the chosen host bridge through the callback gate, so the gate throws after the host
// returned (seed build/03).
#pragma once

#include "runtime/domain.h"
#include "clr/type_registry.h"

#include <string>

namespace zts
{

/// What a member function does when called.
enum class MemberKind : int32_t {
    Method = 0,   ///< an overload set (static or instance)
    Getter = 1,   ///< a property/field getter
    Setter = 2,   ///< a property/field setter
    ReadOnly = 3, ///< the setter of a read-only property: throws
};

/// The ZTS_KIND_* of a JS value.
uint32_t kind_of(JSContext *ctx, JSValueConst v);

/// A JS function for member `index` of `kind` of type type_id; owned.
JSValue make_member_function(zts_domain *d, int32_t type_id, int32_t index, MemberKind kind, const std::string &name,
                             int32_t length);

/// Picks the best candidate of set for argv, or throws `zts: no overload of 'T.name' ...`; nullptr on throw.
/// `name` is the member's own name ("constructor" for constructors): the "T.name" text is only built for an error.
const Candidate *choose_overload(zts_domain *d, const TypeInfo &t, const MemberSet &set, const std::string &name,
                                 int32_t argc, JSValueConst *argv);

/// Calls host bridge through the gate with this_slot (-1: static) and the arguments' slots.
JSValue invoke_bridge(zts_domain *d, int32_t bridge, JSValueConst this_val, int32_t this_slot, int32_t argc,
                      JSValueConst *argv);

/// Calls member `index` of `kind` of type type_id as its JS function does (the overload choice, `this`, the bridge).
JSValue call_member(zts_domain *d, int32_t type_id, int32_t index, MemberKind kind, JSValueConst this_val, int argc,
                    JSValueConst *argv);

/// The `this` slot of an instance call of t's member `name`: a registry slot, k_struct_copy_slot for a struct copy
/// (clr/struct_copies.h), or -1 with a TypeError thrown.
int32_t instance_slot(zts_domain *d, const TypeInfo &t, const std::string &name, JSValueConst this_val);

} // namespace zts
