using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The Mono backend's ObjectRegistry (10-LIFETIME §2): a slot per (object, view) pushed to JS. The slot
    /// array is the GC root that keeps an object alive while JS holds its exotic; the identity table gives
    /// the same slot (and so the same JS object) for the same object and view. Slots are freed only when the
    /// core reports that JS released the exotic (drained on the domain thread by the frame pump).
    /// </summary>
    internal sealed class ObjectRegistry
    {
        private struct Key
        {
            public object Obj;
            public int View;
        }

        private sealed class KeyComparer : IEqualityComparer<Key>
        {
            public bool Equals(Key a, Key b) { return ReferenceEquals(a.Obj, b.Obj) && a.View == b.View; }
            public int GetHashCode(Key k) { return RuntimeHelpers.GetHashCode(k.Obj) * 31 + k.View; }
        }

        private object[] _objects = new object[256];
        private int[] _views = new int[256];
        private int[] _nextFree = new int[256];
        private int _freeHead = -1;
        private int _used; // high-water mark
        private Dictionary<Key, int> _identity = new Dictionary<Key, int>(new KeyComparer());

        /// <summary>Slot capacity (lifetime tests: it shrinks when the registry empties).</summary>
        public int Capacity
        {
            get { return _objects.Length; }
        }

        /// <summary>Objects currently registered (slots in use).</summary>
        public int Count { get; private set; }

        /// <summary>The slot of (obj, view): the existing one or a new one.</summary>
        public int SlotOf(object obj, int view)
        {
            var key = new Key { Obj = obj, View = view };
            int slot;
            if (_identity.TryGetValue(key, out slot)) return slot;
            if (_freeHead >= 0)
            {
                slot = _freeHead;
                _freeHead = _nextFree[slot];
            }
            else
            {
                if (_used == _objects.Length) Grow();
                slot = _used++;
            }
            _objects[slot] = obj;
            _views[slot] = view;
            _identity[key] = slot;
            Count++;
            return slot;
        }

        /// <summary>The object in slot (null for a free or unknown slot).</summary>
        public object Get(int slot)
        {
            return (uint)slot < (uint)_used ? _objects[slot] : null;
        }

        /// <summary>Frees slot after JS released its exotic.</summary>
        public void Release(int slot)
        {
            if ((uint)slot >= (uint)_used || _objects[slot] == null) return;
            _identity.Remove(new Key { Obj = _objects[slot], View = _views[slot] });
            _objects[slot] = null;
            _nextFree[slot] = _freeHead;
            _freeHead = slot;
            Count--;
            if (Count == 0 && _objects.Length > ShrinkAbove) ShrinkEmpty();
        }

        // Issue 11: a frame that held a million objects must not keep their capacity until Reset. Slots are
        // shared with the core, so only an empty registry starts over small.
        private const int ShrinkAbove = 4096;

        private void ShrinkEmpty()
        {
            _objects = new object[256];
            _views = new int[256];
            _nextFree = new int[256];
            _freeHead = -1;
            _used = 0;
            _identity = new Dictionary<Key, int>(new KeyComparer());
        }

        /// <summary>Drops every object (Shutdown, 10-LIFETIME §2.4).</summary>
        public void Clear()
        {
            Array.Clear(_objects, 0, _objects.Length);
            _identity.Clear();
            _freeHead = -1;
            _used = 0;
            Count = 0;
        }

        private void Grow()
        {
            int n = _objects.Length * 2;
            Array.Resize(ref _objects, n);
            Array.Resize(ref _views, n);
            Array.Resize(ref _nextFree, n);
        }
    }
}
