namespace ZTS.Shared.Clr
{
    /// <summary>A backend's native slot array and identity cache (ObjectRegistry.Mirror).</summary>
    internal interface ISlotMirror
    {
        /// <summary>Stores obj (null: clears the slot and its identity entry) seen as view; a view other than
        /// NoIdentity also indexes (obj, view) -> slot.</summary>
        void Set(int slot, object obj, int view);

        /// <summary>The slot of (obj, view), or -1.</summary>
        int Find(object obj, int view);
    }
}
