// The deferred-release queue (10-LIFETIME §5): any thread (a finalizer, say)
// enqueues; only the domain's thread drains, from the frame pump or teardown.
#pragma once

#include <cstdint>
#include <vector>

namespace zts
{

/// Opens the queue of a new domain; thread-safe.
void release_queue_open(uint32_t domain_id);

/// Queues a release of ref for domain_id; thread-safe; ignored once that domain's queue is closed.
void release_queue_push(uint32_t domain_id, int32_t ref);

/// Removes and returns the refs queued for domain_id; thread-safe.
std::vector<int32_t> release_queue_take(uint32_t domain_id);

/// Closes a domain's queue, dropping what is queued; thread-safe.
void release_queue_close(uint32_t domain_id);

} // namespace zts
