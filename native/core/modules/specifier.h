// Canonical module specifiers (01-HOST-API §1.3, SPEC_MAP D3): no .js/.mjs/.ts
// suffix, '/' separators, no leading './', relative forms resolved against the
// importer, csharp: names untouched.
#pragma once

#include <string>

namespace zts
{

/// The reserved prefix of synthesized CLR type modules.
constexpr const char *k_csharp_prefix = "csharp:";

/// True when spec names a csharp: type module.
bool is_csharp_specifier(const std::string &spec);

/// Canonicalizes spec as imported from importer ("" for the host). Returns false
/// and sets error (a sentence) when spec is empty or escapes above the root.
bool canonicalize_specifier(const std::string &importer, const std::string &spec, std::string &out, std::string &error);

} // namespace zts
