// Struct copies (10-LIFETIME §3.1, native/core/clr/struct_copies.h): a copy holds its bytes; the core reads and writes
// the layout's fields on them, and calls a field's bridge only for a value it does not convert exactly.
#include "support/native_host.h"

#include <cstring>

using zts_test::NativeHost;

namespace
{

struct V2 {
    float x;
    int32_t n;
};

// Demo.V2 { float x; int n; } with a copy layout; each field's bridges count their calls (the fallback path).
class Struct_Copies : public NativeHost
{
  protected:
    int32_t type_id = 0;
    int fallback_sets = 0;

    void SetUp() override
    {
        NativeHost::SetUp();
        resolve_ = [this](const std::string &name, zts_type_request *req) {
            if (name == "Demo") {
                zts_type_request_namespace(req);
            } else if (name == "Demo.V2") {
                zts_type_request_type(req, type_id);
            }
        };
        ASSERT_EQ(ZTS_OK, zts_type_declare(d, "Demo.V2", "V2", 0, 0, 0, &type_id));
        bind_ = [this](int32_t id, zts_type_request *) {
            if (id != type_id) {
                return 0;
            }
            auto get = bridge([](zts_domain *, int, zts_value *, zts_value *, std::string *) {
                zts_value v{};
                v.tag = ZTS_TAG_INT;
                v.u.int32 = -1; // what the bridge would read: the core does not call it for exact values
                return v;
            });
            auto set = bridge([this](zts_domain *, int, zts_value *, zts_value *, std::string *error) {
                fallback_sets++;
                *error = "zts: cannot convert (the rule set's error)";
                return zts_value{};
            });
            zts_type_add_property(d, type_id, "x", 0, get, set);
            zts_type_add_property(d, type_id, "n", 0, get, set);
            zts_copy_field fields[2] = {{"x", 0, ZTS_COPY_FIELD_R4, 0}, {"n", 4, ZTS_COPY_FIELD_I4, 0}};
            return zts_type_set_copy_layout(d, type_id, sizeof(V2), 2, fields, 0);
        };
    }

    zts_value copy_of(V2 v)
    {
        zts_value out{};
        EXPECT_EQ(ZTS_OK, zts_struct_new(d, type_id, &v, &out)) << error_message();
        return out;
    }

    V2 bytes_of(zts_value v)
    {
        zts_struct_ref *ref = nullptr;
        EXPECT_EQ(ZTS_OK, zts_struct_ref_of(d, v, &ref));
        V2 out{};
        std::memcpy(&out, ref->bytes, sizeof out);
        EXPECT_EQ(type_id, ref->type_id);
        EXPECT_EQ(static_cast<int32_t>(sizeof(V2)), ref->size);
        return out;
    }
};

// zts_function_call consumes its arguments: each function hands the copy back for the checks.
TEST_F(Struct_Copies, Fields_ReadAndWrittenOnTheBytes)
{
    module("m", "export function f(v) { v.n = v.n + 1; v.x = v.x * 2; globalThis.sum = v.x + v.n; return v; }\n"
                "export function sum() { return globalThis.sum; }");
    zts_value v{};
    ASSERT_EQ(ZTS_OK, call(function("m", "f"), {copy_of(V2{1.5f, 7})}, &v)) << error_message();
    V2 b = bytes_of(v);
    EXPECT_EQ(3.0f, b.x);
    EXPECT_EQ(8, b.n);
    EXPECT_EQ(0, fallback_sets);
    zts_value r{};
    ASSERT_EQ(ZTS_OK, call(function("m", "sum"), {}, &r));
    EXPECT_EQ(11.0, r.tag == ZTS_TAG_INT ? r.u.int32 : r.u.float64);
    EXPECT_EQ(1, zts_struct_live_count(d));
    zts_value_free(d, v);
    // Only where QuickJS can tell that JS dropped it (quickjs-unobserved-object.patch, runtime/quickjs_seam.h); stock
    // QuickJS reuses nothing, so nothing is kept.
    EXPECT_EQ(ZTS_QUICKJS_PATCHES ? 1 : 0, zts_struct_live_count(d)) << "the type keeps its last copy as a spare";
}

// A dropped copy is reused for the next one of its type (no allocation); one JS still holds, or that JS changed (an own
// property, frozen), is not.
TEST_F(Struct_Copies, DroppedCopy_ReusedOnlyWhenUnobservable)
{
#if !ZTS_QUICKJS_PATCHES
    GTEST_SKIP() << "reuse needs tools/patches/quickjs-unobserved-object.patch and quickjs-same-shape.patch: stock "
                    "QuickJS makes a new copy each time (runtime/quickjs_seam.h)";
#endif
    zts_value a = copy_of(V2{1, 1});
    zts_struct_ref *first = nullptr;
    ASSERT_EQ(ZTS_OK, zts_struct_ref_of(d, a, &first));
    zts_value b = copy_of(V2{2, 2});
    EXPECT_EQ(2, zts_struct_live_count(d)) << "a is held: b is a new copy";
    EXPECT_EQ(1, bytes_of(a).n);
    zts_value_free(d, a);
    zts_value_free(d, b); // b is the spare now
    zts_value c = copy_of(V2{3, 3});
    EXPECT_EQ(1, zts_struct_live_count(d)) << "c reused the dropped spare";
    EXPECT_EQ(3, bytes_of(c).n);
    module("m", "export function f(v) { Object.freeze(v); return 0; }");
    zts_value r{};
    ASSERT_EQ(ZTS_OK, call(function("m", "f"), {c}, &r)) << error_message(); // c is consumed and dropped, frozen
    zts_value e = copy_of(V2{4, 4});
    module("n", "export function g(v) { return Object.isFrozen(v); }");
    ASSERT_EQ(ZTS_OK, call(function("n", "g"), {e}, &r)) << error_message();
    EXPECT_EQ(ZTS_TAG_BOOL, r.tag);
    EXPECT_EQ(0, r.u.int32) << "a frozen copy is not reused";
    (void)first;
}

TEST_F(Struct_Copies, InexactValue_GoesToTheFieldsBridge)
{
    module("m", "export function f(v) { try { v.n = 1.5; globalThis.msg = 'stored'; } catch (e) { globalThis.msg = String(e.message); } return v; }\n"
                "export function msg() { return globalThis.msg; }");
    zts_value v{};
    ASSERT_EQ(ZTS_OK, call(function("m", "f"), {copy_of(V2{0, 3})}, &v)) << error_message();
    zts_value r{};
    ASSERT_EQ(ZTS_OK, call(function("m", "msg"), {}, &r));
    EXPECT_EQ("zts: cannot convert (the rule set's error)", take_string(r));
    EXPECT_EQ(1, fallback_sets);
    EXPECT_EQ(3, bytes_of(v).n) << "the refused value left the bytes alone";
    zts_value_free(d, v);
}

TEST_F(Struct_Copies, Layout_RefusesBadFields)
{
    zts_copy_field past_end[1] = {{"x", 8, ZTS_COPY_FIELD_R4, 0}};
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_type_set_copy_layout(d, type_id, 8, 1, past_end, 0));
    zts_copy_field bad_code[1] = {{"x", 0, 99, 0}};
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_type_set_copy_layout(d, type_id, 8, 1, bad_code, 0));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_type_set_copy_layout(d, type_id, ZTS_COPY_MAX_SIZE + 1, 0, nullptr, 0));
    zts_value not_a_copy{};
    not_a_copy.tag = ZTS_TAG_INT;
    zts_struct_ref *ref = nullptr;
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_struct_ref_of(d, not_a_copy, &ref));
}

} // namespace
