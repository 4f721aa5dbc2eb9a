// UTF-16 <-> UTF-8 for the host string path. Lone surrogates survive the
// round trip as WTF-8 (which QuickJS reads and writes), NULs are ordinary.
#pragma once

#include <cstdint>
#include <string>

namespace zts
{

/// Appends the WTF-8 form of chars[0..len) to out.
void utf16_to_utf8(const uint16_t *chars, size_t len, std::string &out);

/// Replaces out with the UTF-16 form of the WTF-8 bytes[0..len); malformed bytes become U+FFFD.
void utf8_to_utf16(const char *bytes, size_t len, std::u16string &out);

} // namespace zts
