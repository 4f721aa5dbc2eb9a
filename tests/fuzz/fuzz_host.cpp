#include "fuzz_host.h"

#include "support/test_gate.h"
#include "zts_mono_gate.h"

#include <cstdio>
#include <cstdlib>

namespace zts_fuzz
{
namespace
{

Host g_host;

int32_t load_module(void * /*host*/, const char *specifier, const char *importer, zts_load_request *req)
{
    if (g_host.load) {
        g_host.load(specifier, importer, req);
    }
    return 0;
}

zts_value host_call(JSContext * /*ctx*/, zts_value /*this_val*/, int32_t argc, zts_value *argv, int32_t /*magic*/,
                    zts_value *data)
{
    std::string error;
    zts_value result = g_host.functions.at(static_cast<size_t>(data[0].u.int32))(g_host.d, argc, argv, data, &error);
    return error.empty() ? result : zts_test::gate_error(g_host.d, error);
}

int32_t type_resolve(void * /*host*/, const char *name, zts_type_request *req)
{
    if (g_host.resolve) {
        g_host.resolve(name, req);
    }
    return 0;
}

int32_t namespace_list(void * /*host*/, const char * /*name*/, zts_type_request * /*req*/)
{
    return 0;
}

int32_t type_bind(void * /*host*/, int32_t type_id, zts_type_request *req)
{
    if (g_host.bind) {
        g_host.bind(type_id, req);
    }
    return 0;
}

void register_once()
{
    static bool done = false;
    if (done) {
        return;
    }
    zts_host_callbacks callbacks{};
    callbacks.module_load = &load_module;
    callbacks.host_call = &host_call;
    callbacks.type_resolve = &type_resolve;
    callbacks.namespace_list = &namespace_list;
    callbacks.type_bind = &type_bind;
    std::string failed = zts_test::register_host(callbacks);
    check(failed.empty(), failed.c_str());
    done = true;
}

} // namespace

Host &host()
{
    return g_host;
}

zts_domain *new_domain()
{
    register_once();
    g_host = Host{};
    g_host.d = zts_domain_new(&g_host, zts_get_callback_gate());
    check(g_host.d != nullptr, "zts_domain_new");
    zts_domain_set_memory_limit(g_host.d, 32 << 20);
    zts_domain_set_call_budget(g_host.d, 20000); // 20 ms: a runaway input is interrupted
    zts_domain_set_stack_size(g_host.d, 256 << 10);
    zts_domain_set_job_limit(g_host.d, 1000);
    return g_host.d;
}

void free_domain()
{
    int64_t leaked = zts_domain_free(g_host.d);
    g_host.d = nullptr;
    if (leaked != 0) {
        std::fprintf(stderr, "zts fuzz: QuickJS leaked %lld bytes at JS_FreeRuntime\n", static_cast<long long>(leaked));
        std::abort();
    }
    g_host = Host{};
}

int32_t bridge(HostFn fn)
{
    g_host.functions.push_back(std::move(fn));
    return static_cast<int32_t>(g_host.functions.size() - 1);
}

zts_value undefined_value()
{
    zts_value v;
    v.u.bits = 0;
    v.tag = ZTS_TAG_UNDEFINED;
    return v;
}

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "zts fuzz: check failed: %s\n", what);
        std::abort();
    }
}

std::string error_message(zts_domain *d)
{
    zts_error_info info{};
    zts_domain_error(d, &info);
    std::string message(info.message, static_cast<size_t>(info.message_len));
    if (info.thrown_ref > 0) {
        zts_function_release(d, info.thrown_ref); // the caller owns it (ABI 3)
    }
    return message;
}

} // namespace zts_fuzz
