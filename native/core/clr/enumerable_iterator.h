// [Symbol.iterator] for C# objects whose type implements System.Collections.IEnumerable (ZTS_TYPE_ENUMERABLE).
#pragma once

#include "quickjs.h"

struct zts_domain;

namespace zts
{

/// Defines [Symbol.iterator] on proto: one of the domain's enumerable iterator functions (made on first use,
/// d->clr.enumerable_iterators, freed by ClrShared::clear); via_interface iterates the System.Collections.IEnumerable
/// view (ZTS_TYPE_ENUMERABLE_VIA_INTERFACE). False with a pending JS exception on failure.
bool define_enumerable_iterator(zts_domain *d, JSValueConst proto, bool via_interface);

} // namespace zts
