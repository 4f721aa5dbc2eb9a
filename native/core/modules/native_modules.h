// Registered native C modules (01-HOST-API §1.3 step 2), process-wide.
#pragma once

#include "zts/zts.h"

#include <string>

namespace zts
{

/// Registers (or replaces) the init function of a native module; thread-safe.
void native_module_register(const std::string &name, zts_module_init_fn init);

/// Removes a registration; thread-safe.
void native_module_unregister(const std::string &name);

/// The init function registered for name, or nullptr; thread-safe.
zts_module_init_fn native_module_find(const std::string &name);

} // namespace zts
