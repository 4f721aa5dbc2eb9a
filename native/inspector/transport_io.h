// The inspector's IO queues, as Node's src/inspector_io.cc: what passes between the network thread (server.h, which
// owns every socket) and the game thread (the session, debugger.h, through transport.h). Inbound: the client's
// messages and the connection events, in order, bounded (the network thread stops reading the client past
// max_inbound_*); outbound: the client's frames, written by whichever thread queues them, never blocking (a client that
// does not read past k_max_outbound_bytes is dropped); a wake socket pair that breaks the network thread's poll.
#pragma once

#include "inspector/socket.h"
#include "inspector/transport.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

namespace zts::dbg
{

constexpr size_t k_max_outbound_bytes = 256u * 1024 * 1024;
// The inbound queue's bound: past either, the network thread stops reading the client (TCP's flow control then
// holds the client's sends) until the game thread took it below half. Without it, a client that kept sending while
// the game thread sat in a C# call queued ~830 MiB in 2.5 s. One message may still pass the byte bound: a message up
// to k_max_message_bytes always fits (Debugger_Transport.Flood_QueueBounded_NothingLost).
constexpr size_t k_max_inbound_bytes = 16u * 1024 * 1024;
constexpr size_t k_max_inbound_messages = 10000;

struct IoQueues {
    using Event = Transport::Event;

    socket_t wake_rx = k_bad_socket;
    socket_t wake_tx = k_bad_socket;
    std::atomic<bool> stopping{false}; ///< the network thread ends
    std::function<void()> wakeup;      ///< the session's: a message or an event was queued

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
    socket_t client = k_bad_socket;
    std::string client_out;
    bool client_overflow = false;

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
        if (inbound_full.load(std::memory_order_relaxed) && inbound_bytes <= k_max_inbound_bytes / 2 &&
            messages.size() <= k_max_inbound_messages / 2) {
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
            if (inbound_bytes >= k_max_inbound_bytes || messages.size() >= k_max_inbound_messages) {
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
            auto n = ::send(client, client_out.data() + sent, int(chunk), k_send_flags);
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
        if (client == k_bad_socket) {
            return;
        }
        if (client_out.size() + frame.size() > k_max_outbound_bytes) {
            client_overflow = true;
            return;
        }
        bool was_empty = client_out.empty();
        client_out += frame;
        if (was_empty) {
            flush_client_locked();
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
        if (wake_rx == k_bad_socket || wake_tx == k_bad_socket ||
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

    void close_wake_pair()
    {
        for (socket_t *s : {&wake_rx, &wake_tx}) {
            if (*s != k_bad_socket) {
                close_socket(*s);
                *s = k_bad_socket;
            }
        }
    }
};

} // namespace zts::dbg
