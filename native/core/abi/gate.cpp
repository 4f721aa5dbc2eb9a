// C ABI: the functions the Mono callback gate imports from the core (native/gate/zts_mono_gate.c).
#include "abi/guard.h"
#include "host/gate_imports.h"

using namespace zts;

extern "C" {

int32_t zts_gate_imports(void **touserdata, void **js_throw)
try {
    if (touserdata == nullptr || js_throw == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *touserdata = reinterpret_cast<void *>(&gate_touserdata_value);
    *js_throw = reinterpret_cast<void *>(&gate_throw_value); // JS_Throw that unwraps rethrow boxes
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
