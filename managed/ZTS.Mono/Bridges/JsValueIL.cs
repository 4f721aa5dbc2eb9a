using System;
using System.Reflection.Emit;
using System.Runtime.InteropServices;
using ZTS.Shared.Native;

namespace ZTS.Mono.Bridges
{
    /// <summary>
    /// IL over the JsValue layout (an 8-byte payload, then an 8-byte tag) that both bridge builders emit in place of
    /// a ValueMarshal/ArgReader/ResultWriter call for the values whose tag says it all, as the Player's C++ bridges
    /// do (arg_i4, ret_i4 and the like). The rules themselves are the shared layer's; this only inlines their exact
    /// cases, and every other value falls through to the shared call.
    /// </summary>
    internal static class JsValueIL
    {
        /// <summary>Bytes per JsValue.</summary>
        public static readonly int Size = Marshal.SizeOf(typeof(JsValue));

        /// <summary>
        /// The tag a value of t is written under with its payload alone: TagInt for int and the smaller integers,
        /// TagBool, TagFloat64 for double and float (enums by their underlying type); null for any other type.
        /// </summary>
        public static long? StoreTag(Type t)
        {
            if (t.IsEnum) t = Enum.GetUnderlyingType(t);
            if (t == typeof(int) || t == typeof(short) || t == typeof(ushort) || t == typeof(sbyte) || t == typeof(byte)) return JsValue.TagInt;
            if (t == typeof(bool)) return JsValue.TagBool;
            if (t == typeof(double) || t == typeof(float)) return JsValue.TagFloat64;
            return null;
        }

        /// <summary>Whether EmitTryLoad reads t in place (int, bool, double, float: no range check needed).</summary>
        public static bool Loads(Type t)
        {
            return t == typeof(int) || t == typeof(bool) || t == typeof(double) || t == typeof(float);
        }

        /// <summary>
        /// Writes the value loadValue pushes (a type with a StoreTag) into the JsValue local r, field by field
        /// (ldloca + stfld: Mono keeps r in its frame slot, where through a pointer it computes the address first).
        /// </summary>
        public static void EmitStoreLocal(ILGenerator il, LocalBuilder r, Type t, Action<ILGenerator> loadValue)
        {
            long tag = StoreTag(t).Value;
            il.Emit(OpCodes.Ldloca, r);
            loadValue(il);
            if (tag == JsValue.TagFloat64)
            {
                il.Emit(OpCodes.Conv_R8);
                il.Emit(OpCodes.Stfld, typeof(JsValue).GetField("Float64"));
            }
            else
            {
                EmitToBits(il, tag);
                il.Emit(OpCodes.Stfld, typeof(JsValue).GetField("Bits"));
            }
            il.Emit(OpCodes.Ldloca, r);
            il.Emit(OpCodes.Ldc_I8, tag);
            il.Emit(OpCodes.Stfld, typeof(JsValue).GetField("Tag"));
        }

        // int32 (or bool) on the stack -> the whole 8-byte payload: zero-extended (the (uint) cast of JsValue.SetInt32).
        private static void EmitToBits(ILGenerator il, long tag)
        {
            if (tag == JsValue.TagBool)
            {
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Cgt_Un);
            }
            il.Emit(OpCodes.Conv_U8);
        }

        /// <summary>
        /// Stack: address -> (nothing). Writes the value loadValue pushes (a type with a StoreTag) at address: the whole
        /// 8-byte payload, then the tag. Two 8-byte stores, so a later 8-byte read of either half is forwarded.
        /// </summary>
        public static void EmitStore(ILGenerator il, Type t, Action<ILGenerator> loadValue)
        {
            long tag = StoreTag(t).Value;
            il.Emit(OpCodes.Dup);
            loadValue(il);
            if (tag == JsValue.TagFloat64)
            {
                il.Emit(OpCodes.Conv_R8);
                il.Emit(OpCodes.Stind_R8);
            }
            else
            {
                EmitToBits(il, tag);
                il.Emit(OpCodes.Stind_I8);
            }
            il.Emit(OpCodes.Ldc_I4_8);
            il.Emit(OpCodes.Conv_I);
            il.Emit(OpCodes.Add);
            il.Emit(OpCodes.Ldc_I8, tag);
            il.Emit(OpCodes.Stind_I8);
        }

        /// <summary>
        /// (nothing) -> value of t (Loads(t)), or a jump to slow with nothing pushed: an int-tagged Int32, a bool-tagged
        /// Boolean, a double or float from a float64- or int-tagged number. address pushes where the JsValue is.
        /// </summary>
        public static void EmitTryLoad(ILGenerator il, Action<ILGenerator> address, Type t, Label slow)
        {
            bool real = t == typeof(double) || t == typeof(float);
            Label have = il.DefineLabel();
            address(il);
            EmitShift(il, 8);
            il.Emit(OpCodes.Ldind_I8);
            if (real)
            {
                Label notFloat = il.DefineLabel();
                il.Emit(OpCodes.Dup);
                il.Emit(OpCodes.Ldc_I8, JsValue.TagFloat64);
                il.Emit(OpCodes.Bne_Un, notFloat);
                il.Emit(OpCodes.Pop);
                address(il);
                il.Emit(OpCodes.Ldind_R8);
                if (t == typeof(float)) il.Emit(OpCodes.Conv_R4);
                il.Emit(OpCodes.Br, have);
                il.MarkLabel(notFloat);
            }
            il.Emit(OpCodes.Ldc_I8, t == typeof(bool) ? JsValue.TagBool : JsValue.TagInt);
            il.Emit(OpCodes.Bne_Un, slow);
            address(il);
            il.Emit(OpCodes.Ldind_I4);
            if (t == typeof(bool))
            {
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Cgt_Un);
            }
            if (real) il.Emit(OpCodes.Conv_R8);
            if (t == typeof(float)) il.Emit(OpCodes.Conv_R4);
            il.MarkLabel(have);
        }

        /// <summary>Stack: pointer -> pointer + bytes (nothing emitted for 0).</summary>
        public static void EmitShift(ILGenerator il, int bytes)
        {
            if (bytes == 0) return;
            il.Emit(OpCodes.Ldc_I4, bytes);
            il.Emit(OpCodes.Conv_I);
            il.Emit(OpCodes.Add);
        }
    }
}
