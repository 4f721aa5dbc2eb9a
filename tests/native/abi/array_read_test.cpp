// zts_array_read: a JS array's elements copied out in one crossing (JS arrays into C#).
#include "support/native_host.h"

#include "quickjs.h"

using zts_test::NativeHost;

namespace
{

using Array_Read = NativeHost;

// Calls export f of a one-function module and returns its (owned) result.
zts_value result_of(NativeHost &h, const std::string &body)
{
    h.module("app", "export function f() {\n" + body + "\n}");
    int32_t f = h.function("app", "f");
    zts_value r{};
    EXPECT_EQ(ZTS_OK, h.call(f, {}, &r));
    return r;
}

} // namespace

TEST_F(Array_Read, AllElements_OneCall_OwnedValuesAndHolesUndefined)
{
    zts_value arr = result_of(*this, "const a = [7, 'x', 1.5]; a[4] = null; return a;");
    zts_value out[8];
    int32_t length = -1;
    ASSERT_EQ(5, zts_array_read(d, arr, 0, 8, out, &length));
    EXPECT_EQ(5, length);
    EXPECT_EQ(ZTS_TAG_INT, out[0].tag);
    EXPECT_EQ(7, out[0].u.int32);
    EXPECT_EQ("x", take_string(out[1]));
    EXPECT_EQ(ZTS_TAG_FLOAT64, out[2].tag);
    EXPECT_EQ(1.5, out[2].u.float64);
    EXPECT_EQ(ZTS_TAG_UNDEFINED, out[3].tag); // a hole
    EXPECT_EQ(ZTS_TAG_NULL, out[4].tag);
    zts_value_free(d, arr);
}

TEST_F(Array_Read, Chunks_StartAndCapSelectARange)
{
    zts_value arr = result_of(*this, "return [0, 1, 2, 3, 4];");
    zts_value out[2];
    int32_t length = -1;
    ASSERT_EQ(2, zts_array_read(d, arr, 3, 2, out, &length));
    EXPECT_EQ(5, length);
    EXPECT_EQ(3, out[0].u.int32);
    EXPECT_EQ(4, out[1].u.int32);
    EXPECT_EQ(0, zts_array_read(d, arr, 5, 2, out, &length)) << "start at the end: nothing copied";
    EXPECT_EQ(0, zts_array_read(d, arr, 0, 0, nullptr, &length)) << "cap 0: only the length";
    EXPECT_EQ(5, length);
    zts_value_free(d, arr);
}

TEST_F(Array_Read, NotAnArray_IsArgumentError)
{
    zts_value obj = result_of(*this, "return {length: 2, 0: 1, 1: 2};");
    zts_value out[2];
    int32_t length = -1;
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_array_read(d, obj, 0, 2, out, &length));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_array_read(d, zts_test::int_value(3), 0, 2, out, &length));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_array_read(d, obj, -1, 2, out, &length));
    zts_value_free(d, obj);
}

TEST_F(Array_Read, ThrowingGetter_IsJsErrorAndFreesCopiedElements)
{
    zts_value arr = result_of(*this, "const a = ['kept', 'kept too', 0];"
                                     "Object.defineProperty(a, 2, {get() { throw new Error('no element'); }});"
                                     "return a;");
    zts_value out[3];
    int32_t length = -1;
    EXPECT_EQ(ZTS_ERR_JS, zts_array_read(d, arr, 0, 3, out, &length));
    EXPECT_EQ("no element", error_message());
    EXPECT_EQ(ZTS_TAG_UNDEFINED, out[0].tag) << "the strings read before the throw are freed (leak check at teardown)";
    zts_value_free(d, arr);
}

TEST_F(Array_Read, ProxyOfArray_ReadsThroughTraps)
{
    zts_value arr = result_of(*this, "return new Proxy([1, 2], {get: (t, k) => k === 'length' ? 2 : 10 * t[k]});");
    zts_value out[2];
    int32_t length = -1;
    ASSERT_EQ(2, zts_array_read(d, arr, 0, 2, out, &length));
    EXPECT_EQ(10, out[0].u.int32);
    EXPECT_EQ(20, out[1].u.int32);
    zts_value_free(d, arr);
}

// A fast array is read from QuickJS's dense storage (JS_GetFastArrayElements), with the same values as the
// property path: a length grown past the dense elements reads as holes, and strings come out owned.
TEST_F(Array_Read, FastArray_DenseStorage_SameAsPropertyReads)
{
    zts_value arr = result_of(*this, "const a = [1, 'two', 3.5]; a.length = 5; return a;");
    zts_value out[8];
    int32_t length = -1;
    ASSERT_EQ(5, zts_array_read(d, arr, 0, 8, out, &length));
    EXPECT_EQ(5, length);
    EXPECT_EQ(1, out[0].u.int32);
    EXPECT_EQ("two", take_string(out[1]));
    EXPECT_EQ(3.5, out[2].u.float64);
    EXPECT_EQ(ZTS_TAG_UNDEFINED, out[3].tag);
    EXPECT_EQ(ZTS_TAG_UNDEFINED, out[4].tag);
    ASSERT_EQ(2, zts_array_read(d, arr, 1, 2, out, &length)) << "a range of the dense part";
    EXPECT_EQ("two", take_string(out[0]));
    EXPECT_EQ(3.5, out[1].u.float64);
    zts_value_free(d, arr);
}

// A length the heap limit could not hold as values (a sparse `a.length = 1e9`, or a lying Proxy) fails at once with
// ZTS_ERR_OUT_OF_MEMORY and its zts: text, before any element is read; a chunk of a long array reads only the chunk.
TEST_F(Array_Read, LengthPastHeapLimit_FailsAtOnce_ChunksReadOnlyTheirCap)
{
    ASSERT_EQ(ZTS_OK, zts_domain_set_memory_limit(d, 16 << 20));
    zts_value arr = result_of(*this, "const a = []; a.length = 1e9; return a;");
    zts_value out[4];
    int32_t length = -1;
    EXPECT_EQ(ZTS_ERR_OUT_OF_MEMORY, zts_array_read(d, arr, 0, 4, out, &length));
    zts_error_info info{};
    zts_domain_error(d, &info);
    // A value is a JSValue in the heap: 16 bytes on 64-bit targets, 8 where QuickJS NaN-boxes (32-bit targets).
    EXPECT_EQ("zts: a JS array of length 1000000000 cannot cross: the domain's heap limit of 16777216 bytes holds at "
              "most " + std::to_string((16u << 20) / sizeof(JSValue)) + " elements",
              std::string(info.message, info.message_len));
    zts_value_free(d, arr);

    ASSERT_EQ(ZTS_OK, zts_domain_set_memory_limit(d, 0)); // no limit: the length is read, the chunk is the cap
    arr = result_of(*this, "const a = []; a.length = 1e9; return a;");
    EXPECT_EQ(4, zts_array_read(d, arr, 500000000, 4, out, &length));
    EXPECT_EQ(1000000000, length);
    EXPECT_EQ(ZTS_TAG_UNDEFINED, out[3].tag);
    zts_value_free(d, arr);
}
