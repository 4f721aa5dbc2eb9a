// C ABI: process-wide entry points (host table, version, gate imports, native modules).
#include "abi/guard.h"
#include "errors/identity.h"
#include "host/gated_function.h"
#include "host/host_callbacks.h"
#include "modules/native_modules.h"
#include "globals/zts_global.h"

using namespace zts;

extern "C" {

int32_t zts_host_register(const zts_host_callbacks *callbacks)
{
    return abi_guard([&]() -> int32_t { return register_host_callbacks(callbacks); });
}

const char *zts_version(void)
{
    return core_version();
}

int32_t zts_gate_imports(void **touserdata, void **js_throw)
{
    if (touserdata == nullptr || js_throw == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *touserdata = reinterpret_cast<void *>(&gate_touserdata);
    *js_throw = reinterpret_cast<void *>(&gate_throw); // JS_Throw that unwraps rethrow boxes
    return ZTS_OK;
}

int32_t zts_module_register(const char *name, zts_module_init_fn init)
{
    if (name == nullptr || init == nullptr || name[0] == '\0') {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        native_module_register(name, init);
        return ZTS_OK;
    });
}

int32_t zts_module_unregister(const char *name)
{
    if (name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        native_module_unregister(name);
        return ZTS_OK;
    });
}

} // extern "C"
