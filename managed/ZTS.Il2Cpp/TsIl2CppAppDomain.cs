using System;
using System.Runtime.CompilerServices;
using ZTS.Il2Cpp;
using ZTS.Shared;

namespace ZTS
{
    /// <summary>
    /// The Player backend (01-HOST-API §1.1, §2): a thin C# shell over the C++ Player runtime. Its entry points
    /// are internal calls bound by the host (build/dist/zts-player here, Unity's player under Il2Cpp); JS -> C#
    /// member calls run C++ bridges generated at build time for each reduced signature, C# -> JS delegates run
    /// shims generated at build time; nothing is generated at run time. TsAppDomain creates
    /// <see cref="Runtime"/> by reflection; hosts use TsAppDomain.
    /// </summary>
    public static class TsIl2CppAppDomain
    {
        /// <summary>The Player backend's ITsRuntime: the shared runtime over generated bridges and the Player gate.</summary>
        public sealed class Runtime : ScriptRuntime
        {
            /// <summary>Creates the runtime (TsAppDomain does, by reflection); needs the host's internal calls.</summary>
            public Runtime() : base("Il2Cpp", Il2CppBridges.Instance)
            {
            }
        }

        /// <summary>Hands the native -> managed entry table (PlayerEntries, as method handles in EntryIndex order) and the
        /// core's table (zts_player_core_get: the Player runtime links no symbol of the core) to the Player runtime;
        /// returns 0, the runtime's entry-table version when it differs from version, or -1 when the runtime does not
        /// speak the core table's version.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int InitializeInternal(int version, IntPtr[] entries, IntPtr core);

        /// <summary>The Player gate (a JSCFunctionData) that zts_domain_new takes.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern IntPtr GateInternal();

        /// <summary>The index of the generated bridge of a reduced signature, or -1 when the build generated none.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int FindBridgeInternal(string signature);

        /// <summary>Routes host function id of the domain whose JSContext is ctx to generated bridge `bridge`, calling
        /// method (a RuntimeMethodHandle value); returns 0, or -1 when the method has no typed entry. The bridge's
        /// native fast paths: exactArgs[i] (a RuntimeTypeHandle value, or zero) is the class an object argument i
        /// is taken as it is from the slot table when it has exactly; resultView (-1: none) is the view under which a
        /// returned object already in the identity cache is pushed without the managed rules.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int RegisterMemberInternal(IntPtr ctx, int id, int bridge, IntPtr method, IntPtr[] exactArgs, int resultView);

        /// <summary>Routes host function id of the domain whose JSContext is ctx to field accessor bridge `bridge` over
        /// field (a RuntimeFieldHandle value); returns 0, or -1 on a bad argument. exactArgs and resultView: as for
        /// RegisterMemberInternal (the setter's value is argument 0, the getter's value the result).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int RegisterFieldInternal(IntPtr ctx, int id, int bridge, IntPtr field, IntPtr[] exactArgs, int resultView);

        /// <summary>Marks the field route id as a struct that crosses as a native copy of type copyType (size bytes): the
        /// bridge reads it into resultBuffer (the domain's zts_domain_struct_result) and writes it from a copy's bytes,
        /// without a box. Returns 0, or -1 on a bad argument or a route that is no field.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int SetCopyFieldInternal(IntPtr ctx, int id, int copyType, int size, IntPtr resultBuffer);

        /// <summary>Routes id to the C++ bridge `bridge` of a copy entry (method: the static entry the build wrote): the
        /// struct type id each argument must have to be taken by its bytes (copyArgs; 0: none), `this`'s (copyThis), and a
        /// struct result's type and size, written into resultBuffer. Returns 0, or -1 on a bad argument or no typed entry.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int RegisterCopyEntryInternal(IntPtr ctx, int id, int bridge, IntPtr method, int[] copyArgs, int copyThis,
                                                             int resultType, int resultSize, IntPtr resultBuffer);

        /// <summary>Runs the generated bridge routed for id (a managed caller wraps the member); *result is its value; a
        /// managed exception of the call comes back in exception (nothing is thrown into JS then).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern unsafe void InvokeInternal(IntPtr ctx, int id, int argc, ZTS.Shared.Native.JsValue* argv,
                                                          ZTS.Shared.Native.JsValue* data, ZTS.Shared.Native.JsValue* result,
                                                          out object exception);

        /// <summary>A zero-initialized box of the value type typeHandle (a RuntimeTypeHandle value).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern object NewBoxInternal(IntPtr typeHandle);

        /// <summary>A new box of the value type typeHandle holding the size bytes at src (a struct copy's value).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern object BoxLoadInternal(IntPtr typeHandle, IntPtr src, int size);

        /// <summary>Copies the size bytes of the value in box to dst (a struct copy).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern void BoxStoreInternal(object box, IntPtr dst, int size);

        /// <summary>The value of field (a RuntimeFieldHandle value) of obj, boxed when it is a value type.</summary>
        /// <summary>The runtime's value size of struct typeHandle, and each field's offset (RuntimeFieldHandle.Value) in
        /// the value into offsets (Il2CppBridges.ScannedCopySize).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int ScannedLayoutInternal(IntPtr typeHandle, IntPtr[] fields, int[] offsets);

        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern object FieldGetBoxedInternal(object obj, IntPtr field);

        /// <summary>Copies the value in box src into box dst (two boxes of one value type): a generated struct property
        /// setter writes a copy, then puts it back into the box a Table conversion fills.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern void ValueCopyInternal(object dst, object src);

        /// <summary>Writes value (boxed when the field is a value type) into field of obj.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern void FieldSetBoxedInternal(object obj, IntPtr field, object value);

        /// <summary>Forgets the member routes and the slot table a JSContext had (a new domain reuses it) and opens a
        /// fresh table for the domain handle, which frees the slots the domain reports released.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern void OpenContextInternal(IntPtr ctx, IntPtr domain);

        /// <summary>A free slot of the native slot table of the domain whose JSContext is ctx, now holding o seen as
        /// view (a GC root; a view other than ObjectRegistry.NoIdentity also indexes (o, view)); -1 when out of memory.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int SlotTakeInternal(IntPtr ctx, object o, int view);

        /// <summary>Frees n slots of the native slot table of the domain whose JSContext is ctx, with their identity
        /// entries (one internal call per batch of released objects).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern unsafe void SlotsFreeInternal(IntPtr ctx, int* slots, int n);

        /// <summary>Frees every slot of the native slot table of the domain whose JSContext is ctx.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern void SlotsFreeAllInternal(IntPtr ctx);

        /// <summary>The object in slot of the native slot table of the domain whose JSContext is ctx, or null.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern object SlotGetInternal(IntPtr ctx, int slot);

        /// <summary>1 when slot of the native slot table of the domain whose JSContext is ctx holds o seen as view, else 0.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int SlotHoldsInternal(IntPtr ctx, int slot, object o, int view);

        /// <summary>The slot of (o, view) in the identity cache of the domain whose JSContext is ctx, or -1.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int SlotFindInternal(IntPtr ctx, object o, int view);

        /// <summary>The slots in use in the native slot table of the domain whose JSContext is ctx.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int SlotCountInternal(IntPtr ctx);

        /// <summary>The slots the native slot table of the domain whose JSContext is ctx holds without growing (its
        /// chunks are GC roots for good: it never shrinks).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int SlotCapacityInternal(IntPtr ctx);

        /// <summary>The number of generated member bridges compiled into the runtime.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        internal static extern int BridgeCountInternal();
    }
}
