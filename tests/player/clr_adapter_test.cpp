// The CLR adapter (native/clr_adapter/zts_clr.h) over embedded Boehm Mono (docs/PLAYER.md): GC roots, GC handles, typed calls
// through unmanaged thunks with managed exceptions caught in the out-argument, internal calls both ways,
// strings, arrays, thread attach. The GC is conservative: a stale copy of a pointer on a stack may keep an
// object alive for a while, so "collected" is checked over rounds, never at an exact point.
#include "clr_gc_rounds.h"
#include "clr_probe_host.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>

namespace
{

using zts_test::ClrProbe;
using zts_test::clobber_stack;
using zts_test::collect;
using zts_test::collect_round;
using zts_test::collected_within_rounds;
using zts_test::put_tracked;
using zts_test::tracked_alive;

constexpr size_t k_slots = 16;

// Heap memory: the Boehm collector does not scan it unless it is registered as a root. Never freed: a root stays
// registered for the life of the process (zts_clr_gc_register_root).
zts_clr_object **new_slots()
{
    return new zts_clr_object *[k_slots]();
}

TEST(ClrGcRoot, RegisteredSlot_KeepsObjectAliveUntilCleared)
{
    auto slots = new_slots();
    ASSERT_EQ(1, zts_clr_gc_register_root(slots, k_slots * sizeof(zts_clr_object *), "test slots"));
    put_tracked(slots, 3);
    for (int round = 0; round < 3; round++) {
        collect_round();
        EXPECT_TRUE(tracked_alive()) << "round " << round;
    }
    EXPECT_STREQ("Object", zts_clr_class_get_name(zts_clr_object_get_class(slots[3])));
    slots[3] = nullptr;
    EXPECT_TRUE(collected_within_rounds());
}

// The control: the same slots without the registration do not keep the object (so the root is what did).
TEST(ClrGcRoot, UnregisteredSlot_DoesNotKeepObject)
{
    auto slots = new_slots();
    put_tracked(slots, 5);
    EXPECT_TRUE(collected_within_rounds());
}

// A strong handle to slots[index], checked, from a frame of its own (no copy of the pointer left in the test's).
__attribute__((noinline)) zts_clr_gchandle handle_to_slot(zts_clr_object **slots, size_t index)
{
    zts_clr_gchandle handle = zts_clr_gchandle_new(slots[index], 0);
    EXPECT_TRUE(handle != 0 && zts_clr_gchandle_get_target(handle) == slots[index]);
    return handle;
}

TEST(ClrGcHandle, Strong_KeepsTargetUntilFreed)
{
    auto slots = new_slots();
    put_tracked(slots, 0);
    zts_clr_gchandle handle = handle_to_slot(slots, 0);
    ASSERT_NE(0u, handle);
    slots[0] = nullptr;
    clobber_stack();
    for (int round = 0; round < 3; round++) {
        collect_round();
        EXPECT_TRUE(tracked_alive()) << "round " << round;
    }
    zts_clr_gchandle_free(handle);
    EXPECT_TRUE(collected_within_rounds());
}

TEST(ClrThunk, Add_ReturnsSum)
{
    auto add = ClrProbe::get().thunk<zts_test::AddThunk>("Add", 2);
    ASSERT_NE(nullptr, add.entry);
    zts_clr_exception *exc = reinterpret_cast<zts_clr_exception *>(1);
    EXPECT_EQ(5, add(2, 3, &exc));
    EXPECT_EQ(nullptr, exc);
    EXPECT_EQ(-7, add(-10, 3, &exc));
}

// A struct argument and a struct result by value cross the typed call boxed, on both adapters: Mono's thunk boxes them,
// the Il2Cpp adapter routes such a method through Il2Cpp's invoker (a method pointer would take the struct by value
// under the platform ABI; zts_clr_typed_call.h). An exception comes back in the out-argument there too.
TEST(ClrThunk, StructByValue_ArgumentAndResultBoxed)
{
    using MakeThunk = zts_clr_object *(*)(int32_t, zts_clr_exception **);
    using SumThunk = int32_t (*)(zts_clr_object *, zts_clr_exception **);
    ClrProbe &p = ClrProbe::get();
    auto make = p.thunk<MakeThunk>("MakePair", 1);
    auto sum = p.thunk<SumThunk>("SumPair", 1);
    ASSERT_NE(nullptr, make.entry);
    ASSERT_NE(nullptr, sum.entry);
#if defined(ZTS_CLR_IL2CPP)
    EXPECT_EQ(zts_clr::k_via_invoker, reinterpret_cast<uintptr_t>(make.entry) & zts_clr::k_entry_tags);
    EXPECT_EQ(zts_clr::k_via_invoker, reinterpret_cast<uintptr_t>(sum.entry) & zts_clr::k_entry_tags);
#endif
    zts_clr_exception *exc = nullptr;
    zts_clr_object *pair = make(5, &exc);
    ASSERT_EQ(nullptr, exc);
    ASSERT_NE(nullptr, pair);
    EXPECT_STREQ("Pair", zts_clr_class_get_name(zts_clr_object_get_class(pair)));
    EXPECT_EQ(5 + 2, sum(pair, &exc));
    EXPECT_EQ(nullptr, exc);
    zts_clr_object *negative = make(-1, &exc);
    EXPECT_EQ(0, sum(negative, &exc));
    ASSERT_NE(nullptr, exc);
    EXPECT_STREQ("ArgumentOutOfRangeException", zts_clr_class_get_name(zts_clr_object_get_class(reinterpret_cast<zts_clr_object *>(exc))));
}

// A managed exception comes back in the thunk's out-argument, 100,000 times, interleaved with
// normal calls, with no crash and nothing unwinding through this frame.
TEST(ClrThunk, Exception_CaughtInOutArgument100k)
{
    auto fail = ClrProbe::get().thunk<zts_test::IntThunk>("Fail", 1);
    auto add = ClrProbe::get().thunk<zts_test::AddThunk>("Add", 2);
    int caught = 0;
    for (int i = 0; i < 100000; i++) {
        zts_clr_exception *exc = nullptr;
        fail(i, &exc);
        if (exc != nullptr) caught++;
        if (i % 10000 == 0) {
            ASSERT_NE(nullptr, exc);
            EXPECT_STREQ("InvalidOperationException", zts_clr_class_get_name(zts_clr_object_get_class(reinterpret_cast<zts_clr_object *>(exc))));
            char text[512];
            zts_clr_format_exception(exc, text, sizeof text);
            std::string expected = "System.InvalidOperationException: fail " + std::to_string(i);
            EXPECT_EQ(0u, std::string(text).find(expected)) << text;
            zts_clr_exception *none = nullptr;
            EXPECT_EQ(i + 1, add(i, 1, &none));
            EXPECT_EQ(nullptr, none);
        }
    }
    EXPECT_EQ(100000, caught);
}

TEST(ClrException, FormatTruncates)
{
    zts_clr_exception *exc = nullptr;
    ClrProbe::get().thunk<zts_test::IntThunk>("Fail", 1)(42, &exc);
    ASSERT_NE(nullptr, exc);
    char small[8];
    std::memset(small, 'x', sizeof small);
    zts_clr_format_exception(exc, small, sizeof small);
    EXPECT_STREQ("System.", small);
}

int32_t native_twice(int32_t x)
{
    return 2 * x;
}

int32_t native_throw(int32_t x)
{
    std::string message = "raised from C++ " + std::to_string(x);
    zts_clr_raise_exception(zts_clr_exception_from_name_msg(zts_clr_get_corlib(), "System", "ArgumentException", message.c_str()));
    return 0; // at once: the exception is thrown in the managed caller when this returns
}

TEST(ClrInternalCall, Registered_CalledFromManaged)
{
    zts_clr_add_internal_call("ZTS.ClrTests.Probe::NativeTwice", reinterpret_cast<const void *>(&native_twice));
    zts_clr_exception *exc = nullptr;
    EXPECT_EQ(41, ClrProbe::get().thunk<zts_test::IntThunk>("CallNative", 1)(20, &exc));
    EXPECT_EQ(nullptr, exc);
}

TEST(ClrInternalCall, RaisedException_ReachesManagedCaller)
{
    zts_clr_add_internal_call("ZTS.ClrTests.Probe::NativeThrow", reinterpret_cast<const void *>(&native_throw));
    auto call = ClrProbe::get().thunk<zts_test::IntThunk>("CallNativeThrowing", 1);
    for (int i = 0; i < 1000; i++) {
        zts_clr_exception *exc = nullptr;
        call(i, &exc);
        ASSERT_NE(nullptr, exc);
        if (i == 7) {
            char text[512];
            zts_clr_format_exception(exc, text, sizeof text);
            EXPECT_EQ(0u, std::string(text).find("System.ArgumentException: raised from C++ 7")) << text;
        }
    }
}

TEST(ClrString, Utf8AndUtf16_RoundTrip)
{
    zts_clr_string *s = zts_clr_string_new("h\xc3\xa9llo \xf0\x9f\x98\x80"); // "héllo 😀"
    ASSERT_NE(nullptr, s);
    const char16_t expected[] = u"h\u00e9llo \U0001F600";
    ASSERT_EQ(8, zts_clr_string_length(s)); // the emoji is a surrogate pair
    EXPECT_EQ(0, std::memcmp(expected, zts_clr_string_chars(s), 8 * sizeof(zts_clr_char)));
    zts_clr_exception *exc = nullptr;
    EXPECT_EQ(8, ClrProbe::get().thunk<zts_test::LengthThunk>("Length", 1)(s, &exc));
    zts_clr_string *tail = zts_clr_string_new_utf16(reinterpret_cast<const zts_clr_char *>(u"!?"), 1);
    zts_clr_string *joined = ClrProbe::get().thunk<zts_test::ConcatThunk>("Concat", 2)(s, tail, &exc);
    ASSERT_EQ(nullptr, exc);
    ASSERT_EQ(9, zts_clr_string_length(joined));
    EXPECT_EQ(u'!', zts_clr_string_chars(joined)[8]);
}

TEST(ClrArray, Int32Elements)
{
    zts_clr_exception *exc = nullptr;
    zts_clr_array *squares = ClrProbe::get().thunk<zts_test::ArrayThunk>("Squares", 1)(6, &exc);
    ASSERT_EQ(nullptr, exc);
    ASSERT_EQ(6u, zts_clr_array_length(squares));
    for (uintptr_t i = 0; i < 6; i++) {
        int32_t value;
        std::memcpy(&value, zts_clr_array_addr_with_size(squares, sizeof(int32_t), i), sizeof value);
        EXPECT_EQ(static_cast<int32_t>(i * i), value);
    }
}

// A generated struct property setter writes a copy and puts it back into the box (Table conversions).
TEST(ClrValue, Copy_SameValueTypeOnly)
{
    using BoxThunk = zts_clr_object *(*)(int32_t, zts_clr_exception **);
    using SumThunk = int32_t (*)(zts_clr_object *, zts_clr_exception **);
    ClrProbe &p = ClrProbe::get();
    zts_clr_exception *exc = nullptr;
    zts_clr_object *dst = p.thunk<BoxThunk>("NewPair", 1)(1, &exc);
    zts_clr_object *src = p.thunk<BoxThunk>("NewPair", 1)(40, &exc);
    ASSERT_EQ(nullptr, exc);
    auto sum = p.thunk<SumThunk>("PairSum", 1);
    EXPECT_EQ(1 + 2, sum(dst, &exc));
    zts_clr_value_copy(dst, src);
    EXPECT_EQ(40 + 3, sum(dst, &exc)) << "both fields copied, the reference one included";
    zts_clr_object *other = p.thunk<zts_test::ObjectThunk>("NewTracked", 0)(&exc);
    zts_clr_value_copy(dst, other); // not the same value type: nothing happens
    zts_clr_value_copy(other, dst);
    EXPECT_EQ(40 + 3, sum(dst, &exc));
    ASSERT_EQ(nullptr, exc);
}

TEST(ClrClass, Lookup_MissingIsNull)
{
    ClrProbe &p = ClrProbe::get();
    EXPECT_EQ(nullptr, zts_clr_class_from_name(p.image, "ZTS.ClrTests", "NoSuchType"));
    EXPECT_EQ(nullptr, zts_clr_class_get_method_from_name(p.probe, "NoSuchMethod", -1));
    EXPECT_EQ(nullptr, zts_clr_class_get_method_from_name(p.probe, "Add", 3));
    zts_clr_class *string_class = zts_clr_class_from_name(zts_clr_get_corlib(), "System", "String");
    ASSERT_NE(nullptr, string_class);
    EXPECT_STREQ("System", zts_clr_class_get_namespace(string_class));
    EXPECT_EQ(p.domain, zts_clr_domain_get());
}

TEST(ClrThread, Attached_CallsManaged)
{
    auto add = ClrProbe::get().thunk<zts_test::AddThunk>("Add", 2);
    int32_t result = 0;
    zts_clr_exception *exc = nullptr;
    std::thread worker([&] {
        zts_clr_thread *thread = zts_clr_thread_attach(zts_clr_domain_get());
        result = add(40, 2, &exc);
        zts_clr_thread_detach(thread);
    });
    worker.join();
    EXPECT_EQ(42, result);
    EXPECT_EQ(nullptr, exc);
}

} // namespace
