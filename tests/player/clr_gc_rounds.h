// Conservative-GC rounds for the tests over embedded Boehm Mono (tests/player/clr_adapter_test.cpp,
// slot_table_test.cpp): a tracked object (ZTS.ClrTests.Probe.NewTracked) is put somewhere from a frame of its own, and
// "collected" is checked over rounds that first overwrite what earlier frames left below the caller, never at an exact
// point: a stale copy of a pointer on a stack may keep an object alive for a while.
#pragma once

#include "clr_probe_host.h"

#include <gtest/gtest.h>

#include <cstring>

namespace zts_test
{

// The runtime starts before the first test (on the main thread, which stays attached), outside any test's frames.
class ClrEnvironment : public ::testing::Environment
{
public:
    void SetUp() override
    {
        ClrProbe::get();
    }
};
inline const ::testing::Environment *const clr_environment = ::testing::AddGlobalTestEnvironment(new ClrEnvironment);

constexpr int k_rounds = 20;

// Overwrites a large part of the stack below the caller, so that stale pointers left there by earlier calls
// do not keep objects alive (conservative stack scanning).
inline __attribute__((noinline)) void clobber_stack()
{
    volatile char buffer[64 * 1024];
    std::memset(const_cast<char *>(buffer), 0, sizeof buffer);
}

// Makes a thunk return a fresh object, so the runtime's per-thread copy of the last returned object is not a
// tracked one.
inline __attribute__((noinline)) void return_other_object()
{
    zts_clr_exception *exc = nullptr;
    zts_clr_array *other = ClrProbe::get().thunk<zts_test::ArrayThunk>("Squares", 1)(2, &exc);
    (void)other;
}

inline void collect()
{
    zts_clr_exception *exc = nullptr;
    ClrProbe::get().thunk<zts_test::VoidThunk>("Collect", 0)(&exc);
    ASSERT_EQ(nullptr, exc);
}

inline bool tracked_alive()
{
    zts_clr_exception *exc = nullptr;
    bool alive = ClrProbe::get().thunk<zts_test::BoolThunk>("TrackedAlive", 0)(&exc);
    EXPECT_EQ(nullptr, exc);
    return alive;
}

// Hands a new tracked object to store (which keeps it somewhere), from a frame of its own.
template <typename Store> __attribute__((noinline)) void store_tracked_in_own_frame(Store store)
{
    zts_clr_exception *exc = nullptr;
    zts_clr_object *tracked = ClrProbe::get().thunk<zts_test::ObjectThunk>("NewTracked", 0)(&exc);
    ASSERT_EQ(nullptr, exc);
    ASSERT_NE(nullptr, tracked);
    store(tracked);
}

// Stores a new tracked object in slots[index] only, from a frame of its own.
inline __attribute__((noinline)) void put_tracked_in_own_frame(zts_clr_object **slots, size_t index)
{
    store_tracked_in_own_frame([slots, index](zts_clr_object *tracked) { slots[index] = tracked; });
}

// One round: no stale copy of a tracked pointer left in the runtime's thread state or below the caller's frame
// (where earlier calls, tracked_alive's included, ran), then a full collection with finalizers. Inlined, so that
// clobber_stack runs at the caller's depth.
inline __attribute__((always_inline)) void collect_round()
{
    return_other_object();
    clobber_stack();
    collect();
}

// put_tracked_in_own_frame, then the stack below the caller is overwritten: the frames that later run there
// (the collection rounds) would otherwise keep stale copies of the pointer in their unwritten parts.
inline __attribute__((always_inline)) void put_tracked(zts_clr_object **slots, size_t index)
{
    put_tracked_in_own_frame(slots, index);
    clobber_stack();
}

// store_tracked_in_own_frame, then the stack below the caller is overwritten (as put_tracked does).
template <typename Store> inline __attribute__((always_inline)) void store_tracked(Store store)
{
    store_tracked_in_own_frame(store);
    clobber_stack();
}

// Collects until the tracked object is gone; true when it went within k_rounds rounds. Inlined for the same reason.
inline __attribute__((always_inline)) bool collected_within_rounds()
{
    for (int round = 0; round < k_rounds; round++) {
        collect_round();
        if (!tracked_alive()) return true;
    }
    return false;
}

} // namespace zts_test
