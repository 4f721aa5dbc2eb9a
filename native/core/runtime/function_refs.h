// Function refs: the JS functions that host delegates hold, as small integer
// handles owned by the domain (so a Reset frees every one of them).
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <vector>

namespace zts
{

/// A slot table of owned JSValues with a free list; ref 0 is never handed out.
class FunctionRefs
{
  public:
    /// Stores v (takes ownership) and returns its ref (> 0).
    int32_t add(JSValue v);
    /// Borrowed value of ref, or nullptr when ref is free or out of range (inline: the call hot path).
    const JSValue *get(int32_t ref) const
    {
        if (ref <= 0 || static_cast<size_t>(ref) >= slots_.size() || !slots_[static_cast<size_t>(ref)].used) {
            return nullptr;
        }
        return &slots_[static_cast<size_t>(ref)].value;
    }
    /// Frees ref's value; false when ref is free or out of range.
    bool release(JSContext *ctx, int32_t ref);
    /// Frees every live value (domain teardown).
    void clear(JSContext *ctx);
    /// Number of live refs.
    int32_t live() const { return live_; }

  private:
    struct Slot {
        JSValue value; ///< the owned function while used
        int32_t next;  ///< next free slot while free
        bool used;     ///< whether value is live
    };
    std::vector<Slot> slots_{Slot{JS_UNDEFINED, 0, false}}; ///< slot 0 is a reserved dummy
    int32_t free_head_ = 0;                                 ///< first free slot, 0 when none
    int32_t live_ = 0;                                      ///< count of used slots
};

} // namespace zts
