using System;
using ZTS.Shared.Clr;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// The Player runtime's slot table of one domain as the registry's mirror (ISlotMirror): the objects (GC roots)
    /// and the (object, view) identity cache keyed by object pointer live in C++ (native/player/slot_table.cpp), so
    /// a generated bridge reads object arguments and finds a returned object's slot without a managed hop.
    /// </summary>
    internal sealed unsafe class NativeSlots : ISlotMirror
    {
        private readonly IntPtr _ctx;

        public NativeSlots(IntPtr ctx)
        {
            _ctx = ctx;
        }

        public void Set(int slot, object obj, int view)
        {
            TsIl2CppAppDomain.SlotSetInternal(_ctx, slot, obj, view);
        }

        public void Clear(int* slots, int n)
        {
            TsIl2CppAppDomain.SlotsClearInternal(_ctx, slots, n);
        }

        public int Find(object obj, int view)
        {
            return TsIl2CppAppDomain.SlotFindInternal(_ctx, obj, view);
        }
    }
}
