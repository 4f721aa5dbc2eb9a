// console.log's text of a value: strings as they are, C# objects as String(x) (their ToString() through
// the prototype's toString), JS objects and arrays in a short readable form, limited in depth and length.
#pragma once

#include "quickjs.h"

#include <string>

namespace zts
{

/// Nesting shown before an object prints as [Object] / [Array].
constexpr int k_inspect_depth = 2;

/// Elements or properties shown per array or object before "... N more".
constexpr int k_inspect_items = 20;

/// Appends the console text of v (UTF-8) to out; never leaves an exception pending.
void append_inspect(JSContext *ctx, JSValueConst v, std::string &out);

} // namespace zts
