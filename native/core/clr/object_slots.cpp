#include "clr/object_slots.h"

#include <new>

namespace zts
{

void *ObjectSlots::live(int32_t slot) const
{
    if (slot < 0 || static_cast<size_t>(slot) >= records_.size()) {
        return nullptr;
    }
    return records_[static_cast<size_t>(slot)].live;
}

uint32_t ObjectSlots::attach(int32_t slot, void *obj)
{
    if (static_cast<size_t>(slot) >= records_.size()) {
        records_.resize(static_cast<size_t>(slot) + 1);
    }
    Record &r = records_[static_cast<size_t>(slot)];
    r.live = obj;
    r.generation++;
    r.release_pending = false; // revived before the host drained the old release
    live_count_++;
    return r.generation;
}

void ObjectSlots::finalized(int32_t slot, uint32_t generation)
{
    if (slot < 0 || static_cast<size_t>(slot) >= records_.size()) {
        return;
    }
    Record &r = records_[static_cast<size_t>(slot)];
    if (r.generation != generation || r.live == nullptr) {
        return; // an older exotic of a slot that has a newer one
    }
    r.live = nullptr;
    r.release_pending = true;
    live_count_--;
    released_.push_back(slot);
    pending_ = static_cast<int32_t>(released_.size());
}

ExoticPayload *ObjectSlots::new_payload()
{
    if (free_payloads_.empty()) {
        constexpr size_t k_chunk = 1024;
        // No exception may leave: this runs inside QuickJS calls (push_object). Out of memory gives nullptr.
        std::unique_ptr<ExoticPayload[]> storage(new (std::nothrow) ExoticPayload[k_chunk]);
        if (storage == nullptr) {
            return nullptr;
        }
        ExoticPayload *chunk = storage.get();
        try {
            free_payloads_.reserve((payload_chunks_.size() + 1) * k_chunk); // room for every payload: frees never allocate
            payload_chunks_.push_back(std::move(storage));
        } catch (...) {
            return nullptr;
        }
        for (size_t i = k_chunk; i > 0; i--) {
            free_payloads_.push_back(&chunk[i - 1]);
        }
    }
    ExoticPayload *p = free_payloads_.back();
    free_payloads_.pop_back();
    return p;
}

void ObjectSlots::abandon(int32_t slot)
{
    if (slot < 0) {
        return;
    }
    if (static_cast<size_t>(slot) >= records_.size()) {
        records_.resize(static_cast<size_t>(slot) + 1);
    }
    Record &r = records_[static_cast<size_t>(slot)];
    if (r.live != nullptr || r.release_pending) {
        return;
    }
    r.release_pending = true;
    released_.push_back(slot);
    pending_ = static_cast<int32_t>(released_.size());
}

int32_t ObjectSlots::take_released(int32_t *out, int32_t cap)
{
    // From the back: a drain of many releases, cap at a time, must not move the rest of the list each time.
    int32_t n = 0;
    while (n < cap && !released_.empty()) {
        int32_t slot = released_.back();
        released_.pop_back();
        Record &r = records_[static_cast<size_t>(slot)];
        if (r.release_pending && r.live == nullptr) {
            r.release_pending = false;
            out[n++] = slot;
        }
    }
    pending_ = static_cast<int32_t>(released_.size());
    if (released_.empty() && released_.capacity() > 4096) {
        std::vector<int32_t>().swap(released_); // A frame of many releases does not keep its buffer
    }
    return n;
}

} // namespace zts
