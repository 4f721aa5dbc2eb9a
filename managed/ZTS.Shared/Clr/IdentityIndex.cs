using System;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The ObjectRegistry's identity index: (object reference, view) -> slot, as a chained hash table over the
    /// registry's own slot arrays: a bucket holds the first slot of its chain and each slot the next one, so the
    /// registry's slot arrays are the entries. The index holds no references (no GC write barriers), calls no
    /// comparer through an interface, and keeps its random-access part to one int per bucket (issue 9: the
    /// Dictionary it replaces was a quarter of a new object's push).
    /// </summary>
    internal sealed class IdentityIndex
    {
        private int[] _buckets = NewBuckets(1024); // first slot of each chain, -1: empty
        private int[] _next = new int[256];        // per slot: the next slot of its chain, -1: end
        private int _count;

        private static int[] NewBuckets(int n)
        {
            var b = new int[n];
            for (int i = 0; i < n; i++) b[i] = -1;
            return b;
        }

        /// <summary>The hash of (identity hash code, view) that Find, Add and Remove take.</summary>
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

        /// <summary>The slot of (obj, view), or -1; hashes[s] is the Hash each indexed slot s was added under.</summary>
        public int Find(object obj, int view, int hash, object[] objects, int[] views, int[] hashes)
        {
            for (int s = _buckets[hash & (_buckets.Length - 1)]; s >= 0; s = _next[s])
                if (hashes[s] == hash && ReferenceEquals(objects[s], obj) && views[s] == view) return s;
            return -1;
        }

        /// <summary>Adds slot under hash (the caller knows its (object, view) is not indexed).</summary>
        public void Add(int slot, int hash, int[] hashes)
        {
            if (slot >= _next.Length) Array.Resize(ref _next, Math.Max(_next.Length * 2, slot + 1));
            if (_count + 1 > _buckets.Length) Rehash(hashes);
            int b = hash & (_buckets.Length - 1);
            _next[slot] = _buckets[b];
            _buckets[b] = slot;
            _count++;
        }

        /// <summary>Removes slot, added under hash.</summary>
        public void Remove(int slot, int hash)
        {
            int b = hash & (_buckets.Length - 1);
            int s = _buckets[b];
            if (s == slot)
            {
                _buckets[b] = _next[slot];
                _count--;
                return;
            }
            for (; s >= 0; s = _next[s])
            {
                if (_next[s] != slot) continue;
                _next[s] = _next[slot];
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
        private void Rehash(int[] hashes)
        {
            int[] old = _buckets;
            int[] buckets = NewBuckets(old.Length * 2);
            int mask = buckets.Length - 1;
            foreach (int head in old)
            {
                for (int s = head; s >= 0;)
                {
                    int next = _next[s];
                    int b = hashes[s] & mask;
                    _next[s] = buckets[b];
                    buckets[b] = s;
                    s = next;
                }
            }
            _buckets = buckets;
        }
    }
}
