// C ABI: what the host runs before it tears a domain down (docs/USAGE.md, "Hot reload: the dev loop").
#include "abi/guard.h"
#include "globals/reset_hooks.h"
#include "runtime/domain.h"

using namespace zts;

extern "C" {

int32_t zts_domain_reset_hook_count(const zts_domain *domain)
try {
    return domain != nullptr ? static_cast<int32_t>(domain->reset_hooks.size()) : 0;
}
ZTS_ABI_CATCH_RETURN(0)

int32_t zts_domain_run_reset_hook(zts_domain *domain, int32_t index)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return run_reset_hook(domain, index);
}
ZTS_ABI_CATCH

} // extern "C"
