#include "clr/member_dispatch.h"

#include "clr/classes.h"
#include "clr/ref_box.h"
#include "clr/struct_copies.h"
#include "host/gated_function.h"
#include "host/value_cast.h"
#include "runtime/script_limits.h"
#include "runtime/trampoline.h"
#if ZTS_PROFILER
#include "inspector_seam.h"
#endif

#if defined(_WIN32)
#include <malloc.h> // alloca: mingw and MSVC have no <alloca.h>
#else
#include <alloca.h>
#endif
#include <cmath>
#include <vector>

namespace zts
{
namespace
{

constexpr int32_t k_max_args = 64;

// Score of one argument against one parameter (docs/OVERLOADS.md): 0 rejects (also a number outside the
// parameter's range, a string that is not one character for System.Char); a kind the parameter only
// converts from scores 10, a natural kind 30; a C# object scores 60 for its exact view type, 50 minus
// the inheritance distance for a base class, 40 for an interface its view implements, 15 when the view
// is itself an interface (the host's bridge checks the object). With filters, a JS array matches only when
// every element's kind is in the parameter's element_accept (when set).
bool elements_fit(JSContext *ctx, const zts_param_spec &p, JSValueConst v)
{
    JSValue len_value = JS_GetPropertyStr(ctx, v, "length");
    int64_t length = 0;
    bool ok = !JS_IsException(len_value) && JS_ToInt64(ctx, &length, len_value) == 0;
    JS_FreeValue(ctx, len_value);
    for (int64_t i = 0; ok && i < length; i++) {
        JSValue e = JS_GetPropertyUint32(ctx, v, static_cast<uint32_t>(i));
        ok = !JS_IsException(e) && (kind_of(ctx, e) & p.element_accept) != 0;
        JS_FreeValue(ctx, e);
    }
    if (!ok) {
        JS_FreeValue(ctx, JS_GetException(ctx)); // a throwing getter: the bridge reports it when it reads the array
    }
    return ok;
}

int score_arg(zts_domain *d, const zts_param_spec &p, uint32_t kind, JSValueConst v, bool filters)
{
    if ((kind & p.accept) == 0) {
        return 0;
    }
    if (filters && (kind == ZTS_KIND_INT || kind == ZTS_KIND_FLOAT) && p.min_value < p.max_value) {
        double x = JS_VALUE_GET_TAG(v) == JS_TAG_INT ? JS_VALUE_GET_INT(v) : JS_VALUE_GET_FLOAT64(v);
        if (!(x >= p.min_value && x <= p.max_value)) {
            return 0;
        }
    }
    if (filters && kind == ZTS_KIND_STRING && p.single_char != 0) {
        JSValue len = JS_GetPropertyStr(d->ctx, v, "length");
        bool one = JS_VALUE_GET_TAG(len) == JS_TAG_INT && JS_VALUE_GET_INT(len) == 1;
        JS_FreeValue(d->ctx, len);
        if (!one) {
            return 0;
        }
    }
    if (filters && kind == ZTS_KIND_ARRAY && p.element_accept != 0 && !elements_fit(d->ctx, p, v)) {
        return 0;
    }
    int s = (kind & p.exact) != 0 ? 30 : 10;
    if (kind == ZTS_KIND_OBJECT && p.type_id != 0) {
        const ExoticPayload *payload = exotic_payload(v);
        if (payload->type_id == p.type_id) {
            return 60;
        }
        int distance = 0;
        for (const TypeInfo *t = d->types.find(payload->type_id); t != nullptr; t = d->types.find(t->base_id)) {
            if (t->id == p.type_id) {
                return 50 - (distance < 29 ? distance : 29);
            }
            distance++;
        }
        const TypeInfo *param_type = d->types.find(p.type_id);
        if (param_type != nullptr && (param_type->flags & ZTS_TYPE_INTERFACE) == 0) {
            return 0; // a class the view does not derive from
        }
        if (d->types.implements(payload->type_id, p.type_id)) {
            return 40;
        }
        const TypeInfo *view = d->types.find(payload->type_id);
        return view != nullptr && (view->flags & ZTS_TYPE_INTERFACE) != 0 ? 15 : 0;
    }
    return s;
}

std::string signature_text(const std::string &member, const Candidate &c)
{
    std::string s = member + "(";
    for (size_t i = 0; i < c.params.size(); i++) {
        s += (i > 0 ? ", " : "") + std::string(c.params[i].type_name != nullptr ? c.params[i].type_name : "?");
    }
    return s + ")";
}

// The crossing itself, once call_bridge checked it may cross.
__attribute__((always_inline)) inline JSValue call_gate(zts_domain *d, int32_t bridge, JSValueConst this_val,
                                                        int32_t this_slot, int32_t argc, JSValueConst *argv)
{
    JSContext *ctx = d->ctx;
    // The entry is made once per domain; the call only reads it (gate_entry_of is a call into another file).
    JSValue entry = d->gate_entry;
    if (JS_IsUndefined(entry)) {
        entry = gate_entry_of(d);
        if (JS_IsException(entry)) {
            return JS_EXCEPTION;
        }
        if (JS_IsUndefined(entry)) {
            return throw_error(ctx, "zts: no host callback table is registered (zts_host_register, docs/C_ABI.md)");
        }
    }
    // [gate entry, bridge, this slot, slot of each argument]: the gate reads [0], the host the rest. Sized by argc:
    // under Mono's hybrid suspend policy, each return from managed code copies the native stack down to the
    // outermost managed frame (for the GC to scan), and a fixed array for k_max_args arguments was 1 KB of it
    // on every JS -> C# call.
    // The gate's values are zts_value on every CPU (host/gated_function.h): written as such here, so that where
    // QuickJS NaN-boxes only the arguments need a converted copy.
    auto *data = static_cast<zts_value *>(alloca(sizeof(zts_value) * static_cast<size_t>(3 + argc)));
    data[0] = from_js(entry);
    data[1] = from_js(JS_NewInt32(ctx, bridge));
    // A struct copy is passed as its bytes (ZTS_STRUCT_REF_TAG), not a slot: the bridge reads or acts on them.
    data[2] = from_js(this_slot == k_struct_copy_slot ? struct_ref_value(struct_copy_of(this_val))
                                                      : JS_NewInt32(ctx, this_slot));
    for (int32_t i = 0; i < argc; i++) {
        const ExoticPayload *payload = exotic_payload(argv[i]);
        data[3 + i] = from_js(payload == nullptr                    ? JS_NewInt32(ctx, -1)
                              : payload->slot == k_struct_copy_slot ? struct_ref_value(payload)
                                                                    : JS_NewInt32(ctx, payload->slot));
    }
    zts_value *args = gate_argv(argv, argc,
                                k_value_cast_is_identity
                                    ? nullptr
                                    : static_cast<zts_value *>(alloca(sizeof(zts_value) * static_cast<size_t>(argc))));
    zts_value r = gate_of(d)(ctx, from_js(this_val), argc, args, 0, data);
    // The ZTS result tags are read from the bridge's zts_value itself: a push payload is 64 bits, more than a
    // NaN-boxed JSValue carries (CpuAbi_PushResult_SlotAndViewSurvive).
    if (tag_of(r) == ZTS_RESULT_PUSH_TAG) {
        // A returned C# object: the bridge registered it; pushing it here saves the host a second crossing.
        return push_object(d, ZTS_RESULT_PUSH_VIEW(r.u.bits), ZTS_RESULT_PUSH_SLOT(r.u.bits));
    }
    if (tag_of(r) == ZTS_RESULT_STRUCT_TAG) {
        // A struct result: the bridge wrote its bytes into the domain's result buffer (zts_domain_struct_result).
        const auto *ref = static_cast<const zts_struct_ref *>(r.u.ptr);
        return new_struct_copy(d, ref->type_id, ref->bytes);
    }
    return to_js(r);
}

#if ZTS_PROFILER
// A crossing while the debugger's profiler takes a profile: the time inside becomes samples of the C# member
// (native/inspector/profiler.h). Out of line, so that call_bridge keeps one predicted branch for it.
[[gnu::noinline]] JSValue call_gate_profiled(zts_domain *d, int32_t bridge, JSValueConst this_val, int32_t this_slot,
                                             int32_t argc, JSValueConst *argv)
{
    InspectorSession *inspector = d->debugger;
    inspector->profile_enter_csharp(d->ctx, bridge);
    JSValue r = call_gate(d, bridge, this_val, this_slot, argc, argv);
    inspector->profile_leave_csharp(d->ctx, bridge);
    return r;
}
#endif

// invoke_bridge's body, inlined into member_call's direct path too: one frame instead of two. Measured on 2026-12-06
// (perf, 20M calls under the preemptive policy): the core's samples of js_to_csharp_struct_byval_argument's loop
// 3093 -> 2982, of js_to_csharp_struct_byval_result's 3866 -> 3578.
__attribute__((always_inline)) inline JSValue call_bridge(zts_domain *d, int32_t bridge, JSValueConst this_val,
                                                          int32_t this_slot, int32_t argc, JSValueConst *argv)
{
    JSContext *ctx = d->ctx;
    if (d->gate == nullptr) {
        return throw_error(ctx, "zts: the domain has no callback gate");
    }
    if (argc > k_max_args) {
        return throw_error(ctx, "zts: too many arguments");
    }
    if (__builtin_expect(JS_IsException(check_host_call(d)), 0)) {
        return JS_EXCEPTION; // Interrupt() or the budget, checked at the boundary (script_limits.h)
    }
#if ZTS_PROFILER
    if (__builtin_expect(d->limits.profiling, 0)) {
        return call_gate_profiled(d, bridge, this_val, this_slot, argc, argv);
    }
#endif
    return call_gate(d, bridge, this_val, this_slot, argc, argv);
}

// A member function's data: [type id, index, kind, direct bridge, direct shape]. The direct bridge (-1: none) is
// the one bridge a call of a fitting arity reaches without an overload choice: the sole candidate of a method set,
// or an accessor's getter or setter. The shape packs the arity range and whether the member is static.
constexpr int32_t k_direct_static = 1 << 16;

int32_t direct_shape(int32_t min_args, size_t max_args, bool is_static)
{
    return min_args | static_cast<int32_t>(max_args) << 8 | (is_static ? k_direct_static : 0);
}

// The call of a member function. The direct path (a static member, or `this` exactly of the member's own type:
// no base-class walk and no policy check applies, see instance_slot) goes to invoke_bridge without the registry,
// the member table or the overload choice: measured on 2026-12-04, those were 11% of a struct-result call under
// the preemptive policy (js_to_csharp_struct_byval_result, perf). Anything else takes call_member, whose texts
// every error keeps.
JSValue member_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int /*magic*/,
                    JSValue *func_data)
{
    zts_domain *d = domain_of(ctx);
    int32_t type_id = JS_VALUE_GET_INT(func_data[0]);
    auto kind = static_cast<MemberKind>(JS_VALUE_GET_INT(func_data[2]));
    int32_t bridge = JS_VALUE_GET_INT(func_data[3]);
    int32_t shape = JS_VALUE_GET_INT(func_data[4]);
    if (bridge >= 0 && argc >= (shape & 0xff) && argc <= ((shape >> 8) & 0xff) && d->types.declared(type_id)) {
        const ExoticPayload *payload = (shape & k_direct_static) != 0 ? nullptr : exotic_payload(this_val);
        int32_t slot = payload != nullptr && payload->type_id == type_id ? payload->slot : -1;
        if ((shape & k_direct_static) != 0 || slot != -1) {
            if (kind == MemberKind::Method) {
                return call_bridge(d, bridge, this_val, slot, argc, argv);
            }
            if (kind == MemberKind::Getter) {
                return invoke_bridge(d, bridge, this_val, slot, 0, nullptr);
            }
            JSValueConst value = argc > 0 ? argv[0] : JS_UNDEFINED;
            JSValue r = invoke_bridge(d, bridge, this_val, slot, 1, &value);
            if (JS_IsException(r)) {
                return r;
            }
            JS_FreeValue(ctx, r);
            return JS_UNDEFINED;
        }
    }
    return call_member(d, type_id, JS_VALUE_GET_INT(func_data[1]), kind, this_val, argc, argv);
}

} // namespace

uint32_t kind_of(JSContext *ctx, JSValueConst v)
{
    switch (JS_VALUE_GET_NORM_TAG(v)) {
    case JS_TAG_INT:
        return ZTS_KIND_INT;
    case JS_TAG_FLOAT64: {
        double x = JS_VALUE_GET_FLOAT64(v);
        return std::isfinite(x) && std::floor(x) == x ? ZTS_KIND_INT : ZTS_KIND_FLOAT;
    }
    case JS_TAG_BOOL:
        return ZTS_KIND_BOOL;
    case JS_TAG_NULL:
        return ZTS_KIND_NULL;
    case JS_TAG_UNDEFINED:
        return ZTS_KIND_UNDEFINED;
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE:
        return ZTS_KIND_STRING;
    case JS_TAG_OBJECT:
        if (exotic_payload(v) != nullptr) {
            return ZTS_KIND_OBJECT;
        }
        if (is_ref_box(v)) {
            return ZTS_KIND_REF;
        }
        switch (JS_IsArray(ctx, v)) {
        case 1:
            return ZTS_KIND_ARRAY;
        case -1:
            JS_FreeValue(ctx, JS_GetException(ctx)); // a revoked proxy: an ordinary object
            return ZTS_KIND_JSOBJECT;
        default:
            break;
        }
        return JS_IsFunction(ctx, v) ? ZTS_KIND_FUNCTION : ZTS_KIND_JSOBJECT;
    default:
        return ZTS_KIND_JSOBJECT; // symbols, bigints
    }
}

JSValue make_member_function(zts_domain *d, int32_t type_id, int32_t index, MemberKind kind, const std::string &name,
                             int32_t length)
{
    JSContext *ctx = d->ctx;
    int32_t bridge = -1, shape = 0;
    const TypeInfo *t = d->types.find(type_id);
    if (t != nullptr && kind == MemberKind::Method) {
        const MemberSet &set = t->methods[static_cast<size_t>(index)];
        if (set.candidates.size() == 1 && set.candidates[0].params.size() <= static_cast<size_t>(k_max_args)) {
            bridge = set.candidates[0].bridge;
            shape = direct_shape(set.candidates[0].min_args, set.candidates[0].params.size(), set.is_static);
        }
    } else if (t != nullptr && (kind == MemberKind::Getter || kind == MemberKind::Setter)) {
        const Accessor &a = t->accessors[static_cast<size_t>(index)];
        bridge = kind == MemberKind::Getter ? a.getter : a.setter;
        shape = direct_shape(0, static_cast<size_t>(k_max_args), a.is_static);
    }
    JSValue data[5] = {JS_NewInt32(ctx, type_id), JS_NewInt32(ctx, index), JS_NewInt32(ctx, static_cast<int32_t>(kind)),
                       JS_NewInt32(ctx, bridge), JS_NewInt32(ctx, shape)};
    JSValue fn = JS_NewCFunctionData(ctx, hook<member_call>, length, 0, 5, data);
    if (!JS_IsException(fn)) {
        JS_DefinePropertyValueStr(ctx, fn, "name", JS_NewStringLen(ctx, name.data(), name.size()),
                                  JS_PROP_CONFIGURABLE);
    }
    return fn;
}

JSValue call_member(zts_domain *d, int32_t type_id, int32_t index, MemberKind kind, JSValueConst this_val, int argc,
                    JSValueConst *argv)
{
    JSContext *ctx = d->ctx;
    TypeInfo *t = d->types.find(type_id);
    if (t == nullptr) {
        return throw_error(ctx, "zts: the type of this member was torn down");
    }
    if (kind == MemberKind::Method) {
        const MemberSet &set = t->methods[static_cast<size_t>(index)];
        int32_t slot = -1;
        if (!set.is_static && (slot = instance_slot(d, *t, set.name, this_val)) == -1) {
            return JS_EXCEPTION;
        }
        const Candidate *c = choose_overload(d, *t, set, set.name, argc, argv);
        if (c == nullptr) {
            return JS_EXCEPTION;
        }
        return invoke_bridge(d, c->bridge, this_val, slot, argc, argv);
    }
    const Accessor &a = t->accessors[static_cast<size_t>(index)];
    if (kind == MemberKind::ReadOnly) {
        return throw_error(ctx, "zts: '" + t->js_name + "." + a.name + "' is read-only");
    }
    int32_t slot = -1;
    if (!a.is_static && (slot = instance_slot(d, *t, a.name, this_val)) == -1) {
        return JS_EXCEPTION;
    }
    if (kind == MemberKind::Getter) {
        return invoke_bridge(d, a.getter, this_val, slot, 0, nullptr);
    }
    JSValueConst value = argc > 0 ? argv[0] : JS_UNDEFINED;
    JSValue r = invoke_bridge(d, a.setter, this_val, slot, 1, &value);
    if (JS_IsException(r)) {
        return r;
    }
    JS_FreeValue(ctx, r);
    return JS_UNDEFINED;
}

const Candidate *choose_overload(zts_domain *d, const TypeInfo &t, const MemberSet &set, const std::string &name,
                                 int32_t argc, JSValueConst *argv)
{
    JSContext *ctx = d->ctx;
    uint32_t kinds[k_max_args];
    if (argc > k_max_args) {
        throw_error(ctx, "zts: too many arguments for '" + t.js_name + "." + name + "'");
        return nullptr;
    }
    // One candidate of a fitting arity is called as it is: its bridge converts each argument by the one rule
    // set and reports the precise `cannot convert` error (SPEC_MAP D6), the same text as every other path.
    // No argument kinds are needed for it (the hot path of most members).
    if (set.candidates.size() == 1 && argc <= static_cast<int32_t>(set.candidates[0].params.size()) &&
        argc >= set.candidates[0].min_args) {
        return &set.candidates[0];
    }
    for (int32_t i = 0; i < argc; i++) {
        kinds[i] = kind_of(ctx, argv[i]);
    }
    // Pass 1 with the range and one-character filters; if they leave nothing, pass 2 without them picks
    // the candidate whose bridge then reports the precise `cannot convert` error (SPEC_MAP D6).
    // With one candidate, pass 1 cannot change the choice: it is skipped.
    for (bool filters : {true, false}) {
        if (filters && set.candidates.size() == 1) {
            continue;
        }
        const Candidate *best = nullptr;
        int best_score = -1;
        for (const Candidate &c : set.candidates) {
            if (argc > static_cast<int32_t>(c.params.size()) || argc < c.min_args) {
                continue;
            }
            int score = 0;
            for (int32_t i = 0; i < argc && score >= 0; i++) {
                int s = score_arg(d, c.params[static_cast<size_t>(i)], kinds[i], argv[i], filters);
                score = s == 0 ? -1 : score + s;
            }
            if (score > best_score) { // strict: the first of equal scores wins (the host's order)
                best = &c;
                best_score = score;
            }
        }
        if (best != nullptr) {
            return best;
        }
    }
    std::string got;
    for (int32_t i = 0; i < argc; i++) {
        const ExoticPayload *payload = kinds[i] == ZTS_KIND_OBJECT ? exotic_payload(argv[i]) : nullptr;
        const TypeInfo *view = payload != nullptr ? d->types.find(payload->type_id) : nullptr;
        const char *kind = kinds[i] == ZTS_KIND_REF ? "ref" : kinds[i] == ZTS_KIND_ARRAY ? "array" : js_kind(ctx, argv[i]);
        got += (i > 0 ? ", " : "") + (view != nullptr ? view->js_name : std::string(kind));
    }
    std::string candidates;
    for (const Candidate &c : set.candidates) {
        candidates += (candidates.empty() ? "" : ", ") + signature_text(set.name, c);
    }
    throw_error(ctx, "zts: no overload of '" + t.js_name + "." + name + "' matches (" + got + "); candidates: " + candidates);
    return nullptr;
}

JSValue invoke_bridge(zts_domain *d, int32_t bridge, JSValueConst this_val, int32_t this_slot, int32_t argc,
                      JSValueConst *argv)
{
    return call_bridge(d, bridge, this_val, this_slot, argc, argv);
}

int32_t instance_slot(zts_domain *d, const TypeInfo &t, const std::string &name, JSValueConst this_val)
{
    const ExoticPayload *payload = exotic_payload(this_val);
    if (payload == nullptr || !d->types.derives_from(payload->type_id, t.id)) {
        if (payload == nullptr || (t.flags & ZTS_TYPE_INTERFACE) == 0) {
            JS_ThrowTypeError(d->ctx, "zts: '%s.%s' needs a %s instance as this", t.js_name.c_str(), name.c_str(),
                              t.js_name.c_str());
            return -1;
        }
    }
    if (payload->type_id != t.id) {
        // Script policy (docs/POLICY.md): `this` reaches no implementation the policy denies through another type's
        // function (Object.getPrototypeOf(zts.cast(o, IThing)).Name.call(denied); PolicyGate.DenyThis says which).
        // The view's own members are bound as throwers already, so only this path needs the check, and it costs
        // nothing when `this` is of the member's own type. The text is TsScriptPolicy.DenialText's.
        const TypeInfo *view = d->types.find(payload->type_id);
        if (view != nullptr && !view->denied_path.empty() &&
            ((view->denied_via_interfaces && (t.flags & ZTS_TYPE_INTERFACE) != 0) ||
             view->denied_overrides.count(name) != 0)) {
            std::string path = view->denied_path_is_type ? view->denied_path : view->denied_path + "." + name;
            throw_error(d->ctx, "zts: access to '" + path + "' is not allowed by the script policy");
            return -1;
        }
    }
    return payload->slot;
}

} // namespace zts
