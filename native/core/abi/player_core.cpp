// C ABI: the Player runtime's table (zts_player_core): the core's functions a Player runtime compiled into a game calls
// through one versioned table, so that runtime links no symbol of the core (docs/PLAYER.md, "The Il2Cpp plugin").
#include "abi/guard.h"
#include "host/gate_imports.h"
#include "host/value_cast.h"

#include "quickjs.h"

using namespace zts;

namespace
{

zts_value throw_internal_error(JSContext *ctx, const char *message)
{
    return from_js(JS_ThrowInternalError(ctx, "%s", message != nullptr ? message : "zts: internal error"));
}

zts_value throw_out_of_memory(JSContext *ctx)
{
    return from_js(JS_ThrowOutOfMemory(ctx));
}

zts_player_core make_table()
{
    zts_player_core t{};
    t.size = sizeof(zts_player_core);
    t.version = ZTS_PLAYER_CORE_VERSION;
    // zts_value forms (host/gate_imports.h): the runtime passes and takes zts_value on every CPU.
    t.touserdata = reinterpret_cast<void *>(&gate_touserdata_value);
    t.js_throw = reinterpret_cast<void *>(&gate_throw_value);
    t.throw_internal_error = &throw_internal_error;
    t.throw_out_of_memory = &throw_out_of_memory;
    t.object_take_released = &zts_object_take_released;
    t.domain_release_counter = &zts_domain_release_counter;
    t.struct_set_rooted_memory = &zts_struct_set_rooted_memory;
    return t;
}

} // namespace

extern "C" {

const zts_player_core *zts_player_core_get(void)
try {
    static const zts_player_core table = make_table();
    return &table;
}
ZTS_ABI_CATCH_RETURN(nullptr)

} // extern "C"
