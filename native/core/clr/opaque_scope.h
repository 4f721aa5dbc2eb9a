// OpaqueValue handles (10-LIFETIME §4): C# -> JS ref/in/out parameters arrive in JS as opaque handles,
// valid only while the C# -> JS call that made them runs. zts.opaque_get/opaque_set read and write them;
// any other use, and any use after the call returned, throws `zts: invalid opaque parameter handle`.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <vector>

struct zts_domain;

namespace zts
{

/// The slots behind the handles of the C# -> JS calls in progress (a stack of scopes).
class OpaqueSlots
{
  public:
    /// Opens a scope; the token closes it.
    int32_t begin() const { return static_cast<int32_t>(slots_.size()); }
    /// Adds a slot holding v (owned); returns its index and stamp.
    int32_t add(JSValue v, uint32_t *stamp);
    /// The slot at index of an open scope (the host's own read-back), or nullptr.
    const JSValue *at(int32_t index) const
    {
        return index >= 0 && static_cast<size_t>(index) < slots_.size() ? &slots_[static_cast<size_t>(index)].value
                                                                        : nullptr;
    }
    /// The slot (index, stamp) names, or nullptr when its scope has closed.
    JSValue *find(int32_t index, uint32_t stamp);
    /// Closes the scope opened by token: frees its slots; their handles become invalid.
    void end(JSContext *ctx, int32_t token);
    /// A handle object to reuse (owned; its opaque is cleared), or JS_UNDEFINED when none is spare.
    JSValue take_spare();
    /// Takes back the caller's reference to a handle after its call: kept for reuse when nothing else can
    /// observe it (runtime/quickjs_seam.h; never on stock QuickJS), else released (a handle the script kept stays invalid).
    void retire(JSContext *ctx, JSValue handle);
    /// Frees everything (teardown).
    void clear(JSContext *ctx);

  private:
    struct Slot {
        JSValue value;  ///< owned
        uint32_t stamp; ///< unique per slot ever made: a reused index never matches an old handle
    };
    std::vector<Slot> slots_;
    std::vector<JSValue> spare_; ///< owned handle objects no script can observe, for the next calls
    uint32_t next_stamp_ = 1;
};

/// Registers the opaque handle class on a runtime (once per runtime).
void register_opaque_class(JSRuntime *rt);

/// Makes a handle for a new slot holding v (consumed); owned, or JS_EXCEPTION.
JSValue new_opaque_handle(zts_domain *d, JSValue v, int32_t *index);

/// zts.opaque_get(handle) and zts.opaque_set(handle, value) (members of the zts global: globals/zts_members.h).
JSValue js_opaque_get(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv);
JSValue js_opaque_set(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv);

} // namespace zts
