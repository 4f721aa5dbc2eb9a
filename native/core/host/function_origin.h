// Where a JS function was defined, for error texts about delegates that outlived their domain.
#pragma once

#include "runtime/domain.h"

#include <string>

namespace zts
{

/// "path:line:col" of fn's definition (QuickJS's fn.fileName, lineNumber, columnNumber; the module name
/// for module code), mapped through the module's source map when it has one. "" for functions without
/// a position (native or bound functions). Nothing is left pending.
std::string function_origin(zts_domain *d, JSValueConst fn);

} // namespace zts
