// C ABI: the core's version.
#include "abi/guard.h"
#include "globals/zts_global.h"

using namespace zts;

extern "C" {

const char *zts_version(void)
try {
    return core_version();
}
ZTS_ABI_CATCH_RETURN(nullptr)

} // extern "C"
