// The core's table the Player runtime calls through (core_table.h); set by InitializeInternal (player_runtime.cpp).
#include "core_table.h"

namespace zts_player
{

const zts_player_core *g_core;

} // namespace zts_player
