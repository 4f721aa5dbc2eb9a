// libFuzzer target (docs/FUZZING.md): module specifier canonicalization and relative resolution
// (zts_module_canonicalize). Input: importer NUL specifier. Checks: the answer fits the buffer exactly (an
// exact-size heap buffer, so ASan sees any overrun), a buffer one byte short is refused, and a canonical name is
// a valid specifier that resolves to itself.
#include "fuzz_host.h"

#include <cstring>
#include <memory>
#include <string>

using zts_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string input(reinterpret_cast<const char *>(data), size);
    size_t nul = input.find('\0');
    std::string importer = nul == std::string::npos ? std::string() : input.substr(0, nul);
    std::string spec = nul == std::string::npos ? input : input.substr(nul + 1);
    spec = spec.substr(0, spec.find('\0')); // a C string ends at its NUL
    char big[4096];
    int32_t n = zts_module_canonicalize(importer.c_str(), spec.c_str(), big, sizeof big);
    if (n < 0) {
        return 0;
    }
    check(static_cast<size_t>(n) < sizeof big && big[n] == '\0' && std::strlen(big) == static_cast<size_t>(n),
          "the canonical name is NUL-terminated at the returned length");
    check(n > 0, "a canonical name is not empty");
    auto exact = std::make_unique<char[]>(static_cast<size_t>(n) + 1);
    check(zts_module_canonicalize(importer.c_str(), spec.c_str(), exact.get(), n + 1) == n, "an exact buffer fits");
    check(std::memcmp(exact.get(), big, static_cast<size_t>(n) + 1) == 0, "the same answer twice");
    auto short_buffer = std::make_unique<char[]>(static_cast<size_t>(n));
    check(zts_module_canonicalize(importer.c_str(), spec.c_str(), short_buffer.get(), n) < 0,
          "a buffer one byte short is refused");
    // A canonical name is a valid specifier, and its own canonical name unless it still ends in a suffix (one is
    // stripped per resolution: "x.ts.mjs" is module "x.ts", file x.ts.js, a module of its own).
    char again[4096];
    int32_t m = zts_module_canonicalize("", big, again, sizeof again);
    check(m > 0, "a canonical name is a valid specifier");
    std::string name(big, static_cast<size_t>(n));
    bool suffixed = false;
    for (const char *suffix : {".mjs", ".js", ".ts"}) {
        size_t len = std::strlen(suffix);
        suffixed = suffixed || (name.size() >= len && name.compare(name.size() - len, len, suffix) == 0);
    }
    check(suffixed || (m == n && std::memcmp(again, big, static_cast<size_t>(n)) == 0),
          "a canonical name without a suffix is its own canonical name");
    return 0;
}
