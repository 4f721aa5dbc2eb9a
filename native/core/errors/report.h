// Turning JS exceptions into ErrorReports (what zts_domain_error hands the host), and host messages into JS Errors
// (errors/report.cpp).
#pragma once

#include "quickjs.h"
#include "zts/zts.h"

#include <cstdint>
#include <string>

struct zts_domain;

namespace zts
{

/// What zts_domain_error reports; strings are UTF-8 and owned here. The thrown value is held in the domain's
/// refs (thrown_ref) and freed with them.
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
