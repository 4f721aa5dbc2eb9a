// Creating, draining and destroying domains.
#pragma once

#include "runtime/domain.h"

namespace zts
{

/// Creates runtime, context, module loader and `zts` global; nullptr on failure.
zts_domain *domain_create(void *host, void *gate);

/// Releases the refs queued for d; returns how many were live.
int32_t domain_drain_releases(zts_domain *d);

/// Tears d down in the order of 10-LIFETIME §7.2; returns the bytes QuickJS leaked.
int64_t domain_destroy(zts_domain *d);

} // namespace zts
