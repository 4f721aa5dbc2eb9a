namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The ObjectRegistry's identity index: (object reference, view) -> slot, as an open-addressing hash table
    /// of slot numbers (linear probing, backward-shift deletion). The keys are not stored here: an entry is a
    /// slot, compared through the registry's own slot arrays, so the table holds no references (no GC write
    /// barriers) and no comparer is called through an interface. Replaces a Dictionary whose lookups and
    /// removals were a quarter of a new object's push (issue 9).
    /// </summary>
    internal sealed class IdentityIndex
    {
        private int[] _slots = NewTable(1024); // -1: empty
        private int[] _hashes = new int[1024];
        private int _count;

        private static int[] NewTable(int n)
        {
            var t = new int[n];
            for (int i = 0; i < n; i++) t[i] = -1;
            return t;
        }

        /// <summary>The hash of (identity hash code, view) that Find, Add and Remove take.</summary>
        public static int Hash(int identityHash, int view)
        {
            uint h = (uint)identityHash * 0x9E3779B1u ^ (uint)view * 0x85EBCA77u;
            return (int)(h ^ (h >> 15));
        }

        /// <summary>The slot of (obj, view), or -1.</summary>
        public int Find(object obj, int view, int hash, object[] objects, int[] views)
        {
            int mask = _slots.Length - 1;
            for (int i = hash & mask; ; i = (i + 1) & mask)
            {
                int s = _slots[i];
                if (s < 0) return -1;
                if (_hashes[i] == hash && ReferenceEquals(objects[s], obj) && views[s] == view) return s;
            }
        }

        /// <summary>Adds slot under hash (the caller knows (obj, view) is not present).</summary>
        public void Add(int slot, int hash)
        {
            if ((_count + 1) * 2 > _slots.Length) Grow();
            Insert(_slots, _hashes, slot, hash);
            _count++;
        }

        /// <summary>Removes slot, added under hash.</summary>
        public void Remove(int slot, int hash)
        {
            int mask = _slots.Length - 1;
            int i = hash & mask;
            while (_slots[i] != slot)
            {
                if (_slots[i] < 0) return;
                i = (i + 1) & mask;
            }
            // Backward shift: move later entries of the probe run into the hole unless their home lies in (i, j].
            for (int j = (i + 1) & mask; _slots[j] >= 0; j = (j + 1) & mask)
            {
                int home = _hashes[j] & mask;
                bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
                if (stays) continue;
                _slots[i] = _slots[j];
                _hashes[i] = _hashes[j];
                i = j;
            }
            _slots[i] = -1;
            _count--;
        }

        /// <summary>Empties the index.</summary>
        public void Clear()
        {
            for (int i = 0; i < _slots.Length; i++) _slots[i] = -1;
            _count = 0;
        }

        private static void Insert(int[] slots, int[] hashes, int slot, int hash)
        {
            int mask = slots.Length - 1;
            int i = hash & mask;
            while (slots[i] >= 0) i = (i + 1) & mask;
            slots[i] = slot;
            hashes[i] = hash;
        }

        private void Grow()
        {
            int[] slots = NewTable(_slots.Length * 2);
            var hashes = new int[slots.Length];
            for (int i = 0; i < _slots.Length; i++)
                if (_slots[i] >= 0) Insert(slots, hashes, _slots[i], _hashes[i]);
            _slots = slots;
            _hashes = hashes;
        }
    }
}
