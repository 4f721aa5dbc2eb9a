/*
 * ZTS CLR adapter — the operations the Player backend needs from the CLR.
 *
 * Each function is named after the il2cpp_* function it stands for. Two implementations: over Mono's embedding API
 * with the Boehm GC (native/clr_adapter/clr_mono.cpp, the only file that names mono_* outside the Il2Cpp stand-in), and over
 * Il2Cpp's public API (native/clr_adapter/il2cpp/clr_il2cpp.cpp, the only file that names il2cpp_*); docs/PLAYER.md has the
 * table. What only a process host does (start the runtime, run Main: Unity's player on Il2Cpp) is zts_clr_host.h.
 *
 * Conventions:
 *  - extern "C", POD arguments, opaque handles. Nothing here throws a C++ exception.
 *  - The handles are the CLR's own pointers (MonoObject* here, Il2CppObject* there), so a
 *    zts_clr_object* may be stored in a slot array that is registered with zts_clr_gc_register_root.
 *  - Every call is made after the runtime started (zts_clr_host.h's zts_clr_init, or Unity's player), on a thread
 *    attached to it (the thread that started it, or one attached with zts_clr_thread_attach), unless the comment
 *    says otherwise.
 *  - Strings are UTF-8 (char) or UTF-16 (zts_clr_char).
 */
#ifndef ZTS_CLR_H
#define ZTS_CLR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ZTS_CLR_API __declspec(dllexport)
#else
#define ZTS_CLR_API __attribute__((visibility("default")))
#endif

typedef struct zts_clr_domain zts_clr_domain;       /* MonoDomain / Il2CppDomain */
typedef struct zts_clr_assembly zts_clr_assembly;   /* MonoAssembly / Il2CppAssembly */
typedef struct zts_clr_image zts_clr_image;         /* MonoImage / Il2CppImage */
typedef struct zts_clr_class zts_clr_class;         /* MonoClass / Il2CppClass */
typedef struct zts_clr_method zts_clr_method;       /* MonoMethod / MethodInfo */
typedef struct zts_clr_field zts_clr_field;         /* MonoClassField / FieldInfo */
typedef struct zts_clr_object zts_clr_object;       /* MonoObject / Il2CppObject */
typedef struct zts_clr_string zts_clr_string;       /* MonoString / Il2CppString (also a zts_clr_object) */
typedef struct zts_clr_array zts_clr_array;         /* MonoArray / Il2CppArray (also a zts_clr_object) */
typedef struct zts_clr_exception zts_clr_exception; /* MonoException / Il2CppException (also a zts_clr_object) */
typedef struct zts_clr_thread zts_clr_thread;       /* MonoThread / Il2CppThread */
typedef uint16_t zts_clr_char;                      /* a UTF-16 code unit (mono_unichar2 / Il2CppChar) */
/* A GC handle, pointer-sized on every adapter: Mono's and Il2Cpp 2021.3/2022.3's are uint32_t, Il2Cpp 6000.x's
 * Il2CppGCHandle is a pointer. */
typedef uintptr_t zts_clr_gchandle;

/* ---- runtime ------------------------------------------------------------------------------------------ */

/** The root domain (NULL before zts_clr_init); any thread. */
ZTS_CLR_API zts_clr_domain *zts_clr_domain_get(void);
/** Loads an assembly by file path (or name); NULL when it cannot be loaded. */
ZTS_CLR_API zts_clr_assembly *zts_clr_domain_assembly_open(zts_clr_domain *domain, const char *path);
/** The image (metadata) of a loaded assembly. */
ZTS_CLR_API zts_clr_image *zts_clr_assembly_get_image(zts_clr_assembly *assembly);
/** The image of mscorlib (System.*). */
ZTS_CLR_API zts_clr_image *zts_clr_get_corlib(void);
/* ---- threads ------------------------------------------------------------------------------------------ */

/** Attaches the calling native thread to the domain so it may call managed code; the thread's handle. */
ZTS_CLR_API zts_clr_thread *zts_clr_thread_attach(zts_clr_domain *domain);
/** Detaches a thread attached with zts_clr_thread_attach (on that thread, before it ends). */
ZTS_CLR_API void zts_clr_thread_detach(zts_clr_thread *thread);

/* ---- types, methods, internal calls ------------------------------------------------------------------ */

/** The class namespace_name.name in image; NULL when there is none. */
ZTS_CLR_API zts_clr_class *zts_clr_class_from_name(zts_clr_image *image, const char *namespace_name, const char *name);
/** A method of klass (or its bases) with this name and parameter count (-1: any); NULL when there is none. */
ZTS_CLR_API zts_clr_method *zts_clr_class_get_method_from_name(zts_clr_class *klass, const char *name, int param_count);
/** The runtime class of an object. */
ZTS_CLR_API zts_clr_class *zts_clr_object_get_class(zts_clr_object *obj);
/** A class's simple name, owned by the runtime. */
ZTS_CLR_API const char *zts_clr_class_get_name(zts_clr_class *klass);
/** A class's namespace ("" for none), owned by the runtime. */
ZTS_CLR_API const char *zts_clr_class_get_namespace(zts_clr_class *klass);
/**
 * The typed entry of a method, made on first use (its class initialized first); NULL when the method cannot be called
 * so (its type's static constructor threw, or the runtime cannot compile or invoke it). Only zts_clr_typed_call.h's
 * zts_clr::typed_call calls it, as R ([this,] args...) with an out-argument for a managed exception: references as
 * zts_clr_object*, primitives by value, a struct boxed; nothing unwinds into the caller. Mono: the method's unmanaged
 * thunk. Il2Cpp: the MethodInfo*, tagged with how to call it (docs/PLAYER.md, "The typed call").
 */
ZTS_CLR_API void *zts_clr_method_get_typed_entry(zts_clr_method *method);
/** The method of a RuntimeMethodHandle.Value that managed code handed over (MonoMethod* / MethodInfo*). */
ZTS_CLR_API zts_clr_method *zts_clr_method_from_handle(void *handle);
/** Non-zero when method is virtual (abstract and interface methods included): calls dispatch on the object. */
ZTS_CLR_API int zts_clr_method_is_virtual(zts_clr_method *method);
/** The implementation of virtual method that obj's class runs (method itself when not overridden). */
ZTS_CLR_API zts_clr_method *zts_clr_object_get_virtual_method(zts_clr_object *obj, zts_clr_method *method);
/** Reads an instance field of obj into *out (the value; for a reference type the object pointer). */
ZTS_CLR_API void zts_clr_field_get_value(zts_clr_object *obj, zts_clr_field *field, void *out);
/** Writes an instance field of obj: value points to the value, or is the object itself for a reference type. */
ZTS_CLR_API void zts_clr_field_set_value(zts_clr_object *obj, zts_clr_field *field, void *value);
/** Reads a static field (its class initialized first) into *out, as zts_clr_field_get_value. */
ZTS_CLR_API void zts_clr_field_static_get_value(zts_clr_field *field, void *out);
/** Writes a static field (its class initialized first), value as for zts_clr_field_set_value. */
ZTS_CLR_API void zts_clr_field_static_set_value(zts_clr_field *field, void *value);
/** The value of a field of obj (NULL for a static field) as an object: boxed for a value type, the reference
 *  otherwise (NULL for null). */
ZTS_CLR_API zts_clr_object *zts_clr_field_get_value_object(zts_clr_object *obj, zts_clr_field *field);
/** Writes a field of obj (NULL for a static field) from an object: unboxed into a value-type field (a Nullable<T>
 *  field from a boxed T or NULL, as unbox.any does), stored as is otherwise. */
ZTS_CLR_API void zts_clr_field_set_value_object(zts_clr_object *obj, zts_clr_field *field, zts_clr_object *value);
/** Copies the value in box src into box dst (two boxes of the same value type; nothing happens otherwise), with
 *  the GC's write barriers for reference fields. */
ZTS_CLR_API void zts_clr_value_copy(zts_clr_object *dst, zts_clr_object *src);
/** The value inside a box of a value type (borrowed; valid while the box lives; the GC does not move it). */
ZTS_CLR_API void *zts_clr_object_unbox(zts_clr_object *box);
/** The size of a value of value type klass, as the runtime lays it out (no object header); 0 for a reference type. */
ZTS_CLR_API int32_t zts_clr_class_value_size(zts_clr_class *klass);
/** The byte offset of instance field field of a value type within the value (no object header). */
ZTS_CLR_API int32_t zts_clr_field_value_offset(zts_clr_field *field);
/** The class of a type handle (RuntimeTypeHandle.Value: a MonoType* / Il2CppType*). */
ZTS_CLR_API zts_clr_class *zts_clr_class_from_type_handle(void *type);
/** The class that declares method. */
ZTS_CLR_API zts_clr_class *zts_clr_method_get_class(zts_clr_method *method);
/** A new, zero-initialized object of klass (no constructor runs); NULL on out-of-memory. */
ZTS_CLR_API zts_clr_object *zts_clr_object_new(zts_clr_class *klass);
/** The method's compiled code, called with its managed signature (Il2Cpp: and a trailing const MethodInfo*) and no
 *  exception out-argument; a managed exception would unwind through the caller's frames: only for methods that
 *  cannot throw (benchmarks). */
ZTS_CLR_API void *zts_clr_method_get_compiled_code(zts_clr_method *method);
/** Binds an InternalCall method "Namespace.Class::Method" to a C function; before the method first runs. */
ZTS_CLR_API void zts_clr_add_internal_call(const char *name, const void *function);

/* ---- GC: handles and roots --------------------------------------------------------------------------- */

/** A strong GC handle (pinned: the object also does not move) keeping obj alive until it is freed; any thread. */
ZTS_CLR_API zts_clr_gchandle zts_clr_gchandle_new(zts_clr_object *obj, int pinned);
/** The object of a GC handle (NULL for a collected weak target); any thread. */
ZTS_CLR_API zts_clr_object *zts_clr_gchandle_get_target(zts_clr_gchandle handle);
/** Frees a GC handle from zts_clr_gchandle_new; any thread. */
ZTS_CLR_API void zts_clr_gchandle_free(zts_clr_gchandle handle);
/** Registers [start, start + size) as a GC root scanned conservatively (object pointers in it keep their
 *  objects alive) for the life of the process (Boehm Mono cannot unregister one; Il2Cpp could, and the Player
 *  runtime never needs to: its chunks are process-level): the memory must never be freed. 1 on success, 0 on
 *  failure. */
ZTS_CLR_API int zts_clr_gc_register_root(void *start, size_t size, const char *name);
/** size bytes of zeroed, 16-byte aligned memory that the GC scans conservatively and never moves or collects until
 *  zts_clr_gc_free_fixed (Il2Cpp's GarbageCollector::AllocateFixed; Boehm's GC_malloc_uncollectable); NULL when out of
 *  memory. Any attached thread. */
ZTS_CLR_API void *zts_clr_gc_alloc_fixed(size_t size);
/** Frees memory from zts_clr_gc_alloc_fixed: the GC stops scanning it. */
ZTS_CLR_API void zts_clr_gc_free_fixed(void *block);
/** A full collection (finalizers are queued, not waited for). */
ZTS_CLR_API void zts_clr_gc_collect(void);

/* ---- strings ------------------------------------------------------------------------------------------ */

/** A new managed string from NUL-terminated UTF-8 (NULL for invalid UTF-8). */
ZTS_CLR_API zts_clr_string *zts_clr_string_new(const char *utf8);
/** A new managed string from length UTF-16 code units. */
ZTS_CLR_API zts_clr_string *zts_clr_string_new_utf16(const zts_clr_char *text, int32_t length);
/** The string's UTF-16 code units, inside the object (valid while the string is reachable; not NUL-terminated). */
ZTS_CLR_API zts_clr_char *zts_clr_string_chars(zts_clr_string *str);
/** The string's length in UTF-16 code units. */
ZTS_CLR_API int32_t zts_clr_string_length(zts_clr_string *str);

/* ---- arrays ------------------------------------------------------------------------------------------- */

/** The number of elements of a (single-dimension) array. */
ZTS_CLR_API uint32_t zts_clr_array_length(zts_clr_array *array);
/** The address of element index of an array whose elements are element_size bytes (no bounds check). */
ZTS_CLR_API char *zts_clr_array_addr_with_size(zts_clr_array *array, int32_t element_size, uintptr_t index);

/* ---- exceptions --------------------------------------------------------------------------------------- */

/** A new exception object of namespace_name.name from image (e.g. corlib "System", "InvalidOperationException"). */
ZTS_CLR_API zts_clr_exception *zts_clr_exception_from_name_msg(zts_clr_image *image, const char *namespace_name,
                                                              const char *name, const char *message);
/** Inside an internal call: ex is thrown in the managed caller when the internal call returns (return at once,
 *  with no C++ destructor pending: on Il2Cpp this point is where the throw happens). */
ZTS_CLR_API void zts_clr_raise_exception(zts_clr_exception *ex);
/** Writes ex.ToString() (type, message, stack) as NUL-terminated UTF-8 into buffer, truncated to size bytes. */
ZTS_CLR_API void zts_clr_format_exception(zts_clr_exception *ex, char *buffer, int size);

#ifdef __cplusplus
}
#endif

#endif
