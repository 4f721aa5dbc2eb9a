// The Il2Cpp plugin's entry point: in a Unity Il2Cpp Player, the Player runtime is compiled into the game
// (docs/PLAYER.md, "The Il2Cpp plugin"), and ZTS.Il2Cpp calls this through DllImport("__Internal") once, before its
// first internal call, to bind them (the launcher binds them itself before Main: player_internal_calls.cpp).
#include "player_bridge.h"
#include "player_runtime.h"

#if defined(_WIN32)
#define ZTS_PLAYER_EXPORT extern "C" __declspec(dllexport)
#else
#define ZTS_PLAYER_EXPORT extern "C" __attribute__((visibility("default")))
#endif

/// Binds ZTS.Il2Cpp's internal calls when version is the entry-table version this runtime speaks (0), else returns
/// that version and binds nothing. Idempotent.
ZTS_PLAYER_EXPORT int32_t zts_player_register(int32_t version)
{
    if (version != zts_player::k_entry_version) return zts_player::k_entry_version;
    static const bool bound = (zts_player::register_runtime_calls(), true);
    (void)bound;
    return 0;
}
