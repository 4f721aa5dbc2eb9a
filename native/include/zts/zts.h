/*
 * ZTS core — the public C ABI between the C++ core (libzts) and its hosts.
 *
 * Conventions (docs/C_ABI.md has the long form):
 *  - Every export is extern "C", takes POD arguments and opaque handles, and
 *    never lets a C++ exception or a JS exception escape.
 *  - int32_t results are a zts_status: ZTS_OK (0) or a negative ZTS_ERR_*.
 *  - A zts_domain is used only on the thread that created it, unless the
 *    comment says "any thread".
 *  - zts_value is layout-compatible with QuickJS's JSValue on 64-bit hosts
 *    (16 bytes: payload, then tag), so hosts decode primitive tags directly.
 *    It is the same 16 bytes on 32-bit hosts, where QuickJS NaN-boxes its
 *    values and the core converts (docs/PLATFORMS.md).
 *  - "owned" values must be released exactly once (zts_value_free or by
 *    passing them to a call that consumes them); "borrowed" values must not.
 */
#ifndef ZTS_ZTS_H
#define ZTS_ZTS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ZTS_API __declspec(dllexport)
#else
#define ZTS_API __attribute__((visibility("default")))
#endif

/** Version of the host callback table and of this header's ABI. */
#define ZTS_ABI_VERSION 3

/** Tag of a zts_value returned by a gated callback that failed (seed build/03 §2.2). */
#define ZTS_CALLBACK_ERROR_SENTINEL ((int32_t)0xFFFF5A12)

/** Tag of a CLR member bridge's result that asks the core to push a registry object (one crossing instead of a
    bridge result plus a zts_object_push call): u.bits holds (uint32 slot) | (int64 view type id << 32). The core
    turns it into the slot's live exotic or a new one, as zts_object_push does; only member bridges return it. */
#define ZTS_RESULT_PUSH_TAG ((int32_t)0xFFFF5A13)

/* The one definition of the ZTS_RESULT_PUSH_TAG payload layout: the slot in the low 32 bits, the view type id above
   ZTS_RESULT_PUSH_VIEW_SHIFT. The core (decoding), the Player bridges (encoding) and the native tests use these
   macros; the managed copy (JsValue.PushBits, PushSlot, PushView) is checked against them by the test
   Abi_PushTagLayout_MatchesHeader (tests/managed/MirrorTests.cs). */
#define ZTS_RESULT_PUSH_VIEW_SHIFT 32
#define ZTS_RESULT_PUSH_BITS(slot, view) \
    ((int64_t)(((uint64_t)(uint32_t)(view) << ZTS_RESULT_PUSH_VIEW_SHIFT) | (uint64_t)(uint32_t)(slot)))
#define ZTS_RESULT_PUSH_SLOT(bits) ((int32_t)(uint32_t)((uint64_t)(bits) & 0xFFFFFFFFu))
#define ZTS_RESULT_PUSH_VIEW(bits) ((int32_t)(uint32_t)((uint64_t)(bits) >> ZTS_RESULT_PUSH_VIEW_SHIFT))

/** Tag of a CLR member bridge's result that is a struct copy (10-LIFETIME §3.1): u.ptr is the domain's
    zts_domain_struct_result buffer, in which the bridge wrote the value's type id, size and bytes; the core makes the
    JS copy from it after the gate has returned. Only member bridges return it. */
#define ZTS_RESULT_STRUCT_TAG ((int32_t)0xFFFF5A14)

/** Tag of a struct copy in a bridge's data (data[1] for `this`, data[2 + i] for argument i, instead of a registry
    slot): u.ptr is the copy's zts_struct_ref, valid for the call. A member of the struct acts on those bytes. */
#define ZTS_STRUCT_REF_TAG ((int32_t)0xFFFF5A15)

/* Value codes of zts_copy_field: how the core reads and writes a field of a struct copy. */
#define ZTS_COPY_FIELD_I1 1      /* sbyte */
#define ZTS_COPY_FIELD_U1 2      /* byte */
#define ZTS_COPY_FIELD_I2 3      /* short */
#define ZTS_COPY_FIELD_U2 4      /* ushort */
#define ZTS_COPY_FIELD_I4 5      /* int (and enums of these sizes: their underlying type) */
#define ZTS_COPY_FIELD_U4 6      /* uint */
#define ZTS_COPY_FIELD_I8 7      /* long: within +-(2^53-1) by the core, anything else through the field's bridge */
#define ZTS_COPY_FIELD_U8 8      /* ulong: as I8 */
#define ZTS_COPY_FIELD_R4 9      /* float */
#define ZTS_COPY_FIELD_R8 10     /* double */
#define ZTS_COPY_FIELD_STRUCT 11 /* a nested struct with a copy layout of its own (zts_copy_field.type_id) */

/** The largest struct a copy layout may describe, in bytes (also the capacity of zts_domain_struct_result). */
#define ZTS_COPY_MAX_SIZE 1024

/* Flags of zts_type_set_copy_layout. */
#define ZTS_COPY_SCANNED 1 /* the struct holds references: its copies live in the rooted arena (zts_struct_set_rooted_memory) */

/* Tags the hosts decode themselves (QuickJS 2025-04-26, as the 16-byte zts_value carries them on every CPU). */
#define ZTS_TAG_OBJECT (-1)
#define ZTS_TAG_STRING_ROPE (-6)
#define ZTS_TAG_STRING (-7)
#define ZTS_TAG_INT 0
#define ZTS_TAG_BOOL 1
#define ZTS_TAG_NULL 2
#define ZTS_TAG_UNDEFINED 3
#define ZTS_TAG_EXCEPTION 6
#define ZTS_TAG_FLOAT64 8

/* The statuses: X(name, value). */
#define ZTS_STATUSES(X) \
    X(ZTS_OK, 0) \
    X(ZTS_ERR_JS, -1)              /* JS threw; zts_domain_error describes it */ \
    X(ZTS_ERR_MODULE_LOAD, -2)     /* a module could not be loaded or evaluated */ \
    X(ZTS_ERR_NO_EXPORT, -3)       /* the module has no such named export */ \
    X(ZTS_ERR_NOT_CALLABLE, -4)    /* the export exists but is not callable */ \
    X(ZTS_ERR_INVALID_REF, -5)     /* a function ref that is free or unknown */ \
    X(ZTS_ERR_ARGUMENT, -6)        /* a null or malformed argument */ \
    X(ZTS_ERR_NO_GATE, -7)         /* no callback gate was given to the domain */ \
    X(ZTS_ERR_NO_HOST, -8)         /* the host callback table is not registered */ \
    X(ZTS_ERR_VERSION, -9)         /* the callback table's size or version does not match */ \
    X(ZTS_ERR_OUT_OF_MEMORY, -10)  /* an allocation failed */

#define ZTS_ENUM_MEMBER(name, value) name = value,
typedef enum zts_status { ZTS_STATUSES(ZTS_ENUM_MEMBER) } zts_status;

/** A JS value: QuickJS's JSValue on 64-bit hosts, its 16-byte form converted by the core on 32-bit ones. */
typedef struct zts_value {
    union {
        int32_t int32;
        double float64;
        void *ptr;
        int64_t bits;
    } u;
    int64_t tag;
} zts_value;

typedef struct zts_domain zts_domain;             /* one JSRuntime + one JSContext */
typedef struct zts_type_request zts_type_request; /* one pending name lookup of the CSharp tree */
typedef struct zts_load_request zts_load_request; /* one pending host module load */
typedef struct JSContext JSContext;               /* QuickJS's context, opaque here */
typedef struct JSModuleDef JSModuleDef;           /* QuickJS's module, opaque here */

/** The managed (or other host) entry reached through the gate; data points past the gate's own slot:
    data[0] is the host function id; for CLR members data[1] is the registry slot of `this` (-1 for
    none) and data[2 + i] the slot of argument i when it is a C# object (-1 otherwise). */
typedef zts_value (*zts_host_call_fn)(JSContext *ctx, zts_value this_val, int32_t argc, zts_value *argv, int32_t magic,
                                      zts_value *data);

/** Loads a non-csharp:, non-native module: answers with zts_load_request_set_source or _fail; returns 0. */
typedef int32_t (*zts_module_load_fn)(void *host, const char *specifier, const char *importer, zts_load_request *req);
/** Answers a name request about the CSharp tree (zts_type_request_*); returns 0. */
typedef int32_t (*zts_name_request_fn)(void *host, const char *name, zts_type_request *req);
/** Binds the members of a declared type (zts_type_add_*); 0 on success, else a failure with zts_type_request_fail
    already called on req. */
typedef int32_t (*zts_type_bind_fn)(void *host, int32_t type_id, zts_type_request *req);

/* The fields of each struct the managed side mirrors, X(type, name), in order; the struct is declared from its list
   (ZTS_STRUCT_FIELD), and the layout checks read the same list (docs/C_ABI.md "One list"). */
#define ZTS_STRUCT_FIELD(type, name) type name;

/** The one native->host callback table; registered once per process. */
#define ZTS_HOST_CALLBACKS_FIELDS(X) \
    X(uint32_t, size)                       /* sizeof(zts_host_callbacks) as the host compiled it */ \
    X(uint32_t, version)                    /* ZTS_ABI_VERSION as the host compiled it */ \
    X(zts_module_load_fn, module_load)      /* loads a module (zts_module_load_fn) */ \
    X(zts_host_call_fn, host_call)          /* the managed callback that gated functions reach */ \
    X(zts_name_request_fn, type_resolve)    /* resolves a dotted CLR name ("System", "System.Math", \
                                               "System.Collections.Generic.List$1"): answers with \
                                               zts_type_request_namespace, _type, or nothing (not found) */ \
    X(zts_name_request_fn, namespace_list)  /* lists the JS names of the public types of a namespace with \
                                               zts_type_request_add_name */ \
    X(zts_type_bind_fn, type_bind)          /* binds the members of a declared type */
typedef struct zts_host_callbacks { ZTS_HOST_CALLBACKS_FIELDS(ZTS_STRUCT_FIELD) } zts_host_callbacks;

/* JS value kinds, as bit masks, for overload resolution (docs/OVERLOADS.md). */
#define ZTS_KIND_UNDEFINED (1u << 0)
#define ZTS_KIND_NULL (1u << 1)
#define ZTS_KIND_BOOL (1u << 2)
#define ZTS_KIND_INT (1u << 3)   /* a number with an integral value */
#define ZTS_KIND_FLOAT (1u << 4) /* any other number (fractions, NaN, infinities) */
#define ZTS_KIND_STRING (1u << 5)
#define ZTS_KIND_OBJECT (1u << 6)   /* a ByObj exotic (a C# object) */
#define ZTS_KIND_FUNCTION (1u << 7) /* a JS function */
#define ZTS_KIND_JSOBJECT (1u << 8) /* any other JS object */
#define ZTS_KIND_REF (1u << 9)      /* a zts.ref() box, for ref/out parameters */
#define ZTS_KIND_ARRAY (1u << 10)   /* a JS array (Array.isArray), for T[] and list parameters (a copy) */
#define ZTS_KIND_ANY 0x7FFu

/* Flags of zts_type_declare. */
#define ZTS_TYPE_STATIC (1u << 0)      /* static class: no constructor */
#define ZTS_TYPE_INTERFACE (1u << 1)   /* interface: no constructor */
#define ZTS_TYPE_ABSTRACT (1u << 2)    /* abstract class: no constructor */
#define ZTS_TYPE_ARRAY (1u << 3)       /* array: index access and length */
#define ZTS_TYPE_ENUM (1u << 4)        /* enum: static members are its values */
#define ZTS_TYPE_GENERIC_DEF (1u << 5) /* open generic definition: close it with zts.generic */
#define ZTS_TYPE_DELEGATE (1u << 6)    /* delegate: its objects are callable, d(...) calls Invoke */
#define ZTS_TYPE_ENUMERABLE (1u << 7)  /* System.Collections.IEnumerable (not string/array): [Symbol.iterator] */
#define ZTS_TYPE_ENUMERABLE_VIA_INTERFACE (1u << 8) /* with ENUMERABLE: no public GetEnumerator() on the view: iterate the IEnumerable view */

/* Flags of zts_type_add_*. */
#define ZTS_MEMBER_STATIC (1u << 0)

/** One parameter of an overload candidate: what JS kinds it takes, which it prefers, its CLR type. */
#define ZTS_PARAM_SPEC_FIELDS(X) \
    X(uint32_t, accept)          /* ZTS_KIND_* the parameter converts from */ \
    X(uint32_t, exact)           /* the subset that is a natural match (ranks higher) */ \
    X(int32_t, type_id)          /* for ZTS_KIND_OBJECT: declared type id (0: any object) */ \
    X(int32_t, optional)         /* non-zero: may be omitted (takes its default) */ \
    X(const char *, type_name)   /* C# type name for error texts ("Int32", "String"); copied */ \
    X(double, min_value)         /* numbers: the parameter's range (a number outside it does not match) */ \
    X(double, max_value)         /*   ignored unless min_value < max_value (zero-initialized: no range) */ \
    X(int32_t, single_char)      /* non-zero: a string matches only with length 1 (System.Char) */ \
    X(uint32_t, element_accept)  /* ZTS_KIND_ARRAY: the kinds every element must have to match (0: not checked) */
typedef struct zts_param_spec { ZTS_PARAM_SPEC_FIELDS(ZTS_STRUCT_FIELD) } zts_param_spec;

/** The bytes of one struct copy (10-LIFETIME §3.1): what a bridge gets for a ZTS_STRUCT_REF_TAG value. */
#define ZTS_STRUCT_REF_FIELDS(X) \
    X(int32_t, type_id)  /* the struct's declared type */ \
    X(int32_t, size)     /* bytes at `bytes` (the layout's size) */ \
    X(void *, bytes)     /* the copy's value, 16-byte aligned; owned by the JS copy */
typedef struct zts_struct_ref { ZTS_STRUCT_REF_FIELDS(ZTS_STRUCT_FIELD) } zts_struct_ref;

/** One public instance field of a struct copy layout (zts_type_set_copy_layout). */
#define ZTS_COPY_FIELD_FIELDS(X) \
    X(const char *, name)  /* the JS name of a property added with zts_type_add_property; copied */ \
    X(int32_t, offset)     /* byte offset in the struct's value */ \
    X(int32_t, code)       /* ZTS_COPY_FIELD_* */ \
    X(int32_t, type_id)    /* ZTS_COPY_FIELD_STRUCT: the nested struct's type id, else 0 */
typedef struct zts_copy_field { ZTS_COPY_FIELD_FIELDS(ZTS_STRUCT_FIELD) } zts_copy_field;

/** Describes the last failure of a call on a domain; pointers stay valid until the next call on it. */
#define ZTS_ERROR_INFO_FIELDS(X) \
    X(int32_t, status)          /* the zts_status the failing call returned */ \
    X(const char *, message)    /* UTF-8, JS message (Error.message, or String(thrown)) */ \
    X(int32_t, message_len)     /* bytes */ \
    X(const char *, stack)      /* UTF-8, JS stack ("" when none) */ \
    X(int32_t, stack_len)       /* bytes */ \
    X(const char *, name)       /* UTF-8, Error name ("Error", "SyntaxError", ...; "" when not an Error) */ \
    X(int32_t, name_len)        /* bytes */ \
    X(const char *, specifier)  /* UTF-8, module specifier when status is ZTS_ERR_MODULE_LOAD, else "" */ \
    X(int32_t, specifier_len)   /* bytes */ \
    X(const char *, importer)   /* UTF-8, importing module for ZTS_ERR_MODULE_LOAD ("" for the host) */ \
    X(int32_t, importer_len)    /* bytes */ \
    X(int32_t, thrown_ref)      /* ref to the thrown JS value, owned by the caller (zts_function_release or \
                                   zts_release_enqueue); reported once, 0 afterwards and when nothing was thrown */ \
    X(int32_t, exception_slot)  /* registry slot of the C# exception the thrown Error was made for \
                                   (zts_error_new's csharp_exception), or -1 */
typedef struct zts_error_info { ZTS_ERROR_INFO_FIELDS(ZTS_STRUCT_FIELD) } zts_error_info;

/** Init function of a native C module: creates the module with JS_NewCModule, or NULL with a pending exception. */
typedef JSModuleDef *(*zts_module_init_fn)(JSContext *ctx, const char *module_name);

/* ---- process ---------------------------------------------------------- */

/** What zts_file_probe found at a path (symlinks followed). */
#define ZTS_FILE_NONE 0      /* nothing there, or it cannot be examined */
#define ZTS_FILE_REGULAR 1   /* a regular file: the only kind a loader reads */
#define ZTS_FILE_DIRECTORY 2 /* a folder */
#define ZTS_FILE_OTHER 3     /* a FIFO, a device, a socket: opening or reading it can block or never end */

#define ZTS_FUNCTIONS_PROCESS(X) \
    /** Registers the host callback table (copied); any thread, once; ZTS_ERR_VERSION on a size/version mismatch. */ \
    X(int32_t, zts_host_register, (const zts_host_callbacks *callbacks), ZTS_SHARED) \
    /** Returns the core's version string (static, never freed); any thread. */ \
    X(const char *, zts_version, (void), ZTS_SHARED) \
    /** Examines path (UTF-8, NUL-terminated) without opening it, following symlinks: returns its ZTS_FILE_* kind; *out_size \
     * is a regular file's size (0 otherwise); real (real_cap bytes) receives the path with every symlink, "." and ".." \
     * resolved, NUL-terminated UTF-8, or "" when it does not fit or cannot be resolved. Any thread. Managed file \
     * loaders use it because .NET shows neither FIFOs nor devices nor symlink targets (TsFiles.cs in ZTS.Common). */ \
    X(int32_t, zts_file_probe, (const char *path, char *real, int32_t real_cap, int64_t *out_size), ZTS_COMMON) \
    /** Fills the QuickJS entry points the gate needs (seed build/03 §2.3); any thread; ZTS_OK. */ \
    X(int32_t, zts_gate_imports, (void **out_touserdata, void **out_js_throw), ZTS_SHARED) \
    /** Registers a native C module under a canonical name (copied); any thread; later registrations win. \
     * Native only: init makes the module with QuickJS's C API (JS_NewCModule), which managed code does not have, so it \
     * is called by native hosts and C modules (GoogleTest Domain_Modules.NativeModule_ResolvedBeforeHostLoader). */ \
    X(int32_t, zts_module_register, (const char *name, zts_module_init_fn init), ZTS_NATIVE_ONLY) \
    /** Removes a native C module registration; any thread; ZTS_OK even when it was not registered. \
     * Native only: the counterpart of zts_module_register, for the same native callers. */ \
    X(int32_t, zts_module_unregister, (const char *name), ZTS_NATIVE_ONLY)

/* ---- domain ----------------------------------------------------------- */

#define ZTS_FUNCTIONS_DOMAIN(X) \
    /** Creates a domain (runtime + context, `zts` global); host is passed back to callbacks; gate may be NULL; NULL on \
     * failure. */ \
    X(zts_domain *, zts_domain_new, (void *host, void *callback_gate), ZTS_SHARED) \
    /** Frees the domain (drains releases, frees refs, context, runtime); returns leaked QuickJS bytes (0 when clean). */ \
    X(int64_t, zts_domain_free, (zts_domain *domain), ZTS_SHARED) \
    /** Process-unique id of the domain, for zts_release_enqueue; never reused in the process. */ \
    X(uint32_t, zts_domain_id, (const zts_domain *domain), ZTS_SHARED) \
    /** Returns the domain's JSContext (borrowed), so hosts can map a gated call back to its domain. */ \
    X(JSContext *, zts_domain_context, (const zts_domain *domain), ZTS_SHARED) \
    /** Describes the last failed call on this domain (see zts_error_info; hands thrown_ref over to the caller); ZTS_OK. */ \
    X(int32_t, zts_domain_error, (zts_domain *domain, zts_error_info *out), ZTS_SHARED) \
    /** Sets the host bridge that for...of over C# enumerables calls once per element (MoveNext + Current in one call): \
     * called like a member bridge with `this` = the enumerator's slot (data[1]) and argv = (view type id, mode); mode 0 \
     * answers true when it applies to that view, mode 1 the next element or undefined when done. Before the first \
     * enumerable type is bound; -1 (the default) means none. */ \
    X(int32_t, zts_domain_set_enumerator_step, (zts_domain *domain, int32_t bridge), ZTS_SHARED) \
    /** Nesting depth of JS calls in progress on this domain (zts_function_call, module imports); 0 outside JS. */ \
    X(int32_t, zts_domain_call_depth, (const zts_domain *domain), ZTS_SHARED) \
    /** Number of live refs: functions held by delegates and thrown values held by the host (for lifetime tests). */ \
    X(int32_t, zts_domain_ref_count, (const zts_domain *domain), ZTS_SHARED) \
    /** Runs pending Promise jobs (at most the job limit); returns the number run, or ZTS_ERR_JS when one threw \
     * (reported in zts_domain_error); 0 without running any inside a JS call (jobs never run while JS is on the stack). */ \
    X(int32_t, zts_domain_run_jobs, (zts_domain *domain), ZTS_SHARED) \
    /** Takes one unhandled Promise rejection (message and stack, UTF-16, domain buffer until the next call); char count, 0 \
     * when none. */ \
    X(int32_t, zts_domain_take_rejection, (zts_domain *domain, const uint16_t **out_chars), ZTS_SHARED) \
    /** Stops the JS running now in domain domain_id with an uncatchable interrupt (ZTS_ERR_JS, message "zts: script \
     * interrupted..."); sticky until that outermost call returns; no effect when no JS runs. Any thread, any time. */ \
    X(int32_t, zts_domain_interrupt, (uint32_t domain_id), ZTS_SHARED) \
    /** Sets the time budget of each outermost C# -> JS call (function call, module bind with its evaluation, job \
     * drain) in microseconds; 0 = none (the default). Past it, JS is interrupted as by zts_domain_interrupt. */ \
    X(int32_t, zts_domain_set_call_budget, (zts_domain *domain, int64_t budget_us), ZTS_SHARED) \
    /** Limits the JS heap of the domain to bytes (0 = no limit, the default); past it allocations throw a catchable \
     * out-of-memory InternalError. */ \
    X(int32_t, zts_domain_set_memory_limit, (zts_domain *domain, int64_t bytes), ZTS_SHARED) \
    /** Sets the JS stack size in bytes (0 = no check; QuickJS's default is 1 MiB), counted from the stack depth where \
     * the domain was created; past it JS throws RangeError "Maximum call stack size exceeded". Keep it well below the \
     * thread's own stack. */ \
    X(int32_t, zts_domain_set_stack_size, (zts_domain *domain, int64_t bytes), ZTS_SHARED) \
    /** The largest JS stack size the calling thread's own stack allows from its current depth (what a domain made here \
     *  uses by default when it is under QuickJS's 1 MiB); 0 when the platform cannot say. Any thread. */ \
    X(int64_t, zts_thread_max_stack_size, (void), ZTS_SHARED) \
    /** Sets how many Promise jobs one zts_domain_run_jobs (and the job drain of a bind) runs at most; the rest stay \
     * queued for the next drain. 0 = no limit; the default is 10000. */ \
    X(int32_t, zts_domain_set_job_limit, (zts_domain *domain, int32_t max_jobs), ZTS_SHARED) \
    /** Number of zts.on_reset hooks the scripts registered; 0 for a null domain. */ \
    X(int32_t, zts_domain_reset_hook_count, (const zts_domain *domain), ZTS_SHARED) \
    /** Calls reset hook `index` (registration order); ZTS_OK, ZTS_ERR_JS when it threw (zts_domain_error), ZTS_ERR_ARGUMENT \
     * out of range. The host runs them just before it frees the domain. */ \
    X(int32_t, zts_domain_run_reset_hook, (zts_domain *domain, int32_t index), ZTS_SHARED) \
    /** Runs QuickJS's cycle collector; ZTS_OK. */ \
    X(int32_t, zts_domain_gc, (zts_domain *domain), ZTS_SHARED)

/* ---- the script debugger (docs/DEBUGGING.md: Chrome DevTools Protocol, as node --inspect) ---------- */

#define ZTS_FUNCTIONS_DEBUGGER(X) \
    /** Starts domain's debugger: a CDP server on 127.0.0.1:port and [::1]:port only (0: any free port). Returns the port, \
     * or ZTS_ERR_ARGUMENT (zts_domain_error says why: already started, cannot listen). Call before modules load. */ \
    X(int32_t, zts_debugger_start, (zts_domain *domain, int32_t port), ZTS_SHARED) \
    /** zts_debugger_start on host (UTF-8; NULL, "" or "localhost": the loopback, 127.0.0.1 and ::1): an IP literal (IPv6 \
     * with or without brackets) or a name listens on every address it resolves to, also a public one, as node's \
     * --inspect=HOST:PORT. Anyone who reaches that address can run any code in the process: the host warns when \
     * zts_debugger_exposed says so. Returns the port, or ZTS_ERR_ARGUMENT (zts_domain_error says why). */ \
    X(int32_t, zts_debugger_listen, (zts_domain *domain, const char *host, int32_t port), ZTS_SHARED) \
    /** 1 when the domain's debugger listens on some address that is not a loopback one (0.0.0.0, a LAN address), else \
     * 0. */ \
    X(int32_t, zts_debugger_exposed, (zts_domain *domain), ZTS_SHARED) \
    /** Holds the thread until a client attached and ran (Runtime.runIfWaitingForDebugger: node's --inspect-brk), and \
     * makes the first statement that runs next pause; answers the client meanwhile. ZTS_OK, ZTS_ERR_ARGUMENT without \
     * a debugger. An Interrupt ends the wait. */ \
    X(int32_t, zts_debugger_wait, (zts_domain *domain), ZTS_SHARED) \
    /** Answers what the debugger client sent since the last call; the host's frame pump calls it. ZTS_OK (also \
     * without a debugger). Never from inside JS. */ \
    X(int32_t, zts_debugger_service, (zts_domain *domain), ZTS_SHARED) \
    /** Reports console output (level 0 log, 1 info, 2 warn, 3 error, 4 debug) of argc values to the client; ZTS_OK. */ \
    X(int32_t, zts_debugger_console, (zts_domain *domain, int32_t level, int32_t argc, const zts_value *argv), ZTS_SHARED) \
    /** The debugger's WebSocket URL (UTF-8, valid until the domain is destroyed), or NULL without a debugger. */ \
    X(const char *, zts_debugger_url, (zts_domain *domain), ZTS_SHARED)

/* ---- deferred releases (10-LIFETIME §5) ------------------------------- */

#define ZTS_FUNCTIONS_RELEASES(X) \
    /** Queues the release of function ref `ref` of domain `domain_id`; any thread, any time, also after the domain is gone. \
     */ \
    X(void, zts_release_enqueue, (uint32_t domain_id, int32_t ref), ZTS_SHARED) \
    /** Releases every queued ref of this domain; returns how many were released; 0 (nothing drained) inside a JS call. \
     * Domain thread only. */ \
    X(int32_t, zts_domain_drain_releases, (zts_domain *domain), ZTS_SHARED)

/* ---- modules ---------------------------------------------------------- */

#define ZTS_FUNCTIONS_MODULES(X) \
    /** Canonicalizes `specifier` relative to `importer` (may be NULL) into buf; returns bytes written or ZTS_ERR_ARGUMENT. \
     * Native only: the core canonicalizes every specifier before module_load and zts_module_get_function see it, so \
     * managed loaders only meet canonical names; for native hosts and the specifier tests (GoogleTest \
     * ModuleSpecifier_Canonicalize_*, tests/fuzz/specifier_fuzz.cpp). */ \
    X(int32_t, zts_module_canonicalize, (const char *importer, const char *specifier, char *buf, int32_t buf_len), ZTS_NATIVE_ONLY) \
    /** Imports a module and takes a function ref to its named export; *out_ref is owned (zts_function_release). */ \
    X(int32_t, zts_module_get_function, (zts_domain *domain, const char *module, const char *export_name, \
      int32_t *out_ref), ZTS_SHARED) \
    /** Answers a host load request with UTF-8 module source (copied); ZTS_OK. Only inside module_load. */ \
    X(int32_t, zts_load_request_set_source, (zts_load_request *req, const char *utf8, int32_t len), ZTS_SHARED) \
    /** Adds the Source Map v3 JSON (UTF-8, copied) of the source; ZTS_OK. Only inside module_load; a malformed map \
     * is ignored (the module loads unmapped). Without it, an inline data: sourceMappingURL in the source is used. */ \
    X(int32_t, zts_load_request_set_source_map, (zts_load_request *req, const char *utf8, int32_t len), ZTS_SHARED) \
    /** Names the file (UTF-8 path, copied) the source came from; ZTS_OK. Only inside module_load. The debugger reports \
     * the module under its file URL, so that clients find the file and its source map's sources. */ \
    X(int32_t, zts_load_request_set_path, (zts_load_request *req, const char *utf8, int32_t len), ZTS_SHARED) \
    /** Fails a host load request with a UTF-8 reason (copied); ZTS_OK. Only inside module_load. */ \
    X(int32_t, zts_load_request_fail, (zts_load_request *req, const char *utf8, int32_t len), ZTS_SHARED)

/* ---- functions -------------------------------------------------------- */

#define ZTS_FUNCTIONS_FUNCTIONS(X) \
    /** Calls function ref with argv (consumed, even on failure: ref-counted slots become undefined); *result is owned; \
     * ZTS_ERR_JS when JS threw. */ \
    X(int32_t, zts_function_call, (zts_domain *domain, int32_t ref, int32_t argc, zts_value *argv, zts_value *result), ZTS_SHARED) \
    /** zts_function_call for a call with OpaqueValue parameters (10-LIFETIME §4), in one crossing: opens an opaque scope, \
     * puts each argv[i] whose bit is set in `handles` (i < 64) behind a new opaque handle, calls, and on ZTS_OK leaves in \
     * argv[i] the value JS left behind handle i (owned) for each bit of `writeback` (a subset of handles); then closes the \
     * scope. Every other argv slot is consumed as by zts_function_call; on failure no argv slot is owned. */ \
    X(int32_t, zts_function_call_opaque, (zts_domain *domain, int32_t ref, int32_t argc, zts_value *argv, \
      uint64_t handles, uint64_t writeback, zts_value *result), ZTS_SHARED) \
    /** Takes a ref to a JS function (borrowed fn, duplicated); *out_ref owned (zts_function_release); ZTS_ERR_ARGUMENT if \
     * fn is not a function. */ \
    X(int32_t, zts_function_ref, (zts_domain *domain, zts_value fn, int32_t *out_ref), ZTS_SHARED) \
    /** Where JS function fn (borrowed) was defined: "path:line:col", source-mapped when the module has a map, UTF-16 in a \
     * domain buffer until the next call; char count, 0 when unknown (native or bound functions). */ \
    X(int32_t, zts_function_origin, (zts_domain *domain, zts_value fn, const uint16_t **out_chars), ZTS_SHARED) \
    /** Releases a function ref (queued when called inside a JS call); domain thread (elsewhere zts_release_enqueue); \
     * ZTS_ERR_INVALID_REF if free. */ \
    X(int32_t, zts_function_release, (zts_domain *domain, int32_t ref), ZTS_SHARED) \
    /** Defines a gated host function at a dotted global path ("console.log"); data is passed to host_call as data[0]. */ \
    X(int32_t, zts_function_define_gated, (zts_domain *domain, const char *path, int32_t length, int32_t magic, \
      int64_t data), ZTS_SHARED) \
    /** Makes a gated host function value named name (*out owned); data is passed to host_call as data[0]. */ \
    X(int32_t, zts_function_new_gated, (zts_domain *domain, const char *name, int32_t length, int32_t magic, \
      int64_t data, zts_value *out), ZTS_SHARED)

/* ---- CLR types in JS (the CSharp tree, csharp: modules, ByObj objects) ------ */

/* Flags of zts_type_deny_this. */
#define ZTS_DENY_VIA_INTERFACES 1u
#define ZTS_DENY_PATH_IS_TYPE 2u

#define ZTS_FUNCTIONS_TYPES(X) \
    /** Declares a type (no members yet); base_type_id/outer_type_id may be 0; *out_type_id > 0. Inside \
     * type_resolve/type_bind or outside JS. */ \
    X(int32_t, zts_type_declare, (zts_domain *domain, const char *full_name, const char *js_name, \
      int32_t base_type_id, int32_t outer_type_id, uint32_t flags, int32_t *out_type_id), ZTS_SHARED) \
    /** Adds one overload candidate of method `name` (static or instance); bridge is the host function id. Only inside \
     * type_bind. */ \
    X(int32_t, zts_type_add_method, (zts_domain *domain, int32_t type_id, const char *name, uint32_t flags, \
      int32_t bridge, int32_t param_count, const zts_param_spec *params), ZTS_SHARED) \
    /** Adds one constructor candidate. Only inside type_bind. */ \
    X(int32_t, zts_type_add_constructor, (zts_domain *domain, int32_t type_id, int32_t bridge, int32_t param_count, \
      const zts_param_spec *params), ZTS_SHARED) \
    /** Adds a property or field as an accessor; setter -1 makes it read-only. Only inside type_bind. */ \
    X(int32_t, zts_type_add_property, (zts_domain *domain, int32_t type_id, const char *name, uint32_t flags, \
      int32_t getter, int32_t setter), ZTS_SHARED) \
    /** Adds array element access for an ZTS_TYPE_ARRAY type (bridges get(index), set(index, value), length). Only inside \
     * type_bind. */ \
    X(int32_t, zts_type_add_array_access, (zts_domain *domain, int32_t type_id, int32_t get_bridge, \
      int32_t set_bridge, int32_t length_bridge), ZTS_SHARED) \
    /** Adds a constant static value (enum members); value is copied. Only inside type_bind. */ \
    X(int32_t, zts_type_add_constant, (zts_domain *domain, int32_t type_id, const char *name, double value), ZTS_SHARED) \
    /** Adds a nested type to a type object: `T.<js_name>` is the type object of nested_type_id. For a closed generic type, \
     * whose nested types a path cannot name (its JS path is its definition's): G<string>.Inner is the closed nested type \
     * G`1+Inner[[System.String]], not the definition the path "NS.G$1.Inner" resolves to. The name is copied. Only inside \
     * type_bind. */ \
    X(int32_t, zts_type_add_nested, (zts_domain *domain, int32_t type_id, const char *js_name, \
      int32_t nested_type_id), ZTS_SHARED) \
    /** Records that type_id implements interface_id (both declared), for overload scoring; at declare time. */ \
    X(int32_t, zts_type_add_interface, (zts_domain *domain, int32_t type_id, int32_t interface_id), ZTS_SHARED) \
    /** Script policy (docs/POLICY.md), at declare time: a member of another type (an interface it implements, a base class) \
     * called with an object of view type_id as `this` throws `zts: access to '<path>.<member>' is not allowed by the \
     * script policy` (`'<path>'` alone with ZTS_DENY_PATH_IS_TYPE) when the member's JS name is one of the override_count \
     * names in overrides, or, with ZTS_DENY_VIA_INTERFACES (the view's type is denied), for every interface member. \
     * Strings are copied. ZTS_ERR_ARGUMENT for an unknown id, an empty path or a bad count. */ \
    X(int32_t, zts_type_deny_this, (zts_domain *domain, int32_t type_id, const char *path, uint32_t flags, \
      int32_t override_count, const char *const *overrides), ZTS_SHARED) \
    /** The JS type object of a declared type (owned); its members are bound on its first use, not here. */ \
    X(int32_t, zts_type_object, (zts_domain *domain, int32_t type_id, zts_value *out), ZTS_SHARED) \
    /** Answers type_resolve: the name is a namespace. */ \
    X(int32_t, zts_type_request_namespace, (zts_type_request *req), ZTS_SHARED) \
    /** Answers type_resolve: the name is the declared type type_id. */ \
    X(int32_t, zts_type_request_type, (zts_type_request *req, int32_t type_id), ZTS_SHARED) \
    /** Adds one type name to a namespace_list answer (copied). */ \
    X(int32_t, zts_type_request_add_name, (zts_type_request *req, const char *js_name), ZTS_SHARED) \
    /** Fails a type_resolve/type_bind with a UTF-8 reason (copied). */ \
    X(int32_t, zts_type_request_fail, (zts_type_request *req, const char *utf8), ZTS_SHARED) \
    /** zts_type_request_fail for a type_bind whose failure is a C# exception: csharp_exception is its exotic (consumed, as \
     * for zts_error_new). The Error the core throws for the failed binding is marked with it, so the host that catches \
     * that Error gets the exception as the TsException's InnerException, with its own type (docs/MARSHAL.md \
     * "[TsMarshalAs"). In an answer to type_resolve or namespace_list the exception is freed unused. */ \
    X(int32_t, zts_type_request_fail_exception, (zts_domain *domain, zts_type_request *req, const char *utf8, \
      zts_value csharp_exception), ZTS_SHARED) \
    /** Pushes the object in registry slot `slot` seen as type_id: the live exotic of that slot (same JS object) or a new \
     * one; *out owned. */ \
    X(int32_t, zts_object_push, (zts_domain *domain, int32_t type_id, int32_t slot, zts_value *out), ZTS_SHARED) \
    /** Copies up to cap registry slots whose exotics JS has released (drained once); returns the count. Domain thread. */ \
    X(int32_t, zts_object_take_released, (zts_domain *domain, int32_t *slots, int32_t cap), ZTS_SHARED) \
    /** The number of released slots zts_object_take_released has not handed out yet (borrowed; an upper bound), for the \
     * host to poll without a call; valid until zts_domain_free, read on the domain thread. Null for a null domain. */ \
    X(const int32_t *, zts_domain_release_counter, (zts_domain *domain), ZTS_SHARED) \
    /** Slot and view type of an exotic (borrowed v); ZTS_ERR_ARGUMENT when v is not a C# object. */ \
    X(int32_t, zts_object_slot, (zts_domain *domain, zts_value v, int32_t *out_slot, int32_t *out_type_id), ZTS_SHARED) \
    /** The type id of a JS type object (borrowed v); ZTS_ERR_ARGUMENT when v is not one. */ \
    X(int32_t, zts_type_id_of, (zts_domain *domain, zts_value v, int32_t *out_type_id), ZTS_SHARED) \
    /** The value in a zts.ref() box (borrowed box); *out owned; ZTS_ERR_ARGUMENT when box is not a ref box. */ \
    X(int32_t, zts_ref_get, (zts_domain *domain, zts_value box, zts_value *out), ZTS_SHARED) \
    /** Stores v (consumed) into a zts.ref() box (borrowed box); ZTS_ERR_ARGUMENT when box is not a ref box. */ \
    X(int32_t, zts_ref_set, (zts_domain *domain, zts_value box, zts_value v), ZTS_SHARED) \
    /** Interns count UTF-8 member names as atoms of the domain (out_atoms[i]), kept until the domain is freed; for \
     * zts_table_new/zts_table_read, which then need no name lookup per call. */ \
    X(int32_t, zts_atoms_intern, (zts_domain *domain, int32_t count, const char *const *names, uint32_t *out_atoms), ZTS_SHARED) \
    /** Makes a plain JS object {atoms[i]: values[i]} (values consumed; atoms from zts_atoms_intern); *out owned. \
     * [TsMarshalAs(Table)] */ \
    X(int32_t, zts_table_new, (zts_domain *domain, int32_t count, const uint32_t *atoms, zts_value *values, \
      zts_value *out), ZTS_SHARED) \
    /** Reads obj[atoms[i]] into out_values[i] (owned; undefined when missing; atoms from zts_atoms_intern); \
     * ZTS_ERR_ARGUMENT when obj is not an object. */ \
    X(int32_t, zts_table_read, (zts_domain *domain, zts_value obj, int32_t count, const uint32_t *atoms, \
      zts_value *out_values), ZTS_SHARED) \
    /** Copies elements [start, start + cap) of JS array arr (borrowed) into out_values (owned; missing ones undefined); \
     * *out_length = arr.length; returns the count copied, ZTS_ERR_ARGUMENT when arr is not an array, ZTS_ERR_JS on a throw. */ \
    X(int32_t, zts_array_read, (zts_domain *domain, zts_value arr, int32_t start, int32_t cap, zts_value *out_values, \
      int32_t *out_length), ZTS_SHARED)

/* ---- struct copies (10-LIFETIME §3.1: the value's bytes in the JS object, no registry slot) ---- */

/** size bytes of zeroed memory that the GC scans conservatively (pointers in it keep their objects alive) until it is
 * given back to the matching zts_rooted_free_fn, 16-byte aligned; null when out of memory. */
typedef void *(*zts_rooted_alloc_fn)(size_t size);
/** Gives back a block of the matching zts_rooted_alloc_fn: the GC no longer scans it. */
typedef void (*zts_rooted_free_fn)(void *block);

#define ZTS_FUNCTIONS_STRUCT_COPIES(X) \
    /** Gives declared struct type_id a copy layout: its values cross as copies of size bytes (<= ZTS_COPY_MAX_SIZE), and \
     * the core reads and writes the listed fields (properties added with zts_type_add_property) on the copy itself, \
     * calling their bridges only for values it cannot convert exactly. flags: ZTS_COPY_SCANNED for a struct that holds \
     * references (ZTS_ERR_ARGUMENT unless rooted memory is set). Strings are copied. Only inside type_bind. */ \
    X(int32_t, zts_type_set_copy_layout, (zts_domain *domain, int32_t type_id, int32_t size, int32_t field_count, \
      const zts_copy_field *fields, int32_t flags), ZTS_SHARED) \
    /** Sets the process's rooted memory (both null: none): copies of ZTS_COPY_SCANNED structs, and the domains' result \
     * buffers, live in 64 KiB chunks of it, so the GC sees the references in their bytes (10-LIFETIME §3.2); a domain that \
     * is gone hands its chunks back, and at most 16 of them (1 MiB) are kept for the next domain, the rest freed. Call it before the first domain is made, on a runtime whose GC does not move objects; replacing it frees the \
     * kept chunks with the free function they came with. ZTS_ERR_ARGUMENT when only one of the two is null. \
     * Native only: the Player runtime sets it at start-up with its GC's fixed memory, which managed code does not have \
     * (GoogleTest Struct_Arena.*, docs/PLAYER.md "Structs that hold references"). */ \
    X(int32_t, zts_struct_set_rooted_memory, (zts_rooted_alloc_fn alloc, zts_rooted_free_fn release), ZTS_NATIVE_ONLY)

/* ---- the Player runtime's table -------------------------------------------------------------------------------- */

/** Version of zts_player_core (checked by the Player runtime: native/player/core_table.h). */
#define ZTS_PLAYER_CORE_VERSION 2

/** The core's functions a Player runtime calls, in one table: the Player runtime compiled into a game by Il2Cpp (the
 * Unity package's Il2Cpp plugin, docs/PLAYER.md) links no symbol of the core, which stays the prebuilt library; C#
 * hands this table over in one call (TsIl2CppAppDomain.InitializeInternal). Each entry is the function it names. */
typedef struct zts_player_core {
    uint32_t size;    /* sizeof(zts_player_core) */
    uint32_t version; /* ZTS_PLAYER_CORE_VERSION */
    void *touserdata; /* the gate's two QuickJS entry points, as zts_gate_imports gives them */
    void *js_throw;
    /** JS_ThrowInternalError(ctx, "%s", message): throws an InternalError into ctx; returns the exception marker. */
    zts_value (*throw_internal_error)(JSContext *ctx, const char *message);
    /** JS_ThrowOutOfMemory(ctx). */
    zts_value (*throw_out_of_memory)(JSContext *ctx);
    int32_t (*object_take_released)(zts_domain *domain, int32_t *slots, int32_t cap);
    const int32_t *(*domain_release_counter)(zts_domain *domain);
    int32_t (*struct_set_rooted_memory)(zts_rooted_alloc_fn alloc, zts_rooted_free_fn release);
} zts_player_core;

#define ZTS_FUNCTIONS_PLAYER(X) \
    /** The Player runtime's table (static: valid for the life of the process); any thread. */ \
    X(const zts_player_core *, zts_player_core_get, (void), ZTS_SHARED) \
    /** Makes a JS struct copy of type_id (which has a copy layout once bound; it is bound here if needed) from the \
     * layout's size bytes at bytes (copied); *out owned. */ \
    X(int32_t, zts_struct_new, (zts_domain *domain, int32_t type_id, const void *bytes, zts_value *out), ZTS_SHARED) \
    /** The bytes of a struct copy (borrowed v; *out valid while v lives); ZTS_ERR_ARGUMENT when v is not one. */ \
    X(int32_t, zts_struct_ref_of, (zts_domain *domain, zts_value v, zts_struct_ref **out), ZTS_SHARED) \
    /** The domain's struct result buffer for ZTS_RESULT_STRUCT_TAG results: bytes holds ZTS_COPY_MAX_SIZE bytes; valid \
     * until zts_domain_free. Null for a null domain. */ \
    X(zts_struct_ref *, zts_domain_struct_result, (zts_domain *domain), ZTS_SHARED) \
    /** Number of live struct copies (JS objects that hold a struct's bytes). */ \
    X(int32_t, zts_struct_live_count, (const zts_domain *domain), ZTS_SHARED) \
    /** Number of live exotics (JS objects that show C# objects). */ \
    X(int32_t, zts_object_live_count, (const zts_domain *domain), ZTS_SHARED)

/* ---- values ----------------------------------------------------------- */

#define ZTS_FUNCTIONS_VALUES(X) \
    /** Creates a JS string from UTF-16 (lone surrogates kept, NULs kept); *out is owned. */ \
    X(int32_t, zts_value_new_string_utf16, (zts_domain *domain, const uint16_t *chars, int32_t len, zts_value *out), ZTS_SHARED) \
    /** Converts v to UTF-16 into a domain buffer valid until the next call; consumes v; returns the char count or \
     * ZTS_ERR_JS. */ \
    X(int32_t, zts_value_take_utf16, (zts_domain *domain, zts_value v, const uint16_t **out_chars), ZTS_SHARED) \
    /** Formats argv as console.log would (String(x) joined by spaces) into a domain UTF-16 buffer; borrowed argv; char \
     * count. */ \
    X(int32_t, zts_values_format, (zts_domain *domain, int32_t argc, const zts_value *argv, \
      const uint16_t **out_chars), ZTS_SHARED) \
    /** Formats argv as console.log does: strings as is, C# objects by their toString, JS objects and arrays in a \
     * short depth- and length-limited form; borrowed argv; UTF-16 in a domain buffer; char count. */ \
    X(int32_t, zts_values_inspect, (zts_domain *domain, int32_t argc, const zts_value *argv, \
      const uint16_t **out_chars), ZTS_SHARED) \
    /** Makes the gated function (host data id `data`) that root prototypes of types bound from now on get as toString. */ \
    X(int32_t, zts_object_set_to_string, (zts_domain *domain, int64_t data), ZTS_SHARED) \
    /** Starts a timer pass at host time now_ms (ms; the clock never moves back); returns the number of timers due. */ \
    X(int32_t, zts_timers_advance, (zts_domain *domain, double now_ms), ZTS_SHARED) \
    /** Runs the next due timer of the pass: 1 ran, 0 none left, ZTS_ERR_JS it threw (zts_domain_error; call again). */ \
    X(int32_t, zts_timers_run_next, (zts_domain *domain), ZTS_SHARED) \
    /** Number of pending setTimeout/setInterval timers (tests); 0 for a null domain. */ \
    X(int32_t, zts_timers_count, (const zts_domain *domain), ZTS_SHARED) \
    /** A new pending Promise (*out_promise owned) and the token that settles it with zts_promise_settle. */ \
    X(int32_t, zts_promise_new, (zts_domain *domain, zts_value *out_promise, int32_t *out_token), ZTS_SHARED) \
    /** Fulfills (fulfilled != 0) or rejects the Promise of token with value (consumed); the token is used up. */ \
    X(int32_t, zts_promise_settle, (zts_domain *domain, int32_t token, int32_t fulfilled, zts_value value), ZTS_SHARED) \
    /** Watches v (borrowed) through Promise.resolve(v).then: its settlement is queued under the host's token. */ \
    X(int32_t, zts_promise_watch, (zts_domain *domain, zts_value v, int32_t token), ZTS_SHARED) \
    /** Takes the oldest settlement: 0 none, 1 fulfilled (*out_value owned), 2 rejected (reason in zts_domain_error). */ \
    X(int32_t, zts_promise_take_settled, (zts_domain *domain, int32_t *out_token, zts_value *out_value), ZTS_SHARED) \
    /** Releases an owned value; values without a reference count are ignored. */ \
    X(void, zts_value_free, (zts_domain *domain, zts_value v), ZTS_SHARED) \
    /** Creates the Error that a failing gated callback returns: message and csharpStack are UTF-16; csharp_exception \
     * (consumed; undefined for none) is the exotic of the C# exception it stands for, reported back as \
     * zts_error_info.exception_slot when the Error reaches the host again; *out is owned. */ \
    X(int32_t, zts_error_new, (zts_domain *domain, const uint16_t *message, int32_t message_len, \
      const uint16_t *csharp_stack, int32_t stack_len, zts_value csharp_exception, zts_value *out), ZTS_SHARED) \
    /** What a failing gated callback returns to rethrow the JS value held by ref (a zts_error_info.thrown_ref, still \
     * owned by the caller): the value itself when it is an object, else a box the gate's throw unwraps; *out owned; \
     * ZTS_ERR_INVALID_REF when ref is free. */ \
    X(int32_t, zts_error_rethrow_value, (zts_domain *domain, int32_t ref, zts_value *out), ZTS_SHARED)

/* ---- the lists (docs/C_ABI.md "One list": the managed P/Invokes, the export, guard and layout checks and the
   Windows export list are made from them) ---------------------------------------------------------------------- */

/* Every export, X(return type, name, (parameters), managed): managed is ZTS_SHARED (a P/Invoke of ZtsNative in
   ZTS.Shared), ZTS_COMMON (of ZtsCommonNative in ZTS.Common, which references no other ZTS assembly) or
   ZTS_NATIVE_ONLY (no P/Invoke; its comment says "Native only:" and why). The declarations below are made from it. */
#define ZTS_FUNCTIONS(X) \
    ZTS_FUNCTIONS_PROCESS(X) \
    ZTS_FUNCTIONS_DOMAIN(X) \
    ZTS_FUNCTIONS_DEBUGGER(X) \
    ZTS_FUNCTIONS_RELEASES(X) \
    ZTS_FUNCTIONS_MODULES(X) \
    ZTS_FUNCTIONS_FUNCTIONS(X) \
    ZTS_FUNCTIONS_TYPES(X) \
    ZTS_FUNCTIONS_STRUCT_COPIES(X) \
    ZTS_FUNCTIONS_PLAYER(X) \
    ZTS_FUNCTIONS_VALUES(X)

#define ZTS_DECLARE_FUNCTION(ret, name, params, managed) ZTS_API ret name params;
ZTS_FUNCTIONS(ZTS_DECLARE_FUNCTION)

/* The structs the managed side mirrors with a sequential layout, X(struct, its field list). zts_value is a union (its
   layout: the comment at the top, pinned in tests/native/abi/abi_layout_test.cpp). */
#define ZTS_STRUCTS(X) \
    X(zts_host_callbacks, ZTS_HOST_CALLBACKS_FIELDS) \
    X(zts_param_spec, ZTS_PARAM_SPEC_FIELDS) \
    X(zts_struct_ref, ZTS_STRUCT_REF_FIELDS) \
    X(zts_copy_field, ZTS_COPY_FIELD_FIELDS) \
    X(zts_error_info, ZTS_ERROR_INFO_FIELDS)

/* Every integer constant of this header, X(name): the managed copies are checked against their values
   (tests/managed/MirrorTests.cs), and the generator fails the build on a ZTS_ constant missing here
   (tools/abi/gen_abi.js). */
#define ZTS_CONSTANTS(X) \
    X(ZTS_ABI_VERSION) X(ZTS_PLAYER_CORE_VERSION) \
    X(ZTS_CALLBACK_ERROR_SENTINEL) X(ZTS_RESULT_PUSH_TAG) X(ZTS_RESULT_PUSH_VIEW_SHIFT) X(ZTS_RESULT_STRUCT_TAG) \
    X(ZTS_STRUCT_REF_TAG) \
    X(ZTS_COPY_FIELD_I1) X(ZTS_COPY_FIELD_U1) X(ZTS_COPY_FIELD_I2) X(ZTS_COPY_FIELD_U2) X(ZTS_COPY_FIELD_I4) \
    X(ZTS_COPY_FIELD_U4) X(ZTS_COPY_FIELD_I8) X(ZTS_COPY_FIELD_U8) X(ZTS_COPY_FIELD_R4) X(ZTS_COPY_FIELD_R8) \
    X(ZTS_COPY_FIELD_STRUCT) X(ZTS_COPY_MAX_SIZE) X(ZTS_COPY_SCANNED) \
    X(ZTS_TAG_OBJECT) X(ZTS_TAG_STRING_ROPE) X(ZTS_TAG_STRING) X(ZTS_TAG_INT) X(ZTS_TAG_BOOL) X(ZTS_TAG_NULL) \
    X(ZTS_TAG_UNDEFINED) X(ZTS_TAG_EXCEPTION) X(ZTS_TAG_FLOAT64) \
    X(ZTS_OK) X(ZTS_ERR_JS) X(ZTS_ERR_MODULE_LOAD) X(ZTS_ERR_NO_EXPORT) X(ZTS_ERR_NOT_CALLABLE) X(ZTS_ERR_INVALID_REF) \
    X(ZTS_ERR_ARGUMENT) X(ZTS_ERR_NO_GATE) X(ZTS_ERR_NO_HOST) X(ZTS_ERR_VERSION) X(ZTS_ERR_OUT_OF_MEMORY) \
    X(ZTS_KIND_UNDEFINED) X(ZTS_KIND_NULL) X(ZTS_KIND_BOOL) X(ZTS_KIND_INT) X(ZTS_KIND_FLOAT) X(ZTS_KIND_STRING) \
    X(ZTS_KIND_OBJECT) X(ZTS_KIND_FUNCTION) X(ZTS_KIND_JSOBJECT) X(ZTS_KIND_REF) X(ZTS_KIND_ARRAY) X(ZTS_KIND_ANY) \
    X(ZTS_TYPE_STATIC) X(ZTS_TYPE_INTERFACE) X(ZTS_TYPE_ABSTRACT) X(ZTS_TYPE_ARRAY) X(ZTS_TYPE_ENUM) \
    X(ZTS_TYPE_GENERIC_DEF) X(ZTS_TYPE_DELEGATE) X(ZTS_TYPE_ENUMERABLE) X(ZTS_TYPE_ENUMERABLE_VIA_INTERFACE) \
    X(ZTS_MEMBER_STATIC) X(ZTS_DENY_VIA_INTERFACES) X(ZTS_DENY_PATH_IS_TYPE) \
    X(ZTS_FILE_NONE) X(ZTS_FILE_REGULAR) X(ZTS_FILE_DIRECTORY) X(ZTS_FILE_OTHER)

#ifdef __cplusplus
}
#endif

#endif /* ZTS_ZTS_H */
