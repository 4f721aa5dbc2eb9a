// The rooted arena of struct copies that hold references (10-LIFETIME §3.2): on a runtime whose GC does not move
// objects (Il2Cpp, the Player's Boehm Mono), a struct with reference fields is a native copy too, and the GC must see
// the references in its bytes. The host gives the core one hook that registers a memory range as a GC root for the
// life of the process (zts_struct_set_root_hook); the arena takes memory in chunks, registers each chunk once, carves
// copies out of it and zeroes a copy's bytes when it is released, so a released copy keeps nothing alive.
//
// Why this is what Il2Cpp's RegisterPushRootCallback gives: that callback pushes the live copies' ranges at every
// mark phase, and the GC scans them conservatively; a registered root range is scanned at every mark phase too, also
// conservatively. A live copy's references are therefore marked while JS holds the copy, and a released copy's bytes
// are zero, so its referents are collected once nothing else holds them. The only difference is that the zeroed
// free space of a chunk is scanned as well (64 KiB a chunk: a few microseconds a collection).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace zts
{

/// Registers [start, start + size) as a GC root for the life of the process (the memory is never freed).
using RootHook = void (*)(void *start, size_t size);

/// One domain's blocks of rooted memory. Chunks come from a process-wide pool (a root cannot be unregistered, so a
/// chunk of a domain that is gone is zeroed and reused by the next one); blocks are 16-byte aligned and recycled per
/// size class. Used by one thread at a time (the domain's), the pool behind a lock.
class StructArena
{
  public:
    /// Sets the process's root hook (before the first domain that needs rooted copies; later calls replace it for
    /// chunks made afterwards). Null: no rooted copies.
    static void set_root_hook(RootHook hook);
    /// True when a root hook is set: copies that hold references can be made.
    static bool rooted();

    StructArena() = default;
    StructArena(const StructArena &) = delete;
    StructArena &operator=(const StructArena &) = delete;
    /// Zeroes every chunk and hands it back to the pool.
    ~StructArena();

    /// A zeroed block of at least size bytes (<= the chunk size), or nullptr when out of memory or no hook is set.
    void *take(size_t size);
    /// Zeroes a block from take(size) and keeps it for the next take of its size class.
    void give(void *block, size_t size);

  private:
    static constexpr size_t k_align = 16;
    std::vector<unsigned char *> chunks_;
    struct SizeClass {
        std::vector<void *> blocks; ///< free blocks
        size_t carved = 0;          ///< blocks ever carved from chunks (the capacity blocks keeps)
    };
    std::vector<SizeClass> free_; ///< per size class (size / k_align, rounded up)
    unsigned char *next_ = nullptr;         ///< the unused rest of the newest chunk
    size_t left_ = 0;
};

} // namespace zts
