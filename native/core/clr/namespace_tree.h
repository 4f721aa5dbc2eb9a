// The `CSharp` global namespace tree and the synthesized `csharp:NS` modules (SPEC_MAP D4).
#pragma once

#include "runtime/domain.h"

#include <string>

namespace zts
{

/// Registers the namespace class on a runtime (once per runtime).
void register_namespace_class(JSRuntime *rt);

/// Makes a namespace object for a dotted name ("" for the CSharp root); owned.
JSValue make_namespace_object(zts_domain *d, const std::string &dotted_name);

/// Defines the `CSharp` global (lazy namespace tree); false with an exception pending.
bool install_csharp_global(zts_domain *d);

/// Creates the module for "csharp:NS" (the loader's step 1), or nullptr with an exception pending.
JSModuleDef *load_csharp_module(zts_domain *d, const std::string &specifier, const std::string &importer);

} // namespace zts
