// C ABI: the script debugger (native/inspector through inspector_seam.h, docs/DEBUGGING.md).
#include "abi/guard.h"
#include "inspector_seam.h"
#include "errors/report.h"
#include "host/value_cast.h"
#include "runtime/domain.h"

#include <memory>
#include <vector>

using namespace zts;

extern "C" {

int32_t zts_debugger_start(zts_domain *domain, int32_t port)
try {
    return zts_debugger_listen(domain, nullptr, port);
}
ZTS_ABI_CATCH

int32_t zts_debugger_listen(zts_domain *domain, const char *host, int32_t port)
try {
    if (domain == nullptr || port < 0 || port > 65535) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->debugger != nullptr) {
        return report_failure(domain, ZTS_ERR_ARGUMENT, "zts: the domain's debugger is already started");
    }
    std::string error;
    std::unique_ptr<InspectorSession> debugger =
        open_inspector(domain, host == nullptr ? std::string() : std::string(host), port, error);
    if (debugger == nullptr) {
        return report_failure(domain, ZTS_ERR_ARGUMENT, error);
    }
    domain->debugger = debugger.release();
    return domain->debugger->port();
}
ZTS_ABI_CATCH

int32_t zts_debugger_exposed(zts_domain *domain)
try {
    return domain != nullptr && domain->debugger != nullptr && domain->debugger->exposed() ? 1 : 0;
}
ZTS_ABI_CATCH

int32_t zts_debugger_wait(zts_domain *domain)
try {
    if (domain == nullptr || domain->debugger == nullptr || domain->call_depth > 0) {
        return ZTS_ERR_ARGUMENT;
    }
    domain->debugger->wait_for_client();
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_debugger_service(zts_domain *domain)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->debugger != nullptr && domain->call_depth == 0) {
        domain->debugger->service();
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_debugger_console(zts_domain *domain, int32_t level, int32_t argc, const zts_value *argv)
try {
    if (domain == nullptr || argc < 0 || (argv == nullptr && argc > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->debugger != nullptr) {
        std::vector<JSValue> values(static_cast<size_t>(argc));
        for (int32_t i = 0; i < argc; i++) {
            values[static_cast<size_t>(i)] = to_js(argv[i]);
        }
        domain->debugger->console(level, argc, values.data());
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

const char *zts_debugger_url(zts_domain *domain)
try {
    if (domain == nullptr || domain->debugger == nullptr) {
        return nullptr;
    }
    domain->debugger_url = domain->debugger->ws_url();
    return domain->debugger_url.c_str();
}
ZTS_ABI_CATCH_RETURN(nullptr)

} // extern "C"
