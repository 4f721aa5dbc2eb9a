// The Player runtime's values (native/player/value.h) are zts.h's zts_value, which the core converts to and from
// QuickJS's JSValue (native/core/host/value_cast.h). What a Player bridge returns must be, after the core's conversion,
// the JSValue QuickJS itself would have made: on 64-bit targets and where QuickJS NaN-boxes (linux-x86, wasm32, which
// run this suite too).
#include "host/value_cast.h"
#include "player/value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace
{

// The same JSValue bits (JSValue is a struct of payload and tag on 64-bit targets, one uint64_t where it NaN-boxes).
bool same_bits(JSValue a, JSValue b)
{
    if (JS_VALUE_GET_TAG(a) != JS_VALUE_GET_TAG(b)) return false;
#ifdef JS_NAN_BOXING
    return a == b;
#else
    return std::memcmp(&a.u, &b.u, sizeof a.u) == 0;
#endif
}

const double k_numbers[] = {0.0, -0.0, 1.0, -1.0, 1.5, 3.0, 2147483647.0, -2147483648.0, 2147483648.0, -2147483649.0,
                            9007199254740991.0, 1e300, -1e-300, std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::denorm_min()};

} // namespace

TEST(PlayerValue_Number, SameAsJsNewFloat64)
{
    for (double d : k_numbers) {
        JSValue mine = zts::to_js(zts_player::make_number(d));
        JSValue quickjs = JS_NewFloat64(nullptr, d);
        EXPECT_TRUE(same_bits(quickjs, mine)) << d;
    }
    // -0 stays a float64 (an int cannot hold it): 1 / result is -Infinity in JS.
    zts_value negative_zero = zts_player::make_number(-0.0);
    EXPECT_EQ(ZTS_TAG_FLOAT64, zts_player::tag_of(negative_zero));
    EXPECT_TRUE(std::signbit(negative_zero.u.float64));
}

TEST(PlayerValue_Number, NaNIsQuickJsNaN)
{
    // Any NaN a C# method returns (a signalling one included) is QuickJS's one NaN once the core has it: where QuickJS
    // NaN-boxes, a NaN's payload could otherwise read as another tag.
    double nans[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::signaling_NaN(),
                     -std::numeric_limits<double>::quiet_NaN()};
    for (double d : nans) {
        JSValue v = zts::to_js(zts_player::make_number(d));
        EXPECT_EQ(JS_TAG_FLOAT64, JS_VALUE_GET_NORM_TAG(v));
        EXPECT_TRUE(std::isnan(JS_VALUE_GET_FLOAT64(v)));
#ifdef JS_NAN_BOXING
        EXPECT_EQ(JS_NAN, v);
#endif
    }
}

TEST(PlayerValue_Primitives, SameAsQuickJsConstants)
{
    EXPECT_TRUE(same_bits(JS_UNDEFINED, zts::to_js(zts_player::make_undefined())));
    EXPECT_TRUE(same_bits(JS_EXCEPTION, zts::to_js(zts_player::make_exception())));
    EXPECT_TRUE(same_bits(JS_TRUE, zts::to_js(zts_player::make_bool(true))));
    EXPECT_TRUE(same_bits(JS_FALSE, zts::to_js(zts_player::make_bool(false))));
    for (int32_t i : {0, -1, 42, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()}) {
        EXPECT_TRUE(same_bits(JS_NewInt32(nullptr, i), zts::to_js(zts_player::make_int(i)))) << i;
    }
}

TEST(PlayerValue_Arguments, ReadAsTheCoreWroteThem)
{
    // What the Player's inline readers see (player_bridge.h arg_i4, arg_r8, arg_z): the zts_value the core made of a
    // QuickJS argument.
    zts_value i = zts::from_js(JS_NewInt32(nullptr, -7));
    EXPECT_EQ(ZTS_TAG_INT, zts_player::tag_of(i));
    EXPECT_EQ(-7, i.u.int32);
    zts_value d = zts::from_js(JS_NewFloat64(nullptr, 2.5));
    EXPECT_EQ(ZTS_TAG_FLOAT64, zts_player::tag_of(d));
    EXPECT_EQ(2.5, d.u.float64);
    zts_value b = zts::from_js(JS_TRUE);
    EXPECT_EQ(ZTS_TAG_BOOL, zts_player::tag_of(b));
    EXPECT_EQ(1, b.u.int32);
}

TEST(PlayerValue_Pointers, KeepTagAndAddress)
{
    int object = 0;
    zts_value v = zts_player::make_ptr(ZTS_TAG_OBJECT, &object);
    JSValue js = zts::to_js(v);
    EXPECT_EQ(JS_TAG_OBJECT, JS_VALUE_GET_TAG(js));
    EXPECT_EQ(static_cast<void *>(&object), JS_VALUE_GET_PTR(js));
    zts_value r = zts_player::make_ptr(ZTS_RESULT_STRUCT_TAG, &object);
    EXPECT_EQ(ZTS_RESULT_STRUCT_TAG, zts::tag_of(r));
    EXPECT_EQ(static_cast<void *>(&object), r.u.ptr);
}
