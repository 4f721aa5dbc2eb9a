// The Player runtime's (object, view) identity cache (native/player/identity_index.h): keyed by object
// pointer, so it is tested with plain addresses; every pair added is found until removed, whatever collides.
#include "identity_index.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <utility>

namespace
{

using zts_player::IdentityIndex;

const void *address(uintptr_t a) { return reinterpret_cast<const void *>(a); }

TEST(IdentityIndex_Pairs, SameObjectTwoViews_TwoSlots)
{
    IdentityIndex index;
    EXPECT_EQ(index.find(address(0x1000), 3), -1);
    ASSERT_TRUE(index.add(address(0x1000), 3, 7));
    ASSERT_TRUE(index.add(address(0x1000), 4, 8));
    EXPECT_EQ(index.find(address(0x1000), 3), 7);
    EXPECT_EQ(index.find(address(0x1000), 4), 8);
    EXPECT_EQ(index.find(address(0x1008), 3), -1);
    index.remove(address(0x1000), 3);
    EXPECT_EQ(index.find(address(0x1000), 3), -1);
    EXPECT_EQ(index.find(address(0x1000), 4), 8);
    index.remove(address(0x1000), 3); // not indexed: nothing happens
    EXPECT_EQ(index.size(), 1u);
}

// Allocation-ordered addresses (a bump allocator's 16-byte stride), random removals and re-adds, checked against
// std::map after every step: the backward-shift deletion must keep every probe sequence whole, across growth and
// shrinking.
TEST(IdentityIndex_Pairs, RandomAddRemove_MatchesReference)
{
    IdentityIndex index;
    std::map<std::pair<uintptr_t, int32_t>, int32_t> reference;
    std::mt19937 random(42);
    int32_t next_slot = 0;
    for (int step = 0; step < 200000; step++) {
        // A heap-like base that fits the target's pointers (the 64-bit one truncated to 0 on 32-bit targets, and
        // null is no object).
        uintptr_t obj = static_cast<uintptr_t>(sizeof(uintptr_t) == 8 ? 0x7f0000000000ull : 0x7f000000ull) + 16u * (random() % 20000);
        int32_t view = static_cast<int32_t>(random() % 3);
        auto key = std::make_pair(obj, view);
        auto it = reference.find(key);
        if (step > 150000 || (it != reference.end() && random() % 2 == 0)) { // the tail drains the index
            if (it != reference.end()) reference.erase(it);
            index.remove(address(obj), view);
        } else if (it == reference.end()) {
            ASSERT_TRUE(index.add(address(obj), view, next_slot));
            reference[key] = next_slot++;
        }
        if (step % 997 == 0) {
            ASSERT_EQ(index.size(), reference.size());
            for (const auto &entry : reference) ASSERT_EQ(index.find(address(entry.first.first), entry.first.second), entry.second);
        }
    }
    for (const auto &entry : reference) EXPECT_EQ(index.find(address(entry.first.first), entry.first.second), entry.second);
    EXPECT_EQ(index.size(), reference.size());
}

TEST(IdentityIndex_Pairs, Clear_ForgetsEverything)
{
    IdentityIndex index;
    for (uintptr_t i = 1; i <= 1000; i++) ASSERT_TRUE(index.add(address(i * 32), 1, static_cast<int32_t>(i)));
    index.clear();
    EXPECT_EQ(index.size(), 0u);
    EXPECT_EQ(index.find(address(32), 1), -1);
    ASSERT_TRUE(index.add(address(32), 1, 5));
    EXPECT_EQ(index.find(address(32), 1), 5);
}

} // namespace
