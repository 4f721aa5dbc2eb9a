// Assumptions the core makes about QuickJS internals, checked against the pinned QuickJS.
#include "clr/classes.h"
#include "quickjs.h"

#include <gtest/gtest.h>

// The C# array exotic reads index keys from tagged-int atoms without a string (clr/array_class.cpp array_index).
TEST(QuickJS_Atoms, IndexAtoms_AreTaggedInts)
{
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(rt);
    for (uint32_t key : {0u, 1u, 17u, 1000000u, 0x7ffffffeu}) {
        JSAtom atom = JS_NewAtomUInt32(ctx, key);
        EXPECT_EQ(zts::k_atom_tag_int | key, atom) << key;
        JSAtom from_string = JS_NewAtom(ctx, std::to_string(key).c_str());
        EXPECT_EQ(atom, from_string) << "a canonical decimal key is the same atom";
        JS_FreeAtom(ctx, from_string);
        JS_FreeAtom(ctx, atom);
    }
    JSAtom not_index = JS_NewAtom(ctx, "01");
    EXPECT_EQ(0u, not_index & zts::k_atom_tag_int) << "a non-canonical key is a string atom";
    JS_FreeAtom(ctx, not_index);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
}
