#include "slot_table.h"

#include "identity_index.h"
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

struct Table {
    std::vector<Chunk> chunks;   // the objects (GC roots)
    std::vector<int32_t> views;  // the view of each slot below views.size()
    IdentityIndex identity;
};

std::unordered_map<JSContext *, Table> g_tables;
std::vector<Chunk> g_spare; // chunks of domains that are gone: rooted, cleared, reused
JSContext *g_last_ctx;
Table *g_last_table;

Table *table_of(JSContext *ctx, bool create)
{
    if (ctx == g_last_ctx && g_last_table != nullptr) return g_last_table;
    auto it = g_tables.find(ctx);
    if (it == g_tables.end()) {
        if (!create) return nullptr;
        it = g_tables.emplace(ctx, Table()).first;
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

void slot_set(JSContext *ctx, int32_t slot, void *obj, int32_t view)
{
    if (slot < 0) return;
    Table *table = table_of(ctx, obj != nullptr);
    if (table == nullptr) return;
    size_t chunk = static_cast<size_t>(slot >> kChunkBits);
    size_t index = static_cast<size_t>(slot);
    if (obj == nullptr) {
        if (chunk >= table->chunks.size()) return;
        void *&cell = table->chunks[chunk][slot & (kChunkSlots - 1)];
        // The entry goes before the root does: while indexed, the pointer is rooted and cannot be reused.
        if (cell != nullptr && index < table->views.size() && table->views[index] != kNoIdentity) {
            table->identity.remove(cell, table->views[index]);
        }
        cell = nullptr;
        return;
    }
    while (table->chunks.size() <= chunk) {
        Chunk c = new_chunk();
        if (c == nullptr) return; // out of memory: objects are then read through the managed registry
        table->chunks.push_back(c);
    }
    if (table->views.size() <= index) table->views.resize(table->chunks.size() * kChunkSlots, kNoIdentity);
    table->chunks[chunk][slot & (kChunkSlots - 1)] = obj;
    // Not indexed only when out of memory: a later push of the pair then gets a second slot (and exotic).
    table->views[index] = view != kNoIdentity && table->identity.add(obj, view, slot) ? view : kNoIdentity;
}

void *slot_get(JSContext *ctx, int32_t slot)
{
    Table *table = table_of(ctx, false);
    if (table == nullptr || slot < 0) return nullptr;
    size_t chunk = static_cast<size_t>(slot >> kChunkBits);
    return chunk < table->chunks.size() ? table->chunks[chunk][slot & (kChunkSlots - 1)] : nullptr;
}

int32_t slot_find(JSContext *ctx, const void *obj, int32_t view)
{
    Table *table = table_of(ctx, false);
    return table == nullptr ? -1 : table->identity.find(obj, view);
}

void slot_forget(JSContext *ctx)
{
    auto it = g_tables.find(ctx);
    if (it != g_tables.end()) {
        for (Chunk c : it->second.chunks) {
            std::memset(c, 0, kChunkSlots * sizeof(void *));
            g_spare.push_back(c);
        }
        g_tables.erase(it);
    }
    g_last_ctx = nullptr;
    g_last_table = nullptr;
}

} // namespace zts_player
