// CSharpType: a C# type as a callable QuickJS exotic (`new T(...)`, statics, nested types), and the binding of a
// type's members on first use (10-LIFETIME §2, SPEC_MAP D5).
#include "clr/class_common.h"
#include "clr/struct_copies.h"

#include "clr/enumerable_iterator.h"
#include "errors/identity.h"
#include "clr/member_dispatch.h"
#include "clr/type_request.h"
#include "host/host_callbacks.h"
#include "host/value_cast.h"
#include "runtime/trampoline.h"

#include <cstring>

namespace zts
{
namespace
{

const std::string k_constructor_name = "constructor";

int32_t type_id_of(JSValueConst type_object)
{
    return static_cast<int32_t>(reinterpret_cast<intptr_t>(JS_GetOpaque(type_object, g_type_class)));
}

// The name of a JS class for error texts ("" when it has none or reading it fails).
std::string class_name(JSContext *ctx, JSValueConst cls)
{
    JSValue name = JS_GetPropertyStr(ctx, cls, "name");
    std::string out;
    if (JS_IsString(name)) {
        const char *s = JS_ToCString(ctx, name);
        if (s != nullptr) {
            out = s;
            JS_FreeCString(ctx, s);
        }
    }
    if (JS_IsException(name)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
    }
    JS_FreeValue(ctx, name);
    return out;
}

// For a constructor call QuickJS passes new.target as this_val: another function there means a JS class that
// `extends` the C# type called super() (or Reflect.construct with a newTarget).
JSValue type_call(JSContext *ctx, JSValueConst func_obj, JSValueConst new_target, int argc, JSValueConst *argv,
                  int flags)
{
    zts_domain *d = domain_of(ctx);
    int32_t id = type_id_of(func_obj);
    if (!ensure_bound(d, id)) {
        return JS_EXCEPTION;
    }
    TypeInfo *t = d->types.find(id);
    if ((flags & JS_CALL_FLAG_CONSTRUCTOR) == 0) {
        return throw_error(ctx,
                           "zts: '" + t->js_name + "' is a type; create instances with new " + t->js_name + "(...)");
    }
    if (JS_VALUE_GET_PTR(new_target) != JS_VALUE_GET_PTR(func_obj)) {
        // The object made here would be a plain C# object (no JS prototype, no overrides, no fields),
        // so deriving is an error (docs/MARSHAL.md): wrap the C# object instead.
        std::string derived = class_name(ctx, new_target);
        return throw_error(ctx, "zts: JS class " + (derived.empty() ? std::string("(anonymous)") : "'" + derived + "'") +
                                    " cannot extend C# type '" + t->js_name +
                                    "': C# types cannot be subclassed in JS; hold the C# object in a field instead");
    }
    if ((t->flags & ZTS_TYPE_STATIC) != 0) {
        return throw_error(ctx, "zts: cannot create an instance of static class '" + t->js_name + "'");
    }
    if ((t->flags & ZTS_TYPE_INTERFACE) != 0) {
        return throw_error(ctx, "zts: cannot create an instance of interface '" + t->js_name + "'");
    }
    if ((t->flags & ZTS_TYPE_ABSTRACT) != 0) {
        return throw_error(ctx, "zts: cannot create an instance of abstract class '" + t->js_name + "'");
    }
    if ((t->flags & ZTS_TYPE_GENERIC_DEF) != 0) {
        return throw_error(ctx, "zts: '" + t->js_name + "' is a generic definition; close it with zts.generic first");
    }
    if (t->constructors.candidates.empty()) {
        return throw_error(ctx, "zts: '" + t->js_name + "' has no public constructor");
    }
    const Candidate *c = choose_overload(d, *t, t->constructors, k_constructor_name, argc, argv);
    if (c == nullptr) {
        return JS_EXCEPTION;
    }
    return invoke_bridge(d, c->bridge, JS_UNDEFINED, -1, argc, argv);
}

JSValue refuse_primitive(JSContext *ctx, JSValueConst /*this_val*/, int /*argc*/, JSValueConst * /*argv*/,
                         int /*magic*/, JSValue *data)
{
    const char *what = JS_ToCString(ctx, data[0]);
    std::string text = std::string("zts: cannot convert ") + (what != nullptr ? what : "a C# name") +
                       " to a string or number: it names C# code, it is not a value";
    JS_FreeCString(ctx, what);
    return JS_ThrowTypeError(ctx, "%s", text.c_str());
}

// Own properties are found before this hook: it binds the type on first use, then answers
// `prototype` and nested types (cached as own properties).
JSValue type_get_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst receiver)
{
    zts_domain *d = domain_of(ctx);
    int32_t id = type_id_of(obj);
    if (!ensure_bound(d, id)) {
        return JS_EXCEPTION;
    }
    JSPropertyDescriptor desc;
    int found = JS_GetOwnProperty(ctx, &desc, obj, atom);
    if (found < 0) {
        return JS_EXCEPTION;
    }
    if (found) {
        if ((desc.flags & JS_PROP_GETSET) != 0) {
            JS_FreeValue(ctx, desc.setter);
            JS_FreeValue(ctx, desc.value);
            JSValue r = JS_IsUndefined(desc.getter) ? JS_UNDEFINED : JS_Call(ctx, desc.getter, receiver, 0, nullptr);
            JS_FreeValue(ctx, desc.getter);
            return r;
        }
        JS_FreeValue(ctx, desc.getter);
        JS_FreeValue(ctx, desc.setter);
        return desc.value;
    }
    TypeInfo *t = d->types.find(id);
    std::string name = atom_text(ctx, atom);
    if (name == "prototype") {
        return JS_DupValue(ctx, t->prototype);
    }
    if (name == "name") {
        return JS_NewStringLen(ctx, t->js_name.data(), t->js_name.size());
    }
    // A nested type: Outer.Inner.
    const zts_host_callbacks *host = host_callbacks();
    JSValue key = JS_AtomToValue(ctx, atom);
    bool is_symbol = JS_IsSymbol(key);
    JS_FreeValue(ctx, key);
    if (is_symbol) {
        return to_primitive_refusal(ctx, atom, "the C# type '" + t->js_path + "'");
    }
    if (host == nullptr || host->type_resolve == nullptr) {
        return JS_UNDEFINED;
    }
    zts_type_request req;
    std::string path = t->js_path + "." + name;
    host->type_resolve(d->host, path.c_str(), &req);
    if (req.kind == zts_type_request::Failed) {
        return throw_error(ctx, "zts: " + req.failure);
    }
    if (req.kind != zts_type_request::Type) {
        return JS_UNDEFINED;
    }
    zts_value nested;
    if (zts_type_object(d, req.type_id, &nested) != ZTS_OK) {
        return JS_EXCEPTION;
    }
    // The C ABI's form converted (value_cast.h): on 32-bit targets a JSValue is NaN-boxed, and a bytewise copy of the
    // zts_value made the type object's pointer a number and leaked the object (Clr_Names.NestedType_IsItsTypeObject).
    JSValue v = to_js(nested);
    JS_DefinePropertyValue(ctx, obj, atom, JS_DupValue(ctx, v), JS_PROP_CONFIGURABLE);
    return v;
}

int type_set_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst value, JSValueConst receiver,
                      int flags)
{
    zts_domain *d = domain_of(ctx);
    int32_t id = type_id_of(obj);
    if (!ensure_bound(d, id)) {
        return -1;
    }
    JSPropertyDescriptor desc;
    int found = JS_GetOwnProperty(ctx, &desc, obj, atom);
    if (found < 0) {
        return -1;
    }
    TypeInfo *t = d->types.find(id);
    if (!found) {
        throw_error(ctx, "zts: '" + t->js_name + "' has no member '" + atom_text(ctx, atom) + "'");
        return -1;
    }
    JS_FreeValue(ctx, desc.getter);
    JS_FreeValue(ctx, desc.value);
    if ((desc.flags & JS_PROP_GETSET) == 0 || JS_IsUndefined(desc.setter)) {
        JS_FreeValue(ctx, desc.setter);
        throw_error(ctx, "zts: '" + t->js_name + "." + atom_text(ctx, atom) + "' is read-only");
        return -1;
    }
    JSValue r = JS_Call(ctx, desc.setter, receiver, 1, &value);
    JS_FreeValue(ctx, desc.setter);
    if (JS_IsException(r)) {
        return -1;
    }
    JS_FreeValue(ctx, r);
    return 1;
}

JSClassExoticMethods k_type_exotic = {};

const JSClassDef k_type_def = {"CSharpType", nullptr, nullptr, hook<type_call>, &k_type_exotic};

bool define_value(JSContext *ctx, JSValueConst target, const std::string &name, JSValue v, int flags)
{
    return JS_DefinePropertyValueStr(ctx, target, name.c_str(), v, flags) >= 0;
}

} // namespace

void register_type_class(JSRuntime *rt)
{
    k_type_exotic.get_property = hook<type_get_property>;
    k_type_exotic.set_property = hook<type_set_property>;
    JS_NewClassID(&g_type_class);
    JS_NewClass(rt, g_type_class, &k_type_def);
}

int32_t type_object_id(JSValueConst v)
{
    if (JS_VALUE_GET_TAG(v) != JS_TAG_OBJECT || JS_GetClassID(v) != g_type_class) {
        return 0;
    }
    return type_id_of(v);
}

bool make_type_object(zts_domain *d, TypeInfo &t)
{
    JSValue obj = JS_NewObjectClass(d->ctx, static_cast<int>(g_type_class));
    if (JS_IsException(obj)) {
        return false;
    }
    JS_SetOpaque(obj, reinterpret_cast<void *>(static_cast<intptr_t>(t.id)));
    JS_SetConstructorBit(d->ctx, obj, 1); // `new T(...)` reaches type_call with JS_CALL_FLAG_CONSTRUCTOR
    t.type_object = obj;
    return true;
}

namespace
{

// Undoes a bind that failed after type_bind answered: the member tables are emptied, so a retry's
// type_bind fills them afresh instead of appending duplicates; the statics already defined on the type
// object are deleted, so no function refers to a member index that is gone; proto (owned) is freed, and
// t.prototype was never set. The pending exception is kept.
void abandon_bind(JSContext *ctx, TypeInfo &t, JSValue proto, const std::vector<JSAtom> &statics)
{
    bool had_exception = JS_HasException(ctx);
    JSValue pending = JS_GetException(ctx);
    for (JSAtom atom : statics) {
        JS_DeleteProperty(ctx, t.type_object, atom, 0);
        JS_FreeAtom(ctx, atom);
    }
    if (JS_HasException(ctx)) {
        JS_FreeValue(ctx, JS_GetException(ctx)); // a failed delete must not replace the bind's own error
    }
    JS_FreeValue(ctx, proto);
    t.methods.clear();
    t.accessors.clear();
    t.constants.clear();
    t.nested.clear();
    t.copy_size = 0;
    for (CopyField &f : t.copy_fields) {
        JS_FreeAtom(ctx, f.atom);
    }
    t.copy_fields.clear();
    t.constructors.candidates.clear();
    t.element_get = t.element_set = t.length_get = -1;
    if (had_exception) {
        JS_Throw(ctx, pending);
    }
}

// Defines v (owned) under name on target; on the type object it records the atom for abandon_bind.
bool define_member(JSContext *ctx, JSValueConst target, bool on_type_object, const std::string &name, JSValue v,
                   int flags, std::vector<JSAtom> &statics)
{
    JSAtom atom = JS_NewAtom(ctx, name.c_str());
    if (atom == JS_ATOM_NULL) {
        JS_FreeValue(ctx, v);
        return false;
    }
    bool ok = JS_DefinePropertyValue(ctx, target, atom, v, flags) >= 0;
    if (on_type_object) {
        statics.push_back(atom);
    } else {
        JS_FreeAtom(ctx, atom);
    }
    return ok;
}

// The index of t's copy field named name, or -1.
int32_t copy_field_index(const TypeInfo &t, const std::string &name)
{
    for (size_t i = 0; i < t.copy_fields.size(); i++) {
        if (t.copy_fields[i].name == name) {
            return static_cast<int32_t>(i);
        }
    }
    return -1;
}

// Adds t's members to proto (instance) and t.type_object (statics); false with an exception pending.
bool define_members(zts_domain *d, TypeInfo &t, JSValueConst proto, std::vector<JSAtom> &statics)
{
    JSContext *ctx = d->ctx;
    if (!define_value(ctx, proto, "constructor", JS_DupValue(ctx, t.type_object), JS_PROP_CONFIGURABLE)) {
        return false;
    }
    if (t.base_id == 0 && !JS_IsUndefined(d->clr.object_to_string) &&
        !define_value(ctx, proto, "toString", JS_DupValue(ctx, d->clr.object_to_string), JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE)) {
        // String(x), template strings and + show the C# object's ToString() (docs/EVERYDAY.md); a C# member named
        // toString, defined below, takes its place.
        return false;
    }
    for (size_t i = 0; i < t.methods.size(); i++) {
        const MemberSet &set = t.methods[i];
        int32_t length = set.candidates.empty() ? 0 : static_cast<int32_t>(set.candidates[0].params.size());
        JSValue fn = make_member_function(d, t.id, static_cast<int32_t>(i), MemberKind::Method, set.name, length);
        if (JS_IsException(fn) || !define_member(ctx, set.is_static ? t.type_object : proto, set.is_static, set.name,
                                                 fn, JS_PROP_CONFIGURABLE, statics)) {
            return false;
        }
    }
    for (size_t i = 0; i < t.accessors.size(); i++) {
        const Accessor &a = t.accessors[i];
        auto index = static_cast<int32_t>(i);
        // A field of a struct copy layout is read and written by the core on the copy (clr/struct_copies.h).
        int32_t field = a.is_static ? -1 : copy_field_index(t, a.name);
        if (field >= 0) {
            CopyField &f = t.copy_fields[static_cast<size_t>(field)];
            f.accessor = index;
            f.writable = a.setter >= 0;
            if (f.atom == JS_ATOM_NULL && (f.atom = JS_NewAtom(ctx, f.name.c_str())) == JS_ATOM_NULL) {
                return false;
            }
        }
        JSValue getter = a.getter < 0   ? JS_UNDEFINED
                         : field >= 0   ? make_copy_field_function(d, t.id, index, field, false, "get " + a.name)
                                        : make_member_function(d, t.id, index, MemberKind::Getter, "get " + a.name, 0);
        JSValue setter = a.setter >= 0 && field >= 0
                             ? make_copy_field_function(d, t.id, index, field, true, "set " + a.name)
                             : make_member_function(d, t.id, index,
                                                    a.setter >= 0 ? MemberKind::Setter : MemberKind::ReadOnly,
                                                    "set " + a.name, 1);
        JSAtom atom = JS_NewAtom(ctx, a.name.c_str());
        if (JS_IsException(getter) || JS_IsException(setter) || atom == JS_ATOM_NULL) {
            JS_FreeValue(ctx, getter);
            JS_FreeValue(ctx, setter);
            JS_FreeAtom(ctx, atom);
            return false;
        }
        int rc = JS_DefinePropertyGetSet(ctx, a.is_static ? t.type_object : proto, atom, getter, setter,
                                         JS_PROP_CONFIGURABLE | JS_PROP_ENUMERABLE);
        if (a.is_static) {
            statics.push_back(atom);
        } else {
            JS_FreeAtom(ctx, atom);
        }
        if (rc < 0) {
            return false;
        }
    }
    for (const auto &constant : t.constants) {
        if (!define_member(ctx, t.type_object, true, constant.first, JS_NewFloat64(ctx, constant.second),
                           JS_PROP_ENUMERABLE, statics)) {
            return false;
        }
    }
    // Own properties, so type_get_property finds them before it resolves "<js_path>.<name>" (the definition's).
    for (const auto &nested : t.nested) {
        const TypeInfo *n = d->types.find(nested.second);
        if (n == nullptr || !define_member(ctx, t.type_object, true, nested.first, JS_DupValue(ctx, n->type_object),
                                           JS_PROP_CONFIGURABLE, statics)) {
            return false;
        }
    }
    if ((t.flags & ZTS_TYPE_ARRAY) != 0 && !define_array_iterator(ctx, proto)) {
        return false;
    }
    return (t.flags & ZTS_TYPE_ENUMERABLE) == 0 ||
           define_enumerable_iterator(d, proto, (t.flags & ZTS_TYPE_ENUMERABLE_VIA_INTERFACE) != 0);
}

} // namespace

bool ensure_bound(zts_domain *d, int32_t type_id)
{
    JSContext *ctx = d->ctx;
    TypeInfo *t = d->types.find(type_id);
    if (t == nullptr) {
        throw_error(ctx, "zts: unknown type id " + std::to_string(type_id));
        return false;
    }
    if (t->bound || t->binding) {
        return true;
    }
    if (t->base_id != 0 && !ensure_bound(d, t->base_id)) {
        return false;
    }
    const zts_host_callbacks *host = host_callbacks();
    if (host == nullptr || host->type_bind == nullptr) {
        throw_error(ctx, "zts: the host cannot bind CLR types");
        return false;
    }
    t->binding = true;
    zts_type_request req;
    int32_t rc = host->type_bind(d->host, type_id, &req);
    t = d->types.find(type_id);
    t->binding = false;
    if (rc != 0 || req.kind == zts_type_request::Failed) {
        // Marked with the C# exception the host gave (zts_type_request_fail_exception), so it keeps its type
        // through JS: the host's TsException gets it as InnerException (NUnit Errors_Identity
        // Errors_BindTimeException_KeepsItsTypeThroughJs).
        JSValue err = new_error(ctx, "zts: cannot bind '" + t->js_name + "': " + req.failure);
        JSValue exception = req.take_exception();
        if (JS_IsException(err)) {
            JS_FreeValue(ctx, exception);
        } else {
            if (!mark_csharp_exception(d, err, exception)) {
                JS_FreeValue(ctx, JS_GetException(ctx)); // out of memory: the Error goes unmarked
            }
            JS_Throw(ctx, err);
        }
        abandon_bind(ctx, *t, JS_UNDEFINED, {});
        return false;
    }
    // The prototype chain mirrors C# inheritance. Nothing is kept unless every step succeeds: the
    // prototype is published and the type marked bound only at the end.
    const TypeInfo *base = d->types.find(t->base_id);
    JSValue parent;
    if (base != nullptr) {
        parent = JS_DupValue(ctx, base->prototype);
    } else {
        JSValue global = JS_GetGlobalObject(ctx);
        JSValue object_ctor = JS_GetPropertyStr(ctx, global, "Object");
        parent = JS_GetPropertyStr(ctx, object_ctor, "prototype");
        JS_FreeValue(ctx, object_ctor);
        JS_FreeValue(ctx, global);
    }
    JSValue proto = JS_IsException(parent) ? JS_EXCEPTION : JS_NewObjectProto(ctx, parent);
    JS_FreeValue(ctx, parent);
    std::vector<JSAtom> statics;
    if (JS_IsException(proto) || !define_members(d, *t, proto, statics)) {
        abandon_bind(ctx, *t, JS_IsException(proto) ? JS_UNDEFINED : proto, statics);
        return false;
    }
    for (JSAtom atom : statics) {
        JS_FreeAtom(ctx, atom);
    }
    t->prototype = proto;
    t->bound = true;
    return true;
}

JSValue to_primitive_refusal(JSContext *ctx, JSAtom atom, const std::string &what)
{
    JSValue key = JS_AtomToValue(ctx, atom);
    bool is_symbol = JS_IsSymbol(key);
    JS_FreeValue(ctx, key);
    if (!is_symbol) {
        return JS_UNDEFINED;
    }
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue symbol_ctor = JS_GetPropertyStr(ctx, global, "Symbol");
    JSValue to_primitive = JS_GetPropertyStr(ctx, symbol_ctor, "toPrimitive");
    JSAtom wanted = JS_ValueToAtom(ctx, to_primitive); // a well-known symbol: the same atom in every lookup
    JS_FreeValue(ctx, to_primitive);
    JS_FreeValue(ctx, symbol_ctor);
    JS_FreeValue(ctx, global);
    bool match = wanted != JS_ATOM_NULL && wanted == atom;
    JS_FreeAtom(ctx, wanted);
    if (!match) {
        return JS_UNDEFINED;
    }
    JSValue text = JS_NewStringLen(ctx, what.data(), what.size());
    if (JS_IsException(text)) {
        return text;
    }
    JSValue fn = JS_NewCFunctionData(ctx, hook<refuse_primitive>, 1, 0, 1, &text);
    JS_FreeValue(ctx, text);
    return fn;
}

} // namespace zts
