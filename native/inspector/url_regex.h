// The matcher of Debugger.setBreakpointByUrl's `urlRegex`: a Thompson NFA run as a Pike VM (every thread advances
// in lock step over the text), so matching takes O(pattern * text) steps whatever the pattern, and compiling takes
// no recursion deeper than k_max_nesting. std::regex, used before, runs on the game thread with a recursive compiler
// (20,000 nested groups overflowed its stack) and a backtracking matcher (`(a*)*b` held the game thread).
//
// The syntax is the subset of JavaScript regular expressions that clients send for urlRegex: Chrome DevTools escapes
// a URL (`file:///x/a\.js`), VS Code's js-debug also writes case classes (`[fF][iI]...`) and `|` alternatives in
// groups, anchored with `^` and `($|\?)`. Supported: literals, escapes (\. \/ \\ \d \D \w \W \s \S \n \r \t \f \v \0
// \xHH \uHHHH and any escaped punctuation), classes [...] and [^...] with ranges, `.`, `*` `+` `?` (also lazy, which
// a yes/no match does not tell apart), {n} {n,} {n,m} (n, m <= 100), `|`, groups ( ) and (?: ), `^` `$`. Not
// supported, and refused: lookarounds, back-references, named groups, \b \B, flags. The text and the pattern are
// matched as UTF-8 bytes (a non-ASCII character in a class is refused). Tests: Debugger_UrlRegex.* (tests/native/
// debugger/url_regex_test.cpp), the fuzz target tests/fuzz/url_regex_fuzz.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zts::dbg
{

class UrlRegex
{
  public:
    static constexpr size_t k_max_pattern = 16 * 1024; ///< bytes of pattern text
    static constexpr size_t k_max_program = 20000;     ///< NFA instructions (bounds the matching cost per text byte)
    static constexpr int k_max_nesting = 64;           ///< groups inside groups

    /// Compiles pattern. False, with a "zts: ..." text in error, when it is too large or outside the subset; the
    /// matcher is then empty (matches nothing).
    bool compile(std::string_view pattern, std::string &error);
    /// True when the pattern matches anywhere in text (RegExp.prototype.test without flags).
    bool search(std::string_view text) const;
    bool empty() const { return program_.empty(); }

    enum class Op : uint8_t { byte, cls, any, bol, eol, split, jmp, match };
    struct Inst {
        Op op;
        uint8_t byte = 0;
        int32_t x = 0; ///< class index (cls), or target (split, jmp)
        int32_t y = 0; ///< second target (split)
    };

  private:
    std::vector<Inst> program_;
    std::vector<std::array<uint64_t, 4>> classes_; ///< 256-bit byte sets
};

} // namespace zts::dbg
