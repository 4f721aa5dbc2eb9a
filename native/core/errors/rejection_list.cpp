#include "errors/rejection_list.h"

namespace zts
{

void RejectionList::add(void *promise, void *reason, std::string text)
{
    order_.push_back(Entry{promise, reason, next_seq_++, std::move(text)});
    by_promise_[promise] = std::prev(order_.end());
}

void RejectionList::handled(void *promise)
{
    auto it = by_promise_.find(promise);
    if (it == by_promise_.end()) {
        return;
    }
    order_.erase(it->second);
    by_promise_.erase(it);
}

bool RejectionList::take(std::string &text)
{
    if (order_.empty()) {
        return false;
    }
    Entry &first = order_.front();
    auto it = by_promise_.find(first.promise);
    if (it != by_promise_.end() && it->second == order_.begin()) {
        by_promise_.erase(it);
    }
    text = std::move(first.text);
    order_.pop_front();
    return true;
}

void RejectionList::forget_since(uint64_t mark, void *reason)
{
    if (reason == nullptr) {
        return;
    }
    for (auto it = order_.end(); it != order_.begin();) {
        --it;
        if (it->seq < mark) {
            break;
        }
        if (it->reason == reason) {
            auto mapped = by_promise_.find(it->promise);
            if (mapped != by_promise_.end() && mapped->second == it) {
                by_promise_.erase(mapped);
            }
            it = order_.erase(it);
        }
    }
}

} // namespace zts
