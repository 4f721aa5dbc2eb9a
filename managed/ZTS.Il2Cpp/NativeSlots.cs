using System;
using ZTS.Shared.Clr;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// The Player runtime's slot table of one domain as the registry's store (ISlotStore): slots, objects (GC roots),
    /// views and the (object, view) identity cache keyed by object pointer live in C++ (native/player/slot_table.cpp),
    /// so a generated constructor bridge takes a slot, and the bridges read object arguments and find a returned
    /// object's slot, without a managed hop. Each member here is one internal call.
    /// </summary>
    internal sealed unsafe class NativeSlots : ISlotStore
    {
        private readonly IntPtr _ctx;

        /// <summary>Starts the table of ctx afresh for the domain handle (its released slots are freed from the core's
        /// release queue by the table itself, as ObjectRegistry.NewSlot drains them on the Editor).</summary>
        public NativeSlots(IntPtr ctx, IntPtr domain)
        {
            _ctx = ctx;
            TsIl2CppAppDomain.OpenContextInternal(ctx, domain);
        }

        public int Take(object obj, int view)
        {
            return TsIl2CppAppDomain.SlotTakeInternal(_ctx, obj, view);
        }

        public void Free(int* slots, int n)
        {
            TsIl2CppAppDomain.SlotsFreeInternal(_ctx, slots, n);
        }

        public void FreeAll()
        {
            TsIl2CppAppDomain.SlotsFreeAllInternal(_ctx);
        }

        public object Get(int slot)
        {
            return TsIl2CppAppDomain.SlotGetInternal(_ctx, slot);
        }

        public bool Holds(int slot, object obj, int view)
        {
            return TsIl2CppAppDomain.SlotHoldsInternal(_ctx, slot, obj, view) != 0;
        }

        public int Find(object obj, int view)
        {
            return TsIl2CppAppDomain.SlotFindInternal(_ctx, obj, view);
        }

        public int Count
        {
            get { return TsIl2CppAppDomain.SlotCountInternal(_ctx); }
        }

        public int Capacity
        {
            get { return TsIl2CppAppDomain.SlotCapacityInternal(_ctx); }
        }
    }
}
