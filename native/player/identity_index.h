// The Player backend's (object, view) identity cache (10-LIFETIME §2.1): which registry slot holds a
// C# object pushed under a view, keyed by the object's pointer. Il2Cpp's GC (Boehm here) does not move objects,
// and an indexed object is kept alive by its slot (a GC root) until the slot is cleared, which removes the entry
// first: a pointer key can neither move nor be reused while it is indexed. The Editor backend (SGen moves objects)
// keeps its cache in managed code instead (docs/ARCHITECTURE.md "Where object identity lives").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace zts_player
{

/// Open addressing with linear probing and backward-shift deletion: one probe sequence over (pointer, view,
/// slot) entries that sit side by side, at most half full. Not thread-safe (one domain, one thread).
class IdentityIndex
{
public:
    /// The slot of (obj, view), or -1.
    int32_t find(const void *obj, int32_t view) const;

    /// Indexes (obj, view) -> slot; false when out of memory (then the pair stays unindexed: a later push of it
    /// makes a second exotic, which is allowed to differ only in identity, never in value). The caller knows the
    /// pair is not indexed yet.
    bool add(const void *obj, int32_t view, int32_t slot);

    /// Removes (obj, view) if indexed; shrinks when mostly empty, keeping what the larger of the last two fills needed.
    void remove(const void *obj, int32_t view);

    /// Removes everything and gives the memory back.
    void clear();

    /// Pairs indexed now.
    size_t size() const { return count_; }

private:
    struct Entry {
        const void *obj; ///< null: empty
        int32_t view;
        int32_t slot;
    };

    static constexpr size_t k_min_capacity = 256;

    static size_t hash(const void *obj, int32_t view);
    bool rebuild(size_t capacity); // rehashes into capacity entries (a power of two); false when out of memory

    std::vector<Entry> entries_; // capacity is 0 or a power of two
    size_t count_ = 0;
    size_t peak_ = 0;          // the most pairs indexed at once since the index was last empty
    size_t previous_peak_ = 0; // and before that
};

} // namespace zts_player
