// C ABI: timers run by the host's frame pump (docs/EVERYDAY.md).
#include "abi/guard.h"
#include "runtime/domain.h"
#include "globals/timers.h"

using namespace zts;

extern "C" {

int32_t zts_timers_advance(zts_domain *domain, double now_ms)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return timers_advance(domain, now_ms);
}
ZTS_ABI_CATCH

int32_t zts_timers_run_next(zts_domain *domain)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return timers_run_next(domain);
}
ZTS_ABI_CATCH

int32_t zts_timers_count(const zts_domain *domain)
try {
    return domain == nullptr ? 0 : static_cast<int32_t>(domain->timers.live.size());
}
ZTS_ABI_CATCH_RETURN(0)

} // extern "C"
