#include "object_slots.h"

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
}

int32_t ObjectSlots::take_released(int32_t *out, int32_t cap)
{
    int32_t n = 0;
    size_t i = released_head_;
    for (; i < released_.size() && n < cap; i++) {
        Record &r = records_[static_cast<size_t>(released_[i])];
        if (r.release_pending && r.live == nullptr) {
            r.release_pending = false;
            out[n++] = released_[i];
        }
    }
    // Issue 11: the host takes 256 at a time; erasing the front each time was quadratic in a frame's releases.
    // The taken part is dropped once it is half the vector (O(1) amortized), and a large empty one is freed.
    released_head_ = i;
    if (released_head_ == released_.size()) {
        if (released_.capacity() > 4096) {
            std::vector<int32_t>().swap(released_);
        } else {
            released_.clear();
        }
        released_head_ = 0;
    } else if (released_head_ * 2 > released_.size()) {
        released_.erase(released_.begin(), released_.begin() + static_cast<std::ptrdiff_t>(released_head_));
        released_head_ = 0;
    }
    return n;
}

} // namespace zts
