// The C ABI's struct layouts as the managed side declares them, on both targets the suite runs on: Linux x86-64
// (SysV, LP64) and Windows x64 (LLP64, under wine: tools/test.sh). The managed declarations are fixed sizes and
// sequential layouts: managed/ZTS.Shared/Native/JsValue.cs (explicit, Size = 16, tag at 8), HostCallbackTable.cs,
// ZtsNative.cs (ZtsErrorInfo), Clr/JsKinds.cs (ParamSpec); docs/C_ABI.md "Windows x64" has the audit.
#include <zts/zts.h>

#include <gtest/gtest.h>

#include <cstddef>

// Compile-time pins: a layout that differs on one target does not build there.
static_assert(sizeof(void *) == 8, "ZTS is built for 64-bit hosts only (zts_value is QuickJS's 64-bit JSValue)");
static_assert(sizeof(zts_value) == 16 && offsetof(zts_value, tag) == 8, "JsValue.cs: Size = 16, Tag at 8");
static_assert(sizeof(zts_status) == 4, "statuses cross as C# int");
static_assert(offsetof(zts_host_callbacks, module_load) == 8 && offsetof(zts_host_callbacks, host_call) == 16 &&
                  offsetof(zts_host_callbacks, type_bind) == 40 && sizeof(zts_host_callbacks) == 48,
              "HostCallbackTable.cs: two uints, five IntPtrs");
static_assert(offsetof(zts_param_spec, type_name) == 16 && offsetof(zts_param_spec, min_value) == 24 &&
                  offsetof(zts_param_spec, element_accept) == 44 && sizeof(zts_param_spec) == 48,
              "JsKinds.cs ParamSpec");
static_assert(offsetof(zts_error_info, message) == 8 && offsetof(zts_error_info, importer_len) == 80 &&
                  offsetof(zts_error_info, exception_slot) == 88 && sizeof(zts_error_info) == 96,
              "ZtsNative.cs ZtsErrorInfo");

namespace
{

struct Field {
    const char *name;
    size_t offset;
    size_t expected;
};

void expect_fields(const char *type, size_t size, size_t expected_size, std::initializer_list<Field> fields)
{
    EXPECT_EQ(expected_size, size) << "sizeof(" << type << ")";
    for (const Field &f : fields) {
        EXPECT_EQ(f.expected, f.offset) << type << "." << f.name;
    }
}

} // namespace

#define FIELD(T, f, at) Field{#f, offsetof(T, f), at}

TEST(Abi_Layout, ValueAndHostTable_MatchManagedDeclarations)
{
    expect_fields("zts_value", sizeof(zts_value), 16, {FIELD(zts_value, u, 0), FIELD(zts_value, tag, 8)});
    EXPECT_EQ(8u, sizeof(zts_value{}.u));
    expect_fields("zts_host_callbacks", sizeof(zts_host_callbacks), 48,
                  {FIELD(zts_host_callbacks, size, 0), FIELD(zts_host_callbacks, version, 4),
                   FIELD(zts_host_callbacks, module_load, 8), FIELD(zts_host_callbacks, host_call, 16),
                   FIELD(zts_host_callbacks, type_resolve, 24), FIELD(zts_host_callbacks, namespace_list, 32),
                   FIELD(zts_host_callbacks, type_bind, 40)});
}

TEST(Abi_Layout, ParamSpecAndErrorInfo_MatchManagedDeclarations)
{
    expect_fields("zts_param_spec", sizeof(zts_param_spec), 48,
                  {FIELD(zts_param_spec, accept, 0), FIELD(zts_param_spec, exact, 4), FIELD(zts_param_spec, type_id, 8),
                   FIELD(zts_param_spec, optional, 12), FIELD(zts_param_spec, type_name, 16),
                   FIELD(zts_param_spec, min_value, 24), FIELD(zts_param_spec, max_value, 32),
                   FIELD(zts_param_spec, single_char, 40), FIELD(zts_param_spec, element_accept, 44)});
    expect_fields("zts_error_info", sizeof(zts_error_info), 96,
                  {FIELD(zts_error_info, status, 0), FIELD(zts_error_info, message, 8),
                   FIELD(zts_error_info, message_len, 16), FIELD(zts_error_info, stack, 24),
                   FIELD(zts_error_info, stack_len, 32), FIELD(zts_error_info, name, 40),
                   FIELD(zts_error_info, name_len, 48), FIELD(zts_error_info, specifier, 56),
                   FIELD(zts_error_info, specifier_len, 64), FIELD(zts_error_info, importer, 72),
                   FIELD(zts_error_info, importer_len, 80), FIELD(zts_error_info, thrown_ref, 84),
                   FIELD(zts_error_info, exception_slot, 88)});
}
