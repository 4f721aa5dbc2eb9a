#include "globals/zts_global.h"

#include "clr/opaque_scope.h"
#include "clr/ref_box.h"
#include "globals/reset_hooks.h"
#include "globals/timers.h"

namespace zts
{

const char *core_version()
{
    return "0.1.0 (QuickJS 2025-04-26)";
}

bool install_zts_global(zts_domain *d)
{
    JSContext *ctx = d->ctx;
    JSValue zts_obj = JS_NewObject(ctx);
    if (JS_IsException(zts_obj)) {
        return false;
    }
    JS_DefinePropertyValueStr(ctx, zts_obj, "version", JS_NewString(ctx, core_version()), JS_PROP_ENUMERABLE);
    if (!install_ref_helper(ctx, zts_obj) || !install_opaque_helpers(ctx, zts_obj) ||
        !install_reset_hook_helper(ctx, zts_obj)) {
        JS_FreeValue(ctx, zts_obj);
        return false;
    }
    JSValue global = JS_GetGlobalObject(ctx);
    int rc = JS_DefinePropertyValueStr(ctx, global, "zts", zts_obj, JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    JS_FreeValue(ctx, global);
    return rc >= 0 && install_timer_globals(ctx); // setTimeout & co. (docs/EVERYDAY.md)
}

} // namespace zts
