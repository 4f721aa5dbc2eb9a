// The native half of the ObjectRegistry (10-LIFETIME §2): which registry slot has a live exotic,
// so the same object with the same view is the same JS object, and which slots JS has released.
// The host owns the slots and the objects in them; JS finalizers only record releases here.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <memory>
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
    /// A push of slot failed before any exotic held it: queue the slot for the host to free, unless an exotic is
    /// live or a release is already queued.
    void abandon(int32_t slot);
    /// Moves up to cap released slots into out; returns how many.
    int32_t take_released(int32_t *out, int32_t cap);
    /// Number of live exotics.
    int32_t live_count() const { return live_count_; }
    /// Slots released and not taken by the host yet (an upper bound: a revived slot still counts until taken); the
    /// address is stable for the domain's life, so the host reads it without a call (zts_domain_release_counter).
    const int32_t *pending_counter() const { return &pending_; }
    /// A payload for a new exotic, from this domain's pool (no allocator call per exotic once the pool is warm);
    /// nullptr when out of memory.
    ExoticPayload *new_payload();
    /// Returns an exotic's payload to the pool (its finalizer).
    void free_payload(ExoticPayload *payload) { free_payloads_.push_back(payload); } // capacity reserved by new_payload

  private:
    struct Record {
        void *live = nullptr;         ///< the exotic JS holds, or nullptr
        uint32_t generation = 0;      ///< bumped by every attach
        bool release_pending = false; ///< finalized and not yet taken by the host
    };
    std::vector<Record> records_;   ///< indexed by slot
    std::vector<int32_t> released_; ///< slots finalized since the last take
    std::vector<std::unique_ptr<ExoticPayload[]>> payload_chunks_; ///< the payload pool's storage (freed with the domain)
    std::vector<ExoticPayload *> free_payloads_;                    ///< pooled payloads not in use
    int32_t live_count_ = 0;
    int32_t pending_ = 0; ///< released_.size()
};

} // namespace zts
