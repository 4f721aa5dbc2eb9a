// The domain: one JSRuntime with one main JSContext (10-LIFETIME §6), and the
// per-domain state the C ABI works on.
#pragma once

#include "runtime/counting_allocator.h"
#include "runtime/function_refs.h"
#include "modules/table.h"
#include "clr/object_slots.h"
#include "clr/opaque_scope.h"
#include "globals/promises.h"
#include "errors/rejection_list.h"
#include "quickjs.h"
#include "stacks/source_maps.h"
#include "clr/table_models.h"
#include "globals/timers.h"
#include "clr/type_registry.h"
#include "zts/zts.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace zts
{

/// What zts_domain_error reports; strings are UTF-8 and owned here.
struct ErrorReport {
    int32_t status = ZTS_OK; ///< the zts_status of the failed call
    std::string message;     ///< Error.message or String(thrown)
    std::string stack;       ///< Error.stack, or ""
    std::string name;        ///< Error.name, or "" for non-Error values
    std::string specifier;   ///< module that failed to load (ZTS_ERR_MODULE_LOAD)
    std::string importer;    ///< module that imported it ("" for the host)
    void *thrown = nullptr;  ///< identity of the thrown object (not owned; only compared), or nullptr
    int32_t thrown_ref = 0;  ///< ref (in refs) to the thrown value, until zts_domain_error hands it over; 0: none
    int32_t exception_slot = -1; ///< registry slot of the C# exception a marked Error was made for, or -1
};

/// The last host-loader failure, to classify the exception that reaches the host.
struct LoadFailure {
    void *error_object = nullptr; ///< identity of the Error thrown for it (not owned)
    std::string specifier;        ///< canonical specifier that failed
    std::string importer;         ///< canonical importer ("" for the host)
};

} // namespace zts

/// The opaque domain handle of the C ABI.
struct zts_domain {
    uint32_t id = 0;                    ///< process-unique, never reused
    void *host = nullptr;               ///< host cookie passed back to callbacks
    void *gate = nullptr;               ///< JSCFunctionData entry of the callback gate, or nullptr
    JSRuntime *rt = nullptr;            ///< owned
    JSContext *ctx = nullptr;           ///< owned; the domain's only context
    zts::FunctionRefs refs;             ///< functions held by host delegates
    zts::ErrorReport error;             ///< last failure
    zts::LoadFailure load_failure;      ///< last host-loader failure
    std::string pending_importer_name;  ///< canonical name produced by the last normalize
    std::string pending_importer;       ///< importer of pending_importer_name
    std::u16string scratch16;           ///< buffer behind zts_value_take_utf16 / zts_values_format
    int32_t call_depth = 0;             ///< nesting of zts_function_call
    zts::TypeRegistry types;            ///< CLR types shown to JS
    zts::ObjectSlots slots;             ///< live exotics per host registry slot
    zts::OpaqueSlots opaque;            ///< values behind the opaque handles of the calls in progress
    zts::TableModels table_models;      ///< model objects of zts_table_new, one per member list
    JSValue gate_entry = JS_UNDEFINED;  ///< owned: gate data[0], the host_call entry pointer object
    int32_t enumerator_step = -1;       ///< host bridge of the batched MoveNext + Current (-1: none; zts_domain_set_enumerator_step)
    JSValue enumerable_iterators = JS_UNDEFINED; ///< owned: [direct, via IEnumerable] [Symbol.iterator] functions of ZTS_TYPE_ENUMERABLE prototypes, made on first use
    JSAtom length_atom = JS_ATOM_NULL;  ///< owned: "length", compared by the C# array exotic's get hook
    zts::RejectionList rejections;      ///< unhandled rejections, oldest first
    std::vector<JSAtom> interned_atoms; ///< owned: zts_atoms_intern's atoms (Table member names), freed at teardown
    zts::SourceMaps source_maps;        ///< source maps of loaded modules, read by the backtrace hook
    zts::ModuleTable modules;           ///< open loads, compiled modules, unusable ones (re-entry guard)
    std::atomic<bool> interrupt_requested{false}; ///< set by zts_domain_interrupt (any thread); cleared per outermost call
    int32_t interrupt_cause = 0;        ///< zts::InterruptCause of the current outermost call
    int64_t budget_us = 0;              ///< time budget of each outermost call (0: none)
    int64_t deadline_us = 0;            ///< steady-clock end of the current outermost call's budget
    int32_t job_limit = 10000;          ///< Promise jobs run per drain at most (0: no limit)
    JSValue csharp_exception_marks = JS_UNDEFINED;     ///< owned: WeakMap Error -> C# exception exotic (errors/identity.h)
    JSValue csharp_exception_marks_get = JS_UNDEFINED; ///< owned: that map's original get
    JSValue csharp_exception_marks_set = JS_UNDEFINED; ///< owned: that map's original set
    int64_t memory_limit = 0;           ///< JS heap limit in bytes (0: none; zts_domain_set_memory_limit)
    std::vector<JSValue> reset_hooks;   ///< owned: zts.on_reset functions, in registration order (reset_hooks.h)
    bool reset_hooks_started = false;   ///< the host ran a reset hook: zts.on_reset throws from then on
    zts::Timers timers;                 ///< setTimeout/setInterval, run by the host's frame pump (issue 12)
    zts::Promises promises;             ///< promises of C# tasks and watched JS promises (issue 12)
    JSValue object_to_string = JS_UNDEFINED; ///< owned: gated `toString` of root prototypes, or undefined (issue 12)
    /// Owned: the intrinsics the core's Error and Promise machinery calls, taken before any script ran, so a script
    /// that replaces the global `Error`, `Promise`, `Promise.resolve` or `Promise.prototype.then` does not run its
    /// own code where the core makes an Error (new_error) or watches a promise (promise_watch).
    JSValue intrinsic_error = JS_UNDEFINED;
    JSValue intrinsic_promise = JS_UNDEFINED;
    JSValue intrinsic_promise_resolve = JS_UNDEFINED;
    JSValue intrinsic_promise_then = JS_UNDEFINED;
    /// Counts the runtime's memory and caches its freed small blocks; outlives rt. Last, so that its cache (~200 bytes)
    /// does not sit between the fields every call reads (gate, rt, ctx, refs): there it cost each C# -> JS call ~1.5 ns.
    zts::AllocationCounter allocations;
};

namespace zts
{

/// The domain whose context is ctx (set as the context opaque).
inline zts_domain *domain_of(JSContext *ctx)
{
    return static_cast<zts_domain *>(JS_GetContextOpaque(ctx));
}

/// Takes the pending exception of d's context into d->error with status (the thrown value held as
/// d->error.thrown_ref); returns status.
int32_t capture_exception(zts_domain *d, int32_t status);

/// The JS kind of v for error texts: "number", "string", "bigint", "symbol", "function", "object", ...
const char *js_kind(JSContext *ctx, JSValueConst v);

/// Records a host-side failure (no JS exception) in d->error; returns status.
int32_t report_failure(zts_domain *d, int32_t status, const std::string &message);

/// Makes `new Error(message)` (message UTF-8, with the current JS stack); owned, or JS_EXCEPTION.
JSValue new_error(JSContext *ctx, const std::string &message);

/// Throws `Error(message)` into ctx (message UTF-8); returns JS_EXCEPTION.
JSValue throw_error(JSContext *ctx, const std::string &message);


} // namespace zts
