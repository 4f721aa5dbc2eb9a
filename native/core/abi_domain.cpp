// C ABI: domains and the deferred-release queue.
#include "abi_guard.h"
#include "domain_lifecycle.h"
#include "release_queue.h"
#include "string_codec.h"

using namespace zts;

extern "C" {

zts_domain *zts_domain_new(void *host, void *callback_gate)
{
    try {
        return domain_create(host, callback_gate);
    } catch (...) {
        return nullptr;
    }
}

int64_t zts_domain_free(zts_domain *domain)
{
    if (domain == nullptr) {
        return 0;
    }
    try {
        return domain_destroy(domain);
    } catch (...) {
        return -1;
    }
}

uint32_t zts_domain_id(const zts_domain *domain)
{
    return domain != nullptr ? domain->id : 0;
}

JSContext *zts_domain_context(const zts_domain *domain)
{
    return domain != nullptr ? domain->ctx : nullptr;
}

int32_t zts_domain_error(zts_domain *domain, zts_error_info *out)
{
    if (domain == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    const ErrorReport &e = domain->error;
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
    return ZTS_OK;
}

int32_t zts_domain_set_enumerator_step(zts_domain *domain, int32_t bridge)
{
    if (domain == nullptr || bridge < -1) {
        return ZTS_ERR_ARGUMENT;
    }
    domain->enumerator_step = bridge;
    return ZTS_OK;
}

int32_t zts_domain_call_depth(const zts_domain *domain)
{
    return domain != nullptr ? domain->call_depth : 0;
}

int32_t zts_domain_ref_count(const zts_domain *domain)
{
    return domain != nullptr ? domain->refs.live() : 0;
}

int32_t zts_domain_run_jobs(zts_domain *domain)
{
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    // Jobs run JS: while they do, releases wait and a Reset is refused (call_depth > 0).
    domain->call_depth++;
    int32_t rc = abi_guard([&]() -> int32_t {
        int32_t ran = 0;
        JSContext *job_ctx = nullptr;
        while (JS_IsJobPending(domain->rt)) {
            if (JS_ExecutePendingJob(domain->rt, &job_ctx) < 0) {
                return capture_exception(domain, ZTS_ERR_JS);
            }
            ran++;
        }
        return ran;
    });
    domain->call_depth--;
    return rc;
}

int32_t zts_domain_take_rejection(zts_domain *domain, const uint16_t **out_chars)
{
    if (domain == nullptr || out_chars == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->rejections.empty()) {
        return 0;
    }
    return abi_guard([&]() -> int32_t {
        std::string text = std::move(domain->rejections.front().second);
        domain->rejections.erase(domain->rejections.begin());
        utf8_to_utf16(text.data(), text.size(), domain->scratch16);
        *out_chars = reinterpret_cast<const uint16_t *>(domain->scratch16.data());
        return static_cast<int32_t>(domain->scratch16.size());
    });
}

int32_t zts_domain_gc(zts_domain *domain)
{
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    JS_RunGC(domain->rt);
    return ZTS_OK;
}

void zts_release_enqueue(uint32_t domain_id, int32_t ref)
{
    try {
        release_queue_push(domain_id, ref);
    } catch (...) {
        // Out of memory on a finalizer thread: the ref is freed at teardown instead.
    }
}

int32_t zts_domain_drain_releases(zts_domain *domain)
{
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t { return domain_drain_releases(domain); });
}

} // extern "C"
