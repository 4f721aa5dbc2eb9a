// C ABI: atoms the host interns for the member names of its Tables.
#include "abi/guard.h"
#include "runtime/domain.h"

using namespace zts;

extern "C" {

int32_t zts_atoms_intern(zts_domain *domain, int32_t count, const char *const *names, uint32_t *out_atoms)
try {
    if (domain == nullptr || count < 0 || (count > 0 && (names == nullptr || out_atoms == nullptr))) {
        return ZTS_ERR_ARGUMENT;
    }
    for (int32_t i = 0; i < count; i++) {
        if (names[i] == nullptr) {
            return ZTS_ERR_ARGUMENT;
        }
    }
    for (int32_t i = 0; i < count; i++) {
        JSAtom atom = domain->clr.intern(domain->ctx, names[i]);
        if (atom == JS_ATOM_NULL) {
            return capture_exception(domain, ZTS_ERR_JS);
        }
        out_atoms[i] = atom;
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
