// The `zts` global object (SPEC_MAP D4): helpers that need no CLR live here.
#pragma once

#include "runtime/domain.h"

namespace zts
{

/// The core's version string.
const char *core_version();

/// Creates the `zts` global with `version`; false (exception pending) on failure.
bool install_zts_global(zts_domain *d);

} // namespace zts
