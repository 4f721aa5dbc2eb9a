// What every test host does with the real gate (the GoogleTest host and the fuzz host): registering its
// callbacks, and the gate protocol for a host function that fails.
#pragma once

#include "zts/zts.h"

#include <string>

namespace zts_test
{

/// Registers callbacks (size and version filled in here) and initializes the Mono gate with the core's QuickJS
/// imports; returns "" or the name of the step that failed.
std::string register_host(zts_host_callbacks callbacks);

/// A failing host function's result: the Error for message, under the sentinel tag (never JS_Throw in a host).
zts_value gate_error(zts_domain *d, const std::string &message);

} // namespace zts_test
