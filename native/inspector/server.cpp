#include "inspector/server.h"

#include "inspector/json.h"
#include "inspector/websocket_handshake.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace zts::dbg
{
namespace
{

// The inbound bound (max_inbound_*, transport_io.h) holds back what the client sends; these bound the rest.
constexpr size_t k_max_http_connections = 16;
constexpr auto k_http_read_timeout = std::chrono::seconds(10);
constexpr auto k_closing_timeout = std::chrono::seconds(2);
// Only a safety net: stop() and send() wake the thread through the wake socket.
constexpr int k_poll_timeout_ms = 250;

// /json/protocol: the domains, commands and events this server implements, in the shape of Node's (and Chrome's)
// protocol description. chrome-remote-interface's default `CDP({port})` builds its API from it (it fetches
// /json/protocol, then /json/list); commands carry no parameter lists, which it does not need. Keep the list with
// what Protocol::call answers (native/inspector/protocol.cpp) and the events debugger.cpp and protocol.cpp send.
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


} // namespace

// Returns false when the connection is broken (conn.dead set).
bool Server::flush_conn(Conn &c)
{
    size_t sent = 0;
    while (sent < c.out.size()) {
        auto n = ::send(c.fd, c.out.data() + sent, int(std::min<size_t>(c.out.size() - sent, 1 << 20)), k_send_flags);
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

void Server::respond_and_close(Conn &c, std::string response)
{
    c.out += response;
    c.mode = Mode::Closing;
    c.deadline = Clock::now() + k_closing_timeout;
    c.in.clear();
    flush_conn(c);
}

// The client leaves: its output (plus frame, a close frame) is flushed by the Closing conn, its unread
// messages are dropped, and the session learns it through Disconnected.
void Server::drop_client(Conn &c, const std::string &frame, bool notify_session)
{
    {
        std::lock_guard<std::mutex> lock(io_.write_mutex);
        c.out = std::move(io_.client_out);
        c.out += frame;
        io_.client_out.clear();
        io_.client = k_bad_socket;
        io_.client_overflow = false;
    }
    io_.connected.store(false);
    c.mode = Mode::Closing;
    c.deadline = Clock::now() + k_closing_timeout;
    c.in.clear();
    c.message.clear();
    if (!c.dead) {
        flush_conn(c);
    }
    io_.push_event(Transport::Event::Disconnected);
    if (notify_session) {
        io_.notify();
    }
}

std::string Server::list_json(const std::string &local) const
{
    std::string hostport = local + "/" + target_.id;
    Json t = Json::object();
    t.set("description", Json::string("ZTS domain"));
    t.set("devtoolsFrontendUrl",
          Json::string("devtools://devtools/bundled/js_app.html?experiments=true&v8only=true&ws=" + hostport));
    t.set("devtoolsFrontendUrlCompat",
          Json::string("devtools://devtools/bundled/inspector.html?experiments=true&v8only=true&ws=" + hostport));
    t.set("faviconUrl", Json::string("https://nodejs.org/static/images/favicons/favicon.ico"));
    t.set("id", Json::string(target_.id));
    t.set("title", Json::string(target_.title));
    t.set("type", Json::string("node"));
    t.set("url", Json::string(target_.url));
    t.set("webSocketDebuggerUrl", Json::string("ws://" + hostport));
    Json list = Json::array();
    list.push(std::move(t));
    return list.dump();
}

void Server::handle_http(Conn &c)
{
    size_t end = c.in.find("\r\n\r\n");
    if (end == std::string::npos || end + 4 > k_max_header_bytes) {
        if (c.in.size() > k_max_header_bytes || end != std::string::npos) {
            respond_and_close(c, text_response(431, "Request Header Fields Too Large", "headers over 16 KiB"));
        }
        return;
    }
    HttpRequest r;
    if (!parse_request(std::string_view(c.in.data(), end), r)) {
        respond_and_close(c, text_response(400, "Bad Request", "malformed request line"));
        return;
    }
    const std::string &method = r.method, &path = r.path, &host = r.host, &upgrade = r.upgrade, &key = r.key,
                      &version = r.version, &origin = r.origin;
    const bool has_host = r.has_host, has_origin = r.has_origin;
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
    if (path.compare(0, 15, "/json/activate/") == 0) {
        if (path.substr(15) == target_.id) {
            respond_and_close(c, http_response(200, "OK", "text/plain; charset=UTF-8", "Target activated"));
        } else {
            respond_and_close(c, text_response(404, "Not Found", "Unknown target id"));
        }
        return;
    }
    if (path.size() != target_.id.size() + 1 || path.substr(1) != target_.id || upgrade.empty()) {
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
        std::lock_guard<std::mutex> lock(io_.write_mutex);
        if (io_.client == k_bad_socket) {
            io_.client = c.fd;
            io_.client_out = std::move(accepted);
            io_.client_overflow = false;
            io_.flush_client_locked();
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
    io_.connected.store(true);
    io_.push_event(Transport::Event::Connected);
    io_.notify();
    handle_frames(c);
}

void Server::fail_client(Conn &c, uint16_t code)
{
    drop_client(c, close_frame(code), true);
}

void Server::handle_frames(Conn &c)
{
    size_t pos = 0;
    Frame f;
    while (c.mode == Mode::WebSocket) {
        if (io_.inbound_full.load(std::memory_order_relaxed)) {
            break; // full: the rest stays in c.in until the game thread made room (run())
        }
        size_t used = 0;
        FrameStatus status = decode_frame(std::string_view(c.in).substr(pos), c.in_message, c.message.size(), f, used);
        if (status == FrameStatus::Incomplete) {
            break;
        }
        if (status != FrameStatus::Ok) {
            fail_client(c, status == FrameStatus::TooBig ? 1009 : 1002);
            return;
        }
        pos += used;
        switch (f.opcode) {
        case 0x0:
        case 0x1:
        case 0x2: // binary carries the same text; node tolerates it too
            if (!c.in_message && f.fin) {
                io_.push_message(std::move(f.payload));
            } else {
                c.message += f.payload;
                c.in_message = !f.fin;
                if (f.fin) {
                    std::string m = std::move(c.message);
                    c.message.clear();
                    io_.push_message(std::move(m));
                }
            }
            break;
        case 0x8: {
            // Echo the status code, as RFC 6455 section 5.5.1 suggests; an empty close gets an empty one.
            std::string reply = ws_frame(0x8, std::string_view(f.payload).substr(0, f.payload.size() >= 2 ? 2 : 0));
            drop_client(c, reply, true);
            return;
        }
        case 0x9:
            io_.queue_client_frame(ws_frame(0xA, f.payload));
            break;
        default:
            break; // pong
        }
    }
    c.in.erase(0, pos);
}

void Server::read_conn(Conn &c)
{
    char buf[64 * 1024];
    for (;;) {
        auto n = ::recv(c.fd, buf, int(sizeof buf), 0);
        if (n > 0) {
            if (c.mode != Mode::Closing) {
                c.in.append(buf, size_t(n));
            }
            if (c.in.size() > k_max_message_bytes * 2 || (c.mode == Mode::WebSocket && io_.inbound_full.load())) {
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

void Server::accept_all(socket_t from)
{
    for (;;) {
        socket_t s = ::accept(from, nullptr, nullptr);
        if (s == k_bad_socket) {
            return;
        }
        configure(s);
        size_t others = 0;
        for (auto &c : conns_) {
            others += c->mode != Mode::WebSocket && !c->dead;
        }
        if (others >= k_max_http_connections) {
            // Keep the endpoint usable when connections pile up: the oldest idle one goes.
            for (auto &c : conns_) {
                if (c->mode != Mode::WebSocket && !c->dead) {
                    c->dead = true;
                    break;
                }
            }
        }
        auto c = std::make_unique<Conn>();
        c->fd = s;
        c->local = local_address(s);
        c->deadline = Clock::now() + k_http_read_timeout;
        conns_.push_back(std::move(c));
    }
}

void Server::run()
{
    std::vector<pollfd_t> fds;
    while (!io_.stopping.load()) {
        fds.clear();
        fds.push_back(pollfd_t{io_.wake_rx, POLLIN, 0});
        for (socket_t l : listeners_) {
            fds.push_back(pollfd_t{l, POLLIN, 0});
        }
        const size_t base = 1 + listeners_.size(); // the connections' pollfds follow the listeners'
        bool client_has_output = false;
        bool overflow = false;
        {
            std::lock_guard<std::mutex> lock(io_.write_mutex);
            client_has_output = !io_.client_out.empty();
            overflow = io_.client_overflow;
        }
        const bool full = io_.inbound_full.load(std::memory_order_relaxed);
        for (auto &c : conns_) {
            short events = 0;
            if (!c->read_eof && !(full && c->mode == Mode::WebSocket)) {
                events |= POLLIN; // back-pressure: a full inbound queue reads no more of the client
            }
            if (c->mode == Mode::WebSocket ? client_has_output : !c->out.empty()) {
                events |= POLLOUT;
            }
            fds.push_back(pollfd_t{c->fd, events, 0});
        }
        int ready = poll_sockets(fds.data(), fds.size(), k_poll_timeout_ms);
        if (io_.stopping.load()) {
            break;
        }
        if (ready > 0 && fds[0].revents) {
            char drain[64];
            while (::recv(io_.wake_rx, drain, int(sizeof drain), 0) > 0) {
            }
        }
        auto now = Clock::now();
        size_t count = conns_.size(); // accept_all() below appends; those have no pollfd yet
        for (size_t i = 0; i < count; i++) {
            Conn &c = *conns_[i];
            short revents = ready > 0 ? fds[i + base].revents : 0;
            if (c.mode == Mode::WebSocket && overflow) {
                c.dead = true; // a client that stopped reading; it cannot get a close frame through either
                drop_client(c, std::string(), true);
                continue;
            }
            if (revents & POLLOUT) {
                if (c.mode == Mode::WebSocket) {
                    std::lock_guard<std::mutex> lock(io_.write_mutex);
                    io_.flush_client_locked();
                } else {
                    flush_conn(c);
                }
            }
            if (!c.dead && (revents & (POLLIN | POLLERR | POLLHUP | POLLNVAL))) {
                read_conn(c);
            } else if (!c.dead && c.mode == Mode::WebSocket && !c.in.empty() && !io_.inbound_full.load()) {
                handle_frames(c); // frames read before the queue was full, now that it has room
            }
            if (c.mode == Mode::Closing && c.out.empty()) {
                c.dead = true;
            }
            if (c.mode != Mode::WebSocket && now > c.deadline) {
                c.dead = true;
            }
        }
        for (size_t i = 0; ready > 0 && i < listeners_.size(); i++) {
            if (fds[1 + i].revents) {
                accept_all(listeners_[i]);
            }
        }
        for (size_t i = 0; i < conns_.size();) {
            if (conns_[i]->dead) {
                close_conn(*conns_[i]);
                conns_.erase(conns_.begin() + long(i));
            } else {
                i++;
            }
        }
    }
}

void Server::close_conn(Conn &c)
{
    if (c.mode == Mode::Closing && c.out.empty()) {
        shutdown_send(c.fd); // a graceful FIN after the last response, not a reset
    }
    close_socket(c.fd);
}

// The network thread's last act: the client hears 1001 (going away); the session gets Disconnected but
// no wakeup (the host is tearing the debugger down).
void Server::close_all()
{
    for (auto &c : conns_) {
        if (c->mode == Mode::WebSocket) {
            drop_client(*c, close_frame(1001), false);
        }
        close_conn(*c);
    }
    conns_.clear();
}

void Server::run_guarded()
{
    try {
        run();
    } catch (...) {
        // Out of memory on the network thread: the server ends, the host goes on.
    }
    try {
        close_all();
    } catch (...) {
        for (auto &c : conns_) {
            close_socket(c->fd);
        }
    }
}


// One listening socket on addr (its port 0: any free one); k_bad_socket with reason, and err the socket error.
socket_t Server::listen_at(const sockaddr *addr, socklen_t len, std::string &reason, int &err)
{
    err = 0;
    socket_t s = ::socket(addr->sa_family, SOCK_STREAM, 0);
    if (s == k_bad_socket) {
        err = last_error();
        reason = error_text(err);
        return k_bad_socket;
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
        return k_bad_socket;
    }
    configure(s);
    return s;
}

int Server::bound_port(socket_t s)
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
void Server::reuse_port(socket_t s)
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

bool Server::in_use(int err)
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
bool Server::listen_loopback(int requested, std::string &reason)
{
    for (int attempt = 0; attempt < 8; attempt++) {
        int err = 0;
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(uint16_t(requested));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // never INADDR_ANY: the protocol runs any code it is sent
        socket_t s4 = listen_at(reinterpret_cast<sockaddr *>(&addr), sizeof addr, reason, err);
        if (s4 == k_bad_socket) {
            return false;
        }
        port_ = bound_port(s4);
        listeners_.push_back(s4);
        sockaddr_in6 addr6{};
        addr6.sin6_family = AF_INET6;
        addr6.sin6_port = htons(uint16_t(port_));
        addr6.sin6_addr = in6addr_loopback; // never in6addr_any
        std::string reason6;
        socket_t s6 = listen_at(reinterpret_cast<sockaddr *>(&addr6), sizeof addr6, reason6, err);
        if (s6 != k_bad_socket) {
            listeners_.push_back(s6);
            return true;
        }
        if (!in_use(err)) {
            return true; // no IPv6 loopback here (no AF_INET6, EADDRNOTAVAIL): IPv4 only
        }
        reason = "[::1]:" + std::to_string(port_) + ": " + reason6;
        close_socket(s4);
        listeners_.clear();
        if (requested != 0) {
            return false;
        }
    }
    return false;
}

// Every address host resolves to (an IP literal is itself; IPv6 may be bracketed), on one port: the first
// address picks it when requested is 0. This is the host's explicit choice (ztsrun --inspect=HOST:PORT,
// TsSettings.DebuggerHost), and the only way the server listens beyond the loopback.
bool Server::listen_host(const std::string &host, int requested, std::string &reason)
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
    port_ = requested;
    std::vector<std::string> seen;
    bool ok = true;
    for (addrinfo *a = found; a != nullptr && ok; a = a->ai_next) {
        if (a->ai_family != AF_INET && a->ai_family != AF_INET6) {
            continue;
        }
        sockaddr_storage addr{};
        std::memcpy(&addr, a->ai_addr, std::min(sizeof addr, size_t(a->ai_addrlen)));
        if (a->ai_family == AF_INET) {
            reinterpret_cast<sockaddr_in *>(&addr)->sin_port = htons(uint16_t(port_));
        } else {
            reinterpret_cast<sockaddr_in6 *>(&addr)->sin6_port = htons(uint16_t(port_));
        }
        std::string shown = address_text(reinterpret_cast<sockaddr *>(&addr));
        if (std::find(seen.begin(), seen.end(), shown) != seen.end()) {
            continue; // getaddrinfo names an address once per protocol on some systems
        }
        seen.push_back(shown);
        int err = 0;
        socket_t s = listen_at(reinterpret_cast<sockaddr *>(&addr), socklen_t(a->ai_addrlen), reason, err);
        if (s == k_bad_socket) {
            reason = shown + ": " + reason;
            ok = false;
            break;
        }
        listeners_.push_back(s);
        port_ = bound_port(s);
        exposed_ = exposed_ || !is_loopback(reinterpret_cast<sockaddr *>(&addr));
    }
    freeaddrinfo(found);
    if (ok && listeners_.empty()) {
        reason = "cannot resolve " + host + " to an IPv4 or IPv6 address";
        ok = false;
    }
    return ok;
}
void Server::close_listeners()
{
    for (socket_t l : listeners_) {
        close_socket(l);
    }
    listeners_.clear();
}

void Server::reset()
{
    close_listeners();
    port_ = 0;
    exposed_ = false;
}

} // namespace zts::dbg
