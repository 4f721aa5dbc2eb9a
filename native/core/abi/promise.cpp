// C ABI: promises that stand for C# tasks, in both directions (docs/EVERYDAY.md).
#include "abi/guard.h"
#include "runtime/script_scope.h"
#include "runtime/domain.h"
#include "globals/promises.h"
#include "host/value_cast.h"

using namespace zts;

extern "C" {

int32_t zts_promise_new(zts_domain *domain, zts_value *out_promise, int32_t *out_token)
try {
    if (domain == nullptr || out_promise == nullptr || out_token == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_promise = from_js(JS_UNDEFINED);
    JSValue promise;
    int32_t rc = promise_new(domain, &promise, out_token);
    if (rc == ZTS_OK) {
        *out_promise = from_js(promise);
    }
    return rc;
}
ZTS_ABI_CATCH

int32_t zts_promise_settle(zts_domain *domain, int32_t token, int32_t fulfilled, zts_value value)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    ScriptScope scope(domain); // resolving with a thenable reads its `then` (script_scope.h)
    return promise_settle(domain, token, fulfilled != 0, to_js(value));
}
ZTS_ABI_CATCH

int32_t zts_promise_watch(zts_domain *domain, zts_value v, int32_t token)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    ScriptScope scope(domain); // Promise.resolve reads a thenable's `then` and the value's `constructor`
    return promise_watch(domain, to_js(v), token);
}
ZTS_ABI_CATCH

int32_t zts_promise_take_settled(zts_domain *domain, int32_t *out_token, zts_value *out_value)
try {
    if (domain == nullptr || out_token == nullptr || out_value == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_value = from_js(JS_UNDEFINED);
    if (domain->promises.settled.empty()) {
        return 0;
    }
    SettledPromise s = domain->promises.settled.front();
    domain->promises.settled.pop_front();
    *out_token = s.token;
    if (s.fulfilled) {
        *out_value = from_js(s.value);
        return 1;
    }
    JS_Throw(domain->ctx, s.value); // the reason, described like a thrown value in zts_domain_error
    capture_exception(domain, ZTS_ERR_JS);
    return 2;
}
ZTS_ABI_CATCH

} // extern "C"
