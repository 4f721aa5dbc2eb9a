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

/// Scratch buffers keep at most this many bytes between calls (one huge string must not pin its
/// buffer until Reset); a larger one is released after its call, or at its next use or frame-pump drain.
constexpr size_t k_scratch_keep_bytes = size_t(1) << 20;

/// Frees buf's storage when it holds more than k_scratch_keep_bytes of capacity.
template <typename String> void trim_scratch(String &buf)
{
    if (buf.capacity() * sizeof(typename String::value_type) > k_scratch_keep_bytes) {
        String().swap(buf);
    }
}

} // namespace zts
