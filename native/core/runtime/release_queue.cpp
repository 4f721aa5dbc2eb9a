#include "runtime/release_queue.h"

#include <mutex>
#include <unordered_map>

namespace zts
{
namespace
{

std::mutex &queue_mutex()
{
    static std::mutex m;
    return m;
}

std::unordered_map<uint32_t, std::vector<int32_t>> &queues()
{
    static std::unordered_map<uint32_t, std::vector<int32_t>> q;
    return q;
}

} // namespace

void release_queue_open(uint32_t domain_id)
{
    std::lock_guard<std::mutex> lock(queue_mutex());
    queues()[domain_id];
}

void release_queue_push(uint32_t domain_id, int32_t ref)
{
    std::lock_guard<std::mutex> lock(queue_mutex());
    auto it = queues().find(domain_id);
    if (it != queues().end()) {
        it->second.push_back(ref);
    }
}

std::vector<int32_t> release_queue_take(uint32_t domain_id)
{
    std::lock_guard<std::mutex> lock(queue_mutex());
    auto it = queues().find(domain_id);
    if (it == queues().end()) {
        return {};
    }
    std::vector<int32_t> refs;
    refs.swap(it->second);
    return refs;
}

void release_queue_close(uint32_t domain_id)
{
    std::lock_guard<std::mutex> lock(queue_mutex());
    queues().erase(domain_id);
}

} // namespace zts
