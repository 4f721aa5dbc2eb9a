using System;
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
        private object[] _objects = new object[256];
        private int[] _views = new int[256];
        private int[] _nextFree = new int[256];
        private int _freeHead = -1;
        private int _used; // high-water mark
        private IdentityIndex _identity = new IdentityIndex();

        /// <summary>Slot capacity (lifetime tests: it shrinks when the registry empties).</summary>
        public int Capacity
        {
            get { return _objects.Length; }
        }

        /// <summary>Objects currently registered (slots in use).</summary>
        public int Count { get; private set; }

        // _views entry of a slot that is not in the identity table (a fresh struct box).
        private const int NoIdentity = int.MinValue;

        /// <summary>The slot of (obj, view): the existing one or a new one.</summary>
        public int SlotOf(object obj, int view)
        {
            int hash = IdentityIndex.Hash(RuntimeHelpers.GetHashCode(obj), view);
            int slot = _identity.Find(obj, view, hash, _objects, _views);
            if (slot >= 0) return slot;
            slot = NewSlot(obj, view);
            _identity.Add(slot, hash);
            return slot;
        }

        /// <summary>A new slot for a box nobody else holds (a struct copy boxed for this push): such a box can
        /// never be in the identity table, so it skips both the lookup and the entry.</summary>
        public int SlotOfFresh(object box)
        {
            return NewSlot(box, NoIdentity);
        }

        private int NewSlot(object obj, int view)
        {
            int slot;
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
            if (_views[slot] != NoIdentity) _identity.Remove(slot);
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
            _identity = new IdentityIndex();
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
