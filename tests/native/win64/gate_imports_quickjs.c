/* A deliberately broken gate for PeChecks_BrokenDlls_Rejected (tests/native/win64/pe_checks_reject.sh): the real gate
 * source plus one call that binds QuickJS's JS_Throw at link time, from the tests' zts.dll, which is what
 * native/gate must never do (build/03 §2.4: the Editor's engine library is injected by zts_gate_init). */
#include "quickjs.h"

__declspec(dllexport) JSValue zts_broken_gate_throw(JSContext *ctx, JSValue exc)
{
    return JS_Throw(ctx, exc);
}
