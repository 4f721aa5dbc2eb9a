// The Player runtime: the Player gate every CLR member and host function of a Player domain is
// created with, the routes from host function ids to generated bridges, and the internal calls ZTS.Il2Cpp binds
// them with. Process-level tables (the entry table, the generated bridges) are kept across Reset; the routes are
// per domain and rebuilt with it (docs/PLAYER.md).
#include "player_runtime.h"

#include "core_table.h"
#include "player_bridge.h"
#include "runtime_calls.h"
#include "slot_table.h"
#include "value.h"
#include "zts/zts.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>
#include <deque>
#include <vector>

namespace zts_player
{

void *g_entries[k_entry_count];
BridgeTable g_bridges;

BridgeRegistration::BridgeRegistration(const BridgeEntry *entries, int count)
{
    g_bridges.entries = entries;
    g_bridges.count = count;
}

namespace
{

// The gate's imports and the managed host function, as zts_player_core and zts_host_callbacks give them: zts_value on
// every CPU (value.h).
using TouserdataFn = void *(*)(JSContext *ctx, zts_value value, int slot);
using ThrowFn = zts_value (*)(JSContext *ctx, zts_value exc);
using ManagedFn = zts_value (*)(JSContext *ctx, zts_value this_val, int argc, zts_value *argv, int magic, zts_value *data);

TouserdataFn g_touserdata;
ThrowFn g_throw;

// Routes of the domains alive now, by JSContext. A domain runs on one thread, and a gated call reaches only
// its own context, so the last context looked up is cached.
// A deque, not a vector: a bridge's Call points at its Member for the whole call, and the call may bind members
// (C# calling JS that reaches a type for the first time) that grow the routes. A vector would move its elements then,
// and the bridge would read its id from freed memory when it writes the result (the Player-only IndexOutOfRange of
// test_Delegates_OutEnumLoader_StoredThenCalled, tests/conformance/delegates.js); a deque grown at its end keeps every
// element where it is.
using Routes = std::deque<Member>;
std::unordered_map<JSContext *, Routes> g_routes;
JSContext *g_last_ctx;
Routes *g_last_routes;

Routes *routes_of(JSContext *ctx)
{
    if (ctx == g_last_ctx) return g_last_routes;
    auto it = g_routes.find(ctx);
    g_last_ctx = ctx;
    g_last_routes = it == g_routes.end() ? nullptr : &it->second;
    return g_last_routes;
}

// The gate of every function of a Player domain: a generated bridge when the id has a route, else the managed
// host function through zts_host_callbacks.host_call, which returns the error sentinel on failure; JS_Throw runs
// here, after the managed frame has returned.
// The core calls it as it calls the Mono gate (native/core/host/gated_function.h GateEntry), with zts_value arrays.
zts_value host_call(JSContext *ctx, zts_value this_val, int argc, zts_value *argv, int magic, zts_value *data);

zts_value player_gate(JSContext *ctx, zts_value this_val, int argc, zts_value *argv, int magic, zts_value *data) noexcept
{
    int32_t id = tag_of(data[1]) == ZTS_TAG_INT ? data[1].u.int32 : -1;
    Routes *routes = routes_of(ctx);
    if (routes != nullptr && id >= 0 && static_cast<size_t>(id) < routes->size() && (*routes)[id].bridge >= 0) {
        Call c{ctx, &(*routes)[id], argc, argv, data + 1, nullptr, nullptr, this_val, magic};
        return g_bridges.entries[c.member->bridge].fn(c);
    }
    return host_call(ctx, this_val, argc, argv, magic, data);
}

// The managed host function of the id in data[1], through zts_host_callbacks.host_call (data[0] is the gate entry).
zts_value host_call(JSContext *ctx, zts_value this_val, int argc, zts_value *argv, int magic, zts_value *data)
{
    auto fn = reinterpret_cast<ManagedFn>(g_touserdata(ctx, data[0], 0));
    if (fn == nullptr) {
        return make_exception(); // touserdata has thrown
    }
    zts_value ret = fn(ctx, this_val, argc, argv, magic, data + 1);
    if (tag_of(ret) == ZTS_CALLBACK_ERROR_SENTINEL) {
        void *error_object = ret.u.ptr;
        return error_object == nullptr ? make_exception() : g_throw(ctx, make_ptr(ZTS_TAG_OBJECT, error_object));
    }
    return ret;
}

std::string ascii_of(zts_clr_string *s)
{
    std::string out;
    if (s == nullptr) return out;
    const zts_clr_char *chars = zts_clr_string_chars(s);
    int32_t n = zts_clr_string_length(s);
    for (int32_t i = 0; i < n; i++) {
        out.push_back(chars[i] < 0x80 ? static_cast<char>(chars[i]) : '?');
    }
    return out;
}

// ---- internal calls of ZTS.TsIl2CppAppDomain ---------------------------------------------------------------

// The core's rooted arena (zts_struct_set_rooted_memory): struct copies that hold references live in the GC's fixed
// memory, which it scans until the core frees it (10-LIFETIME §3.2; docs/PLAYER.md "Structs that hold references").
void *alloc_struct_chunk(size_t size)
{
    return zts_clr_gc_alloc_fixed(size);
}

void free_struct_chunk(void *block)
{
    zts_clr_gc_free_fixed(block);
}

// The entry table (PlayerEntries, as method handles) and the core's table (zts_player_core_get): 0; the entry-table
// version this runtime speaks when the entries are not that version; -1 when the core's table is not one it speaks.
int32_t initialize_internal(int32_t version, zts_clr_array *entries, const zts_player_core *core)
{
    if (version != k_entry_version || entries == nullptr || zts_clr_array_length(entries) != k_entry_count) {
        return k_entry_version;
    }
    if (!core_accepts(core)) return -1;
    g_core = core;
    g_touserdata = reinterpret_cast<TouserdataFn>(core->touserdata);
    g_throw = reinterpret_cast<ThrowFn>(core->js_throw);
    core->struct_set_rooted_memory(&alloc_struct_chunk, &free_struct_chunk); // before the first domain: its result buffer is rooted too
    for (int i = 0; i < k_entry_count; i++) {
        void *method = *reinterpret_cast<void **>(zts_clr_array_addr_with_size(entries, sizeof(void *), static_cast<uintptr_t>(i)));
        g_entries[i] = zts_clr_method_get_typed_entry(zts_clr_method_from_handle(method));
        if (g_entries[i] == nullptr) return k_entry_version;
    }
    return 0;
}

void *gate_internal()
{
    return reinterpret_cast<void *>(&player_gate);
}

int32_t find_bridge_internal(zts_clr_string *signature)
{
    std::string key = ascii_of(signature);
    const BridgeEntry *begin = g_bridges.entries;
    const BridgeEntry *end = begin + g_bridges.count;
    if (begin == nullptr) return -1;
    const BridgeEntry *it = std::lower_bound(begin, end, key, [](const BridgeEntry &e, const std::string &k) {
        return std::strcmp(e.signature, k.c_str()) < 0;
    });
    return it != end && key == it->signature ? static_cast<int32_t>(it - begin) : -1;
}

// A route with no fast-path facts yet.
Member empty_member()
{
    Member m{};
    m.id = -1;
    m.bridge = -1;
    m.result_view = -1;
    m.copy_type = 0;
    m.copy_size = 0;
    m.copy_result = nullptr;
    return m;
}

// The fast-path facts of a route (RegisterMemberInternal's contract): the exact class of each object argument that
// may be read from the slot table as it is, and the view of a plain object result.
void set_fast_paths(Member &m, zts_clr_array *exact_args, int32_t result_view)
{
    m.result_view = result_view;
    int32_t n = exact_args == nullptr ? 0 : static_cast<int32_t>(zts_clr_array_length(exact_args));
    for (int32_t i = 0; i < n && i < Member::k_exact_args; i++) {
        void *type = *reinterpret_cast<void **>(zts_clr_array_addr_with_size(exact_args, sizeof(void *), static_cast<uintptr_t>(i)));
        m.exact_args[i] = type != nullptr ? zts_clr_class_from_type_handle(type) : nullptr;
    }
}

Member &route_of(JSContext *ctx, int32_t id)
{
    Routes &routes = g_routes[ctx];
    g_last_ctx = nullptr; // the map may have rehashed
    if (routes.size() <= static_cast<size_t>(id)) routes.resize(static_cast<size_t>(id) + 1, empty_member());
    return routes[static_cast<size_t>(id)];
}

zts_clr_class *string_class()
{
    static zts_clr_class *const klass = zts_clr_class_from_name(zts_clr_get_corlib(), "System", "String");
    return klass;
}

// The route of id to bridge over method m's typed entry thunk (null for a virtual method: dispatch finds it per class).
Member &method_route(JSContext *ctx, int32_t id, int32_t bridge, zts_clr_method *m, void *thunk)
{
    Member &r = route_of(ctx, id);
    r = empty_member();
    r.thunk = thunk;
    r.method = m;
    r.klass = zts_clr_method_get_class(m);
    r.id = id;
    r.bridge = bridge;
    return r;
}

int32_t register_member_internal(JSContext *ctx, int32_t id, int32_t bridge, void *method, zts_clr_array *exact_args,
                                 int32_t result_view)
{
    if (id < 0 || bridge < 0 || bridge >= g_bridges.count || method == nullptr) return -1;
    zts_clr_method *m = zts_clr_method_from_handle(method);
    // A constructor bridge allocates the object and then calls the constructor on it; a string's size is its length,
    // so the runtime makes strings itself and compiling a typed entry of a String constructor aborts the process (Mono:
    // `should not be reached at method-to-ir.c:7188`). The binder never routes one (ReducedSignature: no signature);
    // this refuses it before anything is compiled should another caller try.
    if (g_bridges.entries[bridge].signature[0] == 'n' && zts_clr_method_get_class(m) == string_class()) return -1;
    bool is_virtual = zts_clr_method_is_virtual(m) != 0;
    void *thunk = is_virtual ? nullptr : zts_clr_method_get_typed_entry(m);
    if (!is_virtual && thunk == nullptr) return -1;
    Member &r = method_route(ctx, id, bridge, m, thunk);
    r.is_virtual = is_virtual;
    set_fast_paths(r, exact_args, result_view);
    return 0;
}

int32_t register_field_internal(JSContext *ctx, int32_t id, int32_t bridge, void *field, zts_clr_array *exact_args,
                                int32_t result_view)
{
    if (id < 0 || bridge < 0 || bridge >= g_bridges.count || field == nullptr) return -1;
    Member &r = route_of(ctx, id);
    r = empty_member();
    r.field = static_cast<zts_clr_field *>(field);
    r.id = id;
    r.bridge = bridge;
    set_fast_paths(r, exact_args, result_view);
    return 0;
}

// A copy entry's route (Il2CppBridges.Registered, a CopyEntryMember): the static entry the build wrote, called with
// pointers to the copies' bytes; the struct type each argument and `this` must have, and the result's type and size.
int32_t register_copy_entry_internal(JSContext *ctx, int32_t id, int32_t bridge, void *method, zts_clr_array *copy_args,
                                     int32_t copy_this, int32_t result_type, int32_t result_size, void *result_buffer)
{
    if (id < 0 || bridge < 0 || bridge >= g_bridges.count || method == nullptr || copy_args == nullptr ||
        result_size < 0 || result_size > ZTS_COPY_MAX_SIZE || (result_size > 0 && result_buffer == nullptr)) {
        return -1;
    }
    zts_clr_method *m = zts_clr_method_from_handle(method);
    void *thunk = zts_clr_method_get_typed_entry(m);
    if (thunk == nullptr) return -1;
    Member &r = method_route(ctx, id, bridge, m, thunk);
    uint32_t n = zts_clr_array_length(copy_args);
    for (uint32_t i = 0; i < n && i < static_cast<uint32_t>(Member::k_exact_args); i++) {
        r.copy_args[i] = *reinterpret_cast<int32_t *>(zts_clr_array_addr_with_size(copy_args, sizeof(int32_t), i));
    }
    r.copy_this = copy_this;
    r.copy_type = result_type;
    r.copy_size = result_size;
    r.copy_result = static_cast<zts_struct_ref *>(result_buffer);
    return 0;
}

// A field route whose struct type crosses as a native copy (Il2CppBridges.Registered): read and written by its bytes.
int32_t set_copy_field_internal(JSContext *ctx, int32_t id, int32_t copy_type, int32_t copy_size, void *result_buffer)
{
    if (id < 0 || copy_type <= 0 || copy_size <= 0 || copy_size > ZTS_COPY_MAX_SIZE || result_buffer == nullptr) return -1;
    Member &r = route_of(ctx, id);
    if (r.field == nullptr) return -1;
    r.copy_type = copy_type;
    r.copy_size = copy_size;
    r.copy_result = static_cast<zts_struct_ref *>(result_buffer);
    return 0;
}

void invoke_internal(JSContext *ctx, int32_t id, int32_t argc, zts_value *argv, zts_value *data, zts_value *result,
                     void **exception)
{
    *exception = nullptr;
    Routes *routes = routes_of(ctx);
    if (routes == nullptr || id < 0 || static_cast<size_t>(id) >= routes->size() || (*routes)[id].bridge < 0) {
        char message[96];
        std::snprintf(message, sizeof message, "zts: internal error: no bridge is routed for host function %d", static_cast<int>(id));
        *result = throw_internal_error(ctx, message);
        return;
    }
    Call c{ctx, &(*routes)[id], argc, argv, data, nullptr, exception};
    *result = g_bridges.entries[c.member->bridge].fn(c);
}

zts_clr_object *new_box_internal(void *type)
{
    return zts_clr_object_new(zts_clr_class_from_type_handle(type));
}

// A struct copy's bytes in a new box of type, and a box's bytes into a copy (Il2CppBridges.CopyCodecOf): the
// runtime's allocation and a copy of the value, no type initialization (Marshal's copies initialize the type).
zts_clr_object *box_load_internal(void *type, const void *src, int32_t size)
{
    zts_clr_object *box = zts_clr_object_new(zts_clr_class_from_type_handle(type));
    if (box != nullptr && src != nullptr && size > 0) std::memcpy(zts_clr_object_unbox(box), src, static_cast<size_t>(size));
    return box;
}

void box_store_internal(zts_clr_object *box, void *dst, int32_t size)
{
    if (box != nullptr && dst != nullptr && size > 0) std::memcpy(dst, zts_clr_object_unbox(box), static_cast<size_t>(size));
}

// A struct that holds references, as a native copy in the core's rooted arena (Il2CppBridges.ScannedCopySize): the
// runtime's value size, and the offset of each listed field (RuntimeFieldHandle.Value) into offsets.
int32_t scanned_layout_internal(void *type, zts_clr_array *fields, zts_clr_array *offsets)
{
    zts_clr_class *klass = zts_clr_class_from_type_handle(type);
    if (klass == nullptr || fields == nullptr || offsets == nullptr) return -1;
    uint32_t n = zts_clr_array_length(fields);
    if (zts_clr_array_length(offsets) < n) return -1;
    for (uint32_t i = 0; i < n; i++) {
        auto *field = *reinterpret_cast<zts_clr_field **>(zts_clr_array_addr_with_size(fields, sizeof(void *), i));
        *reinterpret_cast<int32_t *>(zts_clr_array_addr_with_size(offsets, sizeof(int32_t), i)) = zts_clr_field_value_offset(field);
    }
    return zts_clr_class_value_size(klass);
}

zts_clr_object *field_get_boxed_internal(zts_clr_object *obj, void *field)
{
    return zts_clr_field_get_value_object(obj, static_cast<zts_clr_field *>(field));
}

void field_set_boxed_internal(zts_clr_object *obj, void *field, zts_clr_object *value)
{
    zts_clr_field_set_value_object(obj, static_cast<zts_clr_field *>(field), value);
}

void value_copy_internal(zts_clr_object *dst, zts_clr_object *src)
{
    zts_clr_value_copy(dst, src);
}

void open_context_internal(JSContext *ctx, zts_domain *domain)
{
    g_routes.erase(ctx);
    g_last_ctx = nullptr;
    slot_open(ctx, domain);
}

int32_t slot_take_internal(JSContext *ctx, zts_clr_object *obj, int32_t view)
{
    return slot_take(ctx, obj, view);
}

void slots_free_internal(JSContext *ctx, const int32_t *slots, int32_t n)
{
    for (int32_t i = 0; i < n; i++) slot_free(ctx, slots[i]);
}

void slots_free_all_internal(JSContext *ctx)
{
    slot_free_all(ctx);
}

zts_clr_object *slot_get_internal(JSContext *ctx, int32_t slot)
{
    return static_cast<zts_clr_object *>(slot_get(ctx, slot));
}

int32_t slot_holds_internal(JSContext *ctx, int32_t slot, zts_clr_object *obj, int32_t view)
{
    return slot_holds(ctx, slot, obj, view) ? 1 : 0;
}

int32_t slot_find_internal(JSContext *ctx, zts_clr_object *obj, int32_t view)
{
    return slot_find(ctx, obj, view);
}

int32_t slot_count_internal(JSContext *ctx)
{
    return slot_count(ctx);
}

int32_t slot_capacity_internal(JSContext *ctx)
{
    return slot_capacity(ctx);
}

int32_t bridge_count_internal()
{
    return g_bridges.count;
}

} // namespace

void *dispatch(Call &c, void *self)
{
    Member &m = *c.member;
    if (!m.is_virtual) return m.thunk;
    zts_clr_class *klass = zts_clr_object_get_class(static_cast<zts_clr_object *>(self));
    if (klass != m.last_class) {
        zts_clr_method *impl = zts_clr_object_get_virtual_method(static_cast<zts_clr_object *>(self), m.method);
        m.last_thunk = impl != nullptr ? zts_clr_method_get_typed_entry(impl) : nullptr;
        m.last_class = klass;
    }
    return m.last_thunk;
}

zts_value no_entry(Call &c, void *self)
{
    zts_clr::typed_call<void>(g_entries[k_no_entry], &c.exc, c.ctx, c.member->id, self);
    return fail(c); // NoEntry always throws
}

zts_value fail(Call &c)
{
    if (c.hand_back != nullptr) { // a managed caller rethrows the exception itself
        *c.hand_back = c.exc;
        return make_exception();
    }
    zts_value value = make_undefined();
    void *again = nullptr;
    zts_clr::typed_call<void>(g_entries[k_throw_value], &again, c.ctx, c.exc, &value);
    if (again != nullptr) {
        return throw_internal_error(c.ctx, "zts: a C# exception could not be turned into a JS error");
    }
    return tag_of(value) == ZTS_TAG_OBJECT ? g_throw(c.ctx, value) : make_exception();
}

zts_value managed_call(Call &c)
{
    if (c.hand_back != nullptr) { // managed code called the route: it never does for a copy entry
        return throw_internal_error(c.ctx, "zts: internal error: a copy entry was called from managed code");
    }
    return host_call(c.ctx, c.this_val, c.argc, c.argv, c.magic, c.data - 1);
}

namespace
{

// The number of parameters of a C# parameter list as runtime_calls.h writes it: "(int a, IntPtr[] b)" is 2, "()" 0
// (no type of those lists has a comma in it).
constexpr int cs_parameter_count(const char *list)
{
    int commas = 0;
    bool any = false;
    for (const char *p = list; *p != '\0'; ++p) {
        if (*p == ',') ++commas;
        else if (*p != '(' && *p != ')' && *p != ' ') any = true;
    }
    return any ? commas + 1 : 0;
}

template <typename R, typename... A>
constexpr int parameter_count(R (*)(A...))
{
    return static_cast<int>(sizeof...(A));
}

} // namespace

// The list of runtime_calls.h, whose C# externs tools/abi/gen_abi.js writes: each registered under its C# name, with a
// function that takes as many parameters as the extern (a miscount would read arguments that are not there).
void register_runtime_calls()
{
#define ZTS_REGISTER_RUNTIME_CALL(method, cs_result, cs_parameters, function, doc)                                   \
    static_assert(parameter_count(&function) == cs_parameter_count(#cs_parameters),                                   \
                  "runtime_calls.h: the C# parameters of " #method " and those of " #function " differ in number"); \
    zts_clr_add_internal_call("ZTS.TsIl2CppAppDomain::" #method, reinterpret_cast<const void *>(&function));
    ZTS_PLAYER_RUNTIME_CALLS(ZTS_REGISTER_RUNTIME_CALL)
#undef ZTS_REGISTER_RUNTIME_CALL
}

} // namespace zts_player
