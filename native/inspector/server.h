// The inspector's server, as Node's src/inspector_socket_server.cc: the listening sockets (the loopback pair, or the
// addresses the host named), the HTTP endpoints (/json/version, /json/list, /json/protocol, /json/activate) and the
// connections: HTTP ones answered and closed, and the one WebSocket client (a second gets 409), whose frames become
// messages of the IO queues (transport_io.h). Runs on the network thread (transport.cpp), which owns every socket.
#pragma once

#include "inspector/socket.h"
#include "inspector/transport.h"
#include "inspector/transport_io.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace zts::dbg
{

class Server
{
  public:
    explicit Server(IoQueues &io) : io_(io) {}
    Server(const Server &) = delete;
    Server &operator=(const Server &) = delete;

    /// 127.0.0.1:requested and [::1] on the same port (port 0: any free one); false with reason.
    bool listen_loopback(int requested, std::string &reason);
    /// Every address host resolves to, on one port; exposed() when one is not a loopback address.
    bool listen_host(const std::string &host, int requested, std::string &reason);
    int port() const { return port_; }
    bool exposed() const { return exposed_; }
    void set_target(const TargetInfo &target) { target_ = target; }
    const TargetInfo &target() const { return target_; }
    /// The network thread's body: polls the listeners, the connections and the wake socket until io.stopping, then
    /// closes every connection (the client hears 1001).
    void run_guarded();
    /// Closes the listening sockets (after the thread ended, or a failed start).
    void close_listeners();
    /// Before a start: no listener, port 0, not exposed.
    void reset();

  private:
    enum class Mode {
        Http,      // reading a request's headers
        WebSocket, // the current client
        Closing,   // flushing a last response or close frame, then closing
    };
    using Clock = std::chrono::steady_clock;
    struct Conn {
        socket_t fd = k_bad_socket;
        Mode mode = Mode::Http;
        std::string in;
        std::string out; // Http and Closing; the client's output is IoQueues::client_out
        bool read_eof = false;
        bool dead = false;
        std::string local; // "127.0.0.1:9229", "[::1]:9229": the address it dialed, which /json/list names, as Node does
        Clock::time_point deadline;
        std::string message; // a fragmented message being reassembled
        bool in_message = false;
    };

    bool flush_conn(Conn &c);
    void respond_and_close(Conn &c, std::string response);
    void drop_client(Conn &c, const std::string &frame, bool notify_session);
    std::string list_json(const std::string &local) const;
    void handle_http(Conn &c);
    void fail_client(Conn &c, uint16_t code);
    void handle_frames(Conn &c);
    void read_conn(Conn &c);
    void accept_all(socket_t from);
    void run();
    void close_conn(Conn &c);
    void close_all();
    socket_t listen_at(const sockaddr *addr, socklen_t len, std::string &reason, int &err);
    static int bound_port(socket_t s);
    static void reuse_port(socket_t s);
    static bool in_use(int err);

    IoQueues &io_;
    TargetInfo target_;
    int port_ = 0;
    /// 127.0.0.1:port and [::1]:port (where `localhost` resolves first on many systems; none without IPv6), or the
    /// addresses of the host the host asked for.
    std::vector<socket_t> listeners_;
    bool exposed_ = false; ///< some listener's address is not a loopback one
    std::vector<std::unique_ptr<Conn>> conns_;
};

} // namespace zts::dbg
