// The CLR adapter (zts_clr.h) over Il2Cpp's public API (il2cpp-api-functions.h) and three libil2cpp headers that compile
// alone: MethodInfo's methodPointer, Il2CppExceptionWrapper, GarbageCollector's roots (zts_il2cpp_api.h). The only file that
// names il2cpp_* besides the typed call (zts_clr_typed_call.h) and the tests' stand-in. docs/PLAYER.md maps each function.
//
// Il2Cpp throws a managed exception as the C++ exception Il2CppExceptionWrapper, from object creation, class
// initialization, field access and invocation. No function here lets one out: each such call runs inside guarded(),
// and reports the failure as zts_clr.h's contract says (a null result). zts_clr_raise_exception alone throws, on
// purpose: it is called at the return of an internal call, where Il2Cpp unwinds into the managed caller.
#include "zts_clr.h"

#include "zts_il2cpp_api.h"
#include "zts_clr_typed_call.h"

#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// What the typed call and this file take for granted of the Il2Cpp they compile against; each fires inside a real
// Unity build if a future libil2cpp changes it.
static_assert(offsetof(MethodInfo, methodPointer) == 0, "MethodInfo::methodPointer is the first field");
static_assert(sizeof(decltype(il2cpp_gchandle_new(nullptr, false))) <= sizeof(zts_clr_gchandle),
              "an Il2Cpp GC handle fits the adapter's pointer-sized handle");
static_assert(alignof(MethodInfo) >= 4, "a MethodInfo* has the two low bits the typed entry's tags use");
static_assert(sizeof(Il2CppChar) == sizeof(zts_clr_char), "Il2CppChar is a UTF-16 code unit");

namespace
{

template <typename To, typename From> To *as(From *p)
{
    return reinterpret_cast<To *>(const_cast<typename std::remove_const<From>::type *>(p));
}

// f() with any managed exception it throws caught: true when none was thrown.
template <typename F> bool guarded(F &&f)
{
    try {
        f();
        return true;
    } catch (const Il2CppExceptionWrapper &) {
        return false;
    }
}

const MethodInfo *method_info(zts_clr_method *method)
{
#if defined(ZTS_IL2CPP_STANDIN)
    return il2cpp_standin_method_info(method);
#else
    return reinterpret_cast<const MethodInfo *>(method);
#endif
}

// ---- what a method pointer can take (decided once per method, at bind) --------------------------------------------
// Two MethodInfo fields exist only in some versions; the headers carry no Unity version, so each is detected by
// whether the expression compiles (the int overload wins when it does).
template <typename M> auto invoker_only(const M *m, int) -> decltype(static_cast<bool>(m->indirect_call_via_invokers))
{
    return m->indirect_call_via_invokers; // 2021.3: a generic instance called through its invoker only
}
template <typename M> bool invoker_only(const M *, long)
{
    return false;
}
template <typename M> auto fully_shared(const M *m, int) -> decltype(static_cast<bool>(m->has_full_generic_sharing_signature))
{
    return m->has_full_generic_sharing_signature; // 2022.2 and later: arguments by reference, a hidden return pointer
}
template <typename M> bool fully_shared(const M *, long)
{
    return false;
}

// A struct (a value type that is neither a primitive nor an enum) passed or returned by value: the platform ABI passes
// it by value to a method pointer, where the bridges hold boxes.
bool struct_by_value(const Il2CppType *type)
{
    if (type == nullptr || il2cpp_type_is_byref(type)) return false;
    int t = il2cpp_type_get_type(type);
    if (t != IL2CPP_TYPE_VALUETYPE && t != IL2CPP_TYPE_GENERICINST) return false;
    Il2CppClass *klass = il2cpp_class_from_il2cpp_type(type);
    return klass != nullptr && il2cpp_class_is_valuetype(klass) && !il2cpp_class_is_enum(klass);
}

bool pointer_type(const Il2CppType *type)
{
    int t = type != nullptr ? il2cpp_type_get_type(type) : 0;
    return t == IL2CPP_TYPE_PTR || t == IL2CPP_TYPE_FNPTR;
}

// A raw pointer or a native-sized integer: the typed call passes it as a C pointer, where the invoker wants a box.
bool native_word(const Il2CppType *type)
{
    int t = type != nullptr ? il2cpp_type_get_type(type) : 0;
    return pointer_type(type) || t == IL2CPP_TYPE_I || t == IL2CPP_TYPE_U;
}

// A Nullable<T> value from a boxed T or null, as unbox.any makes it (the runtime's own NullableInit is not public):
// hasValue and value at their offsets (instance field offsets count the object header, also in a value type).
std::vector<uint8_t> nullable_of(Il2CppClass *nullable, Il2CppObject *value)
{
    uint32_t align = 0;
    std::vector<uint8_t> bytes(static_cast<size_t>(il2cpp_class_value_size(nullable, &align)), 0);
    if (value != nullptr) {
        FieldInfo *has = il2cpp_class_get_field_from_name(nullable, "hasValue");
        FieldInfo *val = il2cpp_class_get_field_from_name(nullable, "value");
        const size_t header = il2cpp_object_header_size();
        Il2CppClass *param = il2cpp_class_from_il2cpp_type(il2cpp_field_get_type(val));
        bytes[il2cpp_field_get_offset(has) - header] = 1;
        std::memcpy(&bytes[il2cpp_field_get_offset(val) - header], il2cpp_object_unbox(value),
                    static_cast<size_t>(il2cpp_class_value_size(param, &align)));
    }
    return bytes;
}

bool is_nullable(Il2CppClass *klass)
{
    return il2cpp_class_is_valuetype(klass) && std::strcmp(il2cpp_class_get_name(klass), "Nullable`1") == 0 &&
           std::strcmp(il2cpp_class_get_namespace(klass), "System") == 0;
}

// The write barriers of every reference field of a value of value type klass at value, inside owner (Il2Cpp's
// incremental GC needs them after a raw copy; without it they cost a call each).
void barrier_fields(Il2CppObject *owner, Il2CppClass *klass, uint8_t *value)
{
    const size_t header = il2cpp_object_header_size();
    void *iter = nullptr;
    while (FieldInfo *f = il2cpp_class_get_fields(klass, &iter)) {
        constexpr int k_static = 0x0010; // FIELD_ATTRIBUTE_STATIC
        if ((il2cpp_field_get_flags(f) & k_static) != 0) continue;
        const Il2CppType *type = il2cpp_field_get_type(f);
        Il2CppClass *fc = il2cpp_class_from_il2cpp_type(type);
        uint8_t *at = value + (il2cpp_field_get_offset(f) - header);
        if (pointer_type(type)) continue;
        if (!il2cpp_class_is_valuetype(fc)) {
            il2cpp_gc_wbarrier_set_field(owner, reinterpret_cast<void **>(at), *reinterpret_cast<void **>(at));
        } else if (struct_by_value(type)) { // a nested struct (a primitive or an enum holds no reference)
            barrier_fields(owner, fc, at);
        }
    }
}

bool valid_utf8(const char *s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s);
    while (*p != 0) {
        int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : -1;
        if (n < 0 || (n == 1 && *p < 0xc2)) return false;
        uint32_t cp = *p & (0x3f >> n);
        for (int i = 1; i <= n; i++) {
            if ((p[i] & 0xc0) != 0x80) return false;
            cp = (cp << 6) | (p[i] & 0x3f);
        }
        if ((n == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff))) return false;
        p += n + 1;
    }
    return true;
}

} // namespace

extern "C" {

zts_clr_domain *zts_clr_domain_get(void)
{
    return as<zts_clr_domain>(il2cpp_domain_get());
}

zts_clr_assembly *zts_clr_domain_assembly_open(zts_clr_domain *domain, const char *path)
{
    return as<zts_clr_assembly>(il2cpp_domain_assembly_open(as<Il2CppDomain>(domain), path));
}

zts_clr_image *zts_clr_assembly_get_image(zts_clr_assembly *assembly)
{
    return as<zts_clr_image>(il2cpp_assembly_get_image(as<const Il2CppAssembly>(assembly)));
}

zts_clr_image *zts_clr_get_corlib(void)
{
    return as<zts_clr_image>(il2cpp_get_corlib());
}

zts_clr_thread *zts_clr_thread_attach(zts_clr_domain *domain)
{
    return as<zts_clr_thread>(il2cpp_thread_attach(as<Il2CppDomain>(domain)));
}

void zts_clr_thread_detach(zts_clr_thread *thread)
{
    il2cpp_thread_detach(as<Il2CppThread>(thread));
}

zts_clr_class *zts_clr_class_from_name(zts_clr_image *image, const char *namespace_name, const char *name)
{
    return as<zts_clr_class>(il2cpp_class_from_name(as<const Il2CppImage>(image), namespace_name, name));
}

zts_clr_method *zts_clr_class_get_method_from_name(zts_clr_class *klass, const char *name, int param_count)
{
    return as<zts_clr_method>(il2cpp_class_get_method_from_name(as<Il2CppClass>(klass), name, param_count));
}

zts_clr_class *zts_clr_object_get_class(zts_clr_object *obj)
{
    return as<zts_clr_class>(il2cpp_object_get_class(as<Il2CppObject>(obj)));
}

const char *zts_clr_class_get_name(zts_clr_class *klass)
{
    return il2cpp_class_get_name(as<Il2CppClass>(klass));
}

const char *zts_clr_class_get_namespace(zts_clr_class *klass)
{
    return il2cpp_class_get_namespace(as<Il2CppClass>(klass));
}

zts_clr_method *zts_clr_method_from_handle(void *handle)
{
    return as<zts_clr_method>(method_info(static_cast<zts_clr_method *>(handle)));
}

void *zts_clr_method_get_typed_entry(zts_clr_method *method)
{
    const MethodInfo *m = method_info(method);
    if (m == nullptr) return nullptr;
    Il2CppClass *klass = il2cpp_method_get_class(m);
    // As compiling a Mono thunk does: the class's static constructor runs before the first call, and one that throws
    // leaves the method without a typed entry (the binder then says why, Il2CppBridges.NoTypedEntry).
    if (!guarded([&] { il2cpp_runtime_class_init(klass); })) return nullptr;
    bool invoker = m->methodPointer == nullptr || invoker_only(m, 0) || fully_shared(m, 0) ||
                   struct_by_value(il2cpp_method_get_return_type(m));
    bool pointers = native_word(il2cpp_method_get_return_type(m));
    uint32_t n = il2cpp_method_get_param_count(m);
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *p = il2cpp_method_get_param(m, i);
        invoker = invoker || struct_by_value(p);
        pointers = pointers || native_word(p);
    }
    if (invoker && pointers) return nullptr; // the invoker takes no raw pointer argument; a generated copy entry never needs it
    uintptr_t e = reinterpret_cast<uintptr_t>(m);
    if (invoker) e |= zts_clr::k_via_invoker;
    if (il2cpp_method_is_instance(m) && il2cpp_class_is_valuetype(klass)) e |= zts_clr::k_unbox_this;
    return reinterpret_cast<void *>(e);
}

int zts_clr_method_is_virtual(zts_clr_method *method)
{
    uint32_t impl_flags = 0;
    constexpr uint32_t k_virtual = 0x0040; // METHOD_ATTRIBUTE_VIRTUAL (ECMA-335 II.23.1.10)
    return (il2cpp_method_get_flags(method_info(method), &impl_flags) & k_virtual) != 0 ? 1 : 0;
}

zts_clr_method *zts_clr_object_get_virtual_method(zts_clr_object *obj, zts_clr_method *method)
{
    return as<zts_clr_method>(il2cpp_object_get_virtual_method(as<Il2CppObject>(obj), method_info(method)));
}

zts_clr_class *zts_clr_method_get_class(zts_clr_method *method)
{
    return as<zts_clr_class>(il2cpp_method_get_class(method_info(method)));
}

void zts_clr_field_get_value(zts_clr_object *obj, zts_clr_field *field, void *out)
{
    il2cpp_field_get_value(as<Il2CppObject>(obj), as<FieldInfo>(field), out);
}

void zts_clr_field_set_value(zts_clr_object *obj, zts_clr_field *field, void *value)
{
    il2cpp_field_set_value(as<Il2CppObject>(obj), as<FieldInfo>(field), value);
}

// Il2Cpp's static field access does not initialize the field's class (Mono's does): the binder initialized it before
// routing the field (Il2CppBridges.Registered), so this only runs the (cheap, already done) check again.
void zts_clr_field_static_get_value(zts_clr_field *field, void *out)
{
    FieldInfo *f = as<FieldInfo>(field);
    if (guarded([&] { il2cpp_runtime_class_init(il2cpp_field_get_parent(f)); })) il2cpp_field_static_get_value(f, out);
}

void zts_clr_field_static_set_value(zts_clr_field *field, void *value)
{
    FieldInfo *f = as<FieldInfo>(field);
    if (guarded([&] { il2cpp_runtime_class_init(il2cpp_field_get_parent(f)); })) il2cpp_field_static_set_value(f, value);
}

zts_clr_object *zts_clr_field_get_value_object(zts_clr_object *obj, zts_clr_field *field)
{
    FieldInfo *f = as<FieldInfo>(field);
    Il2CppObject *result = nullptr;
    guarded([&] {
        if (obj == nullptr) il2cpp_runtime_class_init(il2cpp_field_get_parent(f));
        result = il2cpp_field_get_value_object(f, as<Il2CppObject>(obj)); // Il2Cpp's order: field, then object
    });
    return as<zts_clr_object>(result);
}

void zts_clr_field_set_value_object(zts_clr_object *obj, zts_clr_field *field, zts_clr_object *value)
{
    FieldInfo *f = as<FieldInfo>(field);
    Il2CppClass *field_class = il2cpp_class_from_il2cpp_type(il2cpp_field_get_type(f));
    bool reference = !il2cpp_class_is_valuetype(field_class);
    std::vector<uint8_t> nullable;
    void *data = reference || value == nullptr ? static_cast<void *>(value) : il2cpp_object_unbox(as<Il2CppObject>(value));
    if (!reference && is_nullable(field_class)) {
        nullable = nullable_of(field_class, as<Il2CppObject>(value));
        data = nullable.data();
    }
    if (obj != nullptr) {
        il2cpp_field_set_value(as<Il2CppObject>(obj), f, data);
        return;
    }
    if (guarded([&] { il2cpp_runtime_class_init(il2cpp_field_get_parent(f)); })) il2cpp_field_static_set_value(f, data);
}

void zts_clr_value_copy(zts_clr_object *dst, zts_clr_object *src)
{
    if (dst == nullptr || src == nullptr) return;
    Il2CppClass *klass = il2cpp_object_get_class(as<Il2CppObject>(dst));
    if (klass != il2cpp_object_get_class(as<Il2CppObject>(src)) || !il2cpp_class_is_valuetype(klass)) return;
    uint32_t align = 0;
    auto *to = static_cast<uint8_t *>(il2cpp_object_unbox(as<Il2CppObject>(dst)));
    std::memcpy(to, il2cpp_object_unbox(as<Il2CppObject>(src)), static_cast<size_t>(il2cpp_class_value_size(klass, &align)));
    barrier_fields(as<Il2CppObject>(dst), klass, to);
}

void *zts_clr_object_unbox(zts_clr_object *box)
{
    return box != nullptr ? il2cpp_object_unbox(as<Il2CppObject>(box)) : nullptr;
}

int32_t zts_clr_class_value_size(zts_clr_class *klass)
{
    uint32_t align = 0;
    Il2CppClass *c = as<Il2CppClass>(klass);
    return c != nullptr && il2cpp_class_is_valuetype(c) ? il2cpp_class_value_size(c, &align) : 0;
}

int32_t zts_clr_field_value_offset(zts_clr_field *field)
{
    // Instance field offsets count the object header, also a value type's (as Mono's do).
    return static_cast<int32_t>(il2cpp_field_get_offset(as<FieldInfo>(field))) - static_cast<int32_t>(il2cpp_object_header_size());
}

zts_clr_class *zts_clr_class_from_type_handle(void *type)
{
    return as<zts_clr_class>(il2cpp_class_from_il2cpp_type(static_cast<const Il2CppType *>(type)));
}

zts_clr_object *zts_clr_object_new(zts_clr_class *klass)
{
    Il2CppObject *obj = nullptr;
    guarded([&] { obj = il2cpp_object_new(as<const Il2CppClass>(klass)); }); // out of memory, or a static constructor threw
    return as<zts_clr_object>(obj);
}

void *zts_clr_method_get_compiled_code(zts_clr_method *method)
{
    const MethodInfo *m = method_info(method);
    return m != nullptr ? reinterpret_cast<void *>(m->methodPointer) : nullptr;
}

void zts_clr_add_internal_call(const char *name, const void *function)
{
    il2cpp_add_internal_call(name, reinterpret_cast<Il2CppMethodPointer>(const_cast<void *>(function)));
}

// Il2CppGCHandle is uint32_t before Unity 6 and a pointer since: both convert to and from the pointer-sized handle.
zts_clr_gchandle zts_clr_gchandle_new(zts_clr_object *obj, int pinned)
{
    return (zts_clr_gchandle)il2cpp_gchandle_new(as<Il2CppObject>(obj), pinned != 0);
}

zts_clr_object *zts_clr_gchandle_get_target(zts_clr_gchandle handle)
{
    using Handle = decltype(il2cpp_gchandle_new(nullptr, false));
    return as<zts_clr_object>(il2cpp_gchandle_get_target((Handle)handle));
}

void zts_clr_gchandle_free(zts_clr_gchandle handle)
{
    using Handle = decltype(il2cpp_gchandle_new(nullptr, false));
    il2cpp_gchandle_free((Handle)handle);
}

int zts_clr_gc_register_root(void *start, size_t size, const char *name)
{
    (void)name;
    il2cpp::gc::GarbageCollector::RegisterRoot(static_cast<char *>(start), size);
    return 1;
}

void *zts_clr_gc_alloc_fixed(size_t size)
{
    // GC_MALLOC_UNCOLLECTABLE in libil2cpp's BoehmGC.cpp: zeroed, scanned, never moved or collected until FreeFixed.
    return il2cpp::gc::GarbageCollector::AllocateFixed(size, nullptr);
}

void zts_clr_gc_free_fixed(void *block)
{
    il2cpp::gc::GarbageCollector::FreeFixed(block);
}

void zts_clr_gc_collect(void)
{
    il2cpp_gc_collect(0); // Il2Cpp's Boehm GC has one generation
}

zts_clr_string *zts_clr_string_new(const char *utf8)
{
    // il2cpp_string_new gives "" for invalid UTF-8 where the contract (and Mono) says NULL.
    if (utf8 == nullptr || !valid_utf8(utf8)) return nullptr;
    Il2CppString *s = nullptr;
    guarded([&] { s = il2cpp_string_new(utf8); });
    return as<zts_clr_string>(s);
}

zts_clr_string *zts_clr_string_new_utf16(const zts_clr_char *text, int32_t length)
{
    Il2CppString *s = nullptr;
    guarded([&] { s = il2cpp_string_new_utf16(reinterpret_cast<const Il2CppChar *>(text), length); });
    return as<zts_clr_string>(s);
}

zts_clr_char *zts_clr_string_chars(zts_clr_string *str)
{
    return reinterpret_cast<zts_clr_char *>(il2cpp_string_chars(as<Il2CppString>(str)));
}

int32_t zts_clr_string_length(zts_clr_string *str)
{
    return il2cpp_string_length(as<Il2CppString>(str));
}

uint32_t zts_clr_array_length(zts_clr_array *array)
{
    return static_cast<uint32_t>(il2cpp_array_length(as<Il2CppArray>(array)));
}

char *zts_clr_array_addr_with_size(zts_clr_array *array, int32_t element_size, uintptr_t index)
{
    // What codegen's il2cpp_array_addr_with_size computes: the elements start after the array header.
    return reinterpret_cast<char *>(array) + il2cpp_array_object_header_size() + static_cast<uintptr_t>(element_size) * index;
}

zts_clr_exception *zts_clr_exception_from_name_msg(zts_clr_image *image, const char *namespace_name,
                                                  const char *name, const char *message)
{
    Il2CppException *ex = nullptr;
    guarded([&] { ex = il2cpp_exception_from_name_msg(as<const Il2CppImage>(image), namespace_name, name, message); });
    return as<zts_clr_exception>(ex);
}

void zts_clr_raise_exception(zts_clr_exception *ex)
{
    il2cpp_raise_exception(as<Il2CppException>(ex)); // throws: the caller returns through no destructor (zts_clr.h)
}

void zts_clr_format_exception(zts_clr_exception *ex, char *buffer, int size)
{
    if (buffer == nullptr || size <= 0) return;
    buffer[0] = '\0';
    guarded([&] { il2cpp_format_exception(as<const Il2CppException>(ex), buffer, size); });
    buffer[size - 1] = '\0'; // strncpy leaves a full buffer unterminated
}

} // extern "C"
