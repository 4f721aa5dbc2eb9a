// Source files read as text by the tests that check rules over the tree (tests/native/runtime/guard_rules_test.cpp,
// quickjs_seam_test.cpp): the file's bytes, and its code with comments and literals blanked.
#pragma once

#include <filesystem>
#include <string>

/// The file's bytes ("" when it cannot be read).
std::string read_text(const std::filesystem::path &p);

/// The code of a C/C++ source with comments and the insides of string and character literals blanked (same
/// length, newlines kept, so offsets still give line numbers). `extern "C"` keeps its literal.
std::string code_only(const std::string &s);
