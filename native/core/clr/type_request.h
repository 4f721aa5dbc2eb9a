// One pending question to the host about CLR names (type_resolve, namespace_list, type_bind).
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <string>
#include <vector>

/// The answer the host builds through zts_type_request_* while its callback runs.
struct zts_type_request {
    enum Kind { None, Namespace, Type, Failed };
    Kind kind = None;               ///< what the host answered
    int32_t type_id = 0;            ///< for Type
    std::vector<std::string> names; ///< for namespace_list
    std::string failure;            ///< for Failed
    /// For a Failed type_bind: the exotic of the C# exception behind the failure (zts_type_request_fail_exception),
    /// owned until ensure_bound marks its Error with it; freed here when no one took it.
    JSContext *exception_ctx = nullptr;
    JSValue exception = JS_UNDEFINED;

    zts_type_request() = default;
    zts_type_request(const zts_type_request &) = delete;
    zts_type_request &operator=(const zts_type_request &) = delete;
    ~zts_type_request()
    {
        if (exception_ctx != nullptr) {
            JS_FreeValue(exception_ctx, exception);
        }
    }

    /// The exception's exotic (owned by the caller from now on), or undefined.
    JSValue take_exception()
    {
        JSValue v = exception;
        exception = JS_UNDEFINED;
        exception_ctx = nullptr;
        return v;
    }
};
