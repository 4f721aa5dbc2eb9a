// The IO thread (as Node's src/inspector_io.cc): Transport starts the network thread that runs the server
// (server.h) and gives the game thread its side of the queues between them (transport_io.h).
#include "inspector/transport.h"

#include "inspector/server.h"
#include "inspector/socket.h"
#include "inspector/transport_io.h"

#include <chrono>
#include <thread>

namespace zts::dbg
{

struct Transport::State {
    bool running = false;
    std::string shown_host = "127.0.0.1"; ///< ws_url()'s host: the loopback, or the host as asked ("[...]" for IPv6)
    IoQueues io;
    Server server{io};
    std::thread thread;

    void close_sockets()
    {
        server.close_listeners();
        io.close_wake_pair();
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
    s_->server.reset(); // no listener, port or exposure of an earlier start
    if (!network_init(reason) || !(loopback ? s_->server.listen_loopback(port, reason) : s_->server.listen_host(host, port, reason)) ||
        !s_->io.make_wake_pair(reason)) {
        s_->close_sockets();
        error = prefix + reason;
        return false;
    }
    s_->shown_host = shown;
    s_->server.set_target(target);
    s_->io.stopping.store(false);
    {
        std::lock_guard<std::mutex> lock(s_->io.in_mutex);
        s_->io.messages.clear();
        s_->io.events.clear();
        s_->io.stopped = false;
        s_->io.update_pending_locked();
    }
    try {
        s_->thread = std::thread([server = &s_->server] { server->run_guarded(); });
    } catch (const std::exception &e) {
        s_->close_sockets();
        error = prefix + "cannot start the network thread: " + e.what();
        return false;
    }
    s_->running = true;
    return true;
}

int Transport::port() const
{
    return s_->running ? s_->server.port() : 0;
}

void Transport::stop()
{
    if (!s_->running) {
        return;
    }
    {
        std::lock_guard<std::mutex> lock(s_->io.in_mutex);
        s_->io.stopped = true;
    }
    s_->io.in_cv.notify_all();
    s_->io.stopping.store(true);
    s_->io.wake();
    s_->thread.join();
    s_->close_sockets();
    s_->running = false;
}

bool Transport::poll(std::string &message)
{
    std::lock_guard<std::mutex> lock(s_->io.in_mutex);
    return s_->io.take_message_locked(message);
}

bool Transport::wait(std::string &message, int timeout_ms)
{
    std::unique_lock<std::mutex> lock(s_->io.in_mutex);
    auto ready = [this] { return !s_->io.events.empty() || !s_->io.messages.empty() || s_->io.stopped; };
    if (timeout_ms < 0) {
        s_->io.in_cv.wait(lock, ready);
    } else {
        s_->io.in_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), ready);
    }
    return s_->io.take_message_locked(message);
}

Transport::Event Transport::take_event()
{
    std::lock_guard<std::mutex> lock(s_->io.in_mutex);
    if (s_->io.events.empty()) {
        return Event::None;
    }
    Event e = s_->io.events.front();
    s_->io.events.pop_front();
    s_->io.update_pending_locked();
    return e;
}

Transport::Inbound Transport::inbound() const
{
    std::lock_guard<std::mutex> lock(s_->io.in_mutex);
    return Inbound{s_->io.messages.size(), s_->io.inbound_bytes, s_->io.inbound_full.load()};
}

bool Transport::pending() const
{
    return s_->io.pending.load(std::memory_order_relaxed);
}

bool Transport::exposed() const
{
    return s_->running && s_->server.exposed();
}

bool Transport::connected() const
{
    return s_->io.connected.load();
}

void Transport::send(const std::string &text)
{
    if (!s_->io.connected.load()) {
        return;
    }
    std::string frame = ws_frame(0x1, text);
    bool wake = false;
    {
        std::lock_guard<std::mutex> lock(s_->io.write_mutex);
        if (s_->io.client == k_bad_socket) {
            return;
        }
        if (s_->io.client_out.size() + frame.size() > k_max_outbound_bytes) {
            s_->io.client_overflow = true;
            wake = true;
        } else {
            bool was_empty = s_->io.client_out.empty();
            s_->io.client_out += frame;
            if (was_empty) {
                s_->io.flush_client_locked();
            }
            wake = !s_->io.client_out.empty(); // the network thread finishes the write on POLLOUT
        }
    }
    if (wake) {
        s_->io.wake();
    }
}

void Transport::set_wakeup(std::function<void()> fn)
{
    s_->io.wakeup = std::move(fn);
}

std::string Transport::ws_url() const
{
    return "ws://" + s_->shown_host + ":" + std::to_string(port()) + "/" + s_->server.target().id;
}

} // namespace zts::dbg
