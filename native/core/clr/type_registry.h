// The CLR types a domain has shown to JS: per-type member tables, built by the host's type_bind
// callback on first use of a type (EnsureBinding), with the JS objects that present them.
#pragma once

#include "quickjs.h"
#include "zts/zts.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

namespace zts
{

/// One overload candidate: the host bridge and its parameters.
struct Candidate {
    int32_t bridge = -1;                ///< host function id the gate passes as data[0]
    std::vector<zts_param_spec> params; ///< declared parameters, in order
    int32_t min_args = 0;               ///< parameters without a default
};

/// All candidates under one final JS name (after [TsAlias]), static or instance.
struct MemberSet {
    std::string name;                  ///< final JS name
    bool is_static = false;            ///< on the type object (true) or the prototype (false)
    std::vector<Candidate> candidates; ///< in the host's deterministic order
};

/// A property or field as a JS accessor.
struct Accessor {
    std::string name; ///< JS name
    bool is_static = false;
    int32_t getter = -1; ///< host bridge, or -1 (write-only)
    int32_t setter = -1; ///< host bridge, or -1 (read-only)
};

/// One field the core reads and writes on a struct copy (zts_copy_field, clr/struct_copies.h).
struct CopyField {
    std::string name;    ///< JS name of the instance accessor it serves
    int32_t offset = 0;  ///< byte offset in the value
    int32_t code = 0;    ///< ZTS_COPY_FIELD_*
    int32_t type_id = 0; ///< the nested struct's type (ZTS_COPY_FIELD_STRUCT), else 0
    int32_t accessor = -1;     ///< index of its Accessor (its bridges), set when the prototype is built
    bool writable = false;     ///< the accessor has a setter
    JSAtom atom = JS_ATOM_NULL; ///< owned: its name, for the copies' get/set_property (struct_copies.cpp)
};

/// One declared CLR type.
struct TypeInfo {
    int32_t id = 0;                  ///< > 0, index in TypeRegistry
    std::string full_name;           ///< CLR full name ("System.Collections.Generic.List`1")
    std::string js_name;             ///< JS name ("List$1")
    std::string js_path;             ///< dotted path under CSharp ("System.Collections.Generic.List$1")
    int32_t base_id = 0;             ///< base class type id, or 0
    std::vector<int32_t> interfaces; ///< interfaces it implements (declared by the host)
    int32_t outer_id = 0;            ///< declaring type for nested types, or 0
    uint32_t flags = 0;              ///< ZTS_TYPE_*
    bool bound = false;              ///< members added (type_bind ran and succeeded)
    bool binding = false;            ///< type_bind is running (re-entrancy guard)
    std::vector<MemberSet> methods;  ///< method overload sets (static and instance)
    std::vector<Accessor> accessors; ///< properties and fields
    std::vector<std::pair<std::string, double>> constants; ///< enum values
    std::vector<std::pair<std::string, int32_t>> nested;   ///< nested types of a closed generic (zts_type_add_nested)
    MemberSet constructors;                                ///< constructor candidates
    int32_t element_get = -1;                              ///< arrays: element getter bridge
    int32_t element_set = -1;                              ///< arrays: element setter bridge
    int32_t length_get = -1;                               ///< arrays: length bridge
    int32_t copy_size = 0;               ///< > 0: a struct whose values cross as copies of this many bytes
    std::vector<CopyField> copy_fields;  ///< the fields the core reads and writes on those copies
    bool copy_scanned = false;           ///< the copies hold references: their bytes live in the rooted arena
    JSValue spare_copy = JS_UNDEFINED;   ///< owned: the last copy made, reused once JS has dropped it (struct_copies.cpp)
    void *spare_bytes = nullptr;         ///< spare_copy's bytes (no class lookup on the reuse path)
    JSValue type_object = JS_UNDEFINED;                    ///< owned: the CSharpType exotic (constructor + statics)
    JSValue statics = JS_UNDEFINED;                        ///< owned: holds static members once bound
    JSValue prototype = JS_UNDEFINED;                      ///< owned: instance members; its prototype is the base's
    JSValue shape_anchor = JS_UNDEFINED; ///< owned: an empty object on `prototype`, made at the first push; it keeps
                                         ///< the initial shape hashed, so each exotic reuses it instead of making one
    /// Script policy (docs/POLICY.md, zts_type_deny_this): the type path in the denial of a member called with an
    /// object of this view as `this` through another type's function; empty: no such denial.
    std::string denied_path;
    bool denied_path_is_type = false;    ///< the path names a denied part (List$1[Secret]): no member name is added
    bool denied_via_interfaces = false;  ///< the view's type is denied: every interface member is
    std::unordered_set<std::string> denied_overrides; ///< JS names whose implementation in this view is denied
};

/// Declared types of one domain.
class TypeRegistry
{
  public:
    /// Declares a type and returns it (ids start at 1); the JS objects are made by the caller.
    TypeInfo &declare(const std::string &full_name, const std::string &js_name, int32_t base_id, int32_t outer_id,
                      uint32_t flags);
    /// The type with id, or nullptr (inline: every member call and push looks its type up).
    TypeInfo *find(int32_t id)
    {
        return id > 0 && static_cast<size_t>(id) < types_.size() ? &types_[static_cast<size_t>(id)] : nullptr;
    }
    /// True while type id is declared (one compare: the member functions' fast path checks it instead of find,
    /// clr/member_dispatch.cpp, so a function called after clear still says its type was torn down).
    bool declared(int32_t id) const { return id > 0 && id < declared_; }
    /// The type with a CLR full name, or nullptr.
    TypeInfo *find_by_name(const std::string &full_name);
    /// True when type `id` is `ancestor` or derives from it (class chain only).
    bool derives_from(int32_t id, int32_t ancestor);
    /// True when type `id` (or a base class) lists interface `iface` (or iface is id itself).
    bool implements(int32_t id, int32_t iface);
    /// The registry's copy of a parameter type name (nullptr reads as ""): one per distinct text, valid until
    /// clear, so zts_param_spec.type_name of every candidate can point at it.
    const char *intern_name(const char *name);
    /// A candidate of bridge whose parameter type names point into the name pool (the host's strings are copied);
    /// min_args counts up to the last parameter that is not optional (docs/OVERLOADS.md).
    Candidate make_candidate(int32_t bridge, int32_t param_count, const zts_param_spec *params);
    /// Number of distinct names interned.
    size_t name_count() const { return names_.size(); }
    /// Frees every JS object and name the registry holds (domain teardown).
    void clear(JSContext *ctx);

  private:
    std::deque<TypeInfo> types_{TypeInfo{}}; ///< index 0 unused; a deque keeps TypeInfo addresses stable
    int32_t declared_ = 1;                   ///< types_.size(), kept as an int for declared()
    std::map<std::string, int32_t> by_name_; ///< full name -> id
    std::unordered_set<std::string> names_;  ///< interned type names (node-based: element addresses are stable)
};

/// The overload set of t named name (static or instance), added when missing: the methods [TsAlias] gives one
/// final name merge into one set (docs/OVERLOADS.md).
MemberSet &method_set(TypeInfo &t, const std::string &name, bool is_static);

/// The dotted path under CSharp of a type declared as full_name/js_name: under its declaring type outer when
/// nested, else under its CLR namespace ("System.Collections.Generic.List$1"). The managed side's rule is
/// TsMemberRules.JsPath (managed/ZTS.Common/TsMemberRules.cs).
std::string type_js_path(const TypeInfo *outer, const std::string &full_name, const std::string &js_name);

} // namespace zts
