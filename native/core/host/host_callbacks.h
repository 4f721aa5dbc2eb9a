// The one native->host callback table (registered once, size/version checked).
#pragma once

#include "zts/zts.h"

namespace zts
{

/// Validates and stores the table; ZTS_ERR_VERSION on a size/version mismatch, ZTS_ERR_ARGUMENT on NULL entries.
int32_t register_host_callbacks(const zts_host_callbacks *callbacks);

/// The registered table, or nullptr before registration.
const zts_host_callbacks *host_callbacks();

} // namespace zts
