// The C ABI's struct layouts as the managed side declares them, on every target the suite runs on: Linux x86-64
// (SysV, LP64), Windows x64 (LLP64, under wine: tools/test.sh), and the CPUs of docs/PLATFORMS.md: linux-arm64
// (LP64), linux-x86 (ILP32, i386 SysV: 8-byte scalars 4-aligned in structs) and wasm32 (ILP32, 8-byte scalars
// 8-aligned). The managed declarations are sequential layouts of the same fields (managed/ZTS.Shared/Native/*.cs,
// Clr/JsKinds.cs ParamSpec; Abi_StructMirror_MatchesHeader compares them with the same list): the structs and their
// fields are zts.h's ZTS_STRUCTS list, and each field's offset is what a sequential layout of the list's types gives on
// this data model. docs/C_ABI.md "Windows x64" has the audit, docs/PLATFORMS.md the 32-bit layouts.
#include <zts/zts.h>
#include "zts_mono_gate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#if UINTPTR_MAX != UINT64_MAX && UINTPTR_MAX != UINT32_MAX
#error "zts: a data model the ABI pins do not cover"
#endif

// zts_value is a union, outside the struct list: its 16 bytes are pinned here.
static_assert(sizeof(zts_value) == 16 && offsetof(zts_value, tag) == 8 && sizeof(zts_value{}.u) == 8,
              "JsValue.cs: Size = 16, Tag at 8, on every CPU (NaN-boxing targets convert: docs/PLATFORMS.md)");
static_assert(sizeof(zts_status) == 4, "statuses cross as C# int");

namespace
{

struct Field {
    const char *name;
    size_t offset; // offsetof in the struct the compiler laid out
    size_t size;   // sizeof the field's type in the list
};

// Where a sequential layout puts a field of this size: at its own size's alignment, but i386 SysV aligns 8-byte
// scalars (int64_t, double) to 4 inside structs, and the managed layout follows it there.
size_t sequential_alignment(size_t size)
{
#if defined(__i386__)
    return std::min<size_t>(size, 4);
#else
    return size;
#endif
}

size_t align_up(size_t at, size_t alignment)
{
    return (at + alignment - 1) / alignment * alignment;
}

// Each field at the offset the sequential layout of the list's types gives, and the struct's size that layout's.
void expect_sequential(const char *type, size_t size, const std::vector<Field> &fields)
{
    size_t at = 0;
    size_t widest = 1;
    std::string layout;
    for (const Field &f : fields) {
        size_t alignment = sequential_alignment(f.size);
        at = align_up(at, alignment);
        widest = std::max(widest, alignment);
        EXPECT_EQ(at, f.offset) << type << "." << f.name << ": a sequential layout of zts.h's list puts it at " << at;
        layout += std::string(" ") + f.name + "@" + std::to_string(f.offset);
        at += f.size;
    }
    EXPECT_EQ(align_up(at, widest), size) << "sizeof(" << type << "), fields" << layout;
}

} // namespace

TEST(Abi_Layout, Structs_MatchSequentialLayoutOfList)
{
    int structs = 0;
#define ZTS_TEST_FIELD(type, name) Field{#name, offsetof(S, name), sizeof(type)},
#define ZTS_TEST_STRUCT(name, FIELDS)                                                                                 \
    {                                                                                                                  \
        using S = name;                                                                                                \
        expect_sequential(#name, sizeof(S), {FIELDS(ZTS_TEST_FIELD)});                                                 \
        structs++;                                                                                                     \
    }
    ZTS_STRUCTS(ZTS_TEST_STRUCT)
#undef ZTS_TEST_STRUCT
#undef ZTS_TEST_FIELD
    EXPECT_GE(structs, 5) << "zts.h's ZTS_STRUCTS list";
}

TEST(Abi_Layout, Value_MatchesManagedDeclaration)
{
    EXPECT_EQ(16u, sizeof(zts_value));
    EXPECT_EQ(0u, offsetof(zts_value, u));
    EXPECT_EQ(8u, offsetof(zts_value, tag));
    EXPECT_EQ(8u, sizeof(zts_value{}.u));
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
    EXPECT_EQ(sizeof(zts_value), sizeof(zts_gate_value));
    EXPECT_EQ(offsetof(zts_value, u), offsetof(zts_gate_value, u));
    EXPECT_EQ(offsetof(zts_value, tag), offsetof(zts_gate_value, tag));
    EXPECT_EQ(alignof(zts_value), alignof(zts_gate_value));
}
