// The internal calls of ZTS.Il2Cpp's TsIl2CppAppDomain, one list: player_runtime.cpp registers each with its C++
// function (and checks at compile time that the function takes as many parameters as the C# extern), and
// tools/abi/gen_abi.js writes the C# externs with their docs (build/abi/ZTS.Il2Cpp/RuntimeCalls.g.cs, part of the
// partial class TsIl2CppAppDomain). Their names are the ones Unity's Il2Cpp binds: "ZTS.TsIl2CppAppDomain::<method>".
// X(method, C# result, (C# parameters), C++ function, doc): the C# parameters are written as C#, the C++ function's
// are its own (player_runtime.cpp).
#pragma once

// clang-format off
#define ZTS_PLAYER_RUNTIME_CALLS(X) \
    X(InitializeInternal, int, (int version, IntPtr[] entries, IntPtr core), initialize_internal, \
      "Hands the native -> managed entry table (PlayerEntries, as method handles in EntryIndex order) and the " \
      "core's table (zts_player_core_get: the Player runtime links no symbol of the core) to the Player runtime; " \
      "returns 0, the runtime's entry-table version when it differs from version, or -1 when the runtime does not " \
      "speak the core table's version.") \
    X(GateInternal, IntPtr, (), gate_internal, \
      "The Player gate (a JSCFunctionData) that zts_domain_new takes.") \
    X(FindBridgeInternal, int, (string signature), find_bridge_internal, \
      "The index of the generated bridge of a reduced signature, or -1 when the build generated none.") \
    X(RegisterMemberInternal, int, (IntPtr ctx, int id, int bridge, IntPtr method, IntPtr[] exactArgs, \
      int resultView), register_member_internal, \
      "Routes host function id of the domain whose JSContext is ctx to generated bridge `bridge`, calling method (a " \
      "RuntimeMethodHandle value); returns 0, or -1 when the method has no typed entry. The bridge's native fast " \
      "paths: exactArgs[i] (a RuntimeTypeHandle value, or zero) is the class an object argument i is taken as it is " \
      "from the slot table when it has exactly; resultView (-1: none) is the view under which a returned object " \
      "already in the identity cache is pushed without the managed rules.") \
    X(RegisterFieldInternal, int, (IntPtr ctx, int id, int bridge, IntPtr field, IntPtr[] exactArgs, \
      int resultView), register_field_internal, \
      "Routes host function id of the domain whose JSContext is ctx to field accessor bridge `bridge` over field (a " \
      "RuntimeFieldHandle value); returns 0, or -1 on a bad argument. exactArgs and resultView: as for " \
      "RegisterMemberInternal (the setter's value is argument 0, the getter's value the result).") \
    X(SetCopyFieldInternal, int, (IntPtr ctx, int id, int copyType, int size, IntPtr resultBuffer), \
      set_copy_field_internal, \
      "Marks the field route id as a struct that crosses as a native copy of type copyType (size bytes): the bridge " \
      "reads it into resultBuffer (the domain's zts_domain_struct_result) and writes it from a copy's bytes, " \
      "without a box. Returns 0, or -1 on a bad argument or a route that is no field.") \
    X(RegisterCopyEntryInternal, int, (IntPtr ctx, int id, int bridge, IntPtr method, int[] copyArgs, int copyThis, \
      int resultType, int resultSize, IntPtr resultBuffer), register_copy_entry_internal, \
      "Routes id to the C++ bridge `bridge` of a copy entry (method: the static entry the build wrote): the struct " \
      "type id each argument must have to be taken by its bytes (copyArgs; 0: none), `this`'s (copyThis), and a " \
      "struct result's type and size, written into resultBuffer. Returns 0, or -1 on a bad argument or no typed " \
      "entry.") \
    X(InvokeInternal, void, (IntPtr ctx, int id, int argc, ZTS.Shared.Native.JsValue* argv, \
      ZTS.Shared.Native.JsValue* data, ZTS.Shared.Native.JsValue* result, out object exception), invoke_internal, \
      "Runs the generated bridge routed for id (a managed caller wraps the member); *result is its value; a managed " \
      "exception of the call comes back in exception (nothing is thrown into JS then).") \
    X(NewBoxInternal, object, (IntPtr typeHandle), new_box_internal, \
      "A zero-initialized box of the value type typeHandle (a RuntimeTypeHandle value).") \
    X(BoxLoadInternal, object, (IntPtr typeHandle, IntPtr src, int size), box_load_internal, \
      "A new box of the value type typeHandle holding the size bytes at src (a struct copy's value).") \
    X(BoxStoreInternal, void, (object box, IntPtr dst, int size), box_store_internal, \
      "Copies the size bytes of the value in box to dst (a struct copy).") \
    X(ScannedLayoutInternal, int, (IntPtr typeHandle, IntPtr[] fields, int[] offsets), scanned_layout_internal, \
      "The runtime's value size of struct typeHandle, and each field's offset (RuntimeFieldHandle.Value) in the " \
      "value into offsets (Il2CppBridges.ScannedCopySize).") \
    X(FieldGetBoxedInternal, object, (object obj, IntPtr field), field_get_boxed_internal, \
      "The value of field (a RuntimeFieldHandle value) of obj, boxed when it is a value type.") \
    X(ValueCopyInternal, void, (object dst, object src), value_copy_internal, \
      "Copies the value in box src into box dst (two boxes of one value type): a generated struct property setter " \
      "writes a copy, then puts it back into the box a Table conversion fills.") \
    X(FieldSetBoxedInternal, void, (object obj, IntPtr field, object value), field_set_boxed_internal, \
      "Writes value (boxed when the field is a value type) into field of obj.") \
    X(OpenContextInternal, void, (IntPtr ctx, IntPtr domain), open_context_internal, \
      "Forgets the member routes and the slot table a JSContext had (a new domain reuses it) and opens a fresh " \
      "table for the domain handle, which frees the slots the domain reports released.") \
    X(SlotTakeInternal, int, (IntPtr ctx, object o, int view), slot_take_internal, \
      "A free slot of the native slot table of the domain whose JSContext is ctx, now holding o seen as view (a GC " \
      "root; a view other than ObjectRegistry.NoIdentity also indexes (o, view)); -1 when out of memory.") \
    X(SlotsFreeInternal, void, (IntPtr ctx, int* slots, int n), slots_free_internal, \
      "Frees n slots of the native slot table of the domain whose JSContext is ctx, with their identity entries " \
      "(one internal call per batch of released objects).") \
    X(SlotsFreeAllInternal, void, (IntPtr ctx), slots_free_all_internal, \
      "Frees every slot of the native slot table of the domain whose JSContext is ctx.") \
    X(SlotGetInternal, object, (IntPtr ctx, int slot), slot_get_internal, \
      "The object in slot of the native slot table of the domain whose JSContext is ctx, or null.") \
    X(SlotHoldsInternal, int, (IntPtr ctx, int slot, object o, int view), slot_holds_internal, \
      "1 when slot of the native slot table of the domain whose JSContext is ctx holds o seen as view, else 0.") \
    X(SlotFindInternal, int, (IntPtr ctx, object o, int view), slot_find_internal, \
      "The slot of (o, view) in the identity cache of the domain whose JSContext is ctx, or -1.") \
    X(SlotCountInternal, int, (IntPtr ctx), slot_count_internal, \
      "The slots in use in the native slot table of the domain whose JSContext is ctx.") \
    X(SlotCapacityInternal, int, (IntPtr ctx), slot_capacity_internal, \
      "The slots the native slot table of the domain whose JSContext is ctx holds without growing (its chunks are " \
      "GC roots for good: it never shrinks).") \
    X(BridgeCountInternal, int, (), bridge_count_internal, \
      "The number of generated member bridges compiled into the runtime.")
// clang-format on
