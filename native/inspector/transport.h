// The debugger's network side, as `node --inspect` has it: one TCP port on the loopback (another address only when
// the host names it) that answers the DevTools discovery endpoints over HTTP (/json/version, /json/list) and
// upgrades `GET /<target id>` to a WebSocket (RFC 6455) that carries the Chrome DevTools Protocol messages of one
// client at a time.
//
// One network thread owns every socket; the thread that runs scripts (the game thread) takes inbound messages
// and connection events from a queue and sends replies without ever blocking on the network (a client that
// does not read fills an outbound buffer, and is dropped when that passes 256 MiB; inbound, a client that sends
// faster than the game thread reads is held back by TCP once 10000 messages or 16 MiB wait). Pure C++ over POSIX
// sockets or Winsock 2; no QuickJS.
#pragma once

#include <functional>
#include <memory>
#include <string>

namespace zts::dbg
{

/// The one target the server exposes (id: the path of its WebSocket; pick something unguessable, as node's
/// UUID, because any local process, or a browser page, may try to connect to a guessed one).
struct TargetInfo {
    std::string id;
    std::string title;
    std::string url;
};

/// A loopback DevTools endpoint: HTTP discovery plus one WebSocket client at a time.
class Transport
{
  public:
    enum class Event { None, Connected, Disconnected };

    /// A stopped transport.
    Transport();
    /// Calls stop().
    ~Transport();
    Transport(const Transport &) = delete;
    Transport &operator=(const Transport &) = delete;

    /// Listens on 127.0.0.1:port and [::1]:port (port 0 picks a free one) and starts the network thread. False with
    /// "zts: debugger: cannot listen on 127.0.0.1:<port>: <reason>" (or "... already started") otherwise.
    /// A transport may be started again after stop(); the queues start empty.
    bool start(int port, const TargetInfo &target, std::string &error);
    /// The same on host's addresses: empty or "localhost" is the loopback pair above; an IP literal (IPv6 bracketed
    /// or not) or a name listens on every address it resolves to, also a public one (node's --inspect=HOST:PORT:
    /// the host's explicit choice, see exposed()). Errors name the host: "zts: debugger: cannot listen on <host>:...".
    bool start(const std::string &host, int port, const TargetInfo &target, std::string &error);
    /// The bound port after a successful start(), else 0.
    int port() const;
    /// It listens on some address that is not a loopback one (0.0.0.0, a LAN address): other machines can reach it.
    bool exposed() const;
    /// Sends the client a close frame (1001), closes every socket, wakes wait(), joins the network thread.
    /// Idempotent; returns within a few milliseconds. Must not be called from the wakeup callback.
    void stop();

    /// Non-blocking: takes the next message of the current client. False when there is none, or while a
    /// connection event is waiting (take_event() first, so a session sees Connected before the messages).
    bool poll(std::string &message);
    /// Like poll(), but blocks up to timeout_ms (-1: no limit) for a message. False on timeout, after stop(),
    /// or as soon as a connection event is waiting.
    bool wait(std::string &message, int timeout_ms);
    /// The oldest connection event not taken yet, or None. When a client goes away its unread messages are
    /// dropped, so every message queued belongs to the client of the last Connected.
    Event take_event();
    /// A message or an event is waiting (one relaxed atomic load, for the game thread's frequent checks).
    bool pending() const;
    /// A WebSocket client has completed its handshake and not gone away (the network thread's view).
    bool connected() const;
    /// The inbound queue now (messages not taken yet), and whether it is past its bound, so that the network thread
    /// reads no more of the client until the game thread took it below half (tests, diagnostics).
    struct Inbound {
        size_t messages = 0;
        size_t bytes = 0;
        bool full = false;
    };
    Inbound inbound() const;
    /// Queues one text frame for the current client; thread-safe and never blocks. Dropped when there is no
    /// client.
    void send(const std::string &text);
    /// fn runs on the network thread after a message or an event was queued (the session requests a JS
    /// interrupt with it). Not called from stop(). Set before start().
    void set_wakeup(std::function<void()> fn);
    /// "ws://127.0.0.1:<port>/<id>" (or the host start() was given).
    std::string ws_url() const;

  private:
    struct State;
    std::unique_ptr<State> s_;
};

} // namespace zts::dbg
