// C ABI: module specifiers, imports and host load requests.
#include "abi/guard.h"
#include "runtime/script_scope.h"
#include "modules/loader.h"
#include "modules/specifier.h"
#include "runtime/script_limits.h"

#include <cstring>

using namespace zts;

extern "C" {

int32_t zts_module_canonicalize(const char *importer, const char *specifier, char *buf, int32_t buf_len)
try {
    if (specifier == nullptr || buf == nullptr || buf_len <= 0) {
        return ZTS_ERR_ARGUMENT;
    }
    std::string out;
    std::string error;
    if (!canonicalize_specifier(importer != nullptr ? importer : "", specifier, out, error) ||
        static_cast<int32_t>(out.size()) >= buf_len) {
        return static_cast<int32_t>(ZTS_ERR_ARGUMENT);
    }
    std::memcpy(buf, out.c_str(), out.size() + 1);
    return static_cast<int32_t>(out.size());
}
ZTS_ABI_CATCH

int32_t zts_module_get_function(zts_domain *domain, const char *module, const char *export_name, int32_t *out_ref)
try {
    if (domain == nullptr || module == nullptr || export_name == nullptr || out_ref == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_ref = 0;
    if (refuses_nested_call(domain)) {
        return refuse_nested_call(domain); // module evaluation is a call (script_scope.h)
    }
    ScriptScope scope(domain); // module evaluation runs JS: releases wait, a Reset is refused (script_scope.h)
    return module_get_function(domain, module, export_name, out_ref);
}
ZTS_ABI_CATCH

int32_t zts_load_request_set_source(zts_load_request *req, const char *utf8, int32_t len)
try {
    if (req == nullptr || (utf8 == nullptr && len != 0) || len < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    req->source.assign(utf8 != nullptr ? utf8 : "", static_cast<size_t>(len));
    req->failed = false;
    req->answered = true;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_load_request_set_source_map(zts_load_request *req, const char *utf8, int32_t len)
try {
    if (req == nullptr || (utf8 == nullptr && len != 0) || len < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    req->source_map.assign(utf8 != nullptr ? utf8 : "", static_cast<size_t>(len));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_load_request_set_path(zts_load_request *req, const char *utf8, int32_t len)
try {
    if (req == nullptr || (utf8 == nullptr && len != 0) || len < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    req->path.assign(utf8 != nullptr ? utf8 : "", static_cast<size_t>(len));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_load_request_fail(zts_load_request *req, const char *utf8, int32_t len)
try {
    if (req == nullptr || (utf8 == nullptr && len != 0) || len < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    req->failure.assign(utf8 != nullptr ? utf8 : "", static_cast<size_t>(len));
    req->failed = true;
    req->answered = true;
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
