// C ABI: domains: their lifetime, errors, limits, jobs, released refs, struct results and reset hooks.
#include "abi/guard.h"
#include "clr/struct_copies.h"
#include "runtime/script_scope.h"
#include "runtime/domain_lifecycle.h"
#include "runtime/release_queue.h"
#include "globals/reset_hooks.h"
#include "runtime/script_limits.h"
#include "host/string_codec.h"

using namespace zts;

extern "C" {

zts_domain *zts_domain_new(void *host, void *callback_gate)
try {
    return domain_create(host, callback_gate);
}
ZTS_ABI_CATCH_RETURN(nullptr)

int64_t zts_domain_free(zts_domain *domain)
try {
    if (domain == nullptr) {
        return 0;
    }
    return domain_destroy(domain);
}
ZTS_ABI_CATCH_RETURN(-1)

uint32_t zts_domain_id(const zts_domain *domain)
try {
    return domain != nullptr ? domain->id : 0;
}
ZTS_ABI_CATCH_RETURN(0u)

JSContext *zts_domain_context(const zts_domain *domain)
try {
    return domain != nullptr ? domain->ctx : nullptr;
}
ZTS_ABI_CATCH_RETURN(nullptr)

int32_t zts_domain_error(zts_domain *domain, zts_error_info *out)
try {
    if (domain == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    ErrorReport &e = domain->error;
    out->status = e.status;
    out->message = e.message.c_str();
    out->message_len = static_cast<int32_t>(e.message.size());
    out->stack = e.stack.c_str();
    out->stack_len = static_cast<int32_t>(e.stack.size());
    out->name = e.name.c_str();
    out->name_len = static_cast<int32_t>(e.name.size());
    out->specifier = e.specifier.c_str();
    out->specifier_len = static_cast<int32_t>(e.specifier.size());
    out->importer = e.importer.c_str();
    out->importer_len = static_cast<int32_t>(e.importer.size());
    out->thrown_ref = e.thrown_ref;
    out->exception_slot = e.exception_slot;
    e.thrown_ref = 0; // the caller owns it now
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_set_enumerator_step(zts_domain *domain, int32_t bridge)
try {
    if (domain == nullptr || bridge < -1) {
        return ZTS_ERR_ARGUMENT;
    }
    domain->clr.enumerator_step = bridge;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_call_depth(const zts_domain *domain)
try {
    return domain != nullptr ? domain->call_depth : 0;
}
ZTS_ABI_CATCH_RETURN(0)

int32_t zts_domain_ref_count(const zts_domain *domain)
try {
    return domain != nullptr ? domain->refs.live() : 0;
}
ZTS_ABI_CATCH_RETURN(0)

int32_t zts_domain_run_jobs(zts_domain *domain)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->call_depth > 0) {
        return 0; // jobs run only when no JS is on the stack (one could re-enter a module that is evaluating)
    }
    trim_scratch(domain->scratch16); // the frame pump: what the host read last frame is no longer needed
    // Jobs run JS: while they do, releases wait and a Reset is refused (script_scope.h).
    ScriptScope scope(domain);
    return run_jobs(domain);
}
ZTS_ABI_CATCH

int32_t zts_domain_take_rejection(zts_domain *domain, const uint16_t **out_chars)
try {
    if (domain == nullptr || out_chars == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->rejections.size() == 0) {
        return 0;
    }
    std::string text;
    domain->rejections.take(text);
    utf8_to_utf16(text.data(), text.size(), domain->scratch16);
    *out_chars = reinterpret_cast<const uint16_t *>(domain->scratch16.data());
    return static_cast<int32_t>(domain->scratch16.size());
}
ZTS_ABI_CATCH

int32_t zts_domain_gc(zts_domain *domain)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    JS_RunGC(domain->rt);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_interrupt(uint32_t domain_id)
try {
    return request_interrupt(domain_id) ? ZTS_OK : ZTS_ERR_ARGUMENT;
}
ZTS_ABI_CATCH_RETURN(ZTS_ERR_ARGUMENT) // std::mutex::lock failed

int32_t zts_domain_set_call_budget(zts_domain *domain, int64_t budget_us)
try {
    if (domain == nullptr || budget_us < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    domain->limits.budget_us = budget_us;
    if (domain->call_depth > 0 && budget_us > 0) {
        start_budget(domain); // set inside a call: the rest of this call gets the budget
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_set_memory_limit(zts_domain *domain, int64_t bytes)
try {
    if (domain == nullptr || bytes < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    JS_SetMemoryLimit(domain->rt, bytes == 0 ? static_cast<size_t>(-1) : static_cast<size_t>(bytes));
    domain->allocations.limit = bytes == 0 ? SIZE_MAX : static_cast<size_t>(bytes); // struct copies count too
    domain->limits.memory_limit = bytes; // zts_array_read refuses a length the heap could not hold
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_set_stack_size(zts_domain *domain, int64_t bytes)
try {
    if (domain == nullptr || bytes < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    JS_SetMaxStackSize(domain->rt, static_cast<size_t>(bytes));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_set_job_limit(zts_domain *domain, int32_t max_jobs)
try {
    if (domain == nullptr || max_jobs < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    domain->limits.job_limit = max_jobs;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_domain_drain_releases(zts_domain *domain)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return domain_drain_releases(domain);
}
ZTS_ABI_CATCH

const int32_t *zts_domain_release_counter(zts_domain *domain)
try {
    return domain == nullptr ? nullptr : domain->slots.pending_counter();
}
ZTS_ABI_CATCH_RETURN(nullptr)

zts_struct_ref *zts_domain_struct_result(zts_domain *domain)
try {
    return domain != nullptr ? domain->structs.result() : nullptr;
}
ZTS_ABI_CATCH_RETURN(nullptr)

int32_t zts_domain_reset_hook_count(const zts_domain *domain)
try {
    return domain != nullptr ? static_cast<int32_t>(domain->reset_hooks.size()) : 0;
}
ZTS_ABI_CATCH_RETURN(0)

int32_t zts_domain_run_reset_hook(zts_domain *domain, int32_t index)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return run_reset_hook(domain, index);
}
ZTS_ABI_CATCH

} // extern "C"
