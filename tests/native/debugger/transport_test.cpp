// The debugger's transport over real loopback sockets: the HTTP discovery endpoints, the WebSocket handshake
// (RFC 6455's example key), frames in both directions (masking, 16- and 64-bit lengths, fragments, ping, close,
// protocol errors), one client at a time, reconnects, and the queue the game thread reads (events before
// messages, wait() timeouts, stop() waking it). The client side is written here with plain sockets.
#include "inspector/json.h"
#include "inspector/transport.h"
#include "inspector/websocket_handshake.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <thread>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

using zts::dbg::Json;
using zts::dbg::TargetInfo;
using zts::dbg::Transport;
using Clock = std::chrono::steady_clock;

namespace
{

#ifdef _WIN32
using socket_t = SOCKET;
const socket_t no_socket = INVALID_SOCKET;
void close_fd(socket_t s)
{
    closesocket(s);
}
#else
using socket_t = int;
const socket_t no_socket = -1;
void close_fd(socket_t s)
{
    ::close(s);
}
#endif

const char rfc_key[] = "dGhlIHNhbXBsZSBub25jZQ==";
const char rfc_accept[] = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";

TargetInfo target()
{
    return TargetInfo{"0f1e2d3c-aaaa-4bbb-8ccc-123456789abc", "main \"game\" \xC3\xA9", "file:///C:/game/a\\b.js"};
}

long long ms_since(Clock::time_point t)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// A blocking test client whose reads give up after two seconds, so a broken server fails a test, not the run.
class Client
{
  public:
    Client() = default;
    Client(const Client &) = delete;
    ~Client() { close(); }

    bool connect(int port)
    {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd_ == no_socket) {
            return false;
        }
#ifdef _WIN32
        DWORD timeout = 2000;
#else
        timeval timeout{2, 0};
#endif
        setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, reinterpret_cast<const char *>(&timeout), sizeof timeout);
        int on = 1;
        setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char *>(&on), sizeof on);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(uint16_t(port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return ::connect(fd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
    }

    void close()
    {
        if (fd_ != no_socket) {
            close_fd(fd_);
            fd_ = no_socket;
        }
    }

    bool write(const std::string &data)
    {
        size_t sent = 0;
        while (sent < data.size()) {
            auto n = ::send(fd_, data.data() + sent, int(data.size() - sent), 0);
            if (n <= 0) {
                return false;
            }
            sent += size_t(n);
        }
        return true;
    }

    // Exactly n bytes (buffered first); false on timeout or end of stream.
    bool read_exact(size_t n, std::string &out)
    {
        while (buf_.size() < n) {
            if (!fill()) {
                return false;
            }
        }
        out = buf_.substr(0, n);
        buf_.erase(0, n);
        return true;
    }

    // Up to and including the blank line after the headers.
    std::string read_head()
    {
        size_t end;
        while ((end = buf_.find("\r\n\r\n")) == std::string::npos) {
            if (!fill()) {
                return "<no head: " + buf_ + ">";
            }
        }
        std::string head = buf_.substr(0, end + 4);
        buf_.erase(0, end + 4);
        return head;
    }

    // Everything until the server closes (true) or the timeout (false).
    bool read_to_end(std::string &out)
    {
        while (fill()) {
        }
        out = buf_;
        buf_.clear();
        return eof_;
    }

    // One server frame; fails the test if the server masked it (RFC 6455 5.1).
    bool read_frame(int &opcode, std::string &payload, bool *fin = nullptr, int *length_code = nullptr)
    {
        std::string h;
        if (!read_exact(2, h)) {
            return false;
        }
        opcode = uint8_t(h[0]) & 0x0F;
        if (fin) {
            *fin = uint8_t(h[0]) & 0x80;
        }
        EXPECT_EQ(uint8_t(h[0]) & 0x70, 0) << "reserved bits";
        EXPECT_EQ(uint8_t(h[1]) & 0x80, 0) << "server frames are unmasked";
        uint64_t len = uint8_t(h[1]) & 0x7F;
        if (length_code) {
            *length_code = int(len);
        }
        std::string ext;
        if (len == 126) {
            if (!read_exact(2, ext)) {
                return false;
            }
            len = uint64_t(uint8_t(ext[0])) << 8 | uint8_t(ext[1]);
        } else if (len == 127) {
            if (!read_exact(8, ext)) {
                return false;
            }
            len = 0;
            for (char c : ext) {
                len = len << 8 | uint8_t(c);
            }
        }
        return read_exact(size_t(len), payload);
    }

    bool fill()
    {
        char tmp[65536];
        auto n = ::recv(fd_, tmp, int(sizeof tmp), 0);
        if (n <= 0) {
            eof_ = n == 0;
            return false;
        }
        buf_.append(tmp, size_t(n));
        return true;
    }

  private:
    socket_t fd_ = no_socket;
    std::string buf_;
    bool eof_ = false;
};

// A client frame, masked unless told otherwise (the key varies so masking bugs show).
std::string frame(int opcode, const std::string &payload, bool fin = true, bool masked = true)
{
    static const unsigned char key[4] = {0x37, 0xFA, 0x21, 0x3D};
    std::string f;
    f += char((fin ? 0x80 : 0) | opcode);
    char mask_bit = masked ? char(0x80) : 0;
    size_t n = payload.size();
    if (n < 126) {
        f += char(mask_bit | char(n));
    } else if (n <= 0xFFFF) {
        f += char(mask_bit | 126);
        f += char(n >> 8);
        f += char(n & 0xFF);
    } else {
        f += char(mask_bit | 127);
        for (int i = 7; i >= 0; i--) {
            f += char((uint64_t(n) >> (8 * i)) & 0xFF);
        }
    }
    if (!masked) {
        return f + payload;
    }
    f.append(reinterpret_cast<const char *>(key), 4);
    for (size_t i = 0; i < n; i++) {
        f += char(payload[i] ^ key[i & 3]);
    }
    return f;
}

std::string close_payload(uint16_t code)
{
    return std::string{char(code >> 8), char(code & 0xFF)};
}

uint16_t close_code(const std::string &payload)
{
    return payload.size() >= 2 ? uint16_t(uint8_t(payload[0]) << 8 | uint8_t(payload[1])) : 0;
}

std::string upgrade_request(const std::string &id, const std::string &key = rfc_key)
{
    return "GET /" + id +
           " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: " +
           key + "\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

struct HttpReply {
    int status = 0;
    std::string head;
    std::string body;
    bool closed = false;
};

HttpReply http_get(int port, const std::string &path, const std::string &host = "127.0.0.1",
                   const std::string &method = "GET")
{
    HttpReply r;
    Client c;
    if (!c.connect(port) || !c.write(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")) {
        return r;
    }
    std::string all;
    r.closed = c.read_to_end(all);
    size_t end = all.find("\r\n\r\n");
    if (all.rfind("HTTP/1.1 ", 0) != 0 || end == std::string::npos) {
        r.head = all;
        return r;
    }
    r.status = std::atoi(all.c_str() + 9);
    r.head = all.substr(0, end + 4);
    r.body = all.substr(end + 4);
    return r;
}

// The value of a response header (names compared case-insensitively), or "<missing>".
std::string header(const std::string &head, std::string name)
{
    auto lower = [](std::string s) {
        for (char &c : s) {
            c = char(std::tolower(uint8_t(c)));
        }
        return s;
    };
    std::istringstream lines(head);
    std::string line;
    name = lower(name) + ":";
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (lower(line.substr(0, name.size())) == name) {
            size_t v = line.find_first_not_of(' ', name.size());
            return v == std::string::npos ? "" : line.substr(v);
        }
    }
    return "<missing>";
}

// The next connection event within timeout_ms (None when none came).
Transport::Event next_event(Transport &t, int timeout_ms = 2000)
{
    auto start = Clock::now();
    for (;;) {
        Transport::Event e = t.take_event();
        if (e != Transport::Event::None || ms_since(start) > timeout_ms) {
            return e;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

std::string next_message(Transport &t, int timeout_ms = 2000)
{
    std::string m;
    return t.wait(m, timeout_ms) ? m : "<no message>";
}

} // namespace

// Every test has a transport and a client; connect_client() starts the one and brings the other through the
// handshake (its Connected event taken).
class Debugger_Transport : public ::testing::Test
{
  protected:
    void SetUp() override
    {
#if defined(__EMSCRIPTEN__)
        // Only the transport's pure functions (SHA-1, base64, the accept key) run on wasm32.
        std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        if (name.rfind("Sha1_", 0) != 0 && name.rfind("Base64_", 0) != 0 && name.rfind("WebSocketAccept_", 0) != 0) {
            GTEST_SKIP() << "wasm32 (a WebGL Player) has neither threads nor listening TCP sockets: the debugger's "
                            "transport thread and loopback listener do not exist there (docs/PLATFORMS.md)";
        }
#endif
    }

    void connect_client()
    {
        std::string error;
        ASSERT_TRUE(t.start(0, target(), error)) << error;
        ASSERT_TRUE(c.connect(t.port()));
        ASSERT_TRUE(c.write(upgrade_request(target().id)));
        std::string head = c.read_head();
        ASSERT_EQ(head.rfind("HTTP/1.1 101 ", 0), 0u) << head;
        ASSERT_EQ(next_event(t), Transport::Event::Connected);
    }

    Transport t;
    Client c;
};

namespace
{

#ifdef _WIN32
// The test client needs Winsock before the first transport starts it.
struct WinsockInit {
    WinsockInit()
    {
        WSADATA d;
        WSAStartup(MAKEWORD(2, 2), &d);
    }
} winsock_init;
#endif

#ifdef __linux__
struct ListenerCount {
    int loopback = 0; ///< listeners on the loopback address, at port
    int any = 0;      ///< listeners on the wildcard address (all zeros), at port
};

// Listening sockets on port in a kernel socket table (/proc/net/tcp or tcp6), counted by local address: `loopback` in
// the table's hex form (0100007F, or ::1's 32 digits), and the wildcard of the same length.
ListenerCount listeners(const char *table_path, const std::string &loopback, int port)
{
    char port_hex[8];
    std::snprintf(port_hex, sizeof port_hex, "%04X", port);
    const size_t width = loopback.size();
    std::ifstream table(table_path);
    std::string line;
    ListenerCount n;
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string slot, local, remote, state;
        fields >> slot >> local >> remote >> state;
        if (state == "0A" && local.size() > width + 1 && local.substr(width + 1) == port_hex) {
            n.loopback += local.substr(0, width) == loopback;
            n.any += local.substr(0, width) == std::string(width, '0');
        }
    }
    return n;
}
#endif

} // namespace

TEST_F(Debugger_Transport, Sha1_KnownVectors)
{
    auto hex = [](std::string_view s) {
        std::string r;
        for (uint8_t b : zts::dbg::sha1(s)) {
            r += "0123456789abcdef"[b >> 4];
            r += "0123456789abcdef"[b & 15];
        }
        return r;
    };
    EXPECT_EQ(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    EXPECT_EQ(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
    // 56 bytes: the length no longer fits the first padding block.
    EXPECT_EQ(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
    EXPECT_EQ(hex(std::string(1000000, 'a')), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
    EXPECT_EQ(hex(std::string(64, 'a')), "0098ba824b5c16427bd7a1122a5a442a25ec644d");
}

TEST_F(Debugger_Transport, Base64_Padding)
{
    EXPECT_EQ(zts::dbg::base64_encode(""), "");
    EXPECT_EQ(zts::dbg::base64_encode("f"), "Zg==");
    EXPECT_EQ(zts::dbg::base64_encode("fo"), "Zm8=");
    EXPECT_EQ(zts::dbg::base64_encode("foo"), "Zm9v");
    EXPECT_EQ(zts::dbg::base64_encode("foobar"), "Zm9vYmFy");
    EXPECT_EQ(zts::dbg::base64_encode(std::string("\xFB\xFF\x00", 3)), "+/8A");
}

TEST_F(Debugger_Transport, WebSocketAccept_Rfc6455Example)
{
    EXPECT_EQ(zts::dbg::websocket_accept(rfc_key), rfc_accept);
}

TEST_F(Debugger_Transport, Start_PortZero_ListensOnLoopbackOnly)
{
    EXPECT_EQ(t.port(), 0);
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    ASSERT_GT(t.port(), 0);
    EXPECT_EQ(t.ws_url(), "ws://127.0.0.1:" + std::to_string(t.port()) + "/" + target().id);
#ifdef __linux__
    // The kernel's socket table: a listener on 127.0.0.1 (0100007F) with our port, none on 0.0.0.0.
    ListenerCount n = listeners("/proc/net/tcp", "0100007F", t.port());
    EXPECT_EQ(n.loopback, 1);
    EXPECT_EQ(n.any, 0);
#endif
    EXPECT_TRUE(c.connect(t.port()));
}

// node's --inspect=HOST:PORT: the loopback unless the host names another address, and exposed() says when it did.
TEST_F(Debugger_Transport, Start_ExplicitHost_ExposedOnlyBeyondLoopback)
{
    std::string error;
    ASSERT_TRUE(t.start("127.0.0.1", 0, target(), error)) << error;
    EXPECT_FALSE(t.exposed());
    EXPECT_EQ(t.ws_url(), "ws://127.0.0.1:" + std::to_string(t.port()) + "/" + target().id);
    EXPECT_TRUE(c.connect(t.port()));
    c.close();
    t.stop();

    ASSERT_TRUE(t.start("LocalHost", 0, target(), error)) << error;
    EXPECT_FALSE(t.exposed());
    EXPECT_EQ(t.ws_url(), "ws://LocalHost:" + std::to_string(t.port()) + "/" + target().id);
    t.stop();

    ASSERT_TRUE(t.start("0.0.0.0", 0, target(), error)) << error;
    EXPECT_TRUE(t.exposed());
    EXPECT_EQ(t.ws_url(), "ws://0.0.0.0:" + std::to_string(t.port()) + "/" + target().id);
#ifdef __linux__
    ListenerCount n = listeners("/proc/net/tcp", "0100007F", t.port());
    EXPECT_EQ(n.any, 1);
#endif
    EXPECT_TRUE(c.connect(t.port())); // 0.0.0.0 includes the loopback
    c.close();
    t.stop();
    EXPECT_FALSE(t.exposed());

    EXPECT_FALSE(t.start("nosuch.invalid", 0, target(), error));
    EXPECT_EQ(error.rfind("zts: debugger: cannot listen on nosuch.invalid:0: cannot resolve nosuch.invalid", 0), 0u)
        << error;
    EXPECT_EQ(t.port(), 0);
}

#ifdef __linux__
// A socket bound to [::1]:port (0: any), or -1 when the machine has no IPv6 loopback.
int bind_ipv6_loopback(int port)
{
    int s = ::socket(AF_INET6, SOCK_STREAM, 0);
    if (s < 0) {
        return -1;
    }
    int on = 1;
    setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    sockaddr_in6 addr{};
    addr.sin6_family = AF_INET6;
    addr.sin6_port = htons(uint16_t(port));
    addr.sin6_addr = in6addr_loopback;
    if (::bind(s, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(s, 1) != 0) {
        ::close(s);
        return -1;
    }
    return s;
}

TEST_F(Debugger_Transport, Start_PortZero_AlsoListensOnIpv6LoopbackOnly)
{
    int probe = bind_ipv6_loopback(0);
    if (probe < 0) {
        GTEST_SKIP() << "this machine has no IPv6 loopback (::1)";
    }
    ::close(probe);
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    // The kernel's socket table: a listener on ::1 with our port, none on ::.
    ListenerCount n = listeners("/proc/net/tcp6", "00000000000000000000000001000000", t.port());
    EXPECT_EQ(n.loopback, 1);
    EXPECT_EQ(n.any, 0);
}

// Another process on [::1]:port would get the clients that dial localhost: an explicit port taken there fails.
TEST_F(Debugger_Transport, Start_PortInUseOnIpv6Loopback_FailsWithReason)
{
    int held = bind_ipv6_loopback(0);
    if (held < 0) {
        GTEST_SKIP() << "this machine has no IPv6 loopback (::1)";
    }
    sockaddr_in6 addr{};
    socklen_t len = sizeof addr;
    ASSERT_EQ(getsockname(held, reinterpret_cast<sockaddr *>(&addr), &len), 0);
    const int port = ntohs(addr.sin6_port);
    std::string error;
    EXPECT_FALSE(t.start(port, target(), error));
    EXPECT_NE(error.find("[::1]:" + std::to_string(port)), std::string::npos) << error;
    EXPECT_EQ(t.port(), 0);
    ::close(held);
}
#endif

TEST_F(Debugger_Transport, Start_PortInUse_FailsWithReason)
{
    Transport first;
    std::string error;
    ASSERT_TRUE(first.start(0, target(), error)) << error;
    EXPECT_FALSE(first.start(0, target(), error));
    EXPECT_EQ(error, "zts: debugger: cannot listen on 127.0.0.1:0: already started");

    Transport second;
    EXPECT_FALSE(second.start(first.port(), target(), error));
    std::string prefix = "zts: debugger: cannot listen on 127.0.0.1:" + std::to_string(first.port()) + ": ";
    EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;
    EXPECT_GT(error.size(), prefix.size()) << "a reason follows";
    EXPECT_EQ(second.port(), 0);
    EXPECT_FALSE(second.start(70000, target(), error));
    EXPECT_NE(error.find("127.0.0.1:70000"), std::string::npos) << error;
}

TEST_F(Debugger_Transport, Restart_SamePort_AfterStopWithClient)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    int port = t.port();
    {
        Client c;
        ASSERT_TRUE(c.connect(port));
        ASSERT_TRUE(c.write(upgrade_request(target().id)));
        ASSERT_EQ(c.read_head().rfind("HTTP/1.1 101 ", 0), 0u);
        ASSERT_EQ(next_event(t), Transport::Event::Connected);
        t.stop();
    }
    // The server closed first, so its side sits in TIME_WAIT; it must not block the new listener.
    ASSERT_TRUE(t.start(port, target(), error)) << error;
    EXPECT_EQ(t.take_event(), Transport::Event::None) << "the queues start empty";
    EXPECT_EQ(http_get(port, "/json/version").status, 200);
}

TEST_F(Debugger_Transport, Http_JsonVersion_RequestInSeveralSegments)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    ASSERT_TRUE(c.connect(t.port()));
    for (const char *part : {"GET /json/ver", "sion HTTP/1.1\r\nHo", "st: 127.0.0.1\r\n\r", "\n"}) {
        ASSERT_TRUE(c.write(part));
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
    }
    std::string all;
    ASSERT_TRUE(c.read_to_end(all)) << "Connection: close means the server closes";
    size_t end = all.find("\r\n\r\n");
    ASSERT_NE(end, std::string::npos) << all;
    std::string head = all.substr(0, end + 4), body = all.substr(end + 4);
    EXPECT_EQ(head.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << head;
    EXPECT_EQ(header(head, "content-type"), "application/json; charset=UTF-8");
    EXPECT_EQ(header(head, "Connection"), "close");
    EXPECT_EQ(header(head, "Content-Length"), std::to_string(body.size()));
    EXPECT_EQ(body, R"({"Browser":"ZTS/1.0","Protocol-Version":"1.3","V8-Version":"0.0","WebKit-Version":"0"})");
}

TEST_F(Debugger_Transport, Http_JsonList_DescribesTarget)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    std::string hostport = "127.0.0.1:" + std::to_string(t.port()) + "/" + target().id;
    for (const char *path : {"/json/list", "/json", "/json/list?for=chrome"}) {
        HttpReply r = http_get(t.port(), path);
        ASSERT_EQ(r.status, 200) << path << "\n" << r.head;
        EXPECT_TRUE(r.closed);
        EXPECT_EQ(header(r.head, "Content-Length"), std::to_string(r.body.size()));
        Json list;
        ASSERT_TRUE(Json::parse(r.body, list, error)) << error << "\n" << r.body;
        ASSERT_EQ(list.items().size(), 1u);
        const Json d = list.items()[0];
        EXPECT_EQ(d.string_or("id", ""), target().id);
        EXPECT_EQ(d.string_or("title", ""), target().title); // quotes and UTF-8 survive the escaping
        EXPECT_EQ(d.string_or("url", ""), target().url);
        EXPECT_EQ(d.string_or("type", ""), "node");
        EXPECT_EQ(d.string_or("description", ""), "ZTS domain");
        EXPECT_EQ(d.string_or("webSocketDebuggerUrl", ""), "ws://" + hostport);
        EXPECT_EQ(d.string_or("webSocketDebuggerUrl", ""), t.ws_url());
        EXPECT_EQ(d.string_or("devtoolsFrontendUrl", ""),
                  "devtools://devtools/bundled/js_app.html?experiments=true&v8only=true&ws=" + hostport);
        EXPECT_EQ(d.string_or("devtoolsFrontendUrlCompat", ""),
                  "devtools://devtools/bundled/inspector.html?experiments=true&v8only=true&ws=" + hostport);
        EXPECT_EQ(d.string_or("faviconUrl", ""), "https://nodejs.org/static/images/favicons/favicon.ico");
    }
}

TEST_F(Debugger_Transport, Http_OtherRequests_Refused)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    EXPECT_EQ(http_get(t.port(), "/nope").status, 404);
    EXPECT_EQ(http_get(t.port(), "/json/new").status, 404) << "Chrome's, not Node's: no new targets";
    EXPECT_EQ(http_get(t.port(), "/" + target().id).status, 404) << "the target path without an upgrade";
    EXPECT_EQ(http_get(t.port(), "/" + target().id + "x").status, 404);
    EXPECT_EQ(http_get(t.port(), "/json", "127.0.0.1", "POST").status, 405);
    HttpReply r = http_get(t.port(), "/nope");
    EXPECT_TRUE(r.closed);
    EXPECT_EQ(header(r.head, "Connection"), "close");
}

TEST_F(Debugger_Transport, Http_ForeignHost_RefusedAgainstDnsRebinding)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    std::string p = std::to_string(t.port());
    EXPECT_EQ(http_get(t.port(), "/json/list", "attacker.example:" + p).status, 400);
    EXPECT_EQ(http_get(t.port(), "/json/list", "127.0.0.1.attacker.example").status, 400);
    EXPECT_EQ(http_get(t.port(), "/json/list", "localhost:" + p).status, 200);
    EXPECT_EQ(http_get(t.port(), "/json/list", "LocalHost").status, 200);
    EXPECT_EQ(http_get(t.port(), "/json/list", "127.0.0.1:" + p).status, 200);
    EXPECT_EQ(http_get(t.port(), "/json/list", "[::1]:" + p).status, 200);
    ASSERT_TRUE(c.connect(t.port()));
    std::string request = upgrade_request(target().id);
    request.replace(request.find("Host: 127.0.0.1"), 15, "Host: evil.example");
    ASSERT_TRUE(c.write(request));
    EXPECT_EQ(c.read_head().rfind("HTTP/1.1 400 ", 0), 0u);
    EXPECT_FALSE(t.connected());
}

TEST_F(Debugger_Transport, Http_HeadersOver16KiB_Refused)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    ASSERT_TRUE(c.connect(t.port()));
    ASSERT_TRUE(c.write("GET /json HTTP/1.1\r\nX-Pad: " + std::string(17 * 1024, 'a')));
    std::string head = c.read_head();
    EXPECT_EQ(head.rfind("HTTP/1.1 431 ", 0), 0u) << head.substr(0, 200);
    // Just under the limit is fine.
    HttpReply r;
    Client ok;
    ASSERT_TRUE(ok.connect(t.port()));
    ASSERT_TRUE(ok.write("GET /json HTTP/1.1\r\nX-Pad: " + std::string(15 * 1024, 'a') + "\r\n\r\n"));
    EXPECT_EQ(ok.read_head().rfind("HTTP/1.1 200 ", 0), 0u);
}

TEST_F(Debugger_Transport, WebSocket_Handshake_RfcKeyAccepted)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    EXPECT_FALSE(t.connected());
    ASSERT_TRUE(c.connect(t.port()));
    // Header names and tokens in any case, Connection with several tokens, as browsers send them.
    ASSERT_TRUE(c.write("GET /" + target().id +
                        "?x=1 HTTP/1.1\r\nhost: localhost\r\nUPGRADE: WebSocket\r\nconnection: keep-alive, Upgrade\r\n"
                        "sec-websocket-KEY:   " +
                        rfc_key + "  \r\nSec-WebSocket-Version: 13\r\n\r\n"));
    std::string head = c.read_head();
    EXPECT_EQ(head.rfind("HTTP/1.1 101 Switching Protocols\r\n", 0), 0u) << head;
    EXPECT_EQ(header(head, "Sec-WebSocket-Accept"), rfc_accept);
    EXPECT_EQ(header(head, "Upgrade"), "websocket");
    EXPECT_EQ(header(head, "Connection"), "Upgrade");
    EXPECT_EQ(next_event(t), Transport::Event::Connected);
    EXPECT_TRUE(t.connected());
}

TEST_F(Debugger_Transport, WebSocket_BadUpgrades_Refused)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    auto status_of = [&](const std::string &request) {
        Client c;
        if (!c.connect(t.port()) || !c.write(request)) {
            return std::string("<io>");
        }
        return c.read_head().substr(0, 12);
    };
    std::string no_key = upgrade_request(target().id);
    no_key.replace(no_key.find("Sec-WebSocket-Key"), 3, "X-Y");
    EXPECT_EQ(status_of(no_key), "HTTP/1.1 400");
    std::string v8 = upgrade_request(target().id);
    v8.replace(v8.find("Version: 13"), 11, "Version: 8");
    EXPECT_EQ(status_of(v8), "HTTP/1.1 426");
    EXPECT_EQ(status_of(upgrade_request("other-id")), "HTTP/1.1 404");
    EXPECT_FALSE(t.connected());
    EXPECT_EQ(t.take_event(), Transport::Event::None);
}

// A web page's WebSocket carries its Origin and cannot leave it out; debugger clients send none. Only Chrome DevTools'
// own front end (devtools://) and pages served by this machine's loopback may attach with one (transport.cpp,
// allowed_origin); a site whose name resolves to 127.0.0.1 is refused like any other.
TEST_F(Debugger_Transport, WebSocket_WebPageOrigin_Refused)
{
    auto with_origin = [](const std::string &origin) {
        std::string r = upgrade_request(target().id);
        return r.insert(r.size() - 2, "Origin: " + origin + "\r\n");
    };
    auto status_of = [&](Transport &tr, const std::string &origin) {
        Client client;
        if (!client.connect(tr.port()) || !client.write(with_origin(origin))) {
            return std::string("<io>");
        }
        return client.read_head().substr(0, 12);
    };
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    for (const char *page : {"http://evil.example", "https://attacker.example:443", "http://localhost.attacker.example",
                             "http://127.0.0.1.attacker.example", "null", "file://", "chrome-extension://abc",
                             "http://[::1].attacker.example", "http://192.168.1.5:8080"}) {
        EXPECT_EQ(status_of(t, page), "HTTP/1.1 403") << page;
    }
    EXPECT_FALSE(t.connected());
    for (const char *client_origin : {"devtools://devtools", "http://localhost:8080", "http://127.0.0.1:9222", "https://[::1]"}) {
        Transport local;
        ASSERT_TRUE(local.start(0, target(), error)) << error;
        EXPECT_EQ(status_of(local, client_origin), "HTTP/1.1 101") << client_origin;
    }
}

TEST_F(Debugger_Transport, MaskedText_Polled)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    std::string m;
    EXPECT_FALSE(t.poll(m));
    EXPECT_FALSE(t.pending());
    ASSERT_TRUE(c.write(frame(0x1, R"({"id":1,"method":"Runtime.enable"})")));
    auto start = Clock::now();
    while (!t.pending() && ms_since(start) < 2000) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_TRUE(t.pending());
    ASSERT_TRUE(t.poll(m));
    EXPECT_EQ(m, R"({"id":1,"method":"Runtime.enable"})");
    EXPECT_FALSE(t.pending());
    EXPECT_FALSE(t.poll(m));
    // Two frames in one segment are two messages, in order; an empty message is a message.
    ASSERT_TRUE(c.write(frame(0x1, "first") + frame(0x1, "") + frame(0x1, "third")));
    EXPECT_EQ(next_message(t), "first");
    EXPECT_EQ(next_message(t), "");
    EXPECT_EQ(next_message(t), "third");
}

TEST_F(Debugger_Transport, Send_ArrivesUnmaskedTextFrame)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    t.send(R"({"id":1,"result":{}})");
    int opcode = -1;
    bool fin = false;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload, &fin));
    EXPECT_EQ(opcode, 0x1);
    EXPECT_TRUE(fin);
    EXPECT_EQ(payload, R"({"id":1,"result":{}})");
    // From another thread, too (send() is thread-safe); the frames arrive whole and in each thread's order.
    std::thread other([&] {
        for (int i = 0; i < 50; i++) {
            t.send("other " + std::to_string(i));
        }
    });
    for (int i = 0; i < 50; i++) {
        t.send("main " + std::to_string(i));
    }
    other.join();
    int next_main = 0, next_other = 0;
    for (int i = 0; i < 100; i++) {
        ASSERT_TRUE(c.read_frame(opcode, payload));
        if (payload.rfind("main ", 0) == 0) {
            EXPECT_EQ(payload, "main " + std::to_string(next_main++));
        } else {
            EXPECT_EQ(payload, "other " + std::to_string(next_other++));
        }
    }
    EXPECT_EQ(next_main, 50);
    EXPECT_EQ(next_other, 50);
}

TEST_F(Debugger_Transport, Fragmented_ReassembledAroundPing)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    ASSERT_TRUE(c.write(frame(0x1, "Hel", false)));
    ASSERT_TRUE(c.write(frame(0x9, "mid", true))); // control frames may come between fragments
    ASSERT_TRUE(c.write(frame(0x0, "lo, ", false) + frame(0x0, "world", true)));
    EXPECT_EQ(next_message(t), "Hello, world");
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0xA);
    EXPECT_EQ(payload, "mid");
    // A binary message carries text just the same.
    ASSERT_TRUE(c.write(frame(0x2, "bin", false) + frame(0x0, "ary", true)));
    EXPECT_EQ(next_message(t), "binary");
}

TEST_F(Debugger_Transport, LongLengths_16And64Bit_BothDirections)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    std::string medium(300, 'm');
    std::string big;
    for (int i = 0; i < 70000; i++) {
        big += char('a' + i % 26);
    }
    ASSERT_TRUE(c.write(frame(0x1, medium)));
    ASSERT_TRUE(c.write(frame(0x1, big)));
    EXPECT_EQ(next_message(t), medium);
    EXPECT_EQ(next_message(t), big);
    t.send(medium);
    t.send(big);
    int opcode = -1, length_code = 0;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload, nullptr, &length_code));
    EXPECT_EQ(length_code, 126);
    EXPECT_EQ(payload, medium);
    ASSERT_TRUE(c.read_frame(opcode, payload, nullptr, &length_code));
    EXPECT_EQ(length_code, 127);
    EXPECT_EQ(payload, big);
    // The 64-bit length form for a short payload is legal too.
    std::string small = "x";
    std::string long_form = {char(0x81), char(0x80 | 127), 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 'x'};
    ASSERT_TRUE(c.write(long_form)); // mask key 0: payload as is
    EXPECT_EQ(next_message(t), small);
}

TEST_F(Debugger_Transport, Ping_AnsweredWithPongOfSamePayload)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    std::string payload125(125, 'p');
    payload125[0] = '\0';
    ASSERT_TRUE(c.write(frame(0x9, payload125)));
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0xA);
    EXPECT_EQ(payload, payload125);
    ASSERT_TRUE(c.write(frame(0xA, "unsolicited pong"))); // ignored
    ASSERT_TRUE(c.write(frame(0x1, "still here")));
    EXPECT_EQ(next_message(t), "still here");
}

TEST_F(Debugger_Transport, Close_EchoedAndDisconnected)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    ASSERT_TRUE(c.write(frame(0x8, close_payload(1000) + "bye")));
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0x8);
    EXPECT_EQ(close_code(payload), 1000);
    std::string rest;
    EXPECT_TRUE(c.read_to_end(rest)) << "the server closes the TCP connection";
    EXPECT_EQ(rest, "");
    EXPECT_EQ(next_event(t), Transport::Event::Disconnected);
    EXPECT_FALSE(t.connected());
    t.send("nobody listens"); // dropped, no crash
    std::string m;
    EXPECT_FALSE(t.poll(m));
}

TEST_F(Debugger_Transport, Unmasked_Closed1002)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    ASSERT_TRUE(c.write(frame(0x1, "plain", true, false)));
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0x8);
    EXPECT_EQ(close_code(payload), 1002);
    EXPECT_EQ(next_event(t), Transport::Event::Disconnected);
    std::string m;
    EXPECT_FALSE(t.poll(m)) << "the unmasked frame is not a message";
}

TEST_F(Debugger_Transport, ProtocolErrors_Closed1002)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    // A continuation without a message: the remaining cases share the path and are covered by reading the code.
    ASSERT_TRUE(c.write(frame(0x0, "orphan")));
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0x8);
    EXPECT_EQ(close_code(payload), 1002);
    EXPECT_EQ(next_event(t), Transport::Event::Disconnected);
}

TEST_F(Debugger_Transport, Oversized_Closed1009BeforeThePayload)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    // The header alone announces 64 MiB + 1; the server must not wait for (or buffer) the payload.
    uint64_t n = 64ull * 1024 * 1024 + 1;
    std::string h = {char(0x81), char(0x80 | 127)};
    for (int i = 7; i >= 0; i--) {
        h += char((n >> (8 * i)) & 0xFF);
    }
    h += std::string(4, '\0');
    ASSERT_TRUE(c.write(h));
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0x8);
    EXPECT_EQ(close_code(payload), 1009);
    EXPECT_EQ(next_event(t), Transport::Event::Disconnected);
}

TEST_F(Debugger_Transport, SecondUpgrade_Conflict409_WhileHttpStillAnswers)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    Client second;
    ASSERT_TRUE(second.connect(t.port()));
    ASSERT_TRUE(second.write(upgrade_request(target().id)));
    std::string head = second.read_head();
    EXPECT_EQ(head.rfind("HTTP/1.1 409 Conflict\r\n", 0), 0u) << head;
    EXPECT_EQ(http_get(t.port(), "/json/version").status, 200);
    EXPECT_EQ(http_get(t.port(), "/json/list").status, 200);
    EXPECT_EQ(t.take_event(), Transport::Event::None);
    // The first client is untouched.
    ASSERT_TRUE(c.write(frame(0x1, "first client")));
    EXPECT_EQ(next_message(t), "first client");
    EXPECT_TRUE(t.connected());
}

TEST_F(Debugger_Transport, Reconnect_AfterAbruptDisconnect_ConnectedAgain)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    c.close(); // no close frame: the TCP connection just ends
    EXPECT_EQ(next_event(t), Transport::Event::Disconnected);
    EXPECT_FALSE(t.connected());
    Client again;
    ASSERT_TRUE(again.connect(t.port()));
    ASSERT_TRUE(again.write(upgrade_request(target().id, "AQIDBAUGBwgJCgsMDQ4PEC==")));
    std::string head = again.read_head();
    ASSERT_EQ(head.rfind("HTTP/1.1 101 ", 0), 0u) << head;
    EXPECT_EQ(header(head, "Sec-WebSocket-Accept"), zts::dbg::websocket_accept("AQIDBAUGBwgJCgsMDQ4PEC=="));
    EXPECT_EQ(next_event(t), Transport::Event::Connected);
    EXPECT_TRUE(t.connected());
    ASSERT_TRUE(again.write(frame(0x1, "from the second client")));
    EXPECT_EQ(next_message(t), "from the second client");
    t.send("to the second client");
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(again.read_frame(opcode, payload));
    EXPECT_EQ(payload, "to the second client");
}

TEST_F(Debugger_Transport, Disconnect_DropsUnreadMessages)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    ASSERT_TRUE(c.write(frame(0x1, "a") + frame(0x1, "b") + frame(0x8, close_payload(1000))));
    EXPECT_EQ(next_event(t), Transport::Event::Disconnected);
    std::string m;
    EXPECT_FALSE(t.poll(m)) << "the messages of a client that left are not given to the session";
    EXPECT_FALSE(t.pending());
}

TEST_F(Debugger_Transport, Events_ComeBeforeMessages)
{
    std::atomic<int> wakeups{0};
    t.set_wakeup([&] { wakeups++; });
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    ASSERT_TRUE(c.connect(t.port()));
    // The first frame rides in the same segment as the handshake.
    ASSERT_TRUE(c.write(upgrade_request(target().id) + frame(0x1, "early")));
    auto start = Clock::now();
    while (wakeups.load() < 2 && ms_since(start) < 2000) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(wakeups.load(), 2) << "one for Connected, one for the message";
    EXPECT_TRUE(t.pending());
    std::string m;
    EXPECT_FALSE(t.poll(m)) << "Connected first";
    EXPECT_FALSE(t.wait(m, 1000)) << "wait() returns at once while an event waits";
    EXPECT_EQ(t.take_event(), Transport::Event::Connected);
    EXPECT_EQ(t.take_event(), Transport::Event::None);
    ASSERT_TRUE(t.poll(m));
    EXPECT_EQ(m, "early");
    EXPECT_FALSE(t.pending());
}

TEST_F(Debugger_Transport, Wait_NoMessage_TimesOut)
{
    std::string m;
    auto start = Clock::now();
    EXPECT_FALSE(t.wait(m, -1)) << "a stopped transport never blocks";
    EXPECT_LT(ms_since(start), 50);
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    start = Clock::now();
    EXPECT_FALSE(t.wait(m, 60));
    long long elapsed = ms_since(start);
    EXPECT_GE(elapsed, 55);
    EXPECT_LT(elapsed, 500);
    EXPECT_FALSE(t.wait(m, 0));
}

TEST_F(Debugger_Transport, Wait_BlocksUntilAMessageArrives)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    ASSERT_TRUE(c.connect(t.port()));
    ASSERT_TRUE(c.write(upgrade_request(target().id)));
    ASSERT_EQ(c.read_head().rfind("HTTP/1.1 101 ", 0), 0u);
    ASSERT_EQ(next_event(t), Transport::Event::Connected);
    std::thread sender([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        c.write(frame(0x1, "late"));
    });
    std::string m;
    auto start = Clock::now();
    EXPECT_TRUE(t.wait(m, -1));
    EXPECT_GE(ms_since(start), 40);
    EXPECT_EQ(m, "late");
    sender.join();
}

TEST_F(Debugger_Transport, Stop_WakesWaiterAndReturnsPromptly)
{
    std::string error;
    ASSERT_TRUE(t.start(0, target(), error)) << error;
    ASSERT_TRUE(c.connect(t.port()));
    ASSERT_TRUE(c.write(upgrade_request(target().id)));
    ASSERT_EQ(c.read_head().rfind("HTTP/1.1 101 ", 0), 0u);
    ASSERT_EQ(next_event(t), Transport::Event::Connected);
    int port = t.port();
    std::atomic<bool> returned{false};
    std::atomic<bool> got{true};
    std::thread waiter([&] {
        std::string m;
        got = t.wait(m, -1);
        returned = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_FALSE(returned.load());
    auto start = Clock::now();
    t.stop();
    EXPECT_LT(ms_since(start), 100);
    waiter.join();
    EXPECT_TRUE(returned.load());
    EXPECT_FALSE(got.load());
    EXPECT_FALSE(t.connected());
    EXPECT_EQ(t.port(), 0);
    // The client hears "going away", then the end of the stream.
    int opcode = -1;
    std::string payload;
    ASSERT_TRUE(c.read_frame(opcode, payload));
    EXPECT_EQ(opcode, 0x8);
    EXPECT_EQ(close_code(payload), 1001);
    std::string rest;
    EXPECT_TRUE(c.read_to_end(rest));
    EXPECT_EQ(t.take_event(), Transport::Event::Disconnected);
    t.stop(); // idempotent
    Client refused;
    EXPECT_FALSE(refused.connect(port)) << "the listener is closed";
}

TEST_F(Debugger_Transport, Send_LargeBurst_NeverBlocksTheCaller)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    // The client reads nothing while 16 MiB are sent: more than the socket buffers hold, so the rest waits in
    // the transport's buffer and the network thread finishes the write.
    std::string chunk(1 << 20, 'z');
    auto start = Clock::now();
    for (int i = 0; i < 16; i++) {
        chunk[0] = char('A' + i);
        t.send(chunk);
    }
    EXPECT_LT(ms_since(start), 500);
    for (int i = 0; i < 16; i++) {
        int opcode = -1;
        std::string payload;
        ASSERT_TRUE(c.read_frame(opcode, payload)) << i;
        ASSERT_EQ(payload.size(), chunk.size());
        EXPECT_EQ(payload[0], char('A' + i));
        EXPECT_EQ(payload.back(), 'z');
    }
}

// Messages of about `payload` bytes that overflow the inbound queue's bound (16 MiB) plus what the kernel may buffer on
// a loopback connection: the largest receive and send buffers TCP autotunes to (Linux: the third field of
// /proc/sys/net/ipv4/tcp_rmem and tcp_wmem), and 8 MiB more. At least 40000.
static int flood_messages(size_t payload)
{
    size_t bytes = 16u * 1024 * 1024 + 8u * 1024 * 1024;
#ifdef __linux__
    for (const char *path : {"/proc/sys/net/ipv4/tcp_rmem", "/proc/sys/net/ipv4/tcp_wmem"}) {
        std::ifstream f(path);
        size_t lo = 0, def = 0, hi = 0;
        if (f >> lo >> def >> hi) {
            bytes += hi;
        }
    }
#endif
    return static_cast<int>(std::max<size_t>(40000, bytes / (payload + 16)));
}

TEST_F(Debugger_Transport, Flood_QueueBounded_NothingLost)
{
    ASSERT_NO_FATAL_FAILURE(connect_client());
    // A client that sends far more than the game thread takes (it sits in a C# call): the queue stops at its bound
    // (10000 messages or 16 MiB, transport.cpp), TCP holds the client's sends back, and once the game thread reads
    // again every message arrives, in order. Before the bound the queue took all 40 MiB (and ~830 MiB in 2.5 s from a
    // faster client).
    // More than the queue's bound and every buffer TCP may give the pair on loopback: the receiver's buffer grows up
    // to tcp_rmem's maximum (32 MiB on some machines, where 40 MiB once all fit and the client saw no back-pressure).
    const int count = flood_messages(1000);
    std::string pad(1000, 'p');
    std::atomic<bool> written{false};
    std::thread writer([&] {
        std::string batch;
        for (int i = 0; i < count; i++) {
            batch += frame(0x1, std::to_string(i) + ":" + pad);
            if (batch.size() > (1 << 20) || i == count - 1) {
                if (!c.write(batch)) {
                    break;
                }
                batch.clear();
            }
        }
        written = true;
    });
    // The queue fills whatever the client's side buffers: 40 MiB is more than its bound and any socket buffer. (The
    // deadline only ends a broken run.)
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!t.inbound().full && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    Transport::Inbound held = t.inbound();
    EXPECT_TRUE(held.full);
    EXPECT_LE(held.messages, 10000u);
    EXPECT_LE(held.bytes, 16u * 1024 * 1024 + 2000);
#ifndef _WIN32
    // Under wine a Winsock send completes into wine's own buffers, so the client's writes show no back-pressure there
    // (measured: 1 run in 4 wrote all 40 MiB before the queue was full); on Linux TCP holds them back.
    EXPECT_FALSE(written) << "the client wrote everything while nothing was taken: no back-pressure";
#endif
    for (int i = 0; i < count; i++) {
        std::string m = next_message(t);
        if (m.substr(0, m.find(':')) != std::to_string(i)) {
            ADD_FAILURE() << "message " << i << ": " << m.substr(0, 20);
            t.stop(); // the writer's blocked send fails, so it can be joined
            break;
        }
    }
    writer.join();
    EXPECT_TRUE(written);
    EXPECT_EQ(t.inbound().messages, 0u);
    EXPECT_FALSE(t.inbound().full);
}
