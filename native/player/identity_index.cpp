#include "identity_index.h"

#include <new>

namespace zts_player
{

size_t IdentityIndex::hash(const void *obj, int32_t view)
{
    // Objects are at least 8-byte aligned and allocated one after another: mix every bit down (a 64-bit
    // finalizer), so that neighbours do not fill neighbouring buckets.
    uint64_t h = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(obj)) ^ (static_cast<uint64_t>(static_cast<uint32_t>(view)) * 0x9E3779B97F4A7C15ull);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return static_cast<size_t>(h);
}

int32_t IdentityIndex::find(const void *obj, int32_t view) const
{
    if (count_ == 0) return -1;
    size_t mask = entries_.size() - 1;
    for (size_t i = hash(obj, view) & mask;; i = (i + 1) & mask) {
        const Entry &e = entries_[i];
        if (e.obj == nullptr) return -1;
        if (e.obj == obj && e.view == view) return e.slot;
    }
}

bool IdentityIndex::rebuild(size_t n)
{
    std::vector<Entry> old;
    try {
        old.swap(entries_);
        entries_.assign(n, Entry{nullptr, 0, 0});
    } catch (const std::bad_alloc &) {
        entries_.swap(old);
        return false;
    }
    size_t mask = n - 1;
    for (const Entry &e : old) {
        if (e.obj == nullptr) continue;
        size_t i = hash(e.obj, e.view) & mask;
        while (entries_[i].obj != nullptr) i = (i + 1) & mask;
        entries_[i] = e;
    }
    return true;
}

bool IdentityIndex::add(const void *obj, int32_t view, int32_t slot)
{
    if (obj == nullptr) return false;
    if (2 * (count_ + 1) > entries_.size() && !rebuild(entries_.empty() ? k_min_capacity : entries_.size() * 2)) return false;
    size_t mask = entries_.size() - 1;
    size_t i = hash(obj, view) & mask;
    while (entries_[i].obj != nullptr) i = (i + 1) & mask;
    entries_[i] = Entry{obj, view, slot};
    count_++;
    if (count_ > peak_) peak_ = count_;
    return true;
}

void IdentityIndex::remove(const void *obj, int32_t view)
{
    if (count_ == 0 || obj == nullptr) return;
    size_t mask = entries_.size() - 1;
    size_t i = hash(obj, view) & mask;
    for (;; i = (i + 1) & mask) {
        if (entries_[i].obj == nullptr) return; // not indexed
        if (entries_[i].obj == obj && entries_[i].view == view) break;
    }
    // Backward shift: move each later entry of the run into the hole when its home bucket does not lie
    // (cyclically) between the hole and itself, so every probe sequence stays unbroken without tombstones.
    size_t hole = i;
    for (size_t j = (hole + 1) & mask; entries_[j].obj != nullptr; j = (j + 1) & mask) {
        size_t home = hash(entries_[j].obj, entries_[j].view) & mask;
        bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (stays) continue;
        entries_[hole] = entries_[j];
        hole = j;
    }
    entries_[hole] = Entry{nullptr, 0, 0};
    count_--;
    // A frame that indexed many objects gives the memory back once they are released, down to what the
    // last two fills needed: a workload that fills and drains the index again and again (the registry drains
    // released objects in batches) must not rehash it all the way down and up again each time.
    if (count_ == 0) {
        previous_peak_ = peak_;
        peak_ = 0;
    }
    size_t keep = 2 * (peak_ > previous_peak_ ? peak_ : previous_peak_);
    if (entries_.size() > k_min_capacity && 8 * count_ < entries_.size() && entries_.size() / 2 >= keep) {
        rebuild(entries_.size() / 2);
    }
}

void IdentityIndex::clear()
{
    std::vector<Entry>().swap(entries_);
    count_ = peak_ = previous_peak_ = 0;
}

} // namespace zts_player
