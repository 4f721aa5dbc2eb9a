// The internal calls the player launcher binds before any managed code runs (docs/PLAYER.md).
#pragma once

#include <cstdint>

namespace zts_player
{

// Version of the contract between the launcher and ZTS's managed code (the internal calls registered
// here); ZTS.Common's TsPlayerHost.ExpectedVersion must match it.
constexpr int32_t k_host_version = 1;

// Binds every internal call of the launcher (zts_clr_add_internal_call); once, after zts_clr_init.
void register_internal_calls();

} // namespace zts_player
