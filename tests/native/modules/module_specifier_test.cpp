// Canonical specifiers (01-HOST-API §1.3, SPEC_MAP D3) through the C ABI.
#include "zts/zts.h"

#include <gtest/gtest.h>

namespace
{

std::string canon(const char *importer, const char *spec)
{
    char buf[256];
    int32_t n = zts_module_canonicalize(importer, spec, buf, sizeof buf);
    return n < 0 ? std::string("<error>") : std::string(buf, static_cast<size_t>(n));
}

} // namespace

TEST(ModuleSpecifier_Canonicalize_Suffix, StripsJsMjsTs)
{
    EXPECT_EQ("app", canon("", "app.js"));
    EXPECT_EQ("game/logic", canon("", "game/logic.mjs"));
    EXPECT_EQ("game/logic", canon("", "game/logic.ts"));
    EXPECT_EQ("game/logic", canon("", "game/logic"));
}

TEST(ModuleSpecifier_Canonicalize_Relative, ResolvesAgainstImporter)
{
    EXPECT_EQ("game/util", canon("game/logic", "./util"));
    EXPECT_EQ("util", canon("game/logic", "../util.js"));
    EXPECT_EQ("game/a/b", canon("game/logic", "./a/./b"));
    EXPECT_EQ("x", canon("app", "./x"));
    EXPECT_EQ("app", canon("", "./app"));
}

TEST(ModuleSpecifier_Canonicalize_Escape, AboveRootIsAnError)
{
    EXPECT_EQ("<error>", canon("app", "../x"));
    EXPECT_EQ("<error>", canon("game/logic", "../../x"));
    EXPECT_EQ("<error>", canon("", ""));
}

TEST(ModuleSpecifier_Canonicalize_Separators, BackslashesBecomeSlashes)
{
    EXPECT_EQ("game/logic", canon("", "game\\logic.js"));
}

TEST(ModuleSpecifier_Canonicalize_CSharp, IsNeverRewritten)
{
    EXPECT_EQ("csharp:System.Collections", canon("game/logic", "csharp:System.Collections"));
    EXPECT_EQ("csharp:./x.js", canon("game/logic", "csharp:./x.js"));
}

// Found by tests/fuzz/specifier_fuzz.cpp: a suffix whose removal leaves an empty, "." or ".." segment
// stays, so every canonical name is its own canonical name ("...js" was "..", which names no module).
TEST(ModuleSpecifier_Canonicalize_Suffix, DotSegmentKeepsSuffix)
{
    EXPECT_EQ("...js", canon("", "...js"));
    EXPECT_EQ("x/...js", canon("x/y", "./...js"));
    EXPECT_EQ("a/..mjs", canon("", "a/..mjs"));
    EXPECT_EQ("a/.ts", canon("", "a/.ts"));
    EXPECT_EQ("...js", canon("", canon("", "...js").c_str()));
    EXPECT_EQ("a/.js", canon("", canon("", "a/.js").c_str()));
}

// Found by the specifier fuzzer: an importer that is not canonical ("a//b") is normalized with the
// specifier, so a relative resolution never leaves an empty segment.
TEST(ModuleSpecifier_Canonicalize_Relative, ImporterNormalized)
{
    EXPECT_EQ("a/b/x", canon("a//b/c", "./x"));
    EXPECT_EQ("a/b", canon("a/./b/c", "./"));
    EXPECT_EQ("<error>", canon("../a", "../x"));
    EXPECT_EQ("a/b/x", canon("a\\b\\c", "./x"));
}
