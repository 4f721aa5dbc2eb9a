// C ABI: the deferred-release queue: a JS function ref released from any thread, drained by its domain's thread.
#include "abi/guard.h"
#include "runtime/release_queue.h"

using namespace zts;

extern "C" {

void zts_release_enqueue(uint32_t domain_id, int32_t ref)
try {
    release_queue_push(domain_id, ref); // out of memory on a finalizer thread: the ref is freed at teardown
}
ZTS_ABI_CATCH_VOID

} // extern "C"
