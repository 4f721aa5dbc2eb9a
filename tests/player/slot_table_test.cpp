// The Player runtime's slot table (native/player/slot_table.h) over embedded Boehm Mono and a real domain of the core:
// slots taken and freed, the identity cache that goes with them, the objects they root, and a table opened afresh.
// The frees that come from the core's release queue (slot_take draining it) are covered end to end by
// Lifetime_ShortLivedConstructedObjects_ReleasedBeforeThePump (tests/managed/ObjectLifetimeTests.cs).
#include "clr_gc_rounds.h"
#include "clr_probe_host.h"
#include "core_table.h"
#include "slot_table.h"

#include <gtest/gtest.h>

#include <vector>

namespace
{

using zts_player::k_no_identity;
using zts_test::ClrProbe;

constexpr int32_t k_chunk = 4096; // slot_table.cpp's k_chunk_slots: the table grows by whole chunks

// A domain of the core (for its JSContext and release counter) with its slot table open.
class PlayerSlots : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ClrProbe::get();
        zts_player::g_core = zts_player_core_get(); // as InitializeInternal sets it
        ASSERT_TRUE(zts_player::core_accepts(zts_player::g_core));
        domain_ = zts_domain_new(nullptr, nullptr);
        ASSERT_NE(nullptr, domain_);
        ctx_ = zts_domain_context(domain_);
        zts_player::slot_open(ctx_, domain_);
    }

    void TearDown() override
    {
        zts_player::slot_free_all(ctx_);
        zts_player::slot_forget(ctx_);
        EXPECT_EQ(0, zts_domain_free(domain_));
    }

    // A new managed object (a boxed pair), held by nothing but the caller.
    static zts_clr_object *object(int32_t n)
    {
        zts_clr_exception *exc = nullptr;
        using PairThunk = zts_clr_object *(*)(int32_t, zts_clr_exception **);
        zts_clr_object *o = ClrProbe::get().thunk<PairThunk>("NewPair", 1)(n, &exc);
        EXPECT_EQ(nullptr, exc);
        return o;
    }

    zts_domain *domain_ = nullptr;
    JSContext *ctx_ = nullptr;
};

TEST_F(PlayerSlots, Take_FreshInOrderThenTheLastFreed)
{
    std::vector<zts_clr_object *> held;
    for (int32_t i = 0; i < 3; i++) {
        held.push_back(object(i));
        EXPECT_EQ(i, zts_player::slot_take(ctx_, held.back(), k_no_identity));
    }
    EXPECT_EQ(3, zts_player::slot_count(ctx_));
    EXPECT_EQ(k_chunk, zts_player::slot_capacity(ctx_));
    zts_player::slot_free(ctx_, 1);
    zts_player::slot_free(ctx_, 1);    // free already: nothing
    zts_player::slot_free(ctx_, 7);    // never taken: nothing
    zts_player::slot_free(ctx_, -1);   // not a slot: nothing
    EXPECT_EQ(2, zts_player::slot_count(ctx_));
    EXPECT_EQ(nullptr, zts_player::slot_get(ctx_, 1));
    EXPECT_EQ(held[2], zts_player::slot_get(ctx_, 2));
    zts_clr_object *next = object(3);
    EXPECT_EQ(1, zts_player::slot_take(ctx_, next, k_no_identity)) << "a freed slot is taken again before a fresh one";
    EXPECT_EQ(3, zts_player::slot_take(ctx_, object(4), k_no_identity));
    EXPECT_EQ(4, zts_player::slot_count(ctx_));
    EXPECT_EQ(-1, zts_player::slot_take(ctx_, nullptr, k_no_identity)) << "a slot holds an object";
}

TEST_F(PlayerSlots, Identity_FoundWhileHeldUnderItsViewOnly)
{
    zts_clr_object *o = object(1);
    int32_t slot = zts_player::slot_take(ctx_, o, 7);
    ASSERT_GE(slot, 0);
    EXPECT_EQ(slot, zts_player::slot_find(ctx_, o, 7));
    EXPECT_EQ(-1, zts_player::slot_find(ctx_, o, 8));
    EXPECT_TRUE(zts_player::slot_holds(ctx_, slot, o, 7));
    EXPECT_FALSE(zts_player::slot_holds(ctx_, slot, o, 8));
    int32_t fresh = zts_player::slot_take(ctx_, o, k_no_identity); // a fresh box's slot: never in the cache
    EXPECT_NE(slot, fresh);
    EXPECT_EQ(slot, zts_player::slot_find(ctx_, o, 7));
    zts_player::slot_free(ctx_, slot);
    EXPECT_EQ(-1, zts_player::slot_find(ctx_, o, 7));
    EXPECT_FALSE(zts_player::slot_holds(ctx_, slot, o, 7));
    // Taken and freed before any lookup: never indexed, and gone from the cache all the same.
    int32_t again = zts_player::slot_take(ctx_, o, 9);
    zts_player::slot_free(ctx_, again);
    EXPECT_EQ(-1, zts_player::slot_find(ctx_, o, 9));
}

TEST_F(PlayerSlots, TakenObject_RootedUntilFreed)
{
    int32_t slot = -1;
    zts_test::store_tracked([this, &slot](zts_clr_object *tracked) { slot = zts_player::slot_take(ctx_, tracked, 1); });
    ASSERT_GE(slot, 0);
    for (int round = 0; round < 3; round++) {
        zts_test::collect_round();
        EXPECT_TRUE(zts_test::tracked_alive()) << "round " << round;
    }
    zts_player::slot_free(ctx_, slot);
    EXPECT_TRUE(zts_test::collected_within_rounds());
}

TEST_F(PlayerSlots, ManySlots_GrowByChunks_FreeAllThenReopen)
{
    std::vector<zts_clr_object *> held;
    for (int32_t i = 0; i < k_chunk + 10; i++) {
        held.push_back(object(i));
        ASSERT_EQ(i, zts_player::slot_take(ctx_, held.back(), i % 3 == 0 ? k_no_identity : 5));
    }
    EXPECT_EQ(2 * k_chunk, zts_player::slot_capacity(ctx_));
    EXPECT_EQ(100, zts_player::slot_find(ctx_, held[100], 5));
    zts_player::slot_free_all(ctx_);
    EXPECT_EQ(0, zts_player::slot_count(ctx_));
    EXPECT_EQ(nullptr, zts_player::slot_get(ctx_, k_chunk + 5));
    EXPECT_EQ(-1, zts_player::slot_find(ctx_, held[100], 5));
    EXPECT_EQ(2 * k_chunk, zts_player::slot_capacity(ctx_)) << "the chunks stay (GC roots cannot be unregistered)";
    zts_player::slot_open(ctx_, domain_); // a new domain on the same JSContext: the table starts over
    EXPECT_EQ(0, zts_player::slot_capacity(ctx_));
    EXPECT_EQ(0, zts_player::slot_take(ctx_, object(0), 5));
    EXPECT_EQ(-1, zts_player::slot_find(ctx_, held[100], 5));
}

} // namespace
