// The iteration protocol over a C# enumerator (docs/MARSHAL.md, "C# collections").
#include "clr/enumerable_iterator.h"

#include "clr/classes.h"
#include "clr/member_dispatch.h"
#include "runtime/domain.h"
#include "runtime/trampoline.h"

#include <cstring>

namespace zts
{
namespace
{

// A generator over the object's C# enumerator, as C# foreach does it: GetEnumerator() of the view (or, when the
// view has no public parameterless GetEnumerator, an explicit implementation or only overloads with parameters,
// of the System.Collections.IEnumerable view: ZTS_TYPE_ENUMERABLE_VIA_INTERFACE), then MoveNext()/Current until
// done (through the System.Collections.IEnumerator view when the enumerator implements those explicitly), and
// Dispose() in a finally, which a generator runs on break/return/throw too (the iterator's return()).
// A non-generic enumerator whose view has no Dispose is disposed through the System.IDisposable view when
// its object is one. zts and CSharp are the domain's globals, bound once when the functions are made.
// `step` (the host's batched step, or undefined) does MoveNext + Current in one host call: step(e, 0) says
// whether it applies to e's view (it calls the same MoveNext/Current), step(e, 1) is the next element or
// undefined when done (no C# value converts to undefined).
// The factory returns [direct, via the IEnumerable view].
const char k_source[] = R"JS((function (zts, CSharp, step) {
    'use strict';
    let disposable, disposableType;
    const make = (viaInterface) => function* iterator() {
        const source = viaInterface ? zts.cast(this, CSharp.System.Collections.IEnumerable) : this;
        const e = source.GetEnumerator();
        const batched = step !== undefined && step(e, 0) === true;
        const cursor = batched || (typeof e.MoveNext === 'function' && 'Current' in e)
            ? e : zts.cast(e, CSharp.System.Collections.IEnumerator);
        let owner = e;
        if (typeof e.Dispose !== 'function') {
            if (disposableType === undefined) {
                disposable = CSharp.System.IDisposable;
                disposableType = zts.typeof(disposable);
            }
            owner = disposableType.IsInstanceOfType(e) ? zts.cast(e, disposable) : null;
        }
        try {
            if (batched) {
                for (let x = step(e, 1); x !== undefined; x = step(e, 1)) yield x;
            } else {
                while (cursor.MoveNext()) yield cursor.Current;
            }
        } finally {
            if (owner !== null) owner.Dispose();
        }
    };
    return [make(false), make(true)];
}))JS";

// step(e, mode): the host's step bridge with `this` = the enumerator's slot and (view, mode) as arguments.
JSValue enumerator_step(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    zts_domain *d = domain_of(ctx);
    const ExoticPayload *payload = argc > 1 ? exotic_payload(argv[0]) : nullptr;
    if (payload == nullptr || payload->slot < 0 || d->clr.enumerator_step < 0) {
        return JS_FALSE; // not a C# enumerator in a slot (or a struct copy): the generator takes MoveNext/Current
    }
    JSValue args[2] = {JS_NewInt32(ctx, payload->type_id), argv[1]};
    return invoke_bridge(d, d->clr.enumerator_step, argv[0], payload->slot, 2, args);
}

JSValue make_iterator_function(JSContext *ctx)
{
    JSValue factory = JS_Eval(ctx, k_source, std::strlen(k_source), "<zts enumerable>", JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(factory)) {
        return factory;
    }
    JSValue global = JS_GetGlobalObject(ctx);
    zts_domain *d = domain_of(ctx);
    JSValue args[3] = {JS_GetPropertyStr(ctx, global, "zts"), JS_GetPropertyStr(ctx, global, "CSharp"),
                       d->clr.enumerator_step >= 0 ? JS_NewCFunction(ctx, hook<enumerator_step>, "step", 2) : JS_UNDEFINED};
    JSValue fn = JS_Call(ctx, factory, JS_UNDEFINED, 3, args);
    JS_FreeValue(ctx, args[2]);
    JS_FreeValue(ctx, args[1]);
    JS_FreeValue(ctx, args[0]);
    JS_FreeValue(ctx, global);
    JS_FreeValue(ctx, factory);
    return fn;
}

} // namespace

bool define_enumerable_iterator(zts_domain *d, JSValueConst proto, bool via_interface)
{
    JSContext *ctx = d->ctx;
    if (JS_IsUndefined(d->clr.enumerable_iterators)) {
        JSValue pair = make_iterator_function(ctx);
        if (JS_IsException(pair)) {
            return false;
        }
        d->clr.enumerable_iterators = pair;
    }
    JSValue fn = JS_GetPropertyUint32(ctx, d->clr.enumerable_iterators, via_interface ? 1 : 0);
    if (JS_IsException(fn)) {
        return false;
    }
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue symbol_ctor = JS_GetPropertyStr(ctx, global, "Symbol");
    JSValue iterator = JS_GetPropertyStr(ctx, symbol_ctor, "iterator");
    JSAtom atom = JS_ValueToAtom(ctx, iterator);
    int rc = atom == JS_ATOM_NULL ? -1
                                  : JS_DefinePropertyValue(ctx, proto, atom, fn, JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    if (atom == JS_ATOM_NULL) {
        JS_FreeValue(ctx, fn);
    }
    JS_FreeAtom(ctx, atom);
    JS_FreeValue(ctx, iterator);
    JS_FreeValue(ctx, symbol_ctor);
    JS_FreeValue(ctx, global);
    return rc >= 0;
}

} // namespace zts
