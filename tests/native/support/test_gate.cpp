#include "support/test_gate.h"

#include "zts_mono_gate.h"

namespace zts_test
{

std::string register_host(zts_host_callbacks callbacks)
{
    callbacks.size = sizeof callbacks;
    callbacks.version = ZTS_ABI_VERSION;
    if (zts_host_register(&callbacks) != ZTS_OK) {
        return "zts_host_register";
    }
    void *touserdata = nullptr;
    void *js_throw = nullptr;
    if (zts_gate_imports(&touserdata, &js_throw) != ZTS_OK) {
        return "zts_gate_imports";
    }
    if (zts_gate_init(touserdata, js_throw, zts_callback_error_sentinel()) != 0) {
        return "zts_gate_init";
    }
    return "";
}

zts_value gate_error(zts_domain *d, const std::string &message)
{
    std::u16string msg(message.begin(), message.end()); // test texts are ASCII
    zts_value undefined;
    undefined.u.bits = 0;
    undefined.tag = ZTS_TAG_UNDEFINED;
    zts_value err;
    zts_error_new(d, reinterpret_cast<const uint16_t *>(msg.data()), static_cast<int32_t>(msg.size()), nullptr, 0,
                  undefined, &err);
    zts_value sentinel;
    sentinel.u.ptr = err.tag == ZTS_TAG_OBJECT ? err.u.ptr : nullptr;
    sentinel.tag = ZTS_CALLBACK_ERROR_SENTINEL;
    return sentinel;
}

} // namespace zts_test
