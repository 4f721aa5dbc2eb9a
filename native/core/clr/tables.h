// Tables (docs/MARSHAL.md): a C# struct marshalled as a plain JS object of its members, made from the domain's
// model of that member list (clr/table_models.h) and read back by own properties.
#pragma once

#include "quickjs.h"

#include <cstdint>

struct zts_domain;

namespace zts
{

/// The Table of the member atoms with values (count of each; the values are consumed and each slot set to
/// undefined): copied from the model of that member list, or defined member by member when there is none. Owned,
/// or JS_EXCEPTION.
JSValue table_new(zts_domain *d, int32_t count, const uint32_t *atoms, JSValue *values);

/// Reads the own members atoms of the plain object o into out (owned); a missing member reads undefined (an
/// inherited one is missing). False with an exception pending, and nothing left in out.
bool table_read(zts_domain *d, JSValueConst o, int32_t count, const uint32_t *atoms, JSValue *out);

} // namespace zts
