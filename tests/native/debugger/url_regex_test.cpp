// The urlRegex matcher (native/inspector/url_regex.h): what Chrome DevTools and VS Code's js-debug send, JS
// regex answers on the subset, refusals with zts: texts for what it does not match, and the hostile patterns that
// took std::regex down on the game thread (20,000 nested groups: stack overflow; `(a*)*b`: exponential backtracking).
#include "inspector/url_regex.h"

#include <gtest/gtest.h>
#include <string>

using zts::dbg::UrlRegex;

namespace
{

// The pattern's answer on text; fails the test when it does not compile.
bool matches(const std::string &pattern, const std::string &text)
{
    UrlRegex re;
    std::string error;
    EXPECT_TRUE(re.compile(pattern, error)) << pattern << ": " << error;
    return re.search(text);
}

std::string refusal(const std::string &pattern)
{
    UrlRegex re;
    std::string error;
    EXPECT_FALSE(re.compile(pattern, error)) << pattern;
    EXPECT_TRUE(re.empty());
    EXPECT_FALSE(re.search("anything"));
    return error;
}

} // namespace

TEST(Debugger_UrlRegex, ClientPatterns_ChromeDevToolsEscapedUrl)
{
    const std::string url = "file:///home/dev/game/out/logic.js";
    EXPECT_TRUE(matches("^file:\\/\\/\\/home\\/dev\\/game\\/out\\/logic\\.js$", url));
    EXPECT_TRUE(matches("file:///home/dev/game/out/logic\\.js", url));
    EXPECT_FALSE(matches("^file:\\/\\/\\/home\\/dev\\/game\\/out\\/logic\\.js$", url + "x"));
    EXPECT_FALSE(matches("logic\\.js$", "file:///home/dev/game/out/logicXjs"));
    EXPECT_TRUE(matches("logic.js$", "file:///home/dev/game/out/logicXjs")); // an unescaped dot is any character
}

TEST(Debugger_UrlRegex, ClientPatterns_VsCodeCaseClassesAndAlternatives)
{
    // js-debug on a case-insensitive file system: each letter a class, the file and its URL as alternatives.
    const std::string pattern =
        "^(?:[fF][iI][lL][eE]:\\/\\/\\/[cC]:\\/[gG][aA][mM][eE]\\/[lL][oO][gG][iI][cC]\\.[jJ][sS]|"
        "[cC]:\\\\[gG][aA][mM][eE]\\\\[lL][oO][gG][iI][cC]\\.[jJ][sS])($|\\?)";
    EXPECT_TRUE(matches(pattern, "file:///C:/Game/Logic.js"));
    EXPECT_TRUE(matches(pattern, "file:///c:/game/logic.js?v=2"));
    EXPECT_TRUE(matches(pattern, "C:\\GAME\\logic.JS"));
    EXPECT_FALSE(matches(pattern, "file:///C:/Game/Logic.jsx"));
    EXPECT_FALSE(matches(pattern, "xfile:///C:/Game/Logic.js"));
}

TEST(Debugger_UrlRegex, Syntax_ClassesQuantifiersEscapes)
{
    EXPECT_TRUE(matches("^[a-c]+\\d{2,3}x?$", "abca12"));
    EXPECT_FALSE(matches("^[a-c]+\\d{2,3}x?$", "abca1234"));
    EXPECT_TRUE(matches("^[^/]*\\.js$", "main.js"));
    EXPECT_FALSE(matches("^[^/]*\\.js$", "out/main.js"));
    EXPECT_TRUE(matches("a{3}", "xaaay"));
    EXPECT_FALSE(matches("a{3}", "xaay"));
    EXPECT_TRUE(matches("^a{2,}$", "aaaa"));
    EXPECT_TRUE(matches("\\w+\\s\\S", "ab c"));
    EXPECT_TRUE(matches("[\\d-]+", "-"));
    EXPECT_TRUE(matches("^\\x41\\u0042$", "AB"));
    EXPECT_TRUE(matches("^\\u00e9$", "\xC3\xA9"));
    EXPECT_TRUE(matches("a*?b+?c??$", "aabbc"));
    EXPECT_TRUE(matches("x{,2}", "x{,2}")); // not a count: literal braces, as JS without the u flag
    EXPECT_TRUE(matches("", "anything"));
    EXPECT_TRUE(matches("(|a)b", "b"));
    EXPECT_FALSE(matches("[]", "a"));
    EXPECT_TRUE(matches("^[^]$", "a"));
    EXPECT_FALSE(matches("^.$", "\n"));
}

TEST(Debugger_UrlRegex, Refused_OutsideTheSubset)
{
    EXPECT_NE(refusal("(?=a)").find("zts: urlRegex: lookarounds"), std::string::npos);
    EXPECT_NE(refusal("(a)\\1").find("zts: urlRegex: \\1 is not supported"), std::string::npos);
    EXPECT_NE(refusal("\\bword").find("zts: urlRegex:"), std::string::npos);
    EXPECT_NE(refusal("(a").find("unterminated group"), std::string::npos);
    EXPECT_NE(refusal("a)").find("unmatched ')'"), std::string::npos);
    EXPECT_NE(refusal("[a").find("unterminated character class"), std::string::npos);
    EXPECT_NE(refusal("*a").find("nothing to repeat"), std::string::npos);
    EXPECT_NE(refusal("a**").find("nothing to repeat"), std::string::npos);
    EXPECT_NE(refusal("[z-a]").find("out of order"), std::string::npos);
    EXPECT_NE(refusal("a{101}").find("count over 100"), std::string::npos);
    EXPECT_NE(refusal("\\").find("at the end"), std::string::npos);
}

TEST(Debugger_UrlRegex, Hostile_DeepNesting_RefusedWithoutRecursion)
{
    // 20,000 nested groups overflowed std::regex's recursive compiler on the game thread.
    std::string deep = std::string(20000, '(') + "a" + std::string(20000, ')');
    EXPECT_NE(refusal(deep).find("longer than"), std::string::npos);
    std::string nested = std::string(5000, '(') + "a" + std::string(5000, ')');
    EXPECT_NE(refusal(nested).find("nested deeper than 64"), std::string::npos);
    std::string ok = std::string(64, '(') + "a" + std::string(64, ')');
    EXPECT_TRUE(matches(ok, "xa"));
}

TEST(Debugger_UrlRegex, Hostile_ProgramSize_Bounded)
{
    // Counts multiply: ((a{100}){100}){100} would be a million steps per byte.
    EXPECT_NE(refusal("((a{100}){100}){100}").find("more than 20000 steps"), std::string::npos);
    EXPECT_NE(refusal(std::string(UrlRegex::k_max_pattern + 1, 'a')).find("longer than"), std::string::npos);
}

TEST(Debugger_UrlRegex, Hostile_Backtracking_Linear)
{
    // Exponential for a backtracking matcher (std::regex held the game thread); one pass of the Pike VM here.
    std::string text(5000, 'a');
    EXPECT_FALSE(matches("^(a*)*b$", text));
    EXPECT_FALSE(matches("^(a|a)*b$", text));
    EXPECT_FALSE(matches("^(a|aa)+$", text + "!"));
    EXPECT_TRUE(matches("^(a+)+$", text));
    EXPECT_FALSE(matches("(x+x+)+y", std::string(5000, 'x')));
}
