// zts.on_reset(fn): cleanup functions a script registers; the host runs them in registration
// order just before it tears the domain down (zts_domain_reset_hook_count, zts_domain_run_reset_hook).
#pragma once

#include "quickjs.h"

#include <cstddef>
#include <cstdint>
#include <vector>

struct zts_domain;

namespace zts
{

/// The hooks of one domain, in registration order; owned, freed by clear.
class ResetHooks
{
  public:
    /// Takes hook (owned); false when it could not be stored (hook freed).
    bool add(JSContext *ctx, JSValue hook);
    size_t size() const { return hooks_.size(); }
    /// Hook `index` (borrowed); index < size().
    JSValueConst at(size_t index) const { return hooks_[index]; }
    /// The host ran a hook: zts.on_reset throws from then on.
    bool started() const { return started_; }
    void start() { started_ = true; }
    /// Frees every registered hook (teardown, before the context).
    void clear(JSContext *ctx);

  private:
    std::vector<JSValue> hooks_;
    bool started_ = false;
};

/// zts.on_reset(hook): registers a reset hook (a member of the zts global: globals/zts_members.h).
JSValue js_on_reset(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv);

/// Calls hook `index` (0-based, registration order) with no arguments; ZTS_OK, ZTS_ERR_JS (captured into
/// d->error) when it threw, ZTS_ERR_ARGUMENT for an index out of range.
int32_t run_reset_hook(zts_domain *d, int32_t index);

} // namespace zts
