// Model objects of the plain objects zts_table_new makes ([TsMarshalAs(Table)] structs crossing into JS): one per
// member list, so each new object takes the model's shape in one step (runtime/quickjs_seam.h: where QuickJS is patched)
// instead of walking the shape transitions of adding its members one by one.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <vector>

namespace zts
{

class TableModels
{
  public:
    /// The model for the member list atoms[0..count) (borrowed; made on first use), or JS_UNDEFINED when the list
    /// has no model (a repeated name, or out of memory: the caller adds the members one by one).
    JSValueConst get(JSContext *ctx, int32_t count, const uint32_t *atoms);
    /// Frees every model (domain teardown, before the context goes).
    void clear(JSContext *ctx);

  private:
    struct Entry {
        std::vector<uint32_t> atoms;
        JSValue model; ///< owned; JS_UNDEFINED when the list has none
    };
    std::vector<Entry> entries_; ///< few per domain (one per Table shape), searched linearly, most recent first
};

} // namespace zts
