// C ABI: what the host runs before it tears a domain down (issue 13).
#include "abi/guard.h"
#include "globals/reset_hooks.h"
#include "runtime/domain.h"

using namespace zts;

extern "C" {

int32_t zts_domain_reset_hook_count(const zts_domain *domain)
{
    return domain != nullptr ? static_cast<int32_t>(domain->reset_hooks.size()) : 0;
}

int32_t zts_domain_run_reset_hook(zts_domain *domain, int32_t index)
{
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t { return run_reset_hook(domain, index); });
}

} // extern "C"
