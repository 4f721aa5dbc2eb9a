// libFuzzer target (docs/FUZZING.md): zts_value_* conversions of arbitrary JS values. Input: a JS expression (module
// `m` returns it from `f`); its value goes through every reader a host uses (kind tag, String(), console
// formatting, array and table reads, ref/slot/type checks, function refs and origins, opaque handles), and a
// string round-trips through UTF-16 unchanged. A fresh domain per input, leak-checked.
#include "fuzz_host.h"

#include <string>

using zts_fuzz::check;

namespace
{

zts_value string_value(zts_domain *d, const std::u16string &s)
{
    zts_value v;
    check(zts_value_new_string_utf16(d, reinterpret_cast<const uint16_t *>(s.data()), static_cast<int32_t>(s.size()),
                                     &v) == ZTS_OK,
          "zts_value_new_string_utf16");
    return v;
}

// Every borrowed reader; none may crash, leak or leave an exception pending.
void read_all(zts_domain *d, zts_value v)
{
    const uint16_t *chars = nullptr;
    zts_values_format(d, 1, &v, &chars);
    zts_value elements[4];
    int32_t length = 0;
    int32_t n = zts_array_read(d, v, 0, 4, elements, &length);
    for (int32_t i = 0; i < n; i++) {
        zts_value_free(d, elements[i]);
    }
    const char *names[3] = {"length", "0", "toString"};
    uint32_t atoms[3];
    zts_value fields[3];
    if (zts_atoms_intern(d, 3, names, atoms) == ZTS_OK && zts_table_read(d, v, 3, atoms, fields) == ZTS_OK) {
        for (zts_value f : fields) {
            zts_values_format(d, 1, &f, &chars);
            zts_value_free(d, f);
        }
    }
    int32_t slot = 0;
    int32_t type_id = 0;
    zts_object_slot(d, v, &slot, &type_id);
    zts_type_id_of(d, v, &type_id);
    zts_value inner;
    if (zts_ref_get(d, v, &inner) == ZTS_OK) {
        zts_value_free(d, inner);
    }
    int32_t ref = 0;
    if (zts_function_ref(d, v, &ref) == ZTS_OK) {
        zts_function_origin(d, v, &chars);
        zts_function_release(d, ref);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string expression(reinterpret_cast<const char *>(data), size);
    std::string source = "export function f() { return (\n" + expression + "\n); }";
    zts_domain *d = zts_fuzz::new_domain();
    zts_fuzz::host().load = [&](const std::string &spec, const std::string &, zts_load_request *req) {
        if (spec == "m") {
            zts_load_request_set_source(req, source.data(), static_cast<int32_t>(source.size()));
        }
    };
    int32_t ref = 0;
    if (zts_module_get_function(d, "m", "f", &ref) == ZTS_OK) {
        zts_value result;
        if (zts_function_call(d, ref, 0, nullptr, &result) == ZTS_OK) {
            read_all(d, result);
            const uint16_t *chars = nullptr;
            int32_t len = zts_value_take_utf16(d, result, &chars); // consumes result
            if (len >= 0) {
                std::u16string text(reinterpret_cast<const char16_t *>(chars), static_cast<size_t>(len));
                zts_value s = string_value(d, text);
                int32_t again = zts_value_take_utf16(d, s, &chars);
                check(again == len && std::u16string(reinterpret_cast<const char16_t *>(chars),
                                                     static_cast<size_t>(again)) == text,
                      "a string round-trips through UTF-16 unchanged (lone surrogates and NULs too)");
            } else {
                zts_fuzz::error_message(d);
            }
        } else {
            zts_fuzz::error_message(d);
        }
        // A second value through an opaque handle and back (what [TsMarshalAs(Opaque)] and ref/out do).
        if (zts_function_call(d, ref, 0, nullptr, &result) == ZTS_OK) {
            zts_value argv[1] = {result}; // consumed by the call
            zts_value ignored;
            if (zts_function_call_opaque(d, ref, 1, argv, 1, 1, &ignored) == ZTS_OK) {
                zts_value_free(d, argv[0]); // the value behind the handle, written back (owned)
                zts_value_free(d, ignored);
            } else {
                zts_fuzz::error_message(d);
            }
        } else {
            zts_fuzz::error_message(d);
        }
        zts_function_release(d, ref);
    } else {
        zts_fuzz::error_message(d);
    }
    zts_domain_run_jobs(d);
    const uint16_t *rejection = nullptr;
    while (zts_domain_take_rejection(d, &rejection) > 0) {
    }
    zts_fuzz::free_domain();
    return 0;
}
