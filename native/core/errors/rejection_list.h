// Unhandled Promise rejections of a domain, oldest first, for the host to report (O(1) per rejection,
// handled later, and taken; it was a vector erased from the front and searched linearly).
#pragma once

#include <cstdint>
#include <list>
#include <string>
#include <unordered_map>

namespace zts
{

/// The rejections with no handler yet, by promise identity.
class RejectionList
{
  public:
    /// Records the rejection of promise (identity) with reason (identity, or nullptr) described by text.
    void add(void *promise, void *reason, std::string text);
    /// A handler was attached to promise later: it is not unhandled any more.
    void handled(void *promise);
    /// Takes the oldest rejection's text; false when none is left.
    bool take(std::string &text);
    /// A mark for forget_since: rejections recorded from now on are after it.
    uint64_t mark() const { return next_seq_; }
    /// Forgets rejections recorded after mark whose reason is reason (an error the host reports itself).
    void forget_since(uint64_t mark, void *reason);
    /// Number of rejections held.
    size_t size() const { return order_.size(); }

  private:
    struct Entry {
        void *promise;
        void *reason;
        uint64_t seq;
        std::string text;
    };
    std::list<Entry> order_;                                        ///< oldest first
    std::unordered_map<void *, std::list<Entry>::iterator> by_promise_; ///< newest entry of each promise
    uint64_t next_seq_ = 0;
};

} // namespace zts
