// The native half of the ObjectRegistry (10-LIFETIME §2): which registry slot has a live exotic,
// so the same object with the same view is the same JS object, and which slots JS has released.
// The host owns the slots and the objects in them; JS finalizers only record releases here.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <vector>

namespace zts
{

/// What a ByObj exotic carries (its JS class's opaque).
struct ExoticPayload {
    int32_t slot;        ///< host registry slot
    uint32_t generation; ///< which exotic of that slot this is
    int32_t type_id;     ///< the view (declared type)
    int32_t length;      ///< a C# array's Length once read (arrays never resize), else -1
};

/// Per-slot state of a domain's exotics.
class ObjectSlots
{
  public:
    /// The live exotic of slot (not owned), or nullptr.
    void *live(int32_t slot) const;
    /// Records a new exotic for slot; returns its generation.
    uint32_t attach(int32_t slot, void *obj);
    /// The exotic of (slot, generation) was finalized: queue the slot unless a newer exotic took it.
    void finalized(int32_t slot, uint32_t generation);
    /// Moves up to cap released slots into out; returns how many.
    int32_t take_released(int32_t *out, int32_t cap);
    /// Number of live exotics.
    int32_t live_count() const { return live_count_; }

  private:
    struct Record {
        void *live = nullptr;         ///< the exotic JS holds, or nullptr
        uint32_t generation = 0;      ///< bumped by every attach
        bool release_pending = false; ///< finalized and not yet taken by the host
    };
    std::vector<Record> records_;   ///< indexed by slot
    std::vector<int32_t> released_; ///< slots finalized since the last take, from released_head_ on
    size_t released_head_ = 0;      ///< first entry not taken yet (issue 11: no erase from the front per take)
    int32_t live_count_ = 0;
};

} // namespace zts
