#include "host/host_callbacks.h"

#include <atomic>

namespace zts
{
namespace
{

zts_host_callbacks g_table;
std::atomic<bool> g_registered{false};

} // namespace

int32_t register_host_callbacks(const zts_host_callbacks *callbacks)
{
    if (callbacks == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (callbacks->size != sizeof(zts_host_callbacks) || callbacks->version != ZTS_ABI_VERSION) {
        return ZTS_ERR_VERSION;
    }
    if (callbacks->module_load == nullptr || callbacks->host_call == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    // The table is process-wide and set once; a host that registers again (a second
    // AppDomain-like loader in tests) replaces it with an equivalent table.
    g_registered.store(false);
    g_table = *callbacks;
    g_registered.store(true);
    return ZTS_OK;
}

const zts_host_callbacks *host_callbacks()
{
    return g_registered.load() ? &g_table : nullptr;
}

} // namespace zts
