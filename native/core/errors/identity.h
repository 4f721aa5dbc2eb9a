// How errors keep their identity across nested boundaries (SPEC_MAP D6): the mark that ties a JS Error
// made for a C# exception to that exception, the thrown values the host holds, and the box that lets the
// gate rethrow a held value that is not an object.
#pragma once

#include "quickjs.h"

#include <cstdint>

struct zts_domain;

namespace zts
{

/// The core's WeakMap of marks, Error -> C# exception exotic, with that map's original get and set (a script that
/// replaces WeakMap.prototype.get/set does not run where the core reads a mark); owned, freed by clear.
struct ExceptionMarks {
    JSValue map = JS_UNDEFINED;
    JSValue get = JS_UNDEFINED;
    JSValue set = JS_UNDEFINED;
    /// Frees the map and its functions (domain teardown, before the context).
    void clear(JSContext *ctx);
};

/// Registers the box class (once per runtime).
void register_thrown_box_class(JSRuntime *rt);

/// Makes the core's WeakMap of marks (d->exception_marks) and takes its get/set; false with an exception pending.
bool install_exception_mark(zts_domain *d);

/// Marks err (borrowed) as made for the C# exception whose exotic is exotic (consumed; undefined: no mark).
bool mark_csharp_exception(zts_domain *d, JSValueConst err, JSValue exotic);

/// The registry slot of the C# exception err was made for, or -1 when err carries no mark.
int32_t csharp_exception_slot(zts_domain *d, JSValueConst err);

/// What the gate throws to rethrow v (borrowed): v itself (duplicated) when it is an object, else a box
/// holding it; owned, or JS_EXCEPTION.
JSValue rethrowable(JSContext *ctx, JSValueConst v);

/// The gate's js_throw import: JS_Throw, unwrapping a box made by rethrowable (takes ownership of exc).
JSValue gate_throw(JSContext *ctx, JSValue exc);

} // namespace zts
