#include "slot_table.h"

#include "identity_index.h"
#include "zts_clr.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <unordered_map>
#include <vector>

namespace zts_player
{

namespace
{

constexpr int32_t kChunkBits = 12;
constexpr int32_t kChunkSlots = 1 << kChunkBits;

using Chunk = void **;

// Slots set since the last lookup wait before they are indexed (`waiting`): most objects a script makes are released
// before anything looks one up (a temporary `new T()`), and then they never touch the index. The first lookup indexes
// the ones still held, so every lookup sees every pair. Measured on 2026-12-05 (player_js_to_csharp_new_object_push,
// perf): indexing each new object and removing it again was ~15% of a push.
constexpr size_t kWaitingCompact = 4096; // compact the waiting list at this length (drop the released slots),
constexpr size_t kWaitingHeld = 2048;    // and index them all when this many are still held after that

struct Table {
    std::vector<Chunk> chunks;     // the objects (GC roots)
    std::vector<int32_t> views;    // the view of each slot below views.size(): indexed or waiting, else kNoIdentity
    std::vector<uint8_t> waits;    // per slot: its (object, view) waits to be indexed
    std::vector<int32_t> waiting;  // the slots that waited when set, in order (some released or set again since)
    IdentityIndex identity;
};

// Indexes every waiting slot that is still held.
void index_waiting(Table &t)
{
    for (int32_t slot : t.waiting) {
        auto index = static_cast<size_t>(slot);
        if (t.waits[index] == 0) continue; // released (or indexed by an earlier entry of the same slot)
        t.waits[index] = 0;
        void *obj = t.chunks[index >> kChunkBits][slot & (kChunkSlots - 1)];
        // Not indexed only when out of memory: a later push of the pair then gets a second slot (and exotic).
        if (!t.identity.add(obj, t.views[index], slot)) t.views[index] = kNoIdentity;
    }
    t.waiting.clear();
}

// Keeps the waiting list about as long as what it holds: the released entries go; when many are held, they are indexed.
void compact_waiting(Table &t)
{
    size_t kept = 0;
    for (int32_t slot : t.waiting) {
        if (t.waits[static_cast<size_t>(slot)] != 0) t.waiting[kept++] = slot;
    }
    t.waiting.resize(kept);
    if (kept >= kWaitingHeld) index_waiting(t);
}

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
            if (table->waits[index] != 0) table->waits[index] = 0; // never indexed
            else table->identity.remove(cell, table->views[index]);
        }
        cell = nullptr;
        return;
    }
    while (table->chunks.size() <= chunk) {
        Chunk c = new_chunk();
        if (c == nullptr) return; // out of memory: objects are then read through the managed registry
        table->chunks.push_back(c);
    }
    try {
        if (table->views.size() <= index) {
            table->views.resize(table->chunks.size() * kChunkSlots, kNoIdentity);
            table->waits.resize(table->views.size(), 0);
        }
        if (view != kNoIdentity) table->waiting.push_back(slot);
    } catch (const std::bad_alloc &) {
        return; // out of memory: as for a chunk
    }
    table->chunks[chunk][slot & (kChunkSlots - 1)] = obj;
    table->views[index] = view;
    table->waits[index] = view != kNoIdentity ? 1 : 0;
    if (table->waiting.size() >= kWaitingCompact) compact_waiting(*table);
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
    if (table == nullptr) return -1;
    if (!table->waiting.empty()) index_waiting(*table);
    return table->identity.find(obj, view);
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
