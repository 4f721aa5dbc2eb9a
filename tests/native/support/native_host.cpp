#include "support/native_host.h"

#include "support/test_gate.h"

namespace zts_test
{

NativeHost *NativeHost::current = nullptr;

namespace
{

int32_t load_module(void * /*host*/, const char *specifier, const char *importer, zts_load_request *req)
{
    NativeHost *h = NativeHost::current;
    h->loads_.push_back(std::string(importer) + "->" + specifier);
    if (h->on_load_) {
        h->on_load_(specifier);
    }
    auto it = h->sources_.find(specifier);
    if (it == h->sources_.end()) {
        std::string reason = "no such test module";
        zts_load_request_fail(req, reason.data(), static_cast<int32_t>(reason.size()));
        return 0;
    }
    zts_load_request_set_source(req, it->second.data(), static_cast<int32_t>(it->second.size()));
    auto map = h->maps_.find(specifier);
    if (map != h->maps_.end()) {
        zts_load_request_set_source_map(req, map->second.data(), static_cast<int32_t>(map->second.size()));
    }
    return 0;
}

zts_value host_call(JSContext * /*ctx*/, zts_value /*this_val*/, int32_t argc, zts_value *argv, int32_t /*magic*/,
                    zts_value *data)
{
    NativeHost *h = NativeHost::current;
    std::string error;
    zts_value result = h->functions_.at(static_cast<size_t>(data[0].u.int32))(h->d, argc, argv, data, &error);
    return error.empty() ? result : gate_error(h->d, error);
}

int32_t type_resolve(void * /*host*/, const char *name, zts_type_request *req)
{
    if (NativeHost::current->resolve_) {
        NativeHost::current->resolve_(name, req);
    }
    return 0;
}

int32_t namespace_list(void * /*host*/, const char *name, zts_type_request *req)
{
    if (NativeHost::current->list_) {
        NativeHost::current->list_(name, req);
    }
    return 0;
}

int32_t type_bind(void * /*host*/, int32_t type_id, zts_type_request *req)
{
    return NativeHost::current->bind_ ? NativeHost::current->bind_(type_id, req) : 0;
}

} // namespace

void NativeHost::SetUp()
{
    current = this;
    zts_host_callbacks callbacks{};
    callbacks.module_load = &load_module;
    callbacks.host_call = &host_call;
    callbacks.type_resolve = &type_resolve;
    callbacks.namespace_list = &namespace_list;
    callbacks.type_bind = &type_bind;
    if (register_after_domain_) {
        void *touserdata = nullptr;
        void *js_throw = nullptr;
        ASSERT_EQ(ZTS_OK, zts_gate_imports(&touserdata, &js_throw));
        ASSERT_EQ(0, zts_gate_init(touserdata, js_throw, zts_callback_error_sentinel()));
        d = zts_domain_new(this, zts_get_callback_gate());
        ASSERT_NE(nullptr, d);
        ASSERT_EQ("", register_host(callbacks));
        return;
    }
    ASSERT_EQ("", register_host(callbacks));
    d = zts_domain_new(this, zts_get_callback_gate());
    ASSERT_NE(nullptr, d);
}

void NativeHost::TearDown()
{
    if (d != nullptr) {
        EXPECT_EQ(0, zts_domain_free(d)) << "QuickJS leaked memory at JS_FreeRuntime";
        d = nullptr;
    }
    current = nullptr;
}

void NativeHost::host_function(const std::string &path, HostFn fn)
{
    functions_.push_back(std::move(fn));
    ASSERT_EQ(ZTS_OK, zts_function_define_gated(d, path.c_str(), 0, 0, static_cast<int64_t>(functions_.size() - 1)));
}

int32_t NativeHost::function(const std::string &module, const std::string &export_name)
{
    int32_t ref = 0;
    int32_t rc = zts_module_get_function(d, module.c_str(), export_name.c_str(), &ref);
    EXPECT_EQ(ZTS_OK, rc) << error_message();
    return ref;
}

int32_t NativeHost::call(int32_t ref, const std::vector<zts_value> &args, zts_value *out)
{
    std::vector<zts_value> argv = args;
    return zts_function_call(d, ref, static_cast<int32_t>(argv.size()), argv.data(), out);
}

std::string NativeHost::error_message()
{
    zts_error_info info{};
    zts_domain_error(d, &info);
    return std::string(info.message, static_cast<size_t>(info.message_len));
}

std::string NativeHost::take_string(zts_value v)
{
    const uint16_t *chars = nullptr;
    int32_t n = zts_value_take_utf16(d, v, &chars);
    std::string out;
    for (int32_t i = 0; i < n; i++) {
        out.push_back(static_cast<char>(chars[i] < 0x80 ? chars[i] : '?'));
    }
    return out;
}

} // namespace zts_test
