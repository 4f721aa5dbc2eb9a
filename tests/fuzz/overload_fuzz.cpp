// libFuzzer target (docs/FUZZING.md): overload scoring with random argument kinds. The input declares CSharp.F.T with
// random overload candidates of a static method M and an instance method N (random accepted and natural kinds,
// object types, optional parameters, numeric ranges, char strings, array element kinds), then calls both with
// random argument lists drawn from every JS kind (numbers in and out of range, -0, NaN, strings of 0/1/2 chars,
// null, undefined, booleans, arrays, objects, functions, zts.ref boxes, C# objects, bigint, symbol). A call
// picks a candidate or throws a zts: error; nothing may crash or leak.
#include "fuzz_host.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <string>
#include <vector>

namespace
{

const char *const k_arguments[] = {
    "0",         "1",          "-1",        "-0",         "1.5",        "NaN",          "Infinity",
    "2**31",     "2**53",      "-(2**31)-1", "65536",     "'x'",        "''",           "'ab'",
    "null",      "undefined",  "true",      "false",      "[]",         "[1, 2]",       "['a', null]",
    "[1, 'a']",  "[[1]]",      "{}",        "{a: 1}",     "() => 1",    "zts.ref(1)",   "zts.ref()",
    "o",         "new T()",    "T",         "10n",        "Symbol('s')", "new Array(3)", "Object.create(null)",
};

const double k_ranges[][2] = {{0, 0}, {-128, 127}, {0, 255}, {-32768, 32767}, {0, 65535}, {-2147483648.0, 2147483647.0},
                              {0, 4294967295.0}, {-3.4e38, 3.4e38}};

std::vector<zts_param_spec> random_params(FuzzedDataProvider &in, int32_t type_id)
{
    std::vector<zts_param_spec> params(in.ConsumeIntegralInRange<size_t>(0, 4));
    for (zts_param_spec &p : params) {
        p = zts_param_spec{};
        p.accept = in.ConsumeIntegral<uint32_t>() & ZTS_KIND_ANY;
        p.exact = in.ConsumeIntegral<uint32_t>() & p.accept;
        p.type_id = in.ConsumeBool() ? type_id : 0;
        p.optional = in.ConsumeBool() ? 1 : 0;
        p.type_name = "P";
        const double *range = k_ranges[in.ConsumeIntegralInRange<size_t>(0, sizeof k_ranges / sizeof k_ranges[0] - 1)];
        p.min_value = range[0];
        p.max_value = range[1];
        p.single_char = in.ConsumeBool() ? 1 : 0;
        p.element_accept = in.ConsumeIntegral<uint32_t>() & ZTS_KIND_ANY;
    }
    return params;
}

// A JS array literal of argument lists: [[a, b], [], [c], ...].
std::string random_calls(FuzzedDataProvider &in)
{
    std::string calls = "[";
    size_t count = in.ConsumeIntegralInRange<size_t>(1, 8);
    for (size_t i = 0; i < count; i++) {
        calls += i > 0 ? ", [" : "[";
        size_t argc = in.ConsumeIntegralInRange<size_t>(0, 5);
        for (size_t a = 0; a < argc; a++) {
            calls += (a > 0 ? ", " : "") +
                     std::string(k_arguments[in.ConsumeIntegralInRange<size_t>(0, sizeof k_arguments / sizeof k_arguments[0] - 1)]);
        }
        calls += "]";
    }
    return calls + "]";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzedDataProvider in(data, size);
    std::string calls = random_calls(in);
    std::string source = "const T = CSharp.F.T;\n"
                         "const o = new T();\n"
                         "function each(call) { return " + calls + ".map(args => { try { return String(call(...args)); }"
                         " catch (e) { return 'error: ' + (e && e.message); } }).join(';'); }\n"
                         "export function f() { return each((...a) => T.M(...a)) + '|' + each((...a) => o.N(...a)); }";
    zts_domain *d = zts_fuzz::new_domain();
    zts_fuzz::Host &h = zts_fuzz::host();
    int32_t type_id = 0;
    int32_t next_slot = 0;
    h.load = [&](const std::string &spec, const std::string &, zts_load_request *req) {
        if (spec == "m") {
            zts_load_request_set_source(req, source.data(), static_cast<int32_t>(source.size()));
        }
    };
    h.resolve = [&](const std::string &name, zts_type_request *req) {
        if (name == "F") {
            zts_type_request_namespace(req);
        } else if (name == "F.T") {
            if (type_id == 0) {
                zts_type_declare(d, "F.T", "T", 0, 0, 0, &type_id);
            }
            zts_type_request_type(req, type_id);
        }
    };
    h.bind = [&](int32_t id, zts_type_request *) {
        int32_t ctor = zts_fuzz::bridge([id, &next_slot](zts_domain *dd, int32_t, zts_value *, zts_value *, std::string *) {
            zts_value out = zts_fuzz::undefined_value();
            zts_object_push(dd, id, next_slot++, &out);
            return out;
        });
        zts_type_add_constructor(d, id, ctor, 0, nullptr);
        for (const char *method : {"M", "N"}) {
            uint32_t flags = method[0] == 'M' ? ZTS_MEMBER_STATIC : 0;
            size_t candidates = in.ConsumeIntegralInRange<size_t>(1, 6);
            for (size_t c = 0; c < candidates; c++) {
                std::vector<zts_param_spec> params = random_params(in, id);
                int32_t index = static_cast<int32_t>(c);
                int32_t fn = zts_fuzz::bridge([index](zts_domain *, int32_t, zts_value *, zts_value *, std::string *) {
                    zts_value v;
                    v.u.bits = 0;
                    v.u.int32 = index;
                    v.tag = ZTS_TAG_INT;
                    return v;
                });
                zts_type_add_method(d, id, method, flags, fn, static_cast<int32_t>(params.size()), params.data());
            }
        }
    };
    int32_t ref = 0;
    if (zts_module_get_function(d, "m", "f", &ref) == ZTS_OK) {
        zts_value result;
        if (zts_function_call(d, ref, 0, nullptr, &result) == ZTS_OK) {
            const uint16_t *chars = nullptr;
            zts_value_take_utf16(d, result, &chars);
        } else {
            zts_fuzz::error_message(d);
        }
        zts_function_release(d, ref);
    } else {
        zts_fuzz::error_message(d);
    }
    zts_fuzz::free_domain();
    return 0;
}
