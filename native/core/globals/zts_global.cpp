#include "globals/zts_global.h"

#include "clr/opaque_scope.h"
#include "clr/ref_box.h"
#include "globals/reset_hooks.h"
#include "globals/timers.h"
#include "globals/zts_members.h"
#include "runtime/trampoline.h"

namespace zts
{

const char *core_version()
{
    return "0.1.0 (QuickJS 2025-04-26)";
}

namespace
{

JSValue js_value_version(JSContext *ctx)
{
    return JS_NewString(ctx, core_version());
}

// Defines v (consumed) as zts_obj[name]; false with an exception pending.
bool define_member(JSContext *ctx, JSValueConst zts_obj, const char *name, JSValue v, int flags)
{
    return !JS_IsException(v) && JS_DefinePropertyValueStr(ctx, zts_obj, name, v, flags) >= 0;
}

} // namespace

bool install_zts_global(zts_domain *d)
{
    JSContext *ctx = d->ctx;
    JSValue zts_obj = JS_NewObject(ctx);
    if (JS_IsException(zts_obj)) {
        return false;
    }
    // The core's members of the one table (globals/zts_members.h); the managed helpers define the ZTS_GLOBAL_HOST ones.
    bool ok = true;
#define ZTS_INSTALL_ZTS_GLOBAL_CORE_VALUE(name, length)                                                                \
    ok = ok && define_member(ctx, zts_obj, #name, js_value_##name(ctx), JS_PROP_ENUMERABLE);
#define ZTS_INSTALL_ZTS_GLOBAL_CORE(name, length)                                                                      \
    ok = ok && define_member(ctx, zts_obj, #name, JS_NewCFunction(ctx, hook<js_##name>, #name, length), JS_PROP_CONFIGURABLE);
#define ZTS_INSTALL_ZTS_GLOBAL_HOST(name, length)
#define ZTS_INSTALL_MEMBER(name, where, length, doc, typescript) ZTS_INSTALL_##where(name, length)
    ZTS_GLOBAL_MEMBERS(ZTS_INSTALL_MEMBER)
#undef ZTS_INSTALL_MEMBER
#undef ZTS_INSTALL_ZTS_GLOBAL_HOST
#undef ZTS_INSTALL_ZTS_GLOBAL_CORE
#undef ZTS_INSTALL_ZTS_GLOBAL_CORE_VALUE
    if (!ok) {
        JS_FreeValue(ctx, zts_obj);
        return false;
    }
    JSValue global = JS_GetGlobalObject(ctx);
    int rc = JS_DefinePropertyValueStr(ctx, global, "zts", zts_obj, JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    JS_FreeValue(ctx, global);
    return rc >= 0 && install_timer_globals(ctx); // setTimeout & co. (docs/EVERYDAY.md)
}

} // namespace zts
