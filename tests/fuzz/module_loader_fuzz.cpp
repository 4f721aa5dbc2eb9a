// libFuzzer target (docs/FUZZING.md): the module loader with random loader results. The host binds m0.f; each load
// the loader sees is answered as the input says: a failure, no answer, a module built from statements (static,
// dynamic and re-exported imports of m0..m5, exports, throws, syntax errors, pending or settled top-level await,
// inline source maps), arbitrary text, a random source map, a failure after a source, or a re-entrant
// GetFunction of another module from inside the loader. Then the bound function runs, jobs drain and rejections
// are taken. Every path must end in a status, never a crash or a leak.
#include "fuzz_host.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <string>

namespace
{

const char *const k_statements[] = {
    "import { f as g%d } from './m%d';\n",
    "import * as ns%d from 'm%d';\n",
    "export * from './m%d';\n",
    "export { f as h%d } from './m%d';\n",
    "import('./m%d').then(n => n.f && n.f(), e => String(e));\n",
    "await import('./m%d').catch(e => 0);\n",
    "export function f() { return 1; }\n",
    "export function f() { throw new Error('f threw'); }\n",
    "export const f = 42;\n",
    "throw new Error('top level %d');\n",
    "export function f( {\n",
    "await new Promise(() => {});\n",
    "await null;\n",
    "Promise.reject(new Error('unhandled %d'));\n",
    "for (;;) {}\n",
    "//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbImEudHMiXSwibWFwcGluZ3MiOiJBQUFBIn0=\n",
    "export default function () {}\n",
    "import '../../escape';\n",
    "import 'csharp:Nope.Missing';\n",
    "import './m%d\\0evil';\n",
    "import('m%d\\0').catch(e => 0);\n",
};

std::string statement(FuzzedDataProvider &in)
{
    const char *pattern = k_statements[in.ConsumeIntegralInRange<size_t>(0, sizeof k_statements / sizeof k_statements[0] - 1)];
    int a = in.ConsumeIntegralInRange<int>(0, 5);
    int b = in.ConsumeIntegralInRange<int>(0, 5);
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}

void answer(FuzzedDataProvider &in, zts_domain *d, const std::string &specifier, zts_load_request *req, int depth)
{
    std::string text;
    switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
        text = "the fuzzer says no";
        zts_load_request_fail(req, text.data(), static_cast<int32_t>(text.size()));
        return;
    case 1:
        return; // no answer
    case 2:
        text = in.ConsumeRandomLengthString(512);
        zts_load_request_set_source(req, text.data(), static_cast<int32_t>(text.size()));
        return;
    case 3: {
        std::string map = in.ConsumeRandomLengthString(256);
        zts_load_request_set_source_map(req, map.data(), static_cast<int32_t>(map.size()));
        break; // and a module below
    }
    case 4: {
        text = "loaded, then failed";
        std::string source = "export function f() {}";
        zts_load_request_set_source(req, source.data(), static_cast<int32_t>(source.size()));
        zts_load_request_fail(req, text.data(), static_cast<int32_t>(text.size()));
        return;
    }
    case 5:
        if (depth < 3) {
            // A loader that binds a module itself (a "register my system" pattern), maybe the one importing it.
            std::string other = "m" + std::to_string(in.ConsumeIntegralInRange<int>(0, 5));
            int32_t ref = 0;
            if (zts_module_get_function(d, other.c_str(), "f", &ref) == ZTS_OK) {
                zts_function_release(d, ref);
            } else {
                zts_fuzz::error_message(d);
            }
        }
        break;
    default:
        break;
    }
    size_t count = in.ConsumeIntegralInRange<size_t>(0, 6);
    for (size_t i = 0; i < count; i++) {
        text += statement(in);
    }
    (void)specifier;
    zts_load_request_set_source(req, text.data(), static_cast<int32_t>(text.size()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzedDataProvider in(data, size);
    zts_domain *d = zts_fuzz::new_domain();
    int depth = 0;
    zts_fuzz::host().load = [&](const std::string &spec, const std::string &, zts_load_request *req) {
        depth++;
        answer(in, d, spec, req, depth);
        depth--;
    };
    int rounds = in.ConsumeIntegralInRange<int>(1, 3);
    for (int round = 0; round < rounds; round++) {
        std::string module = "m" + std::to_string(in.ConsumeIntegralInRange<int>(0, 5));
        int32_t ref = 0;
        if (zts_module_get_function(d, module.c_str(), "f", &ref) == ZTS_OK) {
            zts_value result;
            if (zts_function_call(d, ref, 0, nullptr, &result) == ZTS_OK) {
                zts_value_free(d, result);
            } else {
                zts_fuzz::error_message(d);
            }
            zts_function_release(d, ref);
        } else {
            zts_fuzz::error_message(d);
        }
        if (zts_domain_run_jobs(d) < 0) {
            zts_fuzz::error_message(d);
        }
        const uint16_t *rejection = nullptr;
        while (zts_domain_take_rejection(d, &rejection) > 0) {
        }
    }
    zts_fuzz::free_domain();
    return 0;
}
