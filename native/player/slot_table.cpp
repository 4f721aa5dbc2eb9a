#include "slot_table.h"

#include "zts_clr.h"

#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace zts_player
{

namespace
{

constexpr int32_t kChunkBits = 12;
constexpr int32_t kChunkSlots = 1 << kChunkBits;

using Chunk = void **;

std::unordered_map<JSContext *, std::vector<Chunk>> g_tables;
std::vector<Chunk> g_spare; // chunks of domains that are gone: rooted, cleared, reused
JSContext *g_last_ctx;
std::vector<Chunk> *g_last_table;

std::vector<Chunk> *table_of(JSContext *ctx, bool create)
{
    if (ctx == g_last_ctx && g_last_table != nullptr) return g_last_table;
    auto it = g_tables.find(ctx);
    if (it == g_tables.end()) {
        if (!create) return nullptr;
        it = g_tables.emplace(ctx, std::vector<Chunk>()).first;
    }
    g_last_ctx = ctx;
    g_last_table = &it->second;
    return g_last_table;
}

Chunk new_chunk()
{
    if (!g_spare.empty()) {
        Chunk c = g_spare.back();
        g_spare.pop_back();
        return c;
    }
    auto c = static_cast<Chunk>(std::calloc(kChunkSlots, sizeof(void *)));
    if (c != nullptr) zts_clr_gc_register_root(c, kChunkSlots * sizeof(void *), "zts player slot table");
    return c;
}

} // namespace

void slot_set(JSContext *ctx, int32_t slot, void *obj)
{
    if (slot < 0) return;
    std::vector<Chunk> *table = table_of(ctx, obj != nullptr);
    if (table == nullptr) return;
    size_t chunk = static_cast<size_t>(slot >> kChunkBits);
    while (obj != nullptr && table->size() <= chunk) {
        Chunk c = new_chunk();
        if (c == nullptr) return; // out of memory: `this` is then read through the managed registry
        table->push_back(c);
    }
    if (chunk < table->size()) (*table)[chunk][slot & (kChunkSlots - 1)] = obj;
}

void *slot_get(JSContext *ctx, int32_t slot)
{
    std::vector<Chunk> *table = table_of(ctx, false);
    if (table == nullptr || slot < 0) return nullptr;
    size_t chunk = static_cast<size_t>(slot >> kChunkBits);
    return chunk < table->size() ? (*table)[chunk][slot & (kChunkSlots - 1)] : nullptr;
}

void slot_forget(JSContext *ctx)
{
    auto it = g_tables.find(ctx);
    if (it != g_tables.end()) {
        for (Chunk c : it->second) {
            std::memset(c, 0, kChunkSlots * sizeof(void *));
            g_spare.push_back(c);
        }
        g_tables.erase(it);
    }
    g_last_ctx = nullptr;
    g_last_table = nullptr;
}

} // namespace zts_player
