#include "inspector/socket.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace zts::dbg
{
#ifdef _WIN32



int last_error()
{
    return WSAGetLastError();
}

bool would_block(int e)
{
    return e == WSAEWOULDBLOCK || e == WSAEINTR;
}

std::string error_text(int e)
{
    char buf[256] = {};
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, DWORD(e), 0, buf,
                             sizeof buf, nullptr);
    std::string text(buf, n);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '.')) {
        text.pop_back();
    }
    return text + " (error " + std::to_string(e) + ")";
}

void close_socket(socket_t s)
{
    closesocket(s);
}

int poll_sockets(pollfd_t *fds, size_t n, int timeout_ms)
{
    return WSAPoll(fds, ULONG(n), timeout_ms);
}

void configure(socket_t s)
{
    u_long on = 1;
    ioctlsocket(s, FIONBIO, &on);
    // Winsock handles are inheritable by default; a process the host spawns must not keep the port open.
    SetHandleInformation(reinterpret_cast<HANDLE>(s), HANDLE_FLAG_INHERIT, 0);
}

void shutdown_send(socket_t s)
{
    shutdown(s, SD_SEND);
}
#else





int last_error()
{
    return errno;
}

bool would_block(int e)
{
    return e == EAGAIN || e == EWOULDBLOCK || e == EINTR;
}

std::string error_text(int e)
{
    return std::strerror(e);
}

void close_socket(socket_t s)
{
    ::close(s);
}

int poll_sockets(pollfd_t *fds, size_t n, int timeout_ms)
{
    return ::poll(fds, nfds_t(n), timeout_ms);
}

void configure(socket_t s)
{
    fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK);
    fcntl(s, F_SETFD, FD_CLOEXEC); // a process the host spawns must not keep the port open
#ifdef SO_NOSIGPIPE
    int on = 1;
    setsockopt(s, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
}

void shutdown_send(socket_t s)
{
    shutdown(s, SHUT_WR);
}
#endif

// "10.0.0.5:9229", "[::1]:9229" (ports included when set).
std::string address_text(const sockaddr *addr)
{
    char text[INET6_ADDRSTRLEN] = {};
    if (addr->sa_family == AF_INET6) {
        auto *a6 = reinterpret_cast<const sockaddr_in6 *>(addr);
        inet_ntop(AF_INET6, const_cast<in6_addr *>(&a6->sin6_addr), text, sizeof text);
        return "[" + std::string(text) + "]:" + std::to_string(ntohs(a6->sin6_port));
    }
    auto *a4 = reinterpret_cast<const sockaddr_in *>(addr);
    inet_ntop(AF_INET, const_cast<in_addr *>(&a4->sin_addr), text, sizeof text);
    return std::string(text) + ":" + std::to_string(ntohs(a4->sin_port));
}

// The address a client dialed to reach s (for /json/list's URLs, as Node's).
std::string local_address(socket_t s)
{
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (getsockname(s, reinterpret_cast<sockaddr *>(&addr), &len) != 0) {
        return "127.0.0.1:0";
    }
    return address_text(reinterpret_cast<sockaddr *>(&addr));
}

// 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104: what only this machine can reach.
bool is_loopback(const sockaddr *addr)
{
    if (addr->sa_family == AF_INET) {
        return (ntohl(reinterpret_cast<const sockaddr_in *>(addr)->sin_addr.s_addr) >> 24) == 127;
    }
    const unsigned char *b = reinterpret_cast<const sockaddr_in6 *>(addr)->sin6_addr.s6_addr;
    static const unsigned char loop6[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return std::memcmp(b, loop6, 16) == 0 || (std::memcmp(b, mapped, 12) == 0 && b[12] == 127);
}

std::string lower(std::string_view s)
{
    std::string r(s);
    for (char &c : r) {
        if (c >= 'A' && c <= 'Z') {
            c = char(c - 'A' + 'a');
        }
    }
    return r;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

// True when the comma-separated header value holds token (case-insensitive), as "keep-alive, Upgrade".
bool has_token(std::string_view value, std::string_view token)
{
    std::string v = lower(value);
    std::string t = lower(token);
    size_t start = 0;
    while (start <= v.size()) {
        size_t end = v.find(',', start);
        if (end == std::string::npos) {
            end = v.size();
        }
        if (trim(std::string_view(v).substr(start, end - start)) == t) {
            return true;
        }
        start = end + 1;
    }
    return false;
}

bool is_ipv4(std::string_view h)
{
    int parts = 0;
    size_t i = 0;
    while (i <= h.size()) {
        size_t end = h.find('.', i);
        if (end == std::string_view::npos) {
            end = h.size();
        }
        std::string_view part = h.substr(i, end - i);
        if (part.empty() || part.size() > 3) {
            return false;
        }
        int v = 0;
        for (char c : part) {
            if (c < '0' || c > '9') {
                return false;
            }
            v = v * 10 + (c - '0');
        }
        if (v > 255) {
            return false;
        }
        parts++;
        i = end + 1;
    }
    return parts == 4;
}

// node's DNS-rebinding guard: a page of some site whose name resolves to 127.0.0.1 sends its own name as Host,
// so only an IP literal or localhost may read the target list or open the WebSocket.
bool allowed_host(std::string_view host)
{
    host = trim(host);
    if (host.empty()) {
        return true;
    }
    if (host.front() == '[') {
        size_t close = host.find(']');
        if (close == std::string_view::npos) {
            return false;
        }
        std::string_view rest = host.substr(close + 1);
        if (!rest.empty() && rest.front() != ':') {
            return false;
        }
        for (char c : host.substr(1, close - 1)) {
            bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (!hex && c != ':' && c != '.') {
                return false;
            }
        }
        return close > 1;
    }
    size_t colon = host.find(':');
    std::string name = lower(host.substr(0, colon));
    return name == "localhost" || is_ipv4(name);
}

// What a web page cannot send: a browser puts the page's origin into the Origin header of every WebSocket upgrade and a
// page cannot leave it out, where debugger clients (node inspect, chrome-remote-interface, VS Code) send none. So an
// upgrade with an Origin is taken only from Chrome DevTools' built-in front end (devtools://) or a page served by this
// machine's loopback (a DevTools front end served locally); any other site is refused, also one whose name resolves to
// 127.0.0.1 (the target's id, a random UUID, is the other half of the guard).
bool allowed_origin(std::string_view origin)
{
    origin = trim(origin);
    if (origin.substr(0, 11) == "devtools://") {
        return true;
    }
    size_t scheme = origin.find("://");
    if (scheme == std::string_view::npos) {
        return false;
    }
    std::string s = lower(origin.substr(0, scheme));
    if (s != "http" && s != "https") {
        return false;
    }
    std::string_view host = origin.substr(scheme + 3);
    host = host.substr(0, host.find('/'));
    if (!host.empty() && host.front() == '[') {
        return host.substr(0, 5) == "[::1]" && (host.size() == 5 || host[5] == ':');
    }
    std::string name = lower(host.substr(0, host.find(':')));
    return name == "localhost" || (name.rfind("127.", 0) == 0 && allowed_host(name));
}



std::string http_response(int code, const char *reason, std::string_view content_type, std::string_view body,
                          const char *extra_headers)
{
    std::string r = "HTTP/1.1 " + std::to_string(code) + " " + reason + "\r\n";
    r += "Content-Type: ";
    r += content_type;
    r += "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    r += "Cache-Control: no-cache\r\nConnection: close\r\n";
    r += extra_headers;
    r += "\r\n";
    r += body;
    return r;
}

std::string text_response(int code, const char *reason, const std::string &text)
{
    return http_response(code, reason, "text/plain; charset=UTF-8", text + "\n");
}


std::string ws_frame(int opcode, std::string_view payload)
{
    std::string f;
    f.reserve(payload.size() + 10);
    f += char(0x80 | opcode);
    size_t n = payload.size();
    if (n < 126) {
        f += char(n);
    } else if (n <= 0xFFFF) {
        f += char(126);
        f += char(n >> 8);
        f += char(n & 0xFF);
    } else {
        f += char(127);
        for (int i = 7; i >= 0; i--) {
            f += char((uint64_t(n) >> (8 * i)) & 0xFF);
        }
    }
    f += payload;
    return f;
}

std::string close_frame(uint16_t code)
{
    char payload[2] = {char(code >> 8), char(code & 0xFF)};
    return ws_frame(0x8, std::string_view(payload, 2));
}


#ifdef _WIN32
std::once_flag wsa_once;
#endif

// Winsock needs WSAStartup before any call; it is never paired with WSACleanup because other code of the host
// process may use Winsock too and the count is process-wide.
bool network_init(std::string &reason)
{
#ifdef _WIN32
    static int result = -1;
    std::call_once(wsa_once, [] {
        WSADATA data;
        result = WSAStartup(MAKEWORD(2, 2), &data);
    });
    if (result != 0) {
        reason = "WSAStartup: " + error_text(result);
        return false;
    }
#else
    (void)reason;
#endif
    return true;
}


bool parse_request(std::string_view head, HttpRequest &r)
{
    size_t line_end = head.find("\r\n");
    std::string_view request_line = head.substr(0, line_end);
    size_t sp1 = request_line.find(' ');
    size_t sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || request_line.substr(sp2 + 1).substr(0, 5) != "HTTP/") {
        return false;
    }
    r.method = std::string(request_line.substr(0, sp1));
    std::string_view path = request_line.substr(sp1 + 1, sp2 - sp1 - 1);
    r.path = std::string(path.substr(0, path.find('?')));
    size_t pos = line_end == std::string_view::npos ? head.size() : line_end + 2;
    while (pos < head.size()) {
        size_t next = head.find("\r\n", pos);
        if (next == std::string_view::npos) {
            next = head.size();
        }
        std::string_view line = head.substr(pos, next - pos);
        pos = next + 2;
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) {
            continue;
        }
        std::string name = lower(trim(line.substr(0, colon)));
        std::string value(trim(line.substr(colon + 1)));
        if (name == "host") {
            r.host = value;
            r.has_host = true;
        } else if (name == "upgrade") {
            r.upgrade = value;
        } else if (name == "sec-websocket-key") {
            r.key = value;
        } else if (name == "sec-websocket-version") {
            r.version = value;
        } else if (name == "origin") {
            r.origin = value;
            r.has_origin = true;
        }
    }
    return true;
}

FrameStatus decode_frame(std::string_view in, bool in_message, size_t message_bytes, Frame &frame, size_t &used)
{
    const size_t avail = in.size();
    if (avail < 2) {
        return FrameStatus::Incomplete;
    }
    auto b0 = uint8_t(in[0]);
    auto b1 = uint8_t(in[1]);
    bool fin = b0 & 0x80;
    int opcode = b0 & 0x0F;
    uint64_t len = b1 & 0x7F;
    size_t header = 2;
    if (len == 126) {
        if (avail < 4) {
            return FrameStatus::Incomplete;
        }
        len = uint64_t(uint8_t(in[2])) << 8 | uint8_t(in[3]);
        header = 4;
    } else if (len == 127) {
        if (avail < 10) {
            return FrameStatus::Incomplete;
        }
        len = 0;
        for (int i = 0; i < 8; i++) {
            len = len << 8 | uint8_t(in[2 + i]);
        }
        header = 10;
    }
    if ((b0 & 0x70) || !(b1 & 0x80)) {
        return FrameStatus::ProtocolError; // extension bits we did not negotiate, or an unmasked client frame
    }
    if (opcode >= 8) {
        if (!fin || len > 125 || (opcode != 8 && opcode != 9 && opcode != 10)) {
            return FrameStatus::ProtocolError;
        }
    } else {
        if (opcode > 2 || (opcode == 0) != in_message) {
            return FrameStatus::ProtocolError;
        }
        if (len > k_max_message_bytes || message_bytes + len > k_max_message_bytes) {
            return FrameStatus::TooBig;
        }
    }
    header += 4;
    if (avail < header || avail - header < len) {
        return FrameStatus::Incomplete;
    }
    const char *mask = in.data() + header - 4;
    frame.payload.assign(in.data() + header, size_t(len));
    for (size_t i = 0; i < frame.payload.size(); i++) {
        frame.payload[i] = char(frame.payload[i] ^ mask[i & 3]);
    }
    frame.opcode = opcode;
    frame.fin = fin;
    used = header + size_t(len);
    return FrameStatus::Ok;
}

} // namespace zts::dbg
