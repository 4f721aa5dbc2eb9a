namespace ZTS.Shared.Clr
{
    /// <summary>A backend's native slot array and identity cache (ObjectRegistry.Mirror).</summary>
    internal unsafe interface ISlotMirror
    {
        /// <summary>Stores obj seen as view in slot; a view other than NoIdentity also indexes (obj, view) -> slot.</summary>
        void Set(int slot, object obj, int view);

        /// <summary>Empties n slots and drops their identity entries (an empty slot stays empty).</summary>
        unsafe void Clear(int* slots, int n);

        /// <summary>The slot of (obj, view), or -1.</summary>
        int Find(object obj, int view);
    }
}
