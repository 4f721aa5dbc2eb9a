#include "slot_table.h"

#include "core_table.h"
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

constexpr int32_t k_chunk_bits = 12;
constexpr int32_t k_chunk_slots = 1 << k_chunk_bits;

using Chunk = void **;

// Slots set since the last lookup wait before they are indexed (`waiting`): most objects a script makes are released
// before anything looks one up (a temporary `new T()`), and then they never touch the index. The first lookup indexes
// the ones still held, so every lookup sees every pair. Measured on 2026-12-05 (player_js_to_csharp_new_object_push,
// perf): indexing each new object and removing it again was ~15% of a push.
constexpr size_t k_waiting_compact = 4096; // compact the waiting list at this length (drop the released slots),
constexpr size_t k_waiting_held = 2048;    // and index them all when this many are still held after that

struct Table {
    std::vector<Chunk> chunks;     // the objects (GC roots)
    std::vector<int32_t> views;    // the view of each slot below views.size(): indexed or waiting, else k_no_identity
    std::vector<uint8_t> waits;    // per slot: its (object, view) waits to be indexed
    std::vector<int32_t> waiting;  // the slots that waited when set, in order (some released or set again since)
    IdentityIndex identity;
    std::vector<int32_t> free;     // freed slots, taken again last freed first (they are warm in the caches)
    int32_t used = 0;              // slots below this were taken at least once
    int32_t count = 0;             // slots in use
    uint32_t taken = 0;            // slots taken so far (slot_taken)
    zts_domain *domain = nullptr;  // whose released slots slot_take drains
    const int32_t *pending = nullptr; // zts_domain_release_counter(domain)
};

// Indexes every waiting slot that is still held.
void index_waiting(Table &t)
{
    for (int32_t slot : t.waiting) {
        auto index = static_cast<size_t>(slot);
        if (t.waits[index] == 0) continue; // released (or indexed by an earlier entry of the same slot)
        t.waits[index] = 0;
        void *obj = t.chunks[index >> k_chunk_bits][slot & (k_chunk_slots - 1)];
        // Not indexed only when out of memory: a later push of the pair then gets a second slot (and exotic).
        if (!t.identity.add(obj, t.views[index], slot)) t.views[index] = k_no_identity;
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
    if (kept >= k_waiting_held) index_waiting(t);
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
    auto c = static_cast<Chunk>(std::calloc(k_chunk_slots, sizeof(void *)));
    if (c != nullptr) zts_clr_gc_register_root(c, k_chunk_slots * sizeof(void *), "zts player slot table");
    return c;
}

Chunk &chunk_of(Table &t, int32_t slot) { return t.chunks[static_cast<size_t>(slot >> k_chunk_bits)]; }

void *&cell_of(Table &t, int32_t slot) { return chunk_of(t, slot)[slot & (k_chunk_slots - 1)]; }

// Empties a held slot and puts it on the free list. The identity entry goes before the root does: while indexed, the
// pointer is rooted and cannot be reused.
void free_slot(Table &t, int32_t slot)
{
    if (slot < 0 || slot >= t.used) return;
    void *&cell = cell_of(t, slot);
    if (cell == nullptr) return; // free already: the core hands a slot out once, but a free slot stays free
    auto index = static_cast<size_t>(slot);
    if (t.views[index] != k_no_identity) {
        if (t.waits[index] != 0) t.waits[index] = 0; // never indexed
        else t.identity.remove(cell, t.views[index]);
    }
    cell = nullptr;
    t.free.push_back(slot); // reserved by slot_take: cannot fail
    t.count--;
}

// The slots JS released since the last drain (the core's release queue), freed.
void drain_released(Table &t)
{
    int32_t released[k_drain_batch];
    for (;;) {
        int32_t n = g_core->object_take_released(t.domain, released, k_drain_batch);
        for (int32_t i = 0; i < n; i++) free_slot(t, released[i]);
        if (n < k_drain_batch) return;
    }
}

} // namespace

void slot_open(JSContext *ctx, zts_domain *domain)
{
    slot_forget(ctx);
    Table *table = table_of(ctx, true);
    table->domain = domain;
    table->pending = g_core->domain_release_counter(domain);
}

int32_t slot_take(JSContext *ctx, void *obj, int32_t view)
{
    Table *table = table_of(ctx, false);
    if (table == nullptr || obj == nullptr) return -1;
    // Safe here: a slot found and not pushed yet is only ever the result of the bridge that is returning, and no
    // other slot is taken before it is pushed (ObjectRegistry.NewSlot's rule).
    if (table->pending != nullptr && *table->pending >= k_drain_batch) drain_released(*table);
    try {
        if (table->free.empty() && static_cast<size_t>(table->used >> k_chunk_bits) >= table->chunks.size()) {
            // Room first (a throw leaves only larger arrays), then the chunk: the free list can then hold every slot,
            // so free_slot never allocates.
            size_t slots = (table->chunks.size() + 1) * k_chunk_slots;
            table->chunks.reserve(table->chunks.size() + 1);
            table->views.resize(slots, k_no_identity);
            table->waits.resize(slots, 0);
            table->free.reserve(slots);
            Chunk c = new_chunk();
            if (c == nullptr) return -1;
            table->chunks.push_back(c);
        }
        int32_t next = table->free.empty() ? table->used : table->free.back();
        if (view != k_no_identity) table->waiting.push_back(next);
    } catch (const std::bad_alloc &) {
        return -1; // out of memory: the caller reports it
    }
    int32_t slot;
    if (table->free.empty()) {
        slot = table->used++;
    } else {
        slot = table->free.back();
        table->free.pop_back();
    }
    auto index = static_cast<size_t>(slot);
    cell_of(*table, slot) = obj;
    table->views[index] = view;
    table->waits[index] = view != k_no_identity ? 1 : 0;
    table->count++;
    table->taken++;
    if (table->waiting.size() >= k_waiting_compact) compact_waiting(*table);
    return slot;
}

uint32_t slot_taken(JSContext *ctx)
{
    Table *table = table_of(ctx, false);
    return table != nullptr ? table->taken : 0;
}

void slot_free(JSContext *ctx, int32_t slot)
{
    Table *table = table_of(ctx, false);
    if (table != nullptr) free_slot(*table, slot);
}

void slot_free_all(JSContext *ctx)
{
    Table *table = table_of(ctx, false);
    if (table == nullptr) return;
    for (int32_t slot = 0; slot < table->used; slot++) free_slot(*table, slot);
}

bool slot_holds(JSContext *ctx, int32_t slot, const void *obj, int32_t view)
{
    Table *table = table_of(ctx, false);
    return table != nullptr && slot >= 0 && slot < table->used && cell_of(*table, slot) == obj && obj != nullptr &&
           table->views[static_cast<size_t>(slot)] == view;
}

int32_t slot_count(JSContext *ctx)
{
    Table *table = table_of(ctx, false);
    return table != nullptr ? table->count : 0;
}

int32_t slot_capacity(JSContext *ctx)
{
    Table *table = table_of(ctx, false);
    return table != nullptr ? static_cast<int32_t>(table->chunks.size()) * k_chunk_slots : 0;
}

void *slot_get(JSContext *ctx, int32_t slot)
{
    Table *table = table_of(ctx, false);
    if (table == nullptr || slot < 0) return nullptr;
    size_t chunk = static_cast<size_t>(slot >> k_chunk_bits);
    return chunk < table->chunks.size() ? table->chunks[chunk][slot & (k_chunk_slots - 1)] : nullptr;
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
            std::memset(c, 0, k_chunk_slots * sizeof(void *));
            g_spare.push_back(c);
        }
        g_tables.erase(it);
    }
    g_last_ctx = nullptr;
    g_last_table = nullptr;
}

} // namespace zts_player
