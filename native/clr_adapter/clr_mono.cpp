// The CLR adapter (zts_clr.h) over Mono's embedding API with the Boehm GC (libmonoboehm-2.0).
// With clr_mono_host.cpp (zts_clr_host.h) and the Il2Cpp stand-in (native/clr_adapter/il2cpp_standin, tests only), the only
// code that names mono_* (docs/PLAYER.md maps each function to its mono_* and il2cpp_* counterpart); the Il2Cpp
// adapter is native/clr_adapter/il2cpp/clr_il2cpp.cpp.
#include "zts_clr.h"

#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/environment.h>
#include <mono/metadata/exception.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/mono-gc.h>
#include <mono/metadata/object.h>
#include <mono/metadata/profiler.h>
#include <mono/metadata/threads.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

// Exported by libmonoboehm-2.0 but declared in no public header (PLAYER-NOTES: Mono 6.8's prototype).
// descr NULL: scanned conservatively; source 0: MONO_ROOT_SOURCE_EXTERNAL.
extern "C" int mono_gc_register_root(char *start, size_t size, void *descr, int source, void *key, const char *msg);
// Boehm's own allocator, exported by libmonoboehm-2.0 (Mono's mono_gc_alloc_fixed, which calls it, is not exported):
// uncollectable memory is scanned at every mark and freed only by GC_free, as Il2Cpp's AllocateFixed/FreeFixed.
extern "C" void *GC_malloc_uncollectable(size_t size);
extern "C" void GC_free(void *block);

namespace
{

template <typename To, typename From> To *as(From *p)
{
    return reinterpret_cast<To *>(p);
}

} // namespace

extern "C" {

zts_clr_domain *zts_clr_domain_get(void)
{
    return as<zts_clr_domain>(mono_get_root_domain());
}

zts_clr_assembly *zts_clr_domain_assembly_open(zts_clr_domain *domain, const char *path)
{
    return as<zts_clr_assembly>(mono_domain_assembly_open(as<MonoDomain>(domain), path));
}

zts_clr_image *zts_clr_assembly_get_image(zts_clr_assembly *assembly)
{
    return as<zts_clr_image>(mono_assembly_get_image(as<MonoAssembly>(assembly)));
}

zts_clr_image *zts_clr_get_corlib(void)
{
    return as<zts_clr_image>(mono_get_corlib());
}

zts_clr_thread *zts_clr_thread_attach(zts_clr_domain *domain)
{
    return as<zts_clr_thread>(mono_thread_attach(as<MonoDomain>(domain)));
}

void zts_clr_thread_detach(zts_clr_thread *thread)
{
    mono_thread_detach(as<MonoThread>(thread));
}

zts_clr_class *zts_clr_class_from_name(zts_clr_image *image, const char *namespace_name, const char *name)
{
    return as<zts_clr_class>(mono_class_from_name(as<MonoImage>(image), namespace_name, name));
}

zts_clr_method *zts_clr_class_get_method_from_name(zts_clr_class *klass, const char *name, int param_count)
{
    return as<zts_clr_method>(mono_class_get_method_from_name(as<MonoClass>(klass), name, param_count));
}

zts_clr_class *zts_clr_object_get_class(zts_clr_object *obj)
{
    return as<zts_clr_class>(mono_object_get_class(as<MonoObject>(obj)));
}

const char *zts_clr_class_get_name(zts_clr_class *klass)
{
    return mono_class_get_name(as<MonoClass>(klass));
}

const char *zts_clr_class_get_namespace(zts_clr_class *klass)
{
    return mono_class_get_namespace(as<MonoClass>(klass));
}

void *zts_clr_method_get_typed_entry(zts_clr_method *method)
{
    // Compiling the thunk compiles the method, which runs its class's static constructor first (docs/PLAYER.md).
    return method != nullptr ? mono_method_get_unmanaged_thunk(as<MonoMethod>(method)) : nullptr;
}

zts_clr_method *zts_clr_method_from_handle(void *handle)
{
    return static_cast<zts_clr_method *>(handle); // RuntimeMethodHandle.Value is the MonoMethod*
}

void zts_clr_field_get_value(zts_clr_object *obj, zts_clr_field *field, void *out)
{
    mono_field_get_value(as<MonoObject>(obj), as<MonoClassField>(field), out);
}

void zts_clr_field_set_value(zts_clr_object *obj, zts_clr_field *field, void *value)
{
    mono_field_set_value(as<MonoObject>(obj), as<MonoClassField>(field), value);
}

void zts_clr_field_static_get_value(zts_clr_field *field, void *out)
{
    MonoVTable *vtable = mono_class_vtable(mono_domain_get(), mono_field_get_parent(as<MonoClassField>(field)));
    mono_runtime_class_init(vtable);
    mono_field_static_get_value(vtable, as<MonoClassField>(field), out);
}

void zts_clr_field_static_set_value(zts_clr_field *field, void *value)
{
    MonoVTable *vtable = mono_class_vtable(mono_domain_get(), mono_field_get_parent(as<MonoClassField>(field)));
    mono_runtime_class_init(vtable);
    mono_field_static_set_value(vtable, as<MonoClassField>(field), value);
}

zts_clr_object *zts_clr_field_get_value_object(zts_clr_object *obj, zts_clr_field *field)
{
    return as<zts_clr_object>(mono_field_get_value_object(mono_domain_get(), as<MonoClassField>(field), as<MonoObject>(obj)));
}

void *zts_clr_object_unbox(zts_clr_object *box)
{
    return box != nullptr ? mono_object_unbox(as<MonoObject>(box)) : nullptr;
}

int32_t zts_clr_class_value_size(zts_clr_class *klass)
{
    MonoClass *c = as<MonoClass>(klass);
    return c != nullptr && mono_class_is_valuetype(c) ? mono_class_value_size(c, nullptr) : 0;
}

int32_t zts_clr_field_value_offset(zts_clr_field *field)
{
    // Mono counts instance field offsets from the object header, also for a value type's fields (il2cpp_field_get_offset
    // does the same): the value's own offset is past it.
    return static_cast<int32_t>(mono_field_get_offset(as<MonoClassField>(field))) - static_cast<int32_t>(sizeof(MonoObject));
}

void zts_clr_value_copy(zts_clr_object *dst, zts_clr_object *src)
{
    if (dst == nullptr || src == nullptr) return;
    MonoClass *klass = mono_object_get_class(as<MonoObject>(dst));
    if (klass != mono_object_get_class(as<MonoObject>(src)) || !mono_class_is_valuetype(klass)) return;
    mono_value_copy(mono_object_unbox(as<MonoObject>(dst)), mono_object_unbox(as<MonoObject>(src)), klass);
}

void zts_clr_field_set_value_object(zts_clr_object *obj, zts_clr_field *field, zts_clr_object *value)
{
    MonoClassField *f = as<MonoClassField>(field);
    MonoType *type = mono_field_get_type(f);
    void *data = mono_type_is_reference(type) || value == nullptr ? static_cast<void *>(value) : mono_object_unbox(as<MonoObject>(value));
    MonoClass *field_class = mono_class_from_mono_type(type);
    std::vector<uint8_t> nullable;
    if (!mono_type_is_reference(type) && mono_class_is_nullable(field_class)) {
        // A Nullable<T> field from a boxed T or null (the runtime's own nullable init is not exported): the struct's
        // hasValue and value fields, at their offsets (instance field offsets count the object header).
        nullable.assign(static_cast<size_t>(mono_class_value_size(field_class, nullptr)), 0);
        if (value != nullptr) {
            MonoClassField *has = mono_class_get_field_from_name(field_class, "hasValue");
            MonoClassField *val = mono_class_get_field_from_name(field_class, "value");
            MonoClass *param = mono_class_get_nullable_param(field_class);
            const size_t header = sizeof(MonoObject);
            nullable[mono_field_get_offset(has) - header] = 1;
            std::memcpy(&nullable[mono_field_get_offset(val) - header], mono_object_unbox(as<MonoObject>(value)),
                        static_cast<size_t>(mono_class_value_size(param, nullptr)));
        }
        data = nullable.data();
    }
    if (obj != nullptr) {
        mono_field_set_value(as<MonoObject>(obj), f, data);
        return;
    }
    MonoVTable *vtable = mono_class_vtable(mono_domain_get(), mono_field_get_parent(f));
    mono_runtime_class_init(vtable);
    mono_field_static_set_value(vtable, f, data);
}

zts_clr_class *zts_clr_class_from_type_handle(void *type)
{
    return as<zts_clr_class>(mono_class_from_mono_type(static_cast<MonoType *>(type)));
}

int zts_clr_method_is_virtual(zts_clr_method *method)
{
    uint32_t impl_flags = 0;
    constexpr uint32_t k_virtual = 0x0040; // METHOD_ATTRIBUTE_VIRTUAL (ECMA-335 II.23.1.10)
    return (mono_method_get_flags(as<MonoMethod>(method), &impl_flags) & k_virtual) != 0 ? 1 : 0;
}

zts_clr_method *zts_clr_object_get_virtual_method(zts_clr_object *obj, zts_clr_method *method)
{
    return as<zts_clr_method>(mono_object_get_virtual_method(as<MonoObject>(obj), as<MonoMethod>(method)));
}

zts_clr_class *zts_clr_method_get_class(zts_clr_method *method)
{
    return as<zts_clr_class>(mono_method_get_class(as<MonoMethod>(method)));
}

zts_clr_object *zts_clr_object_new(zts_clr_class *klass)
{
    return as<zts_clr_object>(mono_object_new(mono_domain_get(), as<MonoClass>(klass)));
}

void *zts_clr_method_get_compiled_code(zts_clr_method *method)
{
    return mono_compile_method(as<MonoMethod>(method));
}

void zts_clr_add_internal_call(const char *name, const void *function)
{
    mono_add_internal_call(name, function);
}

zts_clr_gchandle zts_clr_gchandle_new(zts_clr_object *obj, int pinned)
{
    return mono_gchandle_new(as<MonoObject>(obj), pinned != 0);
}

zts_clr_object *zts_clr_gchandle_get_target(zts_clr_gchandle handle)
{
    return as<zts_clr_object>(mono_gchandle_get_target(static_cast<uint32_t>(handle)));
}

void zts_clr_gchandle_free(zts_clr_gchandle handle)
{
    mono_gchandle_free(static_cast<uint32_t>(handle));
}

int zts_clr_gc_register_root(void *start, size_t size, const char *name)
{
    return mono_gc_register_root(static_cast<char *>(start), size, nullptr, 0, nullptr, name) ? 1 : 0;
}

void *zts_clr_gc_alloc_fixed(size_t size)
{
    return GC_malloc_uncollectable(size); // zeroed (a scanned kind); Boehm's granules are 16 bytes on 64-bit targets
}

void zts_clr_gc_free_fixed(void *block)
{
    GC_free(block);
}

void zts_clr_gc_collect(void)
{
    mono_gc_collect(mono_gc_max_generation());
}

zts_clr_string *zts_clr_string_new(const char *utf8)
{
    return as<zts_clr_string>(mono_string_new(mono_domain_get(), utf8));
}

zts_clr_string *zts_clr_string_new_utf16(const zts_clr_char *text, int32_t length)
{
    return as<zts_clr_string>(mono_string_new_utf16(mono_domain_get(), text, length));
}

zts_clr_char *zts_clr_string_chars(zts_clr_string *str)
{
    return mono_string_chars(as<MonoString>(str));
}

int32_t zts_clr_string_length(zts_clr_string *str)
{
    return mono_string_length(as<MonoString>(str));
}

uint32_t zts_clr_array_length(zts_clr_array *array)
{
    return static_cast<uint32_t>(mono_array_length(as<MonoArray>(array)));
}

char *zts_clr_array_addr_with_size(zts_clr_array *array, int32_t element_size, uintptr_t index)
{
    return mono_array_addr_with_size(as<MonoArray>(array), element_size, index);
}

zts_clr_exception *zts_clr_exception_from_name_msg(zts_clr_image *image, const char *namespace_name,
                                                  const char *name, const char *message)
{
    return as<zts_clr_exception>(mono_exception_from_name_msg(as<MonoImage>(image), namespace_name, name, message));
}

void zts_clr_raise_exception(zts_clr_exception *ex)
{
    mono_runtime_set_pending_exception(as<MonoException>(ex), 1);
}

void zts_clr_format_exception(zts_clr_exception *ex, char *buffer, int size)
{
    if (buffer == nullptr || size <= 0) return;
    buffer[0] = '\0';
    MonoObject *thrown = nullptr;
    MonoString *text = mono_object_to_string(as<MonoObject>(ex), &thrown);
    const char *fallback = nullptr;
    char *utf8 = nullptr;
    if (thrown != nullptr || text == nullptr) {
        fallback = mono_class_get_name(mono_object_get_class(as<MonoObject>(ex))); // ToString itself threw
    } else {
        utf8 = mono_string_to_utf8(text);
    }
    const char *source = utf8 != nullptr ? utf8 : (fallback != nullptr ? fallback : "");
    size_t n = std::strlen(source);
    if (n >= static_cast<size_t>(size)) n = static_cast<size_t>(size) - 1;
    std::memcpy(buffer, source, n);
    buffer[n] = '\0';
    if (utf8 != nullptr) mono_free(utf8);
}

} // extern "C"
