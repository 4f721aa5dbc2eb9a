// C ABI: the host's callback table (one per process, version-checked).
#include "abi/guard.h"
#include "host/host_callbacks.h"

using namespace zts;

extern "C" {

int32_t zts_host_register(const zts_host_callbacks *callbacks)
try {
    return register_host_callbacks(callbacks);
}
ZTS_ABI_CATCH

} // extern "C"
