namespace ZTS.Shared.Clr
{
    /// <summary>
    /// A backend's native slot table that owns a domain's registry slots (ObjectRegistry.Store): it decides which slot
    /// an object takes, holds the object as a GC root with its view, keeps the (object, view) identity cache, and frees
    /// a slot when JS released its exotic. The Player backend's (native/player/slot_table.h), so its generated bridges
    /// take, read and find slots with no managed hop.
    /// </summary>
    internal unsafe interface ISlotStore
    {
        /// <summary>A free slot, now holding obj seen as view; a view other than ObjectRegistry.NoIdentity also indexes
        /// (obj, view) -> slot. -1 when out of memory.</summary>
        int Take(object obj, int view);

        /// <summary>Frees n slots and drops their identity entries (a free slot stays free).</summary>
        unsafe void Free(int* slots, int n);

        /// <summary>Frees every slot (the domain's teardown).</summary>
        void FreeAll();

        /// <summary>The object in slot, or null (a free or unknown slot).</summary>
        object Get(int slot);

        /// <summary>Whether slot holds obj seen as view.</summary>
        bool Holds(int slot, object obj, int view);

        /// <summary>The slot of (obj, view), or -1.</summary>
        int Find(object obj, int view);

        /// <summary>The slots in use.</summary>
        int Count { get; }

        /// <summary>The slots the table holds without growing.</summary>
        int Capacity { get; }
    }
}
