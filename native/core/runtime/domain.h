// The domain: one JSRuntime with one main JSContext (10-LIFETIME §6), and the
// per-domain state the C ABI works on.
#pragma once

#include "clr/object_slots.h"
#include "clr/opaque_scope.h"
#include "clr/shared_state.h"
#include "clr/struct_copies.h"
#include "clr/table_models.h"
#include "clr/type_registry.h"
#include "errors/identity.h"
#include "errors/rejection_list.h"
#include "errors/report.h"
#include "globals/promises.h"
#include "globals/reset_hooks.h"
#include "globals/timers.h"
#include "modules/loader_state.h"
#include "modules/table.h"
#include "quickjs.h"
#include "runtime/counting_allocator.h"
#include "runtime/function_refs.h"
#include "runtime/intrinsics.h"
#include "runtime/script_limits_state.h"
#include "stacks/source_maps.h"
#include "zts/zts.h"

#include <cstdint>
#include <string>

namespace zts
{
class InspectorSession;
}

/// The opaque domain handle of the C ABI. Its state is grouped by owner: each member below the call-path fields is
/// one subsystem's state, which that subsystem frees itself (a clear(JSContext *) or its destructor), and
/// domain_destroy (runtime/domain.cpp) calls those in the teardown order of 10-LIFETIME §7.
///
/// Layout: the fields the call paths touch come first. A C# -> JS call (zts_function_call) reads ctx, refs,
/// call_depth, limits (begin_outermost_call) and loader.failure; a JS -> C# call (invoke_bridge) reads gate, ctx,
/// gate_entry and limits (check_host_call). The first cache line holds id..refs as before; call_depth, gate_entry
/// and the limits' first fields share the second. Nothing large may go between them (the allocation counter's
/// ~200-byte cache there cost each C# -> JS call ~1.5 ns).
struct zts_domain {
    // --- the call paths ---
    uint32_t id = 0;                    ///< process-unique, never reused
    void *host = nullptr;               ///< host cookie passed back to callbacks
    void *gate = nullptr;               ///< JSCFunctionData entry of the callback gate, or nullptr
    JSRuntime *rt = nullptr;            ///< owned
    JSContext *ctx = nullptr;           ///< owned; the domain's only context
    zts::FunctionRefs refs;             ///< functions held by host delegates
    int32_t call_depth = 0;             ///< nesting of script scopes (runtime/script_scope.h)
    /// Owned: gate data[0], the host_call entry pointer object (host/gated_function.h, freed by free_gate_entry).
    JSValue gate_entry = JS_UNDEFINED;
    zts::ScriptLimits limits;           ///< interrupt, call budget, memory and job limits (runtime/script_limits.h)
    zts::LoaderState loader;            ///< the module loader's pending importer and last failure (modules/loader.h)

    // --- owners, each freeing its own state ---
    zts::ErrorReport error;             ///< last failure (errors/report.h); its thrown value is freed with refs
    std::u16string scratch16;           ///< buffer behind zts_value_take_utf16 / zts_values_format
    zts::TypeRegistry types;            ///< CLR types shown to JS
    zts::ObjectSlots slots;             ///< live exotics per host registry slot
    zts::StructCopies structs;          ///< struct copies' payloads and the bridges' struct result buffer
    zts::OpaqueSlots opaque;            ///< values behind the opaque handles of the calls in progress
    zts::TableModels table_models;      ///< model objects of zts_table_new, one per member list
    zts::ClrShared clr;                 ///< atoms, iterators and toString the CLR classes share (clr/shared_state.h)
    zts::RejectionList rejections;      ///< unhandled rejections, oldest first
    zts::SourceMaps source_maps;        ///< source maps of loaded modules, read by the backtrace hook
    zts::ModuleTable modules;           ///< open loads, compiled modules, unusable ones (re-entry guard)
    zts::ExceptionMarks exception_marks; ///< WeakMap Error -> C# exception exotic (errors/identity.h)
    zts::ResetHooks reset_hooks;        ///< zts.on_reset functions (globals/reset_hooks.h)
    zts::Timers timers;                 ///< setTimeout/setInterval, run by the host's frame pump (docs/EVERYDAY.md)
    zts::Promises promises;             ///< promises of C# tasks and watched JS promises
    zts::Intrinsics intrinsics;         ///< the Error and Promise functions the core calls (runtime/intrinsics.h)
    zts::InspectorSession *debugger = nullptr; ///< owned; the script inspector when zts_debugger_start ran (inspector_seam.h)
    std::string debugger_url;           ///< buffer behind zts_debugger_url
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

} // namespace zts
