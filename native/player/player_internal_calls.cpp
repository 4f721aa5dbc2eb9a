#include "player_internal_calls.h"

#include "player_runtime.h"

#include "zts_clr.h"

namespace zts_player
{

namespace
{

// ZTS.TsPlayerHost::HostVersion(): which launcher contract this process runs under (managed code asks it only
// when ZTS_PLAYER_PID names this process, so a plain `mono` never meets the unbound internal call).
int32_t host_version()
{
    return k_host_version;
}

} // namespace

void register_internal_calls()
{
    zts_clr_add_internal_call("ZTS.TsPlayerHost::HostVersion", reinterpret_cast<const void *>(&host_version));
    register_runtime_calls();
}

} // namespace zts_player
