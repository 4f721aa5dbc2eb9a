// C ABI: what the calling thread allows (its stack, for zts_domain_set_stack_size).
#include "abi/guard.h"
#include "runtime/thread_stack.h"

extern "C" {

int64_t zts_thread_max_stack_size(void)
try {
    return static_cast<int64_t>(thread_max_js_stack());
}
ZTS_ABI_CATCH_RETURN(0)

} // extern "C"
