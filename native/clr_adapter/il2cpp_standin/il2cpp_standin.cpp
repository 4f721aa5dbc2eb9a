// The Il2Cpp stand-in: the il2cpp_* functions the Il2Cpp adapter uses (native/clr_adapter/il2cpp/zts_il2cpp_decl.h), over the
// embedded Boehm Mono of the tests. Tests only: it lets the real adapter (clr_il2cpp.cpp) and the typed call run here
// (`ztsrun build-player --clr il2cpp`). Where Il2Cpp throws Il2CppExceptionWrapper (class initialization, invocation
// through a method pointer), so does the stand-in, so the adapter's catch paths run; where Il2Cpp's behaviour differs
// from Mono's in a way the adapter must handle (string_new of invalid UTF-8, format_exception's "Type: message" with
// strncpy, static field access without class initialization, field_get_value_object's argument order), the stand-in
// behaves as Il2Cpp. One difference is kept: il2cpp_raise_exception marks the exception pending, as Mono must (a C++
// exception cannot unwind through Mono's managed frames); the adapter calls it where either is right (zts_clr.h).
#include "method_info.h"

#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/exception.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/metadata.h>
#include <mono/metadata/mono-gc.h>
#include <mono/metadata/object.h>
#include <mono/metadata/threads.h>

#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

// Exported by libmonoboehm-2.0 but declared in no public header (as in clr_mono.cpp).
extern "C" int mono_gc_register_root(char *start, size_t size, void *descr, int source, void *key, const char *msg);
extern "C" void *GC_malloc_uncollectable(size_t size);
extern "C" void GC_free(void *block);

namespace zts_il2cpp_standin
{
namespace
{

template <typename To, typename From> To *as(From *p)
{
    return reinterpret_cast<To *>(const_cast<typename std::remove_const<From>::type *>(p));
}

std::mutex g_lock;
std::unordered_map<const void *, StandinMethod *> g_by_mono;  // MonoMethod* -> its MethodInfo
std::unordered_set<const void *> g_infos;                     // every StandinMethod handed out
std::unordered_set<MonoClass *> g_initialized;                 // classes il2cpp_runtime_class_init ran for

[[noreturn]] void throw_managed(MonoObject *exc)
{
    throw Il2CppExceptionWrapper(reinterpret_cast<Il2CppException *>(exc));
}

MonoClass *klass_of(const Il2CppClass *c)
{
    return as<MonoClass>(c);
}

} // namespace

const StandinMethod *method_info(const void *handle)
{
    if (handle == nullptr) return nullptr;
    std::lock_guard<std::mutex> hold(g_lock);
    if (g_infos.count(handle) != 0) return static_cast<const StandinMethod *>(handle);
    auto it = g_by_mono.find(handle);
    if (it != g_by_mono.end()) return it->second;
    auto *m = new StandinMethod(); // kept for the process, as Il2Cpp's metadata is
    m->mono = as<MonoMethod>(handle);
    m->thunk = nullptr;
    m->methodPointer = method_pointer_of(m->mono, &m->this_adjust);
    g_by_mono.emplace(handle, m);
    g_infos.insert(m);
    return m;
}

} // namespace zts_il2cpp_standin

using namespace zts_il2cpp_standin;

// il2cpp::gc::GarbageCollector's root registration (no il2cpp_* function has it). UnregisterRoot is not defined: the
// adapter never unregisters (Player chunks are process-level), and Boehm Mono exports no deregistration.
void il2cpp::gc::GarbageCollector::RegisterRoot(char *start, size_t size)
{
    mono_gc_register_root(start, size, nullptr, 0, nullptr, "il2cpp root");
}

// AllocateFixed/FreeFixed as libil2cpp's BoehmGC.cpp defines them (GC_MALLOC_UNCOLLECTABLE, GC_FREE; the descriptor
// is ignored there too), over the same Boehm GC.
void *il2cpp::gc::GarbageCollector::AllocateFixed(size_t size, void *descr)
{
    (void)descr;
    return GC_malloc_uncollectable(size);
}

void il2cpp::gc::GarbageCollector::FreeFixed(void *addr)
{
    GC_free(addr);
}

extern "C" {

const MethodInfo *il2cpp_standin_method_info(const void *handle)
{
    return method_info(handle);
}

Il2CppDomain *il2cpp_domain_get(void)
{
    return as<Il2CppDomain>(mono_get_root_domain());
}

const Il2CppAssembly *il2cpp_domain_assembly_open(Il2CppDomain *domain, const char *name)
{
    return as<const Il2CppAssembly>(mono_domain_assembly_open(as<MonoDomain>(domain), name));
}

const Il2CppImage *il2cpp_assembly_get_image(const Il2CppAssembly *assembly)
{
    return as<const Il2CppImage>(mono_assembly_get_image(as<MonoAssembly>(assembly)));
}

const Il2CppImage *il2cpp_get_corlib(void)
{
    return as<const Il2CppImage>(mono_get_corlib());
}

Il2CppThread *il2cpp_thread_attach(Il2CppDomain *domain)
{
    return as<Il2CppThread>(mono_thread_attach(as<MonoDomain>(domain)));
}

void il2cpp_thread_detach(Il2CppThread *thread)
{
    mono_thread_detach(as<MonoThread>(thread));
}

void il2cpp_add_internal_call(const char *name, Il2CppMethodPointer method)
{
    mono_add_internal_call(name, reinterpret_cast<const void *>(method));
}

Il2CppClass *il2cpp_class_from_name(const Il2CppImage *image, const char *namespaze, const char *name)
{
    return as<Il2CppClass>(mono_class_from_name(as<MonoImage>(image), namespaze, name));
}

const MethodInfo *il2cpp_class_get_method_from_name(Il2CppClass *klass, const char *name, int argsCount)
{
    return method_info(mono_class_get_method_from_name(klass_of(klass), name, argsCount));
}

FieldInfo *il2cpp_class_get_field_from_name(Il2CppClass *klass, const char *name)
{
    return as<FieldInfo>(mono_class_get_field_from_name(klass_of(klass), name));
}

FieldInfo *il2cpp_class_get_fields(Il2CppClass *klass, void **iter)
{
    return as<FieldInfo>(mono_class_get_fields(klass_of(klass), iter));
}

const char *il2cpp_class_get_name(Il2CppClass *klass)
{
    return mono_class_get_name(klass_of(klass));
}

const char *il2cpp_class_get_namespace(Il2CppClass *klass)
{
    return mono_class_get_namespace(klass_of(klass));
}

bool il2cpp_class_is_valuetype(const Il2CppClass *klass)
{
    return mono_class_is_valuetype(klass_of(klass)) != 0;
}

bool il2cpp_class_is_enum(const Il2CppClass *klass)
{
    return mono_class_is_enum(klass_of(klass)) != 0;
}

int32_t il2cpp_class_value_size(Il2CppClass *klass, uint32_t *align)
{
    return mono_class_value_size(klass_of(klass), align);
}

Il2CppClass *il2cpp_class_from_il2cpp_type(const Il2CppType *type)
{
    return as<Il2CppClass>(mono_class_from_mono_type(as<MonoType>(type)));
}

int il2cpp_type_get_type(const Il2CppType *type)
{
    return mono_type_get_type(as<MonoType>(type)); // the ECMA-335 element types, as IL2CPP_TYPE_*
}

bool il2cpp_type_is_byref(const Il2CppType *type)
{
    return mono_type_is_byref(as<MonoType>(type)) != 0;
}

uint32_t il2cpp_method_get_flags(const MethodInfo *method, uint32_t *iflags)
{
    return mono_method_get_flags(mono_of(method), iflags);
}

Il2CppClass *il2cpp_method_get_class(const MethodInfo *method)
{
    return as<Il2CppClass>(mono_method_get_class(mono_of(method)));
}

bool il2cpp_method_is_instance(const MethodInfo *method)
{
    return mono_signature_is_instance(mono_method_signature(mono_of(method))) != 0;
}

uint32_t il2cpp_method_get_param_count(const MethodInfo *method)
{
    return mono_signature_get_param_count(mono_method_signature(mono_of(method)));
}

const Il2CppType *il2cpp_method_get_param(const MethodInfo *method, uint32_t index)
{
    void *iter = nullptr;
    MonoType *p = nullptr;
    for (uint32_t i = 0; i <= index; i++) {
        p = mono_signature_get_params(mono_method_signature(mono_of(method)), &iter);
        if (p == nullptr) return nullptr;
    }
    return as<const Il2CppType>(p);
}

const Il2CppType *il2cpp_method_get_return_type(const MethodInfo *method)
{
    return as<const Il2CppType>(mono_signature_get_return_type(mono_method_signature(mono_of(method))));
}

const char *il2cpp_method_get_name(const MethodInfo *method)
{
    return mono_method_get_name(mono_of(method));
}

Il2CppClass *il2cpp_object_get_class(Il2CppObject *obj)
{
    return as<Il2CppClass>(mono_object_get_class(as<MonoObject>(obj)));
}

const MethodInfo *il2cpp_object_get_virtual_method(Il2CppObject *obj, const MethodInfo *method)
{
    return method_info(mono_object_get_virtual_method(as<MonoObject>(obj), mono_of(method)));
}

Il2CppObject *il2cpp_object_new(const Il2CppClass *klass)
{
    return as<Il2CppObject>(mono_object_new(mono_domain_get(), klass_of(klass)));
}

void *il2cpp_object_unbox(Il2CppObject *obj)
{
    return mono_object_unbox(as<MonoObject>(obj));
}

Il2CppObject *il2cpp_value_box(Il2CppClass *klass, void *data)
{
    return as<Il2CppObject>(mono_value_box(mono_domain_get(), klass_of(klass), data));
}

uint32_t il2cpp_object_header_size(void)
{
    return sizeof(MonoObject);
}

uint32_t il2cpp_array_object_header_size(void)
{
    static const uint32_t size = [] {
        MonoArray *a = mono_array_new(mono_domain_get(), mono_get_byte_class(), 1);
        return static_cast<uint32_t>(mono_array_addr_with_size(a, 1, 0) - reinterpret_cast<char *>(a));
    }();
    return size;
}

Il2CppClass *il2cpp_field_get_parent(FieldInfo *field)
{
    return as<Il2CppClass>(mono_field_get_parent(as<MonoClassField>(field)));
}

const Il2CppType *il2cpp_field_get_type(FieldInfo *field)
{
    return as<const Il2CppType>(mono_field_get_type(as<MonoClassField>(field)));
}

int il2cpp_field_get_flags(FieldInfo *field)
{
    return static_cast<int>(mono_field_get_flags(as<MonoClassField>(field)));
}

size_t il2cpp_field_get_offset(FieldInfo *field)
{
    return mono_field_get_offset(as<MonoClassField>(field));
}

void il2cpp_field_get_value(Il2CppObject *obj, FieldInfo *field, void *value)
{
    mono_field_get_value(as<MonoObject>(obj), as<MonoClassField>(field), value);
}

Il2CppObject *il2cpp_field_get_value_object(FieldInfo *field, Il2CppObject *obj)
{
    return as<Il2CppObject>(mono_field_get_value_object(mono_domain_get(), as<MonoClassField>(field), as<MonoObject>(obj)));
}

void il2cpp_field_set_value(Il2CppObject *obj, FieldInfo *field, void *value)
{
    mono_field_set_value(as<MonoObject>(obj), as<MonoClassField>(field), value);
}

// Il2Cpp's static field access does not initialize the class: the adapter calls il2cpp_runtime_class_init first.
void il2cpp_field_static_get_value(FieldInfo *field, void *value)
{
    MonoClassField *f = as<MonoClassField>(field);
    mono_field_static_get_value(mono_class_vtable(mono_domain_get(), mono_field_get_parent(f)), f, value);
}

void il2cpp_field_static_set_value(FieldInfo *field, void *value)
{
    MonoClassField *f = as<MonoClassField>(field);
    mono_field_static_set_value(mono_class_vtable(mono_domain_get(), mono_field_get_parent(f)), f, value);
}

// Runs the class's static constructor once, through RuntimeHelpers.RunClassConstructor: Mono's own class init asserts
// when a static constructor throws, where Il2Cpp throws the TypeInitializationException (here, as
// Il2CppExceptionWrapper), each time it is asked again.
void il2cpp_runtime_class_init(Il2CppClass *klass)
{
    MonoClass *c = klass_of(klass);
    {
        std::lock_guard<std::mutex> hold(g_lock);
        if (g_initialized.count(c) != 0) return;
    }
    static MonoMethod *run = [] {
        MonoClass *helpers = mono_class_from_name(mono_get_corlib(), "System.Runtime.CompilerServices", "RuntimeHelpers");
        return mono_class_get_method_from_name(helpers, "RunClassConstructor", 1);
    }();
    MonoType *type = mono_class_get_type(c);
    void *args[1] = {&type}; // a RuntimeTypeHandle is its MonoType*
    MonoObject *exc = nullptr;
    mono_runtime_invoke(run, nullptr, args, &exc);
    if (exc != nullptr) throw_managed(exc);
    std::lock_guard<std::mutex> hold(g_lock);
    g_initialized.insert(c);
}

// Boxes in, a box out, as Il2Cpp's: Mono's invoke over an object[] takes the same (a value type's `this` as its value).
Il2CppObject *il2cpp_runtime_invoke_convert_args(const MethodInfo *method, void *obj, Il2CppObject **params, int paramCount,
                                                 Il2CppException **exc)
{
    MonoDomain *domain = mono_domain_get();
    MonoArray *args = mono_array_new(domain, mono_get_object_class(), static_cast<uintptr_t>(paramCount));
    for (int i = 0; i < paramCount; i++) mono_array_setref(args, i, as<MonoObject>(params[i]));
    MonoObject *thrown = nullptr;
    MonoObject *r = mono_runtime_invoke_array(mono_of(method), obj, args, &thrown);
    if (exc != nullptr) *exc = as<Il2CppException>(thrown);
    return thrown != nullptr ? nullptr : as<Il2CppObject>(r);
}

void il2cpp_gc_collect(int maxGenerations)
{
    (void)maxGenerations;
    mono_gc_collect(mono_gc_max_generation());
}

void il2cpp_gc_wbarrier_set_field(Il2CppObject *obj, void **targetAddress, void *object)
{
    mono_gc_wbarrier_set_field(as<MonoObject>(obj), targetAddress, as<MonoObject>(object));
}

Il2CppGCHandle il2cpp_gchandle_new(Il2CppObject *obj, bool pinned)
{
    return reinterpret_cast<Il2CppGCHandle>(static_cast<uintptr_t>(mono_gchandle_new(as<MonoObject>(obj), pinned)));
}

Il2CppObject *il2cpp_gchandle_get_target(Il2CppGCHandle gchandle)
{
    return as<Il2CppObject>(mono_gchandle_get_target(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(gchandle))));
}

void il2cpp_gchandle_free(Il2CppGCHandle gchandle)
{
    mono_gchandle_free(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(gchandle)));
}

// Il2Cpp makes "" of invalid UTF-8, where Mono gives null.
Il2CppString *il2cpp_string_new(const char *str)
{
    MonoString *s = mono_string_new(mono_domain_get(), str);
    return as<Il2CppString>(s != nullptr ? s : mono_string_new(mono_domain_get(), ""));
}

Il2CppString *il2cpp_string_new_utf16(const Il2CppChar *text, int32_t len)
{
    return as<Il2CppString>(mono_string_new_utf16(mono_domain_get(), text, len));
}

Il2CppChar *il2cpp_string_chars(Il2CppString *str)
{
    return mono_string_chars(as<MonoString>(str));
}

int32_t il2cpp_string_length(Il2CppString *str)
{
    return mono_string_length(as<MonoString>(str));
}

uint32_t il2cpp_array_length(Il2CppArray *array)
{
    return static_cast<uint32_t>(mono_array_length(as<MonoArray>(array)));
}

Il2CppException *il2cpp_exception_from_name_msg(const Il2CppImage *image, const char *name_space, const char *name,
                                                const char *msg)
{
    return as<Il2CppException>(mono_exception_from_name_msg(as<MonoImage>(image), name_space, name, msg));
}

void il2cpp_raise_exception(Il2CppException *ex)
{
    mono_runtime_set_pending_exception(as<MonoException>(ex), 1);
}

// Il2Cpp writes "Namespace.Type: message" with strncpy: a text as long as the buffer is left unterminated.
void il2cpp_format_exception(const Il2CppException *ex, char *message, int message_size)
{
    MonoObject *e = as<MonoObject>(ex);
    MonoClass *c = mono_object_get_class(e);
    std::string text = std::string(mono_class_get_namespace(c)) + "." + mono_class_get_name(c);
    MonoMethod *get = mono_class_get_method_from_name(mono_get_exception_class(), "get_Message", 0);
    MonoObject *thrown = nullptr;
    auto *msg = reinterpret_cast<MonoString *>(mono_runtime_invoke(get, e, nullptr, &thrown));
    if (thrown == nullptr && msg != nullptr) {
        char *utf8 = mono_string_to_utf8(msg);
        text += ": ";
        text += utf8;
        mono_free(utf8);
    }
    std::strncpy(message, text.c_str(), static_cast<size_t>(message_size));
}

} // extern "C"
