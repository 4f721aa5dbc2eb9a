// zts_value <-> JSValue (native/core/host/value_cast.h) on every CPU: the identity where QuickJS's JSValue is the
// 16-byte struct (64-bit targets), a conversion where it NaN-boxes (32-bit targets: linux-x86, wasm32). The host side
// (JsValue.cs, the tests' own zts_value) is the same 16 bytes everywhere, so these pin what each target hands over.
#include "host/value_cast.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace
{

using zts::from_js;
using zts::to_js;

zts_value host_value(int64_t tag, int64_t bits)
{
    zts_value v;
    v.u.bits = bits;
    v.tag = tag;
    return v;
}

#ifdef JS_NAN_BOXING
uint64_t raw(JSValue v)
{
    return v;
}
#endif

} // namespace

TEST(CpuAbi_ValueCast, Primitives_KeepTagAndPayload)
{
    zts_value i = from_js(JS_MKVAL(JS_TAG_INT, -123456));
    EXPECT_EQ(ZTS_TAG_INT, zts::tag_of(i));
    EXPECT_EQ(-123456, i.u.int32);
    zts_value b = from_js(JS_TRUE);
    EXPECT_EQ(ZTS_TAG_BOOL, zts::tag_of(b));
    EXPECT_EQ(1, b.u.int32);
    EXPECT_EQ(ZTS_TAG_NULL, zts::tag_of(from_js(JS_NULL)));
    EXPECT_EQ(ZTS_TAG_UNDEFINED, zts::tag_of(from_js(JS_UNDEFINED)));
    EXPECT_EQ(ZTS_TAG_EXCEPTION, zts::tag_of(from_js(JS_EXCEPTION)));
    // What a host writes (tag sign-extended or not, the payload's upper half zero or not) reads back the same.
    JSValue from_host = to_js(host_value(ZTS_TAG_INT, 0x00000000FFFFFFFFll));
    EXPECT_EQ(JS_TAG_INT, JS_VALUE_GET_TAG(from_host));
    EXPECT_EQ(-1, JS_VALUE_GET_INT(from_host));
    EXPECT_TRUE(JS_IsUndefined(to_js(host_value(ZTS_TAG_UNDEFINED, 0))));
}

TEST(CpuAbi_ValueCast, Doubles_RoundTripExactly)
{
    const double values[] = {0.0, -0.0, 1.5, -2.25e-308, 4.9e-324, 1.7976931348623157e308, 9007199254740993.0,
                             std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (double d : values) {
        zts_value v = from_js(__JS_NewFloat64(nullptr, d));
        EXPECT_EQ(ZTS_TAG_FLOAT64, zts::tag_of(v)) << d;
        EXPECT_EQ(0, std::memcmp(&d, &v.u.float64, sizeof d)) << d; // bit for bit: -0.0 stays -0.0
        JSValue back = to_js(v);
        EXPECT_EQ(JS_TAG_FLOAT64, JS_VALUE_GET_NORM_TAG(back)) << d;
        double again = JS_VALUE_GET_FLOAT64(back);
        EXPECT_EQ(0, std::memcmp(&d, &again, sizeof d)) << d;
    }
    zts_value nan = host_value(ZTS_TAG_FLOAT64, 0);
    nan.u.float64 = std::nan("");
    EXPECT_TRUE(std::isnan(JS_VALUE_GET_FLOAT64(to_js(nan))));
    EXPECT_TRUE(std::isnan(from_js(__JS_NewFloat64(nullptr, std::nan(""))).u.float64));
}

// The ZTS tags (error sentinel, push and struct results, struct refs) ride in a JSValue between the core and the
// gate. NaN-boxed, their raw tags are those of the signalling NaNs with high words 0x7FF75A1C..1F; QuickJS stores
// every NaN as its one quiet NaN, so no number ever carries one of them.
TEST(CpuAbi_ValueCast, ZtsTags_NeverANumber)
{
    int marker = 0;
    for (int32_t tag : {ZTS_CALLBACK_ERROR_SENTINEL, ZTS_RESULT_PUSH_TAG, ZTS_RESULT_STRUCT_TAG, ZTS_STRUCT_REF_TAG}) {
        zts_value v = host_value(tag, 0);
        v.u.ptr = &marker;
        JSValue js = to_js(v);
        EXPECT_EQ(tag, JS_VALUE_GET_TAG(js));
        EXPECT_EQ(&marker, JS_VALUE_GET_PTR(js));
        zts_value back = from_js(js);
        EXPECT_EQ(tag, zts::tag_of(back));
        EXPECT_EQ(&marker, back.u.ptr);
#ifdef JS_NAN_BOXING
        uint64_t high = (static_cast<uint64_t>(static_cast<uint32_t>(tag)) + JS_FLOAT64_TAG_ADDEND) & 0xFFFFFFFFu;
        uint64_t bits = high << 32 | 0x12345678u;
        double signalling;
        std::memcpy(&signalling, &bits, sizeof bits);
        ASSERT_TRUE(std::isnan(signalling)) << std::hex << bits;
        JSValue stored = __JS_NewFloat64(nullptr, signalling);
        EXPECT_NE(tag, JS_VALUE_GET_TAG(stored)) << std::hex << raw(stored);
        EXPECT_EQ(JS_TAG_FLOAT64, JS_VALUE_GET_NORM_TAG(stored));
#endif
    }
}

TEST(CpuAbi_ValueCast, Objects_KeepTheirPointer)
{
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(rt);
    JSValue o = JS_NewObject(ctx);
    zts_value v = from_js(o);
    EXPECT_EQ(ZTS_TAG_OBJECT, zts::tag_of(v));
    EXPECT_EQ(JS_VALUE_GET_PTR(o), v.u.ptr);
    JSValue back = to_js(v);
    EXPECT_TRUE(JS_IsObject(back));
    EXPECT_EQ(JS_VALUE_GET_PTR(o), JS_VALUE_GET_PTR(back));
    JSValue s = JS_NewString(ctx, "a string that is not an atom yet");
    zts_value sv = from_js(s);
    EXPECT_EQ(ZTS_TAG_STRING, zts::tag_of(sv));
    EXPECT_TRUE(JS_IsString(to_js(sv)));
    JS_FreeValue(ctx, to_js(sv));
    JS_FreeValue(ctx, back);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
}

// A host's zts_value array handed to QuickJS (zts_table_new, zts_function_call with more than 16 arguments): the
// array itself on 64-bit targets, a converted copy written back where NaN-boxed.
TEST(CpuAbi_ValueCast, Arrays_ConvertAndWriteBack)
{
    zts_value values[3] = {host_value(ZTS_TAG_INT, 7), host_value(ZTS_TAG_BOOL, 1), host_value(ZTS_TAG_NULL, 0)};
    zts::JsArray js(values, 3);
    EXPECT_EQ(7, JS_VALUE_GET_INT(js.data()[0]));
    EXPECT_EQ(JS_TAG_BOOL, JS_VALUE_GET_TAG(js.data()[1]));
    EXPECT_TRUE(JS_IsNull(js.data()[2]));
    js.data()[0] = JS_UNDEFINED; // what a consuming callee leaves
    js.data()[2] = __JS_NewFloat64(nullptr, 2.5);
    js.write_back();
    EXPECT_EQ(ZTS_TAG_UNDEFINED, zts::tag_of(values[0]));
    EXPECT_EQ(ZTS_TAG_FLOAT64, zts::tag_of(values[2]));
    EXPECT_EQ(2.5, values[2].u.float64);
}
