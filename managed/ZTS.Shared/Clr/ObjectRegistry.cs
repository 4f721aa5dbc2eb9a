using System;
using System.Runtime.CompilerServices;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The ObjectRegistry (10-LIFETIME §2): a slot per (object, view) pushed to JS. The slot array is the GC root that
    /// keeps an object alive while JS holds its exotic; the identity table gives the same slot (and so the same JS
    /// object) for the same object and view. Slots are freed only when the core reports that JS released the exotic
    /// (drained on the domain thread, in batches as new objects come and by the frame pump). The Editor backend keeps
    /// the slots here; the Player backend's are in its native slot table (Store), which this forwards to.
    /// </summary>
    internal sealed class ObjectRegistry
    {
        /// <summary>The object of each slot (null: free), the GC root of what JS holds. Emitted bridges read `this` from
        /// it in place (Get's rule); the array is replaced when the registry grows or compacts, so read it per call.</summary>
        internal object[] Objects = new object[MinCapacity];
        private int[] _views = new int[MinCapacity];
        private int[] _nextFree = new int[MinCapacity];
        private int _freeHead = -1;
        private int _used; // high-water mark
        private IdentityIndex _identity = new IdentityIndex();

        /// <summary>A backend's native slot table that owns the slots and the identity cache, or null (the Editor
        /// backend: the arrays here and the managed IdentityIndex). With a store every operation forwards to it and the
        /// arrays here stay empty. The Player backend's C++ bridges take slots for new objects, read `this` and object
        /// arguments, and find returned objects there without a managed hop; its chunks are GC roots and its identity
        /// cache is keyed by object pointer (docs/ARCHITECTURE.md "Where object identity lives"). Set while the
        /// registry is empty.</summary>
        internal ISlotStore Store { get; set; }

        /// <summary>Slot capacity (lifetime tests): the arrays here shrink when the registry is mostly empty; a store's
        /// table keeps what it grew to (the Player's chunks are GC roots for good, native/player/slot_table.h).</summary>
        public int Capacity
        {
            get { return Store != null ? Store.Capacity : Objects.Length; }
        }

        /// <summary>Objects currently registered (slots in use).</summary>
        public int Count
        {
            get { return Store != null ? Store.Count : _count; }
        }

        private int _count;

        /// <summary>The view of a slot that is not in the identity cache (a fresh struct box); the Player runtime's
        /// k_no_identity (native/player/slot_table.h).</summary>
        public const int NoIdentity = int.MinValue;

        /// <summary>The slot of (obj, view): the existing one or a new one.</summary>
        public int SlotOf(object obj, int view)
        {
            if (Store != null)
            {
                int found = Store.Find(obj, view);
                return found >= 0 ? found : NewSlot(obj, view);
            }
            int hash = IdentityIndex.Hash(RuntimeHelpers.GetHashCode(obj), view);
            int slot = _identity.Find(obj, view, hash, Objects, _views);
            if (slot >= 0) return slot;
            slot = NewSlot(obj, view);
            _identity.Add(slot, hash);
            return slot;
        }

        /// <summary>The slot of an object that cannot be registered yet (made by a constructor for this push): a new
        /// slot and identity entry without the lookup.</summary>
        public int SlotOfNew(object obj, int view)
        {
            int slot = NewSlot(obj, view);
            if (Store == null) _identity.Add(slot, IdentityIndex.Hash(RuntimeHelpers.GetHashCode(obj), view));
            return slot;
        }

        /// <summary>How many slots this registry has taken (the Editor's: a Store counts its own, slot_table.h's
        /// slot_taken). A constructor's bridge reads it before the constructor runs: when it is unchanged after, nothing
        /// was pushed meanwhile, so the new object cannot be in the identity cache and is entered without a lookup
        /// (ResultWriter.WriteNew); when it changed, the constructor may have handed `this` to JS, which must get that
        /// same JS object back from `new` (tests/conformance/objects.js test_Objects_Identity_ThisHandedOutByItsConstructor).</summary>
        internal int Taken;

        /// <summary>A new slot for a box nobody else holds (a struct copy boxed for this push): such a box can
        /// never be in the identity table, so it skips both the lookup and the entry.</summary>
        public int SlotOfFresh(object box)
        {
            return NewSlot(box, NoIdentity);
        }

        /// <summary>The core's count of released slots not drained yet (zts_domain_release_counter), or null.</summary>
        internal unsafe int* ReleasedPending;

        /// <summary>Drains the released slots into Release (JsDomain.DrainReleasedObjects).</summary>
        internal Func<int> DrainReleased;

        /// <summary>Released slots that make a registration drain them first.</summary>
        internal const int DrainBatch = 256;

        private unsafe int NewSlot(object obj, int view)
        {
            if (Store != null)
            {
                int taken = Store.Take(obj, view); // the store drains the released slots itself (slot_table.h)
                if (taken < 0) throw new OutOfMemoryException("zts: out of memory: no registry slot for a C# object pushed to JS");
                return taken;
            }
            // JS released these exotics (10-LIFETIME §2.1: a released handle unregisters its slot); taking them in
            // batches as new objects come keeps the registry, its identity index and the objects it roots as small
            // as what JS holds, instead of growing until the frame pump: a loop that makes many short-lived objects
            // otherwise keeps every one of them rooted (each survives the nursery and is copied by the GC) and looks
            // them up in an index far larger than the caches. Safe here: a slot found and not pushed yet is
            // only ever the result of the bridge that is returning, and no registration follows it.
            if (ReleasedPending != null && *ReleasedPending >= DrainBatch) DrainReleased();
            Taken++;
            int slot;
            if (_freeHead >= 0)
            {
                slot = _freeHead;
                _freeHead = _nextFree[slot];
            }
            else
            {
                if (_used == Objects.Length) Grow();
                slot = _used++;
            }
            Objects[slot] = obj;
            _views[slot] = view;
            _count++;
            if (_count > _peak) _peak = _count;
            return slot;
        }

        /// <summary>Whether slot holds obj seen as view (a slot a caller remembers may since have been freed and reused:
        /// then it holds another object, or the same one under another view, and this is false).</summary>
        public bool Holds(int slot, object obj, int view)
        {
            if (Store != null) return Store.Holds(slot, obj, view);
            return (uint)slot < (uint)_used && ReferenceEquals(Objects[slot], obj) && _views[slot] == view;
        }

        /// <summary>The object in slot (null for a free or unknown slot).</summary>
        public object Get(int slot)
        {
            if (Store != null) return Store.Get(slot);
            return (uint)slot < (uint)_used ? Objects[slot] : null;
        }

        /// <summary>Frees slot after JS released its exotic.</summary>
        public unsafe void Release(int slot)
        {
            Release(&slot, 1);
        }

        /// <summary>Frees n slots after JS released their exotics (one call into a store for all of them).</summary>
        public unsafe void Release(int* slots, int n)
        {
            if (Store != null) Store.Free(slots, n); // also drops their identity entries; a free slot stays free
            else for (int i = 0; i < n; i++) ReleaseOne(slots[i]);
        }

        private void ReleaseOne(int slot)
        {
            if ((uint)slot >= (uint)_used || Objects[slot] == null) return;
            if (_views[slot] != NoIdentity) _identity.Remove(slot);
            Objects[slot] = null;
            _nextFree[slot] = _freeHead;
            _freeHead = slot;
            _count--;
            _releasedSinceCompact++;
            if (Objects.Length > MinCapacity &&
                (_count == 0 || (_releasedSinceCompact >= Objects.Length / 8 && _count <= Objects.Length / 8)))
                Compact();
            if (_count == 0)
            {
                _previousPeak = _peak;
                _peak = 0;
            }
        }

        // A frame that held a million objects must not keep their capacity until Reset. Slots are shared
        // with the core (an exotic knows its slot), so live objects never move: when at most an eighth of the slots
        // is used, everything above the highest live slot is cut off (arrays and identity table made anew) if that
        // frees at least half. Either way the free list is rebuilt lowest slot first, so the next frames fill the
        // bottom and the top drains. A check costs O(capacity) and comes at most once per capacity/8 releases: O(1)
        // amortized per release (an empty registry starts over at once).
        private const int MinCapacity = 256;
        private int _releasedSinceCompact;

        // The most objects registered at once since the registry was last empty, and before that. A workload that
        // fills and empties the registry every frame keeps the capacity both its last two fills needed: shrinking
        // while each frame's releases drained made every frame regrow the arrays and rebuild the identity index (a
        // fifth of a push when each frame pushed many objects). One frame of many objects is still given back at once.
        private int _peak;
        private int _previousPeak;

        private void Compact()
        {
            _releasedSinceCompact = 0;
            int top = _count == 0 ? -1 : _used - 1; // empty: nothing to scan
            while (top >= 0 && Objects[top] == null) top--;
            int keep = Math.Min(_peak, _previousPeak);
            int capacity = MinCapacity;
            while (capacity < 2 * (top + 1) || capacity < 2 * keep) capacity *= 2; // keep: room to fill, not a regrow per fill
            if (capacity <= Objects.Length / 2)
            {
                var objects = new object[capacity];
                var views = new int[capacity];
                Array.Copy(Objects, objects, top + 1);
                Array.Copy(_views, views, top + 1);
                var identity = new IdentityIndex();
                for (int slot = 0; slot <= top; slot++)
                    if (objects[slot] != null && views[slot] != NoIdentity)
                        identity.Add(slot, IdentityIndex.Hash(RuntimeHelpers.GetHashCode(objects[slot]), views[slot]));
                Array.Clear(Objects, 0, top + 1); // see Grow: a discarded array must not root what it held
                Objects = objects;
                _views = views;
                _nextFree = new int[capacity];
                _identity = identity;
                _used = top + 1;
            }
            _freeHead = -1;
            for (int slot = _used - 1; slot >= 0; slot--)
            {
                if (Objects[slot] != null) continue;
                _nextFree[slot] = _freeHead;
                _freeHead = slot;
            }
        }

        /// <summary>Drops every object (Shutdown, 10-LIFETIME §2.4).</summary>
        public unsafe void Clear()
        {
            if (Store != null) Store.FreeAll();
            Array.Clear(Objects, 0, Objects.Length);
            _identity.Clear();
            _freeHead = -1;
            _used = 0;
            _count = 0;
            _peak = _previousPeak = 0;
        }

        private void Grow()
        {
            int n = Objects.Length * 2;
            // Boehm (Il2Cpp, the Player's Mono) scans conservatively: one stray word that looks like the address of the
            // discarded array would keep every object it still held alive for good, long after JS released them; more
            // likely at 32 bits, where more words look like heap addresses (Lifetime_MillionObjects_RegistryBackToBaseline
            // counts what stays). Emptying it costs one pass per doubling.
            object[] discarded = Objects;
            Array.Resize(ref Objects, n);
            Array.Clear(discarded, 0, discarded.Length);
            Array.Resize(ref _views, n);
            Array.Resize(ref _nextFree, n);
        }
    }
}
