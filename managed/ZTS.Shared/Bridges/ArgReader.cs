using System;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// JS -> C# argument conversion for member bridges (SPEC_MAP D5), by the one rule set (ValueRules):
    /// primitives decode by tag without a P/Invoke, C# objects come from the registry by the slot the core
    /// put in data[2 + i], nothing is truncated silently. A missing (or undefined optional) argument takes the parameter's default.
    /// Signature of every reader: (site, domain, argv, data, argc, index).
    /// </summary>
    internal static unsafe class ArgReader
    {
        private static bool IsMissing(MemberSite s, JsValue* argv, int argc, int i)
        {
            return i >= argc || (argv[i].Tag == JsValue.TagUndefined && s.Optional[i]);
        }

        private static Where At(MemberSite s, int i)
        {
            return Where.Argument(i, s.Name);
        }

        public static bool ReadBoolean(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (i < argc && argv[i].Tag == JsValue.TagBool) return argv[i].Int32 != 0; // ValueRules.ToBoolean's accept path
            return IsMissing(s, argv, argc, i) ? s.Missing<bool>(i) : ValueRules.ToBoolean(argv[i], s.ParamTypes[i], At(s, i));
        }

        public static int ReadInt32(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (i < argc && argv[i].Tag == JsValue.TagInt) return argv[i].Int32;
            return IsMissing(s, argv, argc, i) ? s.Missing<int>(i) : ValueRules.ToInt32(argv[i], s.ParamTypes[i], At(s, i));
        }

        public static sbyte ReadSByte(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<sbyte>(i) : (sbyte)ValueRules.ToIntegral(argv[i], sbyte.MinValue, sbyte.MaxValue, s.ParamTypes[i], At(s, i));
        }

        public static byte ReadByte(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<byte>(i) : (byte)ValueRules.ToIntegral(argv[i], byte.MinValue, byte.MaxValue, s.ParamTypes[i], At(s, i));
        }

        public static short ReadInt16(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<short>(i) : (short)ValueRules.ToIntegral(argv[i], short.MinValue, short.MaxValue, s.ParamTypes[i], At(s, i));
        }

        public static ushort ReadUInt16(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<ushort>(i) : (ushort)ValueRules.ToIntegral(argv[i], ushort.MinValue, ushort.MaxValue, s.ParamTypes[i], At(s, i));
        }

        public static uint ReadUInt32(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<uint>(i) : (uint)ValueRules.ToIntegral(argv[i], uint.MinValue, uint.MaxValue, s.ParamTypes[i], At(s, i));
        }

        public static long ReadInt64(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<long>(i) : ValueRules.ToInt64(argv[i], s.ParamTypes[i], At(s, i));
        }

        public static ulong ReadUInt64(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<ulong>(i) : ValueRules.ToUInt64(argv[i], s.ParamTypes[i], At(s, i));
        }

        // IntPtr/UIntPtr: the Mono bridges find these by name ("Read" + type name, MemberBridgeBuilder.Reader); the
        // Player's reduced signatures box them through "o" (ReadObject), which gives the same values and texts.
        public static IntPtr ReadIntPtr(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<IntPtr>(i) : ValueRules.ToIntPtr(argv[i], At(s, i));
        }

        public static UIntPtr ReadUIntPtr(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<UIntPtr>(i) : ValueRules.ToUIntPtr(argv[i], At(s, i));
        }

        public static double ReadDouble(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (i < argc && argv[i].Tag == JsValue.TagFloat64) return argv[i].Float64; // ValueRules.ToDouble's accept paths
            if (i < argc && argv[i].Tag == JsValue.TagInt) return argv[i].Int32;
            return IsMissing(s, argv, argc, i) ? s.Missing<double>(i) : ValueRules.ToDouble(argv[i], s.ParamTypes[i], At(s, i));
        }

        public static float ReadSingle(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (i < argc && argv[i].Tag == JsValue.TagFloat64) return (float)argv[i].Float64; // as ReadDouble
            if (i < argc && argv[i].Tag == JsValue.TagInt) return (float)(double)argv[i].Int32;
            return IsMissing(s, argv, argc, i) ? s.Missing<float>(i) : (float)ValueRules.ToDouble(argv[i], s.ParamTypes[i], At(s, i));
        }

        public static char ReadChar(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<char>(i) : ValueRules.ToChar(d, argv[i], At(s, i));
        }

        public static string ReadString(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<string>(i) : ValueRules.ToString(d, argv[i], At(s, i));
        }

        /// <summary>The registry slot in a data entry (data[1] for `this`, data[2 + i] for argument i): the slot, SlotNone
        /// for a value that is no C# object, SlotUnknown for a struct copy (ZTS_STRUCT_REF_TAG: bytes, not a slot).</summary>
        public static int SlotAt(JsValue* entry)
        {
            return entry->Tag == JsValue.TagInt ? entry->Int32 : entry->Tag == JsValue.StructRefTag ? ValueRules.SlotUnknown : ValueRules.SlotNone;
        }

        /// <summary>Any other parameter type (object, Nullable, classes, interfaces, arrays, delegates, structs):
        /// the general rule, with the slot the core already resolved for C# exotics.</summary>
        public static object ReadObject(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            JsValue* entry = data + 2 + i;
            // The hot paths: a C# object of exactly the declared type (what the rules below also give, minus the checks),
            // a struct copy of exactly the declared struct (a box of its bytes: the argument is a copy).
            if (i < argc && entry->Tag == JsValue.TagInt && entry->Int32 >= 0)
            {
                object exact = d.Registry.Get(entry->Int32);
                if (exact != null && exact.GetType() == s.ParamTypes[i]) return exact;
            }
            else if (i < argc && entry->Tag == JsValue.StructRefTag)
            {
                object copy = Clr.CopyLayout.Box(d, (ZtsStructRef*)entry->Ptr);
                if (copy != null && copy.GetType() == s.ParamTypes[i]) return copy;
            }
            if (IsMissing(s, argv, argc, i)) return s.Missing<object>(i);
            int slot = SlotAt(entry);
            return ValueRules.ToClr(d, argv[i], s.ParamRules[i], slot, At(s, i));
        }

        /// <summary>A [TsMarshalAs(UnpackedValues)] struct parameter from consecutive JS arguments (argv is shifted).</summary>
        public static object ReadUnpacked(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return s.ParamUnpacked[i].FromValues(d, argv + i, Math.Max(argc - i, 0), s.UnpackedWhere[i]);
        }

        /// <summary>A [TsMarshalAs(Table)] struct parameter from a plain JS object.</summary>
        public static object ReadTable(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            Clr.TableShape shape = s.ParamTables[i];
            if (IsMissing(s, argv, argc, i))
                return s.Missing<object>(i) ?? (shape.IsNullable ? null : Activator.CreateInstance(shape.StructType));
            return shape.FromJs(d, argv[i], s.ArgWhere[i]);
        }

        /// <summary>The initial value of a ref parameter: the zts.ref() box's value (out: default).</summary>
        public static object RefIn(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            ClrRule rule = s.ParamRules[i];
            JsValue value;
            if (i >= argc || ZtsNative.zts_ref_get(d.Handle, argv[i], out value) != ZtsStatus.Ok)
                throw new TsMarshalException("zts: argument " + (i + 1) + " of '" + s.Name + "' is ref/out: pass a zts.ref() box");
            if (s.IsOut(i))
            {
                if (value.IsRefCounted) ZtsNative.zts_value_free(d.Handle, value);
                return rule.IsValueType ? Activator.CreateInstance(rule.Declared) : null;
            }
            try
            {
                return ValueRules.ToClr(d, value, rule, ValueRules.SlotUnknown, At(s, i));
            }
            finally
            {
                if (value.IsRefCounted) ZtsNative.zts_value_free(d.Handle, value);
            }
        }

        /// <summary>Writes a ref/out parameter's final value back into its zts.ref() box.</summary>
        public static void RefOut(MemberSite s, JsDomain d, JsValue* argv, int i, object value)
        {
            JsValue v = ValueRules.FromClr(d, value, s.ParamRules[i], 0, At(s, i));
            int rc = ZtsNative.zts_ref_set(d.Handle, argv[i], v);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, s.Name);
        }

        /// <summary>The C# object behind `this` of an instance member: the registry's object, or for a struct copy a box of
        /// its bytes (a member declared on object or ValueType, or a struct member of a bridge that takes `this` boxed:
        /// it acts on that box).</summary>
        public static object This(MemberSite s, JsDomain d, JsValue* data)
        {
            object o = data[1].Tag == JsValue.StructRefTag ? Clr.CopyLayout.Box(d, (ZtsStructRef*)data[1].Ptr) : d.Registry.Get(data[1].Int32);
            if (o == null) throw new InvalidOperationException("zts: '" + s.Name + "' was called on a released object");
            return o;
        }
    }
}
