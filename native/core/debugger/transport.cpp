#include "debugger/transport.h"

#include "debugger/json.h"
#include "debugger/websocket_handshake.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

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
namespace
{

#ifdef _WIN32
using socket_t = SOCKET;
using pollfd_t = WSAPOLLFD;
const socket_t bad_socket = INVALID_SOCKET;
const int send_flags = 0;

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
using socket_t = int;
using pollfd_t = struct pollfd;
const socket_t bad_socket = -1;
#ifdef MSG_NOSIGNAL
const int send_flags = MSG_NOSIGNAL; // a client that went away must not kill the host with SIGPIPE
#else
const int send_flags = 0;
#endif

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

using Clock = std::chrono::steady_clock;

constexpr size_t max_header_bytes = 16 * 1024;
constexpr size_t max_message_bytes = 64u * 1024 * 1024;
constexpr size_t max_outbound_bytes = 256u * 1024 * 1024;
// The inbound queue's bound: past either, the network thread stops reading the client (TCP's flow control then
// holds the client's sends) until the game thread took it below half. Without it, a client that kept sending while
// the game thread sat in a C# call queued ~830 MiB in 2.5 s. One message may still pass the byte bound: a message up
// to max_message_bytes always fits (Debugger_Transport.Flood_QueueBounded_NothingLost).
constexpr size_t max_inbound_bytes = 16u * 1024 * 1024;
constexpr size_t max_inbound_messages = 10000;
constexpr size_t max_http_connections = 16;
constexpr auto http_read_timeout = std::chrono::seconds(10);
constexpr auto closing_timeout = std::chrono::seconds(2);
// Only a safety net: stop() and send() wake the thread through the wake socket.
constexpr int poll_timeout_ms = 250;

enum class Mode {
    Http,      // reading a request's headers
    WebSocket, // the current client
    Closing,   // flushing a last response or close frame, then closing
};

struct Conn {
    socket_t fd = bad_socket;
    Mode mode = Mode::Http;
    std::string in;
    std::string out; // Http and Closing; the client's output is State::client_out
    bool read_eof = false;
    bool dead = false;
    std::string local; // "127.0.0.1:9229", "[::1]:9229": the address it dialed, which /json/list names, as Node does
    Clock::time_point deadline;
    std::string message; // a fragmented message being reassembled
    bool in_message = false;
};

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
                          const char *extra_headers = "")
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

// /json/protocol: the domains, commands and events this server implements, in the shape of Node's (and Chrome's)
// protocol description. chrome-remote-interface's default `CDP({port})` builds its API from it (it fetches
// /json/protocol, then /json/list); commands carry no parameter lists, which it does not need. Keep the list with
// what Protocol::call answers (native/core/debugger/protocol.cpp) and the events debugger.cpp and protocol.cpp send.
std::string protocol_description()
{
    struct Domain {
        const char *name;
        std::vector<const char *> commands, events;
    };
    static const Domain domains[] = {
        {"Runtime",
         {"enable", "disable", "runIfWaitingForDebugger", "evaluate", "callFunctionOn", "getProperties", "releaseObject",
          "releaseObjectGroup", "getIsolateId", "getHeapUsage", "globalLexicalScopeNames", "setAsyncCallStackDepth",
          "discardConsoleEntries", "addBinding", "terminateExecution"},
         {"executionContextCreated", "consoleAPICalled"}},
        {"Debugger",
         {"enable", "disable", "getScriptSource", "setBreakpointByUrl", "setBreakpoint", "removeBreakpoint",
          "getPossibleBreakpoints", "setBreakpointsActive", "setSkipAllPauses", "setPauseOnExceptions", "pause", "resume",
          "stepOver", "stepInto", "stepOut", "evaluateOnCallFrame", "setAsyncCallStackDepth", "setBlackboxPatterns",
          "setBlackboxedRanges", "setInstrumentationBreakpoint", "removeInstrumentationBreakpoint"},
         {"scriptParsed", "breakpointResolved", "paused", "resumed"}},
        {"Profiler", {"enable", "disable", "setSamplingInterval", "start", "stop"}, {}},
        {"HeapProfiler", {"enable"}, {}},
        {"Log", {"enable"}, {}},
        {"Network", {"enable", "setAttachDebugStack", "setBlockedURLs", "emulateNetworkConditionsByRule",
                     "overrideNetworkState"}, {}},
        {"NodeRuntime", {"enable", "notifyWhenWaitingForDisconnect"}, {}},
        {"NodeWorker", {"enable", "disable"}, {}},
        {"Target", {"setAutoAttach", "setDiscoverTargets"}, {}},
    };
    Json list = Json::array();
    for (const Domain &d : domains) {
        Json commands = Json::array();
        for (const char *c : d.commands) {
            commands.push(Json::object().set("name", Json::string(c)).set("parameters", Json::array()));
        }
        Json events = Json::array();
        for (const char *e : d.events) {
            events.push(Json::object().set("name", Json::string(e)).set("parameters", Json::array()));
        }
        Json domain = Json::object();
        domain.set("domain", Json::string(d.name)).set("commands", std::move(commands)).set("events", std::move(events));
        domain.set("types", Json::array());
        list.push(std::move(domain));
    }
    Json out = Json::object();
    out.set("version", Json::object().set("major", Json::string("1")).set("minor", Json::string("3")));
    out.set("domains", std::move(list));
    return out.dump();
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

} // namespace

struct Transport::State {
    TargetInfo target;
    int port = 0;
    bool running = false;
    /// 127.0.0.1:port and [::1]:port (where `localhost` resolves first on many systems; none without IPv6), or the
    /// addresses of the host the host asked for (start()'s host).
    std::vector<socket_t> listeners;
    std::string shown_host = "127.0.0.1"; ///< ws_url()'s host: the loopback, or the host as asked ("[...]" for IPv6)
    bool exposed = false;                 ///< some listener's address is not a loopback one
    socket_t wake_rx = bad_socket;
    socket_t wake_tx = bad_socket;
    std::thread thread;
    std::atomic<bool> stopping{false};
    std::function<void()> wakeup;

    // Inbound: events come before any message (a disconnect drops its client's messages), guarded by in_mutex.
    std::mutex in_mutex;
    std::condition_variable in_cv;
    std::deque<std::string> messages;
    std::deque<Event> events;
    bool stopped = true;
    std::atomic<bool> pending{false};
    std::atomic<bool> connected{false};
    size_t inbound_bytes = 0;              // of messages, under in_mutex
    std::atomic<bool> inbound_full{false}; // past a bound: the network thread reads no more of the client

    // The client's output, shared by send() and the network thread (pongs, close frames).
    std::mutex write_mutex;
    socket_t client = bad_socket;
    std::string client_out;
    bool client_overflow = false;

    std::vector<std::unique_ptr<Conn>> conns; // network thread only

    void wake()
    {
        char b = 1;
        ::send(wake_tx, &b, 1, 0);
    }

    void update_pending_locked() { pending.store(!messages.empty() || !events.empty(), std::memory_order_relaxed); }

    // Takes the next message, unless a connection event comes first (the session sees Connected before that
    // client's messages); under in_mutex.
    bool take_message_locked(std::string &message)
    {
        if (!events.empty() || messages.empty()) {
            return false;
        }
        message = std::move(messages.front());
        messages.pop_front();
        inbound_bytes -= std::min(inbound_bytes, message.size());
        update_pending_locked();
        if (inbound_full.load(std::memory_order_relaxed) && inbound_bytes <= max_inbound_bytes / 2 &&
            messages.size() <= max_inbound_messages / 2) {
            inbound_full.store(false, std::memory_order_relaxed);
            wake(); // the network thread reads the client again
        }
        return true;
    }

    void notify()
    {
        if (wakeup) {
            wakeup();
        }
    }

    void push_message(std::string text)
    {
        {
            std::lock_guard<std::mutex> lock(in_mutex);
            inbound_bytes += text.size();
            messages.push_back(std::move(text));
            if (inbound_bytes >= max_inbound_bytes || messages.size() >= max_inbound_messages) {
                inbound_full.store(true, std::memory_order_relaxed);
            }
            update_pending_locked();
        }
        in_cv.notify_all();
        notify();
    }

    void push_event(Event e)
    {
        {
            std::lock_guard<std::mutex> lock(in_mutex);
            if (e == Event::Disconnected) {
                messages.clear();
                inbound_bytes = 0;
                inbound_full.store(false, std::memory_order_relaxed);
            }
            events.push_back(e);
            update_pending_locked();
        }
        in_cv.notify_all();
    }

    // Writes as much of client_out as the socket takes now; the rest waits for POLLOUT.
    void flush_client_locked()
    {
        size_t sent = 0;
        while (sent < client_out.size()) {
            size_t chunk = std::min<size_t>(client_out.size() - sent, 1 << 20);
            auto n = ::send(client, client_out.data() + sent, int(chunk), send_flags);
            if (n > 0) {
                sent += size_t(n);
                continue;
            }
            if (n < 0 && would_block(last_error())) {
                break;
            }
            // A broken connection: the network thread sees it on its next read and drops the client.
            sent = client_out.size();
        }
        client_out.erase(0, sent);
    }

    void queue_client_frame(const std::string &frame)
    {
        std::lock_guard<std::mutex> lock(write_mutex);
        if (client == bad_socket) {
            return;
        }
        if (client_out.size() + frame.size() > max_outbound_bytes) {
            client_overflow = true;
            return;
        }
        bool was_empty = client_out.empty();
        client_out += frame;
        if (was_empty) {
            flush_client_locked();
        }
    }

    // Returns false when the connection is broken (conn.dead set).
    bool flush_conn(Conn &c)
    {
        size_t sent = 0;
        while (sent < c.out.size()) {
            auto n = ::send(c.fd, c.out.data() + sent, int(std::min<size_t>(c.out.size() - sent, 1 << 20)), send_flags);
            if (n > 0) {
                sent += size_t(n);
                continue;
            }
            if (n < 0 && would_block(last_error())) {
                break;
            }
            c.dead = true;
            return false;
        }
        c.out.erase(0, sent);
        return true;
    }

    void respond_and_close(Conn &c, std::string response)
    {
        c.out += response;
        c.mode = Mode::Closing;
        c.deadline = Clock::now() + closing_timeout;
        c.in.clear();
        flush_conn(c);
    }

    // The client leaves: its output (plus frame, a close frame) is flushed by the Closing conn, its unread
    // messages are dropped, and the session learns it through Disconnected.
    void drop_client(Conn &c, const std::string &frame, bool notify_session)
    {
        {
            std::lock_guard<std::mutex> lock(write_mutex);
            c.out = std::move(client_out);
            c.out += frame;
            client_out.clear();
            client = bad_socket;
            client_overflow = false;
        }
        connected.store(false);
        c.mode = Mode::Closing;
        c.deadline = Clock::now() + closing_timeout;
        c.in.clear();
        c.message.clear();
        if (!c.dead) {
            flush_conn(c);
        }
        push_event(Event::Disconnected);
        if (notify_session) {
            notify();
        }
    }

    std::string list_json(const std::string &local) const
    {
        std::string hostport = local + "/" + target.id;
        Json t = Json::object();
        t.set("description", Json::string("ZTS domain"));
        t.set("devtoolsFrontendUrl",
              Json::string("devtools://devtools/bundled/js_app.html?experiments=true&v8only=true&ws=" + hostport));
        t.set("devtoolsFrontendUrlCompat",
              Json::string("devtools://devtools/bundled/inspector.html?experiments=true&v8only=true&ws=" + hostport));
        t.set("faviconUrl", Json::string("https://nodejs.org/static/images/favicons/favicon.ico"));
        t.set("id", Json::string(target.id));
        t.set("title", Json::string(target.title));
        t.set("type", Json::string("node"));
        t.set("url", Json::string(target.url));
        t.set("webSocketDebuggerUrl", Json::string("ws://" + hostport));
        Json list = Json::array();
        list.push(std::move(t));
        return list.dump();
    }

    void handle_http(Conn &c)
    {
        size_t end = c.in.find("\r\n\r\n");
        if (end == std::string::npos || end + 4 > max_header_bytes) {
            if (c.in.size() > max_header_bytes || end != std::string::npos) {
                respond_and_close(c, text_response(431, "Request Header Fields Too Large", "headers over 16 KiB"));
            }
            return;
        }
        std::string_view head(c.in.data(), end);
        size_t line_end = head.find("\r\n");
        std::string_view request_line = head.substr(0, line_end);
        size_t sp1 = request_line.find(' ');
        size_t sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
        if (sp2 == std::string_view::npos || request_line.substr(sp2 + 1).substr(0, 5) != "HTTP/") {
            respond_and_close(c, text_response(400, "Bad Request", "malformed request line"));
            return;
        }
        std::string_view method = request_line.substr(0, sp1);
        std::string_view path = request_line.substr(sp1 + 1, sp2 - sp1 - 1);
        path = path.substr(0, path.find('?'));

        std::string host, upgrade, key, version, origin;
        bool has_host = false, has_origin = false;
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
                host = value;
                has_host = true;
            } else if (name == "upgrade") {
                upgrade = value;
            } else if (name == "sec-websocket-key") {
                key = value;
            } else if (name == "sec-websocket-version") {
                version = value;
            } else if (name == "origin") {
                origin = value;
                has_origin = true;
            }
        }
        std::string rest = c.in.substr(end + 4);

        if (has_host && !allowed_host(host)) {
            respond_and_close(c, text_response(400, "Bad Request", "Host must be localhost or an IP address"));
            return;
        }
        if (method != "GET") {
            respond_and_close(c, text_response(405, "Method Not Allowed", "only GET"));
            return;
        }
        if (path == "/json/version" || path == "/json/version/") {
            Json v = Json::object();
            v.set("Browser", Json::string("ZTS/1.0"));
            v.set("Protocol-Version", Json::string("1.3"));
            v.set("V8-Version", Json::string("0.0"));
            v.set("WebKit-Version", Json::string("0"));
            respond_and_close(c, http_response(200, "OK", "application/json; charset=UTF-8", v.dump()));
            return;
        }
        if (path == "/json" || path == "/json/" || path == "/json/list" || path == "/json/list/") {
            respond_and_close(c, http_response(200, "OK", "application/json; charset=UTF-8", list_json(c.local)));
            return;
        }
        if (path == "/json/protocol" || path == "/json/protocol/") {
            respond_and_close(c, http_response(200, "OK", "application/json; charset=UTF-8", protocol_description()));
            return;
        }
        // As Node: activating the one target does nothing and says so; any other id is unknown. (No /json/close: the
        // target is the host's domain, which a client does not end.)
        if (path.substr(0, 15) == "/json/activate/") {
            if (path.substr(15) == target.id) {
                respond_and_close(c, http_response(200, "OK", "text/plain; charset=UTF-8", "Target activated"));
            } else {
                respond_and_close(c, text_response(404, "Not Found", "Unknown target id"));
            }
            return;
        }
        if (path.size() != target.id.size() + 1 || path.substr(1) != target.id || upgrade.empty()) {
            respond_and_close(c, text_response(404, "Not Found", "unknown path"));
            return;
        }
        if (!has_token(upgrade, "websocket") || key.empty()) {
            respond_and_close(c, text_response(400, "Bad Request", "expected a WebSocket upgrade"));
            return;
        }
        if (has_origin && !allowed_origin(origin)) {
            respond_and_close(c, text_response(403, "Forbidden", "a WebSocket from a web page is refused (Origin: " +
                                                                     std::string(trim(origin).substr(0, 200)) + ")"));
            return;
        }
        if (!version.empty() && version != "13") {
            respond_and_close(c, http_response(426, "Upgrade Required", "text/plain; charset=UTF-8",
                                               "WebSocket version 13 only\n", "Sec-WebSocket-Version: 13\r\n"));
            return;
        }
        std::string accepted = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               "Sec-WebSocket-Accept: " +
                               websocket_accept(key) + "\r\n\r\n";
        bool taken = false;
        {
            std::lock_guard<std::mutex> lock(write_mutex);
            if (client == bad_socket) {
                client = c.fd;
                client_out = std::move(accepted);
                client_overflow = false;
                flush_client_locked();
                taken = true;
            }
        }
        if (!taken) {
            respond_and_close(c, text_response(409, "Conflict", "another debugger client is connected"));
            return;
        }
        int on = 1;
        setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char *>(&on), sizeof on);
        c.mode = Mode::WebSocket;
        c.in = std::move(rest); // a client may send its first frame with the handshake
        connected.store(true);
        push_event(Event::Connected);
        notify();
        handle_frames(c);
    }

    void fail_client(Conn &c, uint16_t code) { drop_client(c, close_frame(code), true); }

    void handle_frames(Conn &c)
    {
        size_t pos = 0;
        const std::string &in = c.in;
        while (c.mode == Mode::WebSocket) {
            size_t avail = in.size() - pos;
            if (avail < 2 || inbound_full.load(std::memory_order_relaxed)) {
                break; // full: the rest stays in c.in until the game thread made room (run())
            }
            auto b0 = uint8_t(in[pos]);
            auto b1 = uint8_t(in[pos + 1]);
            bool fin = b0 & 0x80;
            int opcode = b0 & 0x0F;
            uint64_t len = b1 & 0x7F;
            size_t header = 2;
            if (len == 126) {
                if (avail < 4) {
                    break;
                }
                len = uint64_t(uint8_t(in[pos + 2])) << 8 | uint8_t(in[pos + 3]);
                header = 4;
            } else if (len == 127) {
                if (avail < 10) {
                    break;
                }
                len = 0;
                for (int i = 0; i < 8; i++) {
                    len = len << 8 | uint8_t(in[pos + 2 + i]);
                }
                header = 10;
            }
            if ((b0 & 0x70) || !(b1 & 0x80)) {
                fail_client(c, 1002); // extension bits we did not negotiate, or an unmasked client frame
                return;
            }
            if (opcode >= 8) {
                if (!fin || len > 125 || (opcode != 8 && opcode != 9 && opcode != 10)) {
                    fail_client(c, 1002);
                    return;
                }
            } else {
                if (opcode > 2 || (opcode == 0) != c.in_message) {
                    fail_client(c, 1002);
                    return;
                }
                if (len > max_message_bytes || c.message.size() + len > max_message_bytes) {
                    fail_client(c, 1009);
                    return;
                }
            }
            header += 4;
            if (avail < header || avail - header < len) {
                break;
            }
            const char *mask = in.data() + pos + header - 4;
            std::string payload(in.data() + pos + header, size_t(len));
            for (size_t i = 0; i < payload.size(); i++) {
                payload[i] = char(payload[i] ^ mask[i & 3]);
            }
            pos += header + size_t(len);
            switch (opcode) {
            case 0x0:
            case 0x1:
            case 0x2: // binary carries the same text; node tolerates it too
                if (!c.in_message && fin) {
                    push_message(std::move(payload));
                } else {
                    c.message += payload;
                    c.in_message = !fin;
                    if (fin) {
                        std::string m = std::move(c.message);
                        c.message.clear();
                        push_message(std::move(m));
                    }
                }
                break;
            case 0x8: {
                // Echo the status code, as RFC 6455 section 5.5.1 suggests; an empty close gets an empty one.
                std::string reply = ws_frame(0x8, std::string_view(payload).substr(0, payload.size() >= 2 ? 2 : 0));
                drop_client(c, reply, true);
                return;
            }
            case 0x9:
                queue_client_frame(ws_frame(0xA, payload));
                break;
            default:
                break; // pong
            }
        }
        c.in.erase(0, pos);
    }

    void read_conn(Conn &c)
    {
        char buf[64 * 1024];
        for (;;) {
            auto n = ::recv(c.fd, buf, int(sizeof buf), 0);
            if (n > 0) {
                if (c.mode != Mode::Closing) {
                    c.in.append(buf, size_t(n));
                }
                if (c.in.size() > max_message_bytes * 2 || (c.mode == Mode::WebSocket && inbound_full.load())) {
                    break; // let the frame checks run before reading more
                }
                continue;
            }
            if (n < 0 && would_block(last_error())) {
                break;
            }
            // End of stream or a reset: whatever was read before still counts (a close frame, say).
            c.read_eof = true;
            break;
        }
        if (c.mode == Mode::Http) {
            handle_http(c);
        } else if (c.mode == Mode::WebSocket) {
            handle_frames(c);
        }
        if (c.read_eof) {
            if (c.mode == Mode::WebSocket) {
                c.dead = true;
                drop_client(c, std::string(), true);
            } else if (c.mode == Mode::Http || c.out.empty()) {
                c.dead = true;
            }
        }
    }

    void accept_all(socket_t from)
    {
        for (;;) {
            socket_t s = ::accept(from, nullptr, nullptr);
            if (s == bad_socket) {
                return;
            }
            configure(s);
            size_t others = 0;
            for (auto &c : conns) {
                others += c->mode != Mode::WebSocket && !c->dead;
            }
            if (others >= max_http_connections) {
                // Keep the endpoint usable when connections pile up: the oldest idle one goes.
                for (auto &c : conns) {
                    if (c->mode != Mode::WebSocket && !c->dead) {
                        c->dead = true;
                        break;
                    }
                }
            }
            auto c = std::make_unique<Conn>();
            c->fd = s;
            c->local = local_address(s);
            c->deadline = Clock::now() + http_read_timeout;
            conns.push_back(std::move(c));
        }
    }

    void run()
    {
        std::vector<pollfd_t> fds;
        while (!stopping.load()) {
            fds.clear();
            fds.push_back(pollfd_t{wake_rx, POLLIN, 0});
            for (socket_t l : listeners) {
                fds.push_back(pollfd_t{l, POLLIN, 0});
            }
            const size_t base = 1 + listeners.size(); // the connections' pollfds follow the listeners'
            bool client_has_output = false;
            bool overflow = false;
            {
                std::lock_guard<std::mutex> lock(write_mutex);
                client_has_output = !client_out.empty();
                overflow = client_overflow;
            }
            const bool full = inbound_full.load(std::memory_order_relaxed);
            for (auto &c : conns) {
                short events = 0;
                if (!c->read_eof && !(full && c->mode == Mode::WebSocket)) {
                    events |= POLLIN; // back-pressure: a full inbound queue reads no more of the client
                }
                if (c->mode == Mode::WebSocket ? client_has_output : !c->out.empty()) {
                    events |= POLLOUT;
                }
                fds.push_back(pollfd_t{c->fd, events, 0});
            }
            int ready = poll_sockets(fds.data(), fds.size(), poll_timeout_ms);
            if (stopping.load()) {
                break;
            }
            if (ready > 0 && fds[0].revents) {
                char drain[64];
                while (::recv(wake_rx, drain, int(sizeof drain), 0) > 0) {
                }
            }
            auto now = Clock::now();
            size_t count = conns.size(); // accept_all() below appends; those have no pollfd yet
            for (size_t i = 0; i < count; i++) {
                Conn &c = *conns[i];
                short revents = ready > 0 ? fds[i + base].revents : 0;
                if (c.mode == Mode::WebSocket && overflow) {
                    c.dead = true; // a client that stopped reading; it cannot get a close frame through either
                    drop_client(c, std::string(), true);
                    continue;
                }
                if (revents & POLLOUT) {
                    if (c.mode == Mode::WebSocket) {
                        std::lock_guard<std::mutex> lock(write_mutex);
                        flush_client_locked();
                    } else {
                        flush_conn(c);
                    }
                }
                if (!c.dead && (revents & (POLLIN | POLLERR | POLLHUP | POLLNVAL))) {
                    read_conn(c);
                } else if (!c.dead && c.mode == Mode::WebSocket && !c.in.empty() && !inbound_full.load()) {
                    handle_frames(c); // frames read before the queue was full, now that it has room
                }
                if (c.mode == Mode::Closing && c.out.empty()) {
                    c.dead = true;
                }
                if (c.mode != Mode::WebSocket && now > c.deadline) {
                    c.dead = true;
                }
            }
            for (size_t i = 0; ready > 0 && i < listeners.size(); i++) {
                if (fds[1 + i].revents) {
                    accept_all(listeners[i]);
                }
            }
            for (size_t i = 0; i < conns.size();) {
                if (conns[i]->dead) {
                    close_conn(*conns[i]);
                    conns.erase(conns.begin() + long(i));
                } else {
                    i++;
                }
            }
        }
    }

    void close_conn(Conn &c)
    {
        if (c.mode == Mode::Closing && c.out.empty()) {
            shutdown_send(c.fd); // a graceful FIN after the last response, not a reset
        }
        close_socket(c.fd);
    }

    // The network thread's last act: the client hears 1001 (going away); the session gets Disconnected but
    // no wakeup (the host is tearing the debugger down).
    void close_all()
    {
        for (auto &c : conns) {
            if (c->mode == Mode::WebSocket) {
                drop_client(*c, close_frame(1001), false);
            }
            close_conn(*c);
        }
        conns.clear();
    }

    void run_guarded()
    {
        try {
            run();
        } catch (...) {
            // Out of memory on the network thread: the server ends, the host goes on.
        }
        try {
            close_all();
        } catch (...) {
            for (auto &c : conns) {
                close_socket(c->fd);
            }
        }
    }

    void close_sockets()
    {
        for (socket_t l : listeners) {
            close_socket(l);
        }
        listeners.clear();
        for (socket_t *s : {&wake_rx, &wake_tx}) {
            if (*s != bad_socket) {
                close_socket(*s);
                *s = bad_socket;
            }
        }
    }

    // A loopback UDP pair: a datagram wakes poll() on every platform (Winsock has no pipes to poll).
    bool make_wake_pair(std::string &reason)
    {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        wake_rx = ::socket(AF_INET, SOCK_DGRAM, 0);
        wake_tx = ::socket(AF_INET, SOCK_DGRAM, 0);
        sockaddr_in rx{}, tx{};
        socklen_t rx_len = sizeof rx, tx_len = sizeof tx;
        if (wake_rx == bad_socket || wake_tx == bad_socket ||
            ::bind(wake_rx, reinterpret_cast<sockaddr *>(&addr), len) != 0 ||
            ::bind(wake_tx, reinterpret_cast<sockaddr *>(&addr), len) != 0 ||
            getsockname(wake_rx, reinterpret_cast<sockaddr *>(&rx), &rx_len) != 0 ||
            getsockname(wake_tx, reinterpret_cast<sockaddr *>(&tx), &tx_len) != 0 ||
            // Connected both ways, so the receiver only takes datagrams of its partner.
            ::connect(wake_tx, reinterpret_cast<sockaddr *>(&rx), rx_len) != 0 ||
            ::connect(wake_rx, reinterpret_cast<sockaddr *>(&tx), tx_len) != 0) {
            reason = "wake socket: " + error_text(last_error());
            return false;
        }
        configure(wake_rx);
        configure(wake_tx);
        return true;
    }

    // One listening socket on addr (its port 0: any free one); bad_socket with reason, and err the socket error.
    static socket_t listen_at(const sockaddr *addr, socklen_t len, std::string &reason, int &err)
    {
        err = 0;
        socket_t s = ::socket(addr->sa_family, SOCK_STREAM, 0);
        if (s == bad_socket) {
            err = last_error();
            reason = error_text(err);
            return bad_socket;
        }
        if (addr->sa_family == AF_INET6) {
            // This address only: an IPv4 listener of its own covers IPv4 (and [::] then means IPv6's any address).
            int on = 1;
            setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, reinterpret_cast<const char *>(&on), sizeof on);
        }
        reuse_port(s);
        if (::bind(s, addr, len) != 0 || ::listen(s, 16) != 0) {
            err = last_error();
            reason = error_text(err);
            close_socket(s);
            return bad_socket;
        }
        configure(s);
        return s;
    }

    static int bound_port(socket_t s)
    {
        sockaddr_storage addr{};
        socklen_t len = sizeof addr;
        if (getsockname(s, reinterpret_cast<sockaddr *>(&addr), &len) != 0) {
            return 0;
        }
        return ntohs(addr.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6 *>(&addr)->sin6_port
                                                : reinterpret_cast<sockaddr_in *>(&addr)->sin_port);
    }

    // A listener's port handling, the same for every address.
    static void reuse_port(socket_t s)
    {
        int on = 1;
#ifdef _WIN32
        // Windows' SO_REUSEADDR would let another process take the port over; exclusive use instead.
        setsockopt(s, SOL_SOCKET, SO_EXCLUSIVEADDRUSE, reinterpret_cast<const char *>(&on), sizeof on);
#else
        // So a restarted host (or the next test) can bind while old connections sit in TIME_WAIT.
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
#endif
    }

    static bool in_use(int err)
    {
#ifdef _WIN32
        return err == WSAEADDRINUSE;
#else
        return err == EADDRINUSE;
#endif
    }

    // 127.0.0.1:requested and, on the same port, [::1], as Node listens where `localhost` resolves: clients that dial
    // `localhost` (chrome-remote-interface's default, node inspect) may try ::1 first. A machine without an IPv6
    // loopback has IPv4 only; [::1]:port held by another process (which a client dialing localhost would reach
    // instead) fails the start, or, with requested 0, has a few more free ports tried.
    bool listen_loopback(int requested, std::string &reason)
    {
        for (int attempt = 0; attempt < 8; attempt++) {
            int err = 0;
            sockaddr_in addr{};
            addr.sin_family = AF_INET;
            addr.sin_port = htons(uint16_t(requested));
            addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // never INADDR_ANY: the protocol runs any code it is sent
            socket_t s4 = listen_at(reinterpret_cast<sockaddr *>(&addr), sizeof addr, reason, err);
            if (s4 == bad_socket) {
                return false;
            }
            port = bound_port(s4);
            listeners.push_back(s4);
            sockaddr_in6 addr6{};
            addr6.sin6_family = AF_INET6;
            addr6.sin6_port = htons(uint16_t(port));
            addr6.sin6_addr = in6addr_loopback; // never in6addr_any
            std::string reason6;
            socket_t s6 = listen_at(reinterpret_cast<sockaddr *>(&addr6), sizeof addr6, reason6, err);
            if (s6 != bad_socket) {
                listeners.push_back(s6);
                return true;
            }
            if (!in_use(err)) {
                return true; // no IPv6 loopback here (no AF_INET6, EADDRNOTAVAIL): IPv4 only
            }
            reason = "[::1]:" + std::to_string(port) + ": " + reason6;
            close_socket(s4);
            listeners.clear();
            if (requested != 0) {
                return false;
            }
        }
        return false;
    }

    // Every address host resolves to (an IP literal is itself; IPv6 may be bracketed), on one port: the first
    // address picks it when requested is 0. This is the host's explicit choice (ztsrun --inspect=HOST:PORT,
    // TsSettings.DebuggerHost), and the only way the server listens beyond the loopback.
    bool listen_host(const std::string &host, int requested, std::string &reason)
    {
        std::string name = host;
        if (name.size() > 2 && name.front() == '[' && name.back() == ']') {
            name = name.substr(1, name.size() - 2);
        }
        addrinfo hints{};
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        addrinfo *found = nullptr;
        int rc = getaddrinfo(name.c_str(), nullptr, &hints, &found);
        if (rc != 0 || found == nullptr) {
#ifdef _WIN32
            reason = "cannot resolve " + host + ": " + error_text(rc);
#else
            reason = "cannot resolve " + host + ": " + gai_strerror(rc);
#endif
            return false;
        }
        port = requested;
        std::vector<std::string> seen;
        bool ok = true;
        for (addrinfo *a = found; a != nullptr && ok; a = a->ai_next) {
            if (a->ai_family != AF_INET && a->ai_family != AF_INET6) {
                continue;
            }
            sockaddr_storage addr{};
            std::memcpy(&addr, a->ai_addr, std::min(sizeof addr, size_t(a->ai_addrlen)));
            if (a->ai_family == AF_INET) {
                reinterpret_cast<sockaddr_in *>(&addr)->sin_port = htons(uint16_t(port));
            } else {
                reinterpret_cast<sockaddr_in6 *>(&addr)->sin6_port = htons(uint16_t(port));
            }
            std::string shown = address_text(reinterpret_cast<sockaddr *>(&addr));
            if (std::find(seen.begin(), seen.end(), shown) != seen.end()) {
                continue; // getaddrinfo names an address once per protocol on some systems
            }
            seen.push_back(shown);
            int err = 0;
            socket_t s = listen_at(reinterpret_cast<sockaddr *>(&addr), socklen_t(a->ai_addrlen), reason, err);
            if (s == bad_socket) {
                reason = shown + ": " + reason;
                ok = false;
                break;
            }
            listeners.push_back(s);
            port = bound_port(s);
            exposed = exposed || !is_loopback(reinterpret_cast<sockaddr *>(&addr));
        }
        freeaddrinfo(found);
        if (ok && listeners.empty()) {
            reason = "cannot resolve " + host + " to an IPv4 or IPv6 address";
            ok = false;
        }
        return ok;
    }
};

Transport::Transport() : s_(std::make_unique<State>()) {}

Transport::~Transport()
{
    stop();
}

bool Transport::start(int port, const TargetInfo &target, std::string &error)
{
    return start(std::string(), port, target, error);
}

bool Transport::start(const std::string &host, int port, const TargetInfo &target, std::string &error)
{
    // The loopback unless the host names another address: "localhost" is both loopbacks, as it resolves.
    const bool loopback = host.empty() || lower(host) == "localhost";
    std::string shown = host.empty() ? "127.0.0.1" : host;
    if (!loopback && shown.find(':') != std::string::npos && shown.front() != '[') {
        shown = "[" + shown + "]"; // an IPv6 literal in a URL
    }
    std::string prefix = "zts: debugger: cannot listen on " + shown + ":" + std::to_string(port) + ": ";
    if (s_->running) {
        error = prefix + "already started";
        return false;
    }
    if (port < 0 || port > 65535) {
        error = prefix + "port out of range";
        return false;
    }
    std::string reason;
    s_->exposed = false;
    if (!network_init(reason) || !(loopback ? s_->listen_loopback(port, reason) : s_->listen_host(host, port, reason)) ||
        !s_->make_wake_pair(reason)) {
        s_->close_sockets();
        s_->port = 0;
        s_->exposed = false;
        error = prefix + reason;
        return false;
    }
    s_->shown_host = shown;
    s_->target = target;
    s_->stopping.store(false);
    {
        std::lock_guard<std::mutex> lock(s_->in_mutex);
        s_->messages.clear();
        s_->events.clear();
        s_->stopped = false;
        s_->update_pending_locked();
    }
    try {
        s_->thread = std::thread([state = s_.get()] { state->run_guarded(); });
    } catch (const std::exception &e) {
        s_->close_sockets();
        s_->port = 0;
        error = prefix + "cannot start the network thread: " + e.what();
        return false;
    }
    s_->running = true;
    return true;
}

int Transport::port() const
{
    return s_->running ? s_->port : 0;
}

void Transport::stop()
{
    if (!s_->running) {
        return;
    }
    {
        std::lock_guard<std::mutex> lock(s_->in_mutex);
        s_->stopped = true;
    }
    s_->in_cv.notify_all();
    s_->stopping.store(true);
    s_->wake();
    s_->thread.join();
    s_->close_sockets();
    s_->running = false;
}

bool Transport::poll(std::string &message)
{
    std::lock_guard<std::mutex> lock(s_->in_mutex);
    return s_->take_message_locked(message);
}

bool Transport::wait(std::string &message, int timeout_ms)
{
    std::unique_lock<std::mutex> lock(s_->in_mutex);
    auto ready = [this] { return !s_->events.empty() || !s_->messages.empty() || s_->stopped; };
    if (timeout_ms < 0) {
        s_->in_cv.wait(lock, ready);
    } else {
        s_->in_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), ready);
    }
    return s_->take_message_locked(message);
}

Transport::Event Transport::take_event()
{
    std::lock_guard<std::mutex> lock(s_->in_mutex);
    if (s_->events.empty()) {
        return Event::None;
    }
    Event e = s_->events.front();
    s_->events.pop_front();
    s_->update_pending_locked();
    return e;
}

Transport::Inbound Transport::inbound() const
{
    std::lock_guard<std::mutex> lock(s_->in_mutex);
    return Inbound{s_->messages.size(), s_->inbound_bytes, s_->inbound_full.load()};
}

bool Transport::pending() const
{
    return s_->pending.load(std::memory_order_relaxed);
}

bool Transport::exposed() const
{
    return s_->running && s_->exposed;
}

bool Transport::connected() const
{
    return s_->connected.load();
}

void Transport::send(const std::string &text)
{
    if (!s_->connected.load()) {
        return;
    }
    std::string frame = ws_frame(0x1, text);
    bool wake = false;
    {
        std::lock_guard<std::mutex> lock(s_->write_mutex);
        if (s_->client == bad_socket) {
            return;
        }
        if (s_->client_out.size() + frame.size() > max_outbound_bytes) {
            s_->client_overflow = true;
            wake = true;
        } else {
            bool was_empty = s_->client_out.empty();
            s_->client_out += frame;
            if (was_empty) {
                s_->flush_client_locked();
            }
            wake = !s_->client_out.empty(); // the network thread finishes the write on POLLOUT
        }
    }
    if (wake) {
        s_->wake();
    }
}

void Transport::set_wakeup(std::function<void()> fn)
{
    s_->wakeup = std::move(fn);
}

std::string Transport::ws_url() const
{
    return "ws://" + s_->shown_host + ":" + std::to_string(port()) + "/" + s_->target.id;
}

} // namespace zts::dbg
