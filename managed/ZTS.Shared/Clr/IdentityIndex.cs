using System;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The ObjectRegistry's identity index: (object reference, view) -> slot, as a chained hash table keyed by
    /// slot: a bucket holds the first slot of its chain, and each slot its chain link and hash side by side (one
    /// cache line per chain step); the object and view of a candidate are read from the registry only when the
    /// hash matches. The index holds no references (no GC write barriers) and calls no comparer through an
    /// interface (the Dictionary it replaces was a quarter of a new object's push).
    /// </summary>
    internal sealed class IdentityIndex
    {
        private int[] _buckets = NewBuckets(1024); // first slot of each chain, -1: empty
        private int[] _links = new int[512];       // slot s: [2s] the next slot of its chain (-1: end), [2s + 1] its hash
        private int _count;

        private static int[] NewBuckets(int n)
        {
            var b = new int[n];
            for (int i = 0; i < n; i++) b[i] = -1;
            return b;
        }

        /// <summary>The hash of (identity hash code, view) that Find and Add take.</summary>
        public static int Hash(int identityHash, int view)
        {
            // MurmurHash3's finalizer: Mono's identity hash codes of objects allocated one after another
            // differ mostly in their high bits, and the buckets are chosen by the low ones.
            uint h = (uint)identityHash ^ (uint)view * 0x9E3779B1u;
            h ^= h >> 16;
            h *= 0x85EBCA6Bu;
            h ^= h >> 13;
            h *= 0xC2B2AE35u;
            return (int)(h ^ (h >> 16));
        }

        /// <summary>The slot of (obj, view), or -1.</summary>
        public int Find(object obj, int view, int hash, object[] objects, int[] views)
        {
            int[] links = _links;
            for (int s = _buckets[hash & (_buckets.Length - 1)]; s >= 0; s = links[2 * s])
                if (links[2 * s + 1] == hash && ReferenceEquals(objects[s], obj) && views[s] == view) return s;
            return -1;
        }

        /// <summary>Adds slot under hash (the caller knows its (object, view) is not indexed).</summary>
        public void Add(int slot, int hash)
        {
            if (2 * slot + 1 >= _links.Length) Array.Resize(ref _links, Math.Max(_links.Length * 2, 2 * slot + 2));
            if (2 * (_count + 1) > _buckets.Length) Rehash(); // at most one entry per two buckets: short chains
            int b = hash & (_buckets.Length - 1);
            _links[2 * slot] = _buckets[b];
            _links[2 * slot + 1] = hash;
            _buckets[b] = slot;
            _count++;
        }

        /// <summary>Removes an indexed slot.</summary>
        public void Remove(int slot)
        {
            int b = _links[2 * slot + 1] & (_buckets.Length - 1);
            int s = _buckets[b];
            if (s == slot)
            {
                _buckets[b] = _links[2 * slot];
                _count--;
                return;
            }
            for (; s >= 0; s = _links[2 * s])
            {
                if (_links[2 * s] != slot) continue;
                _links[2 * s] = _links[2 * slot];
                _count--;
                return;
            }
        }

        /// <summary>Empties the index.</summary>
        public void Clear()
        {
            for (int i = 0; i < _buckets.Length; i++) _buckets[i] = -1;
            _count = 0;
        }

        // Twice the buckets; every indexed slot is reachable from the old chains.
        private void Rehash()
        {
            int[] old = _buckets;
            int[] buckets = NewBuckets(old.Length * 2);
            int mask = buckets.Length - 1;
            foreach (int head in old)
            {
                for (int s = head; s >= 0;)
                {
                    int next = _links[2 * s];
                    int b = _links[2 * s + 1] & mask;
                    _links[2 * s] = buckets[b];
                    buckets[b] = s;
                    s = next;
                }
            }
            _buckets = buckets;
        }
    }
}
