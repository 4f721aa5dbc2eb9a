// The Player runtime's process-level state and its internal calls (ZTS.TsIl2CppAppDomain::*Internal).
#pragma once

namespace zts_player
{

/// Binds the internal calls of ZTS.Il2Cpp (TsIl2CppAppDomain: the list of runtime_calls.h) to this runtime; once,
/// after the CLR started.
void register_runtime_calls();

} // namespace zts_player
