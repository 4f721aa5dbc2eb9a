// C ABI: module specifiers, imports, and native modules registered by name.
#include "abi/guard.h"
#include "modules/native_modules.h"
#include "runtime/script_scope.h"
#include "modules/loader.h"
#include "modules/specifier.h"
#include "runtime/script_limits.h"

#include <cstring>

using namespace zts;

extern "C" {

int32_t zts_module_canonicalize(const char *importer, const char *specifier, char *buf, int32_t buf_len)
try {
    if (specifier == nullptr || buf == nullptr || buf_len <= 0) {
        return ZTS_ERR_ARGUMENT;
    }
    std::string out;
    std::string error;
    if (!canonicalize_specifier(importer != nullptr ? importer : "", specifier, out, error) ||
        static_cast<int32_t>(out.size()) >= buf_len) {
        return static_cast<int32_t>(ZTS_ERR_ARGUMENT);
    }
    std::memcpy(buf, out.c_str(), out.size() + 1);
    return static_cast<int32_t>(out.size());
}
ZTS_ABI_CATCH

int32_t zts_module_get_function(zts_domain *domain, const char *module, const char *export_name, int32_t *out_ref)
try {
    if (domain == nullptr || module == nullptr || export_name == nullptr || out_ref == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_ref = 0;
    if (refuses_nested_call(domain)) {
        return refuse_nested_call(domain); // module evaluation is a call (script_scope.h)
    }
    ScriptScope scope(domain); // module evaluation runs JS: releases wait, a Reset is refused (script_scope.h)
    return module_get_function(domain, module, export_name, out_ref);
}
ZTS_ABI_CATCH

int32_t zts_module_register(const char *name, zts_module_init_fn init)
try {
    if (name == nullptr || init == nullptr || name[0] == '\0') {
        return ZTS_ERR_ARGUMENT;
    }
    native_module_register(name, init);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_module_unregister(const char *name)
try {
    if (name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    native_module_unregister(name);
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
