// [Symbol.iterator] for C# objects whose type implements System.Collections.IEnumerable (ZTS_TYPE_ENUMERABLE).
#pragma once

#include "quickjs.h"

struct zts_domain;

namespace zts
{

/// Defines [Symbol.iterator] on proto: the domain's enumerable iterator function, made on first use
/// (d->enumerable_iterator, freed by domain_destroy). False with a pending JS exception on failure.
bool define_enumerable_iterator(zts_domain *d, JSValueConst proto);

} // namespace zts
