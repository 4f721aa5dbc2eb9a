// The inspector's socket layer, as Node's src/inspector_socket.cc: the platform's sockets (POSIX or Winsock 2), an
// HTTP request's head and the checks on it (Host, Origin), and RFC 6455 WebSocket frames (the handshake's SHA-1 and
// base64: websocket_handshake.h). No thread and no state: the server (server.h) and the IO thread (transport.cpp)
// use it. Pure C++, no QuickJS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#ifdef _WIN32
#ifndef _WIN32_WINNT
#define _WIN32_WINNT 0x0600 // WSAPoll
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace zts::dbg
{

#ifdef _WIN32
using socket_t = SOCKET;
using pollfd_t = WSAPOLLFD;
const socket_t k_bad_socket = INVALID_SOCKET;
const int k_send_flags = 0;
#else
using socket_t = int;
using pollfd_t = struct pollfd;
const socket_t k_bad_socket = -1;
#ifdef MSG_NOSIGNAL
const int k_send_flags = MSG_NOSIGNAL; // a client that went away must not kill the host with SIGPIPE
#else
const int k_send_flags = 0;
#endif
#endif

/// Bounds of what a client sends: a request's head, and one WebSocket message (its fragments together).
constexpr size_t k_max_header_bytes = 16 * 1024;
constexpr size_t k_max_message_bytes = 64u * 1024 * 1024;

// ---- sockets ----
int last_error();
/// The error of a non-blocking call that would have waited (or was interrupted): try again on the next poll.
bool would_block(int e);
std::string error_text(int e);
void close_socket(socket_t s);
int poll_sockets(pollfd_t *fds, size_t n, int timeout_ms);
/// Non-blocking (and, off Windows, close-on-exec).
void configure(socket_t s);
void shutdown_send(socket_t s);
/// "10.0.0.5:9229", "[::1]:9229".
std::string address_text(const sockaddr *addr);
/// The address a client dialed to reach s (for /json/list's URLs, as Node's).
std::string local_address(socket_t s);
/// 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104: what only this machine can reach.
bool is_loopback(const sockaddr *addr);
/// Winsock's WSAStartup, once a process (nothing elsewhere).
bool network_init(std::string &reason);

// ---- HTTP ----
/// The head of a request (up to the blank line), with the headers the server reads.
struct HttpRequest {
    std::string method;
    std::string path; ///< without its query
    std::string host, upgrade, key, version, origin;
    bool has_host = false;
    bool has_origin = false;
};
/// False for a malformed request line.
bool parse_request(std::string_view head, HttpRequest &request);
std::string lower(std::string_view s);
std::string_view trim(std::string_view s);
/// The comma-separated header value holds token (case-insensitive), as "keep-alive, Upgrade".
bool has_token(std::string_view value, std::string_view token);
/// Node's DNS-rebinding guard: only an IP literal or localhost as Host.
bool allowed_host(std::string_view host);
/// A WebSocket upgrade's Origin: Chrome DevTools' own front end, or a page of this machine's loopback.
bool allowed_origin(std::string_view origin);
std::string http_response(int code, const char *reason, std::string_view content_type, std::string_view body,
                          const char *extra_headers = "");
std::string text_response(int code, const char *reason, const std::string &text);

// ---- WebSocket frames ----
std::string ws_frame(int opcode, std::string_view payload);
std::string close_frame(uint16_t code);
/// One frame a client sent, unmasked.
struct Frame {
    int opcode = 0;
    bool fin = false;
    std::string payload;
};
enum class FrameStatus {
    Incomplete,    ///< more bytes needed
    Ok,            ///< frame decoded; used bytes taken
    ProtocolError, ///< close with 1002: extension bits, an unmasked frame, a bad control frame or continuation
    TooBig,        ///< close with 1009: the message would pass k_max_message_bytes
};
/// Decodes the frame at the front of in. in_message: a fragmented message is open, of message_bytes so far.
FrameStatus decode_frame(std::string_view in, bool in_message, size_t message_bytes, Frame &frame, size_t &used);

} // namespace zts::dbg
