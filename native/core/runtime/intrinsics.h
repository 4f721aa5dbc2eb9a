// The intrinsics the core's Error and Promise machinery calls, taken before any script ran, so a script that
// replaces the global `Error`, `Promise`, `Promise.resolve` or `Promise.prototype.then` does not run its own
// code where the core makes an Error (new_error, errors/report.h) or watches a promise (globals/promises.cpp).
#pragma once

#include "quickjs.h"

namespace zts
{

/// Owned references to the domain's original Error and Promise functions.
struct Intrinsics {
    JSValue error = JS_UNDEFINED;
    JSValue promise = JS_UNDEFINED;
    JSValue promise_resolve = JS_UNDEFINED;
    JSValue promise_then = JS_UNDEFINED;

    /// Reads them from ctx's global object (domain creation, before any script); false when one is not a function
    /// (what was read is kept, and freed by clear).
    bool take(JSContext *ctx);
    /// Frees them (domain teardown, before the context).
    void clear(JSContext *ctx);
};

} // namespace zts
