// C ABI: where a JS function was defined, for the texts of a delegate called after its domain was reset.
#include "abi/guard.h"
#include "host/function_origin.h"
#include "host/string_codec.h"
#include "host/value_cast.h"
#include "runtime/script_scope.h"

using namespace zts;

extern "C" {

int32_t zts_function_origin(zts_domain *domain, zts_value fn, const uint16_t **out_chars)
try {
    if (domain == nullptr || out_chars == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    ScriptScope scope(domain); // fileName/lineNumber may be redefined as accessors (script_scope.h)
    std::string text = function_origin(domain, to_js(fn));
    utf8_to_utf16(text.data(), text.size(), domain->scratch16);
    *out_chars = reinterpret_cast<const uint16_t *>(domain->scratch16.data());
    return static_cast<int32_t>(domain->scratch16.size());
}
ZTS_ABI_CATCH

} // extern "C"
