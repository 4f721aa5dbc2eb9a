/*
 * Il2Cpp as the ZTS Il2Cpp adapter sees it: the declarations clr_il2cpp.cpp and zts_clr_typed_call.h use, written for
 * this project from the shapes libil2cpp's own headers have in Unity 2021.3, 2022.3 and 6000.0 (il2cpp-api-functions.h,
 * il2cpp-class-internals.h, il2cpp-object-internals.h, gc/GarbageCollector.h). It is what the adapter compiles against
 * outside a Unity build (ZTS_IL2CPP_DECL): over the Il2Cpp stand-in of the tests (native/clr_adapter/il2cpp_standin), and in CI.
 * Inside Unity, zts_il2cpp_api.h includes libil2cpp's real headers instead and this file is not read.
 *
 * Only what the adapter needs is here: the prototypes, the start of MethodInfo (methodPointer is its first field in
 * every version), Il2CppExceptionWrapper (how Il2Cpp throws a managed exception through C++ frames), and the two root
 * functions of il2cpp::gc::GarbageCollector, which have no il2cpp_* function.
 */
#ifndef ZTS_IL2CPP_DECL_H
#define ZTS_IL2CPP_DECL_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

typedef struct Il2CppDomain Il2CppDomain;
typedef struct Il2CppAssembly Il2CppAssembly;
typedef struct Il2CppImage Il2CppImage;
typedef struct Il2CppClass Il2CppClass;
typedef struct Il2CppType Il2CppType;
typedef struct FieldInfo FieldInfo;
typedef struct Il2CppObject Il2CppObject;
typedef struct Il2CppString Il2CppString;
typedef struct Il2CppArray Il2CppArray;
typedef struct Il2CppException Il2CppException;
typedef struct Il2CppThread Il2CppThread;
typedef uint16_t Il2CppChar;
typedef void (*Il2CppMethodPointer)();

/* Unity 6000.x: a pointer; 2021.3 and 2022.3: uint32_t. The stand-in is the newer shape. */
typedef void *Il2CppGCHandle;

/* The start of MethodInfo: the method's AOT code, called as R ([this,] args..., const MethodInfo*). */
typedef struct MethodInfo {
    Il2CppMethodPointer methodPointer;
} MethodInfo;

/* IL2CPP_TYPE_* of il2cpp-blob.h (the ECMA-335 element types) the adapter tells apart. */
enum {
    IL2CPP_TYPE_VOID = 0x01,
    IL2CPP_TYPE_PTR = 0x0f,
    IL2CPP_TYPE_VALUETYPE = 0x11,
    IL2CPP_TYPE_GENERICINST = 0x15,
    IL2CPP_TYPE_I = 0x18,
    IL2CPP_TYPE_U = 0x19,
    IL2CPP_TYPE_FNPTR = 0x1b,
};

#ifdef __cplusplus
/* A managed exception on its way through C++ frames (Il2Cpp throws it by value). */
struct Il2CppExceptionWrapper {
    Il2CppException *ex;
    Il2CppExceptionWrapper(Il2CppException *e) : ex(e) {}
};

namespace il2cpp
{
namespace gc
{
class GarbageCollector
{
  public:
    static void RegisterRoot(char *start, size_t size);
    static void UnregisterRoot(char *start);
    static void *AllocateFixed(size_t size, void *descr);
    static void FreeFixed(void *addr);
};
} // namespace gc
} // namespace il2cpp

extern "C" {
#endif

Il2CppDomain *il2cpp_domain_get(void);
const Il2CppAssembly *il2cpp_domain_assembly_open(Il2CppDomain *domain, const char *name);
const Il2CppImage *il2cpp_assembly_get_image(const Il2CppAssembly *assembly);
const Il2CppImage *il2cpp_get_corlib(void);
Il2CppThread *il2cpp_thread_attach(Il2CppDomain *domain);
void il2cpp_thread_detach(Il2CppThread *thread);
void il2cpp_add_internal_call(const char *name, Il2CppMethodPointer method);

Il2CppClass *il2cpp_class_from_name(const Il2CppImage *image, const char *namespaze, const char *name);
const MethodInfo *il2cpp_class_get_method_from_name(Il2CppClass *klass, const char *name, int argsCount);
FieldInfo *il2cpp_class_get_field_from_name(Il2CppClass *klass, const char *name);
FieldInfo *il2cpp_class_get_fields(Il2CppClass *klass, void **iter);
const char *il2cpp_class_get_name(Il2CppClass *klass);
const char *il2cpp_class_get_namespace(Il2CppClass *klass);
bool il2cpp_class_is_valuetype(const Il2CppClass *klass);
bool il2cpp_class_is_enum(const Il2CppClass *klass);
int32_t il2cpp_class_value_size(Il2CppClass *klass, uint32_t *align);
Il2CppClass *il2cpp_class_from_il2cpp_type(const Il2CppType *type);
int il2cpp_type_get_type(const Il2CppType *type);
bool il2cpp_type_is_byref(const Il2CppType *type);

uint32_t il2cpp_method_get_flags(const MethodInfo *method, uint32_t *iflags);
Il2CppClass *il2cpp_method_get_class(const MethodInfo *method);
bool il2cpp_method_is_instance(const MethodInfo *method);
uint32_t il2cpp_method_get_param_count(const MethodInfo *method);
const Il2CppType *il2cpp_method_get_param(const MethodInfo *method, uint32_t index);
const Il2CppType *il2cpp_method_get_return_type(const MethodInfo *method);
const char *il2cpp_method_get_name(const MethodInfo *method);

Il2CppClass *il2cpp_object_get_class(Il2CppObject *obj);
const MethodInfo *il2cpp_object_get_virtual_method(Il2CppObject *obj, const MethodInfo *method);
Il2CppObject *il2cpp_object_new(const Il2CppClass *klass);
void *il2cpp_object_unbox(Il2CppObject *obj);
Il2CppObject *il2cpp_value_box(Il2CppClass *klass, void *data);
uint32_t il2cpp_object_header_size(void);
uint32_t il2cpp_array_object_header_size(void);

Il2CppClass *il2cpp_field_get_parent(FieldInfo *field);
const Il2CppType *il2cpp_field_get_type(FieldInfo *field);
int il2cpp_field_get_flags(FieldInfo *field);
size_t il2cpp_field_get_offset(FieldInfo *field);
void il2cpp_field_get_value(Il2CppObject *obj, FieldInfo *field, void *value);
Il2CppObject *il2cpp_field_get_value_object(FieldInfo *field, Il2CppObject *obj);
void il2cpp_field_set_value(Il2CppObject *obj, FieldInfo *field, void *value);
void il2cpp_field_static_get_value(FieldInfo *field, void *value);
void il2cpp_field_static_set_value(FieldInfo *field, void *value);

void il2cpp_runtime_class_init(Il2CppClass *klass);
Il2CppObject *il2cpp_runtime_invoke_convert_args(const MethodInfo *method, void *obj, Il2CppObject **params, int paramCount,
                                                 Il2CppException **exc);

void il2cpp_gc_collect(int maxGenerations);
void il2cpp_gc_wbarrier_set_field(Il2CppObject *obj, void **targetAddress, void *object);
Il2CppGCHandle il2cpp_gchandle_new(Il2CppObject *obj, bool pinned);
Il2CppObject *il2cpp_gchandle_get_target(Il2CppGCHandle gchandle);
void il2cpp_gchandle_free(Il2CppGCHandle gchandle);

Il2CppString *il2cpp_string_new(const char *str);
Il2CppString *il2cpp_string_new_utf16(const Il2CppChar *text, int32_t len);
Il2CppChar *il2cpp_string_chars(Il2CppString *str);
int32_t il2cpp_string_length(Il2CppString *str);
uint32_t il2cpp_array_length(Il2CppArray *array);

Il2CppException *il2cpp_exception_from_name_msg(const Il2CppImage *image, const char *name_space, const char *name,
                                                const char *msg);
void il2cpp_raise_exception(Il2CppException *ex);
void il2cpp_format_exception(const Il2CppException *ex, char *message, int message_size);

#ifdef ZTS_IL2CPP_STANDIN
/* The stand-in only: the MethodInfo of a RuntimeMethodHandle.Value, which under Mono is a MonoMethod* (under Il2Cpp it
 * is the MethodInfo* itself). Idempotent: a MethodInfo* gives itself. */
const MethodInfo *il2cpp_standin_method_info(const void *handle);
#endif

#ifdef __cplusplus
}
#endif

#endif
