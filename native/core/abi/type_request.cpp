// C ABI: the host's answer to a type request (a namespace, a type, names, or a failure).
#include "abi/guard.h"
#include "clr/classes.h"
#include "clr/type_request.h"
#include "host/value_cast.h"

#include <string>

using namespace zts;

namespace
{

std::string text(const char *s)
{
    return s != nullptr ? std::string(s) : std::string();
}

} // namespace

extern "C" {

int32_t zts_type_request_namespace(zts_type_request *req)
try {
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Namespace;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_type(zts_type_request *req, int32_t type_id)
try {
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Type;
    req->type_id = type_id;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_add_name(zts_type_request *req, const char *js_name)
try {
    if (req == nullptr || js_name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->names.emplace_back(js_name);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_fail(zts_type_request *req, const char *utf8)
try {
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Failed;
    req->failure = text(utf8);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_fail_exception(zts_domain *domain, zts_type_request *req, const char *utf8,
                                        zts_value csharp_exception)
try {
    if (domain == nullptr || req == nullptr) {
        if (domain != nullptr) {
            JS_FreeValue(domain->ctx, to_js(csharp_exception));
        }
        return ZTS_ERR_ARGUMENT;
    }
    int32_t rc = zts_type_request_fail(req, utf8);
    if (req->exception_ctx != nullptr) {
        JS_FreeValue(req->exception_ctx, req->exception);
    }
    req->exception_ctx = domain->ctx;
    req->exception = to_js(csharp_exception);
    return rc;
}
ZTS_ABI_CATCH

} // extern "C"
