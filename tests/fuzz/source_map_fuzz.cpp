// libFuzzer target (docs/FUZZING.md): the Source Map v3 decoder (base64 VLQ "mappings", lookups, the display path of a
// source, base64). Input: control byte, then mappings NUL sourceRoot NUL source NUL module name.
#include "fuzz_host.h"
#include "stacks/source_map.h"

#include <string>

using zts_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    size_t source_count = data[0] & 0x0F;
    std::string rest(reinterpret_cast<const char *>(data + 1), size - 1);
    std::string parts[4];
    size_t at = 0;
    for (int i = 0; i < 4; i++) {
        size_t nul = i < 3 ? rest.find('\0', at) : std::string::npos;
        parts[i] = rest.substr(at, nul == std::string::npos ? std::string::npos : nul - at);
        if (nul == std::string::npos) {
            break;
        }
        at = nul + 1;
    }
    zts::SourceMap map;
    std::string error;
    bool ok = map.decode(parts[0], source_count, error);
    check(ok || map.segment_count() == 0, "a malformed map is empty");
    check(ok || !error.empty(), "a malformed map has a reason");
    // Lookups on every line the mappings could have, and around them.
    int32_t lines = 1;
    for (char c : parts[0]) {
        lines += c == ';' ? 1 : 0;
    }
    for (int32_t line = -1; line <= lines && line < 64; line++) {
        for (int32_t column : {-1, 0, 1, 7, 100000, 2147483647}) {
            zts::OriginalPosition pos;
            if (map.lookup(line, column, pos)) {
                check(pos.source >= 0 && static_cast<size_t>(pos.source) < source_count, "a found source is in range");
                check(pos.line >= 0 && pos.column >= 0, "a found position is not negative");
            }
        }
    }
    std::string path = zts::source_display_path(parts[3], parts[1], parts[2]);
    (void)path;
    std::string decoded;
    if (zts::base64_decode(parts[0], decoded)) {
        check(decoded.size() <= parts[0].size(), "base64 shrinks");
    }
    return 0;
}
