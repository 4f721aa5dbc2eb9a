// Domain creation and teardown (10-LIFETIME §7: drain -> registries -> context/runtime).
#include "clr/classes.h"
#include "clr/namespace_tree.h"
#include "clr/ref_box.h"
#include "errors/identity.h"
#include "globals/reset_hooks.h"
#include "globals/zts_global.h"
#include "host/gated_function.h"
#include "modules/loader.h"
#include "runtime/domain_lifecycle.h"

#include "inspector_seam.h"
#include "runtime/release_queue.h"
#include "runtime/script_limits.h"
#include "runtime/thread_stack.h"
#include "runtime/trampoline.h"
#include "stacks/backtrace_hook.h"

#include <atomic>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace zts
{
namespace
{

std::atomic<uint32_t> g_next_domain_id{1};

// Records unhandled rejections (and forgets them when a handler is attached later); the host reports them.
void track_rejection(JSContext *ctx, JSValueConst promise, JSValueConst reason, JS_BOOL is_handled, void *opaque)
{
    auto *d = static_cast<zts_domain *>(opaque);
    void *id = JS_VALUE_GET_PTR(promise);
    if (is_handled) {
        d->rejections.handled(id);
        return;
    }
    if (JS_IsUncatchableError(ctx, reason)) {
        return; // an interrupt: the interrupted call reports it
    }
    std::string text;
    JSValue stack = JS_IsError(ctx, reason) ? JS_GetPropertyStr(ctx, reason, "stack") : JS_UNDEFINED;
    for (JSValueConst part : {reason, static_cast<JSValueConst>(stack)}) {
        if (JS_IsUndefined(part)) {
            continue;
        }
        const char *s = JS_ToCString(ctx, part);
        if (s == nullptr) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            continue;
        }
        text += (text.empty() ? "" : "\n") + std::string(s);
        JS_FreeCString(ctx, s);
    }
    JS_FreeValue(ctx, stack);
    map_stack_for_host(d, text);
    d->rejections.add(id, JS_IsObject(reason) ? JS_VALUE_GET_PTR(reason) : nullptr, std::move(text));
}

} // namespace

zts_domain *domain_create(void *host, void *gate)
{
    auto *d = new zts_domain();
    d->id = g_next_domain_id.fetch_add(1);
    d->host = host;
    d->gate = gate;
    d->rt = JS_NewRuntime2(&counting_malloc_functions(), &d->allocations);
    if (d->rt == nullptr) {
        delete d;
        return nullptr;
    }
    JS_SetRuntimeOpaque(d->rt, d);
    d->structs.set_counter(&d->allocations);
    // QuickJS's 1 MiB default overflows a smaller thread natively before any RangeError (a 512 KB thread died with
    // "Stack overflow in unmanaged"): the default is what the creating thread's stack leaves (thread_stack.h).
    size_t room = thread_max_js_stack();
    if (room != 0 && room < k_default_js_stack) {
        JS_SetMaxStackSize(d->rt, room);
    }
    JS_SetHostPromiseRejectionTracker(d->rt, hook<track_rejection>, d);
    install_backtrace_hook(d);
    register_gate_pointer_class(d->rt);
    register_clr_classes(d->rt);
    register_namespace_class(d->rt);
    register_ref_class(d->rt);
    register_opaque_class(d->rt);
    register_thrown_box_class(d->rt);
    d->ctx = JS_NewContext(d->rt);
    if (d->ctx == nullptr) {
        JS_FreeRuntime(d->rt);
        delete d;
        return nullptr;
    }
    JS_SetContextOpaque(d->ctx, d);
    d->clr.length_atom = JS_NewAtom(d->ctx, "length");
    install_module_loader(d);
    d->gate_entry = make_gate_entry(d);
    if (JS_IsException(d->gate_entry) || !d->intrinsics.take(d->ctx) || !install_zts_global(d) || !install_csharp_global(d) ||
        !install_exception_mark(d)) {
        JS_FreeValue(d->ctx, JS_GetException(d->ctx));
        domain_destroy(d);
        return nullptr;
    }
    release_queue_open(d->id);
    script_limits_open(d);
    return d;
}

int32_t domain_drain_releases(zts_domain *d)
{
    if (d->call_depth > 0) {
        return 0; // a queued function may be running; drained by the next call outside JS
    }
    int32_t released = 0;
    for (int32_t ref : release_queue_take(d->id)) {
        if (d->refs.release(d->ctx, ref)) {
            released++;
        }
    }
    return released;
}

int64_t domain_destroy(zts_domain *d)
{
    // Drain: nothing reaches d from outside, and the releases queued for it run.
    script_limits_close(d); // no interrupt reaches d from here on
    if (d->debugger != nullptr) {
        // First: it holds references to the domain's values, and its hook must not run during teardown.
        d->debugger->close();
        delete d->debugger;
        d->debugger = nullptr;
    }
    d->call_depth = 0;
    domain_drain_releases(d);
    release_queue_close(d->id);
    // Registries: each owner frees what it holds, before the context.
    d->error.thrown_ref = 0; // freed with the refs
    d->refs.clear(d->ctx);
    d->reset_hooks.clear(d->ctx);
    d->timers.clear(d->ctx);
    d->promises.clear(d->ctx);
    d->intrinsics.clear(d->ctx);
    d->types.clear(d->ctx);
    d->opaque.clear(d->ctx);
    d->table_models.clear(d->ctx);
    free_gate_entry(d);
    d->clr.clear(d->ctx);
    d->exception_marks.clear(d->ctx);
    // The context and the runtime.
    JS_FreeContext(d->ctx);
    JS_FreeRuntime(d->rt); // QuickJS asserts that no GC object is left
    auto leaked = static_cast<int64_t>(d->allocations.live_bytes);
    delete d;
#if defined(__GLIBC__)
    // glibc keeps freed heap pages (a script's big arrays come from brk once the mmap threshold has
    // grown) until trimmed; a Reset gives the old domain's memory back to the OS.
    malloc_trim(0);
#endif
    return leaked;
}

} // namespace zts
