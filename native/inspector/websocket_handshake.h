// The WebSocket opening handshake's one computation (RFC 6455 section 4.2.2): Sec-WebSocket-Accept, with the
// SHA-1 and base64 it needs written here so the core keeps no third-party code.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace zts::dbg
{

/// The SHA-1 digest (FIPS 180-4) of data.
std::array<uint8_t, 20> sha1(std::string_view data);

/// Standard base64 (RFC 4648 section 4) of data, with '=' padding.
std::string base64_encode(std::string_view data);

/// The Sec-WebSocket-Accept value for a client's Sec-WebSocket-Key: base64(sha1(key + the RFC 6455 GUID)).
std::string websocket_accept(std::string_view key);

} // namespace zts::dbg
