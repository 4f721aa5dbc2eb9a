// C ABI: the host's answer to a module load request (source, source map, path, or a failure).
#include "abi/guard.h"
#include "modules/loader.h"

using namespace zts;

extern "C" {

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
