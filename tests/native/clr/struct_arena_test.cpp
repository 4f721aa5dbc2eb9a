// The rooted arena (native/core/clr/struct_arena.h): copies of a struct that holds references live in the host's
// rooted memory (zts_struct_set_rooted_memory), as does the domain's result buffer; a released copy's bytes are zeroed,
// so the GC's conservative scan finds nothing of it; a domain that is gone keeps at most 16 chunks for the next one.
#include "support/native_host.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <vector>

using zts_test::NativeHost;

namespace
{

// What a GC's fixed memory would have seen: every block the core holds now, and how many it ever took and gave back.
std::map<const unsigned char *, size_t> g_live;
size_t g_allocated = 0;
size_t g_freed = 0;

void *rooted_alloc(size_t size)
{
    // 16-byte aligned, as zts_rooted_alloc_fn promises (Emscripten's calloc gives 8 on wasm32).
    void *p = ::operator new(size, std::align_val_t(16), std::nothrow);
    if (p != nullptr) {
        std::memset(p, 0, size);
        g_live[static_cast<const unsigned char *>(p)] = size;
        g_allocated++;
    }
    return p;
}

void rooted_free(void *block)
{
    EXPECT_EQ(1u, g_live.erase(static_cast<const unsigned char *>(block))) << "freed a block it was not given";
    g_freed++;
    ::operator delete(block, std::align_val_t(16));
}

bool in_roots(const void *p, size_t size)
{
    auto *b = static_cast<const unsigned char *>(p);
    for (const auto &r : g_live) {
        if (b >= r.first && b + size <= r.first + r.second) {
            return true;
        }
    }
    return false;
}

// Demo.Held { object ref; int32 n; }, the reference stood in by a pointer-sized number.
struct Held {
    void *ref;
    int32_t n;
};

class Struct_Arena : public NativeHost
{
  protected:
    int32_t type_id = 0;
    int32_t layout_status = ZTS_OK;

    void SetUp() override
    {
        ASSERT_EQ(ZTS_OK, zts_struct_set_rooted_memory(&rooted_alloc, &rooted_free)); // before the domain: its result buffer is rooted too
        NativeHost::SetUp();
        resolve_ = [this](const std::string &name, zts_type_request *req) {
            if (name == "Demo") {
                zts_type_request_namespace(req);
            } else if (name == "Demo.Held") {
                zts_type_request_type(req, type_id);
            }
        };
        ASSERT_EQ(ZTS_OK, zts_type_declare(d, "Demo.Held", "Held", 0, 0, 0, &type_id));
        bind_ = [this](int32_t id, zts_type_request *) {
            if (id != type_id) {
                return 0;
            }
            auto get = bridge([](zts_domain *, int, zts_value *, zts_value *, std::string *) { return zts_value{}; });
            zts_type_add_property(d, type_id, "n", 0, get, get);
            zts_copy_field fields[1] = {{"n", static_cast<int32_t>(offsetof(Held, n)), ZTS_COPY_FIELD_I4, 0}}; // 8, or 4 on 32-bit targets
            layout_status = zts_type_set_copy_layout(d, type_id, sizeof(Held), 1, fields, ZTS_COPY_SCANNED);
            return layout_status;
        };
    }

    void TearDown() override
    {
        NativeHost::TearDown();
        EXPECT_LE(g_live.size(), 16u) << "a domain that is gone keeps at most 16 chunks of rooted memory";
        zts_struct_set_rooted_memory(nullptr, nullptr);
        EXPECT_TRUE(g_live.empty()) << "replacing the rooted memory frees the chunks kept for later domains";
    }

    zts_value copy_of(Held v)
    {
        zts_value out{};
        EXPECT_EQ(ZTS_OK, zts_struct_new(d, type_id, &v, &out)) << error_message();
        return out;
    }

    zts_struct_ref *ref_of(zts_value v)
    {
        zts_struct_ref *ref = nullptr;
        EXPECT_EQ(ZTS_OK, zts_struct_ref_of(d, v, &ref));
        return ref;
    }
};

TEST_F(Struct_Arena, ScannedCopy_LivesInARegisteredRoot)
{
    int referent = 0;
    zts_value a = copy_of(Held{&referent, 7});
    ASSERT_EQ(ZTS_OK, layout_status);
    zts_struct_ref *ref = ref_of(a);
    EXPECT_TRUE(in_roots(ref->bytes, sizeof(Held))) << "the copy's bytes are where the GC scans";
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_struct_set_rooted_memory(&rooted_alloc, nullptr)) << "an allocator without its free";
    Held back{};
    std::memcpy(&back, ref->bytes, sizeof back);
    EXPECT_EQ(&referent, back.ref);
    EXPECT_EQ(0u, reinterpret_cast<uintptr_t>(ref->bytes) % 16) << "bytes are 16-byte aligned";
    zts_struct_ref *result = zts_domain_struct_result(d);
    EXPECT_TRUE(in_roots(result->bytes, ZTS_COPY_MAX_SIZE)) << "a struct result waits in a rooted buffer";
    module("m", "export function n(v) { v.n = v.n + 1; return v; }");
    zts_value r{};
    ASSERT_EQ(ZTS_OK, call(function("m", "n"), {a}, &r)) << error_message(); // a is consumed, r is the same copy
    std::memcpy(&back, ref_of(r)->bytes, sizeof back);
    EXPECT_EQ(8, back.n) << "number fields are read and written on the copy as for any copy";
    EXPECT_EQ(&referent, back.ref);
    zts_value_free(d, r);
}

TEST_F(Struct_Arena, ReleasedCopy_BytesZeroed)
{
    int referent = 0;
    zts_value a = copy_of(Held{&referent, 1});
    const void *bytes = ref_of(a)->bytes;
    EXPECT_EQ(1, zts_struct_live_count(d));
    zts_value_free(d, a);
    EXPECT_EQ(0, zts_struct_live_count(d)) << "no spare: a dropped copy that holds references is released at once";
    unsigned char zero[sizeof(Held)] = {};
    EXPECT_EQ(0, std::memcmp(bytes, zero, sizeof zero)) << "a released copy keeps no reference in the root";
    zts_value c = copy_of(Held{&referent, 3});
    EXPECT_EQ(bytes, ref_of(c)->bytes) << "the block is reused for the next copy of its size";
    zts_value_free(d, c);
}

// 40 chunks' worth of copies (4096 16-byte copies a 64 KiB chunk): after the domain, 16 chunks are kept and the rest
// go back to the GC. Before, every chunk stayed registered as a root for the life of the process: a Player kept its
// high-water mark of rooted memory after a Reset, and every collection scanned it.
TEST_F(Struct_Arena, DomainGone_KeepsAtMostSixteenChunks)
{
    int referent = 0;
    std::vector<zts_value> copies;
    for (int i = 0; i < 40 * 4096; i++) {
        copies.push_back(copy_of(Held{&referent, i}));
    }
    ASSERT_EQ(ZTS_OK, layout_status);
    EXPECT_GE(g_live.size(), 40u);
    for (zts_value &v : copies) {
        zts_value_free(d, v);
    }
    size_t before = g_freed;
    NativeHost::TearDown();
    d = nullptr;
    EXPECT_EQ(16u, g_live.size()) << "the pool keeps 16 chunks for the next domain";
    EXPECT_GE(g_freed - before, 25u) << "the domain's other chunks were freed";
    size_t allocated = g_allocated;
    NativeHost::SetUp(); // the next domain (the fixture's TearDown frees it) takes the pooled chunks
    ASSERT_EQ(ZTS_OK, zts_type_declare(d, "Demo.Held", "Held", 0, 0, 0, &type_id));
    zts_value again = copy_of(Held{&referent, 1});
    EXPECT_EQ(allocated, g_allocated) << "a new domain reuses a pooled chunk";
    zts_value_free(d, again);
}

// Without rooted memory a struct that holds references cannot be a copy: the managed side keeps it boxed (§3.3).
class Struct_ArenaNoRootedMemory : public NativeHost
{
  protected:
    void SetUp() override
    {
        zts_struct_set_rooted_memory(nullptr, nullptr);
        NativeHost::SetUp();
    }
};

TEST_F(Struct_ArenaNoRootedMemory, ScannedLayout_Refused)
{
    int32_t id = 0;
    ASSERT_EQ(ZTS_OK, zts_type_declare(d, "Demo.Held", "Held", 0, 0, 0, &id));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_type_set_copy_layout(d, id, sizeof(Held), 0, nullptr, ZTS_COPY_SCANNED));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_type_set_copy_layout(d, id, sizeof(Held), 0, nullptr, 2)) << "an unknown flag";
    EXPECT_EQ(ZTS_OK, zts_type_set_copy_layout(d, id, sizeof(Held), 0, nullptr, 0));
}

} // namespace
