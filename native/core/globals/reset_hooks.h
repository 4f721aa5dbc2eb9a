// zts.on_reset(fn) (issue 13): cleanup functions a script registers; the host runs them in registration
// order just before it tears the domain down (zts_domain_reset_hook_count, zts_domain_run_reset_hook).
#pragma once

#include "runtime/domain.h"

namespace zts
{

/// Defines zts.on_reset on the `zts` object; false with an exception pending.
bool install_reset_hook_helper(JSContext *ctx, JSValueConst zts_object);

/// Calls hook `index` (0-based, registration order) with no arguments; ZTS_OK, ZTS_ERR_JS (captured into
/// d->error) when it threw, ZTS_ERR_ARGUMENT for an index out of range.
int32_t run_reset_hook(zts_domain *d, int32_t index);

/// Frees every registered hook (teardown, before the context).
void clear_reset_hooks(zts_domain *d);

} // namespace zts
