// libFuzzer target (docs/FUZZING.md): the urlRegex matcher of the debugger (native/inspector/url_regex.h).
// Input: pattern NUL text. Checks: compiling either succeeds or gives a zts: text and an empty matcher; the compiled
// program stays within its bound; a search ends (linear time: libFuzzer's -timeout catches a blow-up); and the
// answer agrees with an independent fact where there is one (a pattern that is plain ASCII letters and digits is a
// substring test).
#include "inspector/url_regex.h"
#include "fuzz_host.h"

#include <string>

using zts_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string input(reinterpret_cast<const char *>(data), size);
    size_t nul = input.find('\0');
    std::string pattern = nul == std::string::npos ? input : input.substr(0, nul);
    std::string text = nul == std::string::npos ? std::string() : input.substr(nul + 1);
    zts::dbg::UrlRegex re;
    std::string error;
    if (!re.compile(pattern, error)) {
        check(error.rfind("zts: urlRegex: ", 0) == 0, "a refusal has a zts: text");
        check(re.empty() && !re.search(text), "a refused pattern matches nothing");
        return 0;
    }
    bool found = re.search(text);
    check(found == re.search(text), "the same answer twice");
    bool plain = true;
    for (char c : pattern) {
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));
    }
    if (plain) {
        check(found == (text.find(pattern) != std::string::npos), "a literal pattern is a substring test");
    }
    return 0;
}
