// The C ABI's struct layouts as the managed side declares them, on every target the suite runs on: Linux x86-64
// (SysV, LP64), Windows x64 (LLP64, under wine: tools/test.sh), and the CPUs of docs/PLATFORMS.md: linux-arm64
// (LP64), linux-x86 (ILP32, i386 SysV: 8-byte scalars 4-aligned in structs) and wasm32 (ILP32, 8-byte scalars
// 8-aligned). The managed declarations are sequential layouts of the same fields: managed/ZTS.Shared/Native/JsValue.cs
// (explicit, Size = 16, tag at 8 on every CPU), HostCallbackTable.cs (IntPtrs), ZtsNative.cs (ZtsErrorInfo),
// Clr/JsKinds.cs (ParamSpec); docs/C_ABI.md "Windows x64" has the audit, docs/PLATFORMS.md the 32-bit layouts.
#include <zts/zts.h>
#include "zts_mono_gate.h"

#include <gtest/gtest.h>

#include <cstddef>

// The layouts below are written out per data model, not computed from sizeof(void *), so that a target whose layout
// differs from what the docs say fails here.
#if UINTPTR_MAX == UINT64_MAX
#define ZTS_TEST_LP64 1
#elif UINTPTR_MAX == UINT32_MAX
#define ZTS_TEST_ILP32 1
#if defined(__i386__)
#define ZTS_TEST_I386 1 // the i386 SysV ABI aligns double and int64_t to 4 bytes inside structs
#endif
#else
#error "zts: a data model the ABI pins do not cover"
#endif

// Compile-time pins: a layout that differs on one target does not build there.
static_assert(sizeof(zts_value) == 16 && offsetof(zts_value, tag) == 8 && sizeof(zts_value{}.u) == 8,
              "JsValue.cs: Size = 16, Tag at 8, on every CPU (NaN-boxing targets convert: docs/PLATFORMS.md)");
static_assert(sizeof(zts_status) == 4, "statuses cross as C# int");
#if ZTS_TEST_LP64
static_assert(offsetof(zts_host_callbacks, module_load) == 8 && offsetof(zts_host_callbacks, host_call) == 16 &&
                  offsetof(zts_host_callbacks, type_bind) == 40 && sizeof(zts_host_callbacks) == 48,
              "HostCallbackTable.cs: two uints, five IntPtrs");
static_assert(offsetof(zts_param_spec, type_name) == 16 && offsetof(zts_param_spec, min_value) == 24 &&
                  offsetof(zts_param_spec, element_accept) == 44 && sizeof(zts_param_spec) == 48,
              "JsKinds.cs ParamSpec");
static_assert(offsetof(zts_error_info, message) == 8 && offsetof(zts_error_info, importer_len) == 80 &&
                  offsetof(zts_error_info, exception_slot) == 88 && sizeof(zts_error_info) == 96,
              "ZtsNative.cs ZtsErrorInfo");
#else
static_assert(offsetof(zts_host_callbacks, module_load) == 8 && offsetof(zts_host_callbacks, host_call) == 12 &&
                  offsetof(zts_host_callbacks, type_bind) == 24 && sizeof(zts_host_callbacks) == 28,
              "HostCallbackTable.cs: two uints, five IntPtrs");
static_assert(offsetof(zts_error_info, message) == 4 && offsetof(zts_error_info, importer_len) == 40 &&
                  offsetof(zts_error_info, exception_slot) == 48 && sizeof(zts_error_info) == 52,
              "ZtsNative.cs ZtsErrorInfo");
#endif

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

// One IntPtr of the managed declarations.
constexpr size_t P = sizeof(void *);

} // namespace

#define FIELD(T, f, at) Field{#f, offsetof(T, f), at}

TEST(Abi_Layout, ValueAndHostTable_MatchManagedDeclarations)
{
    expect_fields("zts_value", sizeof(zts_value), 16, {FIELD(zts_value, u, 0), FIELD(zts_value, tag, 8)});
    EXPECT_EQ(8u, sizeof(zts_value{}.u));
    expect_fields("zts_host_callbacks", sizeof(zts_host_callbacks), 8 + 5 * P,
                  {FIELD(zts_host_callbacks, size, 0), FIELD(zts_host_callbacks, version, 4),
                   FIELD(zts_host_callbacks, module_load, 8), FIELD(zts_host_callbacks, host_call, 8 + P),
                   FIELD(zts_host_callbacks, type_resolve, 8 + 2 * P), FIELD(zts_host_callbacks, namespace_list, 8 + 3 * P),
                   FIELD(zts_host_callbacks, type_bind, 8 + 4 * P)});
}

TEST(Abi_Layout, ParamSpecAndErrorInfo_MatchManagedDeclarations)
{
#if ZTS_TEST_LP64
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
#else
#if ZTS_TEST_I386
    // i386: the doubles follow type_name at 4-byte alignment.
    expect_fields("zts_param_spec", sizeof(zts_param_spec), 44,
                  {FIELD(zts_param_spec, accept, 0), FIELD(zts_param_spec, exact, 4), FIELD(zts_param_spec, type_id, 8),
                   FIELD(zts_param_spec, optional, 12), FIELD(zts_param_spec, type_name, 16),
                   FIELD(zts_param_spec, min_value, 20), FIELD(zts_param_spec, max_value, 28),
                   FIELD(zts_param_spec, single_char, 36), FIELD(zts_param_spec, element_accept, 40)});
#else
    // wasm32 (and ARMv7's AAPCS): the doubles 8-aligned, 4 bytes of padding after type_name.
    expect_fields("zts_param_spec", sizeof(zts_param_spec), 48,
                  {FIELD(zts_param_spec, accept, 0), FIELD(zts_param_spec, exact, 4), FIELD(zts_param_spec, type_id, 8),
                   FIELD(zts_param_spec, optional, 12), FIELD(zts_param_spec, type_name, 16),
                   FIELD(zts_param_spec, min_value, 24), FIELD(zts_param_spec, max_value, 32),
                   FIELD(zts_param_spec, single_char, 40), FIELD(zts_param_spec, element_accept, 44)});
#endif
    expect_fields("zts_error_info", sizeof(zts_error_info), 52,
                  {FIELD(zts_error_info, status, 0), FIELD(zts_error_info, message, 4),
                   FIELD(zts_error_info, message_len, 8), FIELD(zts_error_info, stack, 12),
                   FIELD(zts_error_info, stack_len, 16), FIELD(zts_error_info, name, 20),
                   FIELD(zts_error_info, name_len, 24), FIELD(zts_error_info, specifier, 28),
                   FIELD(zts_error_info, specifier_len, 32), FIELD(zts_error_info, importer, 36),
                   FIELD(zts_error_info, importer_len, 40), FIELD(zts_error_info, thrown_ref, 44),
                   FIELD(zts_error_info, exception_slot, 48)});
#endif
}

TEST(Abi_Layout, StructRef_MatchesManagedDeclaration)
{
    expect_fields("zts_struct_ref", sizeof(zts_struct_ref), 8 + P,
                  {FIELD(zts_struct_ref, type_id, 0), FIELD(zts_struct_ref, size, 4), FIELD(zts_struct_ref, bytes, 8)});
}

// The gate declares zts_value again (zts_gate_value) so that it compiles from its own folder: the same layout and
// tags, or the core and the gate read each other's values wrongly.
static_assert(sizeof(zts_gate_value) == sizeof(zts_value) && alignof(zts_gate_value) == alignof(zts_value) &&
                  offsetof(zts_gate_value, tag) == offsetof(zts_value, tag),
              "zts_mono_gate.h zts_gate_value is zts_value");
static_assert(ZTS_GATE_TAG_OBJECT == ZTS_TAG_OBJECT && ZTS_GATE_TAG_EXCEPTION == ZTS_TAG_EXCEPTION &&
                  ZTS_GATE_ERROR_SENTINEL == ZTS_CALLBACK_ERROR_SENTINEL,
              "the gate's tags are zts.h's");

TEST(Abi_Layout, GateValue_IsZtsValue)
{
    expect_fields("zts_gate_value", sizeof(zts_gate_value), sizeof(zts_value),
                  {FIELD(zts_gate_value, u, offsetof(zts_value, u)), FIELD(zts_gate_value, tag, offsetof(zts_value, tag))});
    EXPECT_EQ(alignof(zts_value), alignof(zts_gate_value));
}
