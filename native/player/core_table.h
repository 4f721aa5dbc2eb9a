// The core's functions the Player runtime calls: the table zts_player_core_get gives (zts.h), which managed code hands
// over once (TsIl2CppAppDomain.InitializeInternal). The runtime links no symbol of the core, so Il2Cpp can compile it
// into a game while the core stays the prebuilt library (docs/PLAYER.md, "The Il2Cpp plugin").
#pragma once

#include "zts/zts.h"

namespace zts_player
{

/// The core's table; null until InitializeInternal accepted one.
extern const zts_player_core *g_core;

/// The table when this runtime speaks its version and it has every entry this runtime calls.
inline bool core_accepts(const zts_player_core *t)
{
    return t != nullptr && t->version == ZTS_PLAYER_CORE_VERSION && t->size >= sizeof(zts_player_core);
}

/// JS_ThrowInternalError with a fixed message, through the core.
inline zts_value throw_internal_error(JSContext *ctx, const char *message)
{
    return g_core->throw_internal_error(ctx, message);
}

/// JS_ThrowOutOfMemory, through the core.
inline zts_value throw_out_of_memory(JSContext *ctx)
{
    return g_core->throw_out_of_memory(ctx);
}

} // namespace zts_player
