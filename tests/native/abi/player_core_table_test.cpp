// The Player runtime's table (zts_player_core_get, native/core/abi/player_core.cpp): the runtime (native/player) speaks
// zts_value on every CPU, so the table's touserdata and js_throw take zts_value, as the gate's imports do
// (native/core/host/gate_imports.h). The table once handed over the JSValue forms: on 32-bit CPUs, where QuickJS
// NaN-boxes, the runtime's first managed host call read its entry pointer from the wrong bytes and jumped into the
// GOT (the 32-bit Player, docs/PLATFORMS.md). Runs on every CPU target.
#include "host/gated_function.h"
#include "host/value_cast.h"
#include "runtime/domain.h"
#include "support/native_host.h"

#include <cstring>

using zts_test::NativeHost;

namespace
{

using TouserdataFn = void *(*)(JSContext *, zts_value, int);
using ThrowFn = zts_value (*)(JSContext *, zts_value);

using PlayerCore_Table = NativeHost;

} // namespace

TEST_F(PlayerCore_Table, Touserdata_TakesZtsValue)
{
    const zts_player_core *t = zts_player_core_get();
    ASSERT_NE(nullptr, t);
    JSValue entry = zts::gate_entry_of(d); // borrowed: the host_call entry as a pointer object
    ASSERT_FALSE(JS_IsUndefined(entry));
    void *expected = zts::gate_touserdata(d->ctx, entry, 0);
    ASSERT_NE(nullptr, expected);
    EXPECT_EQ(expected, reinterpret_cast<TouserdataFn>(t->touserdata)(d->ctx, zts::from_js(entry), 0));
    void *gate_touserdata = nullptr, *gate_throw = nullptr;
    ASSERT_EQ(ZTS_OK, zts_gate_imports(&gate_touserdata, &gate_throw));
    EXPECT_EQ(gate_touserdata, t->touserdata) << "one form for the gate and the Player runtime";
    EXPECT_EQ(gate_throw, t->js_throw);
}

TEST_F(PlayerCore_Table, Throw_TakesZtsValue)
{
    const zts_player_core *t = zts_player_core_get();
    zts_value text;
    const uint16_t boom[] = {'b', 'o', 'o', 'm'};
    ASSERT_EQ(ZTS_OK, zts_value_new_string_utf16(d, boom, 4, &text));
    zts_value r = reinterpret_cast<ThrowFn>(t->js_throw)(d->ctx, text); // takes the string's reference
    EXPECT_EQ(ZTS_TAG_EXCEPTION, r.tag);
    JSValue thrown = JS_GetException(d->ctx);
    ASSERT_TRUE(JS_IsString(thrown));
    const char *s = JS_ToCString(d->ctx, thrown);
    EXPECT_STREQ("boom", s);
    JS_FreeCString(d->ctx, s);
    JS_FreeValue(d->ctx, thrown);
}
