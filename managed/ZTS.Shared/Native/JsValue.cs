using System.Runtime.InteropServices;

namespace ZTS.Shared.Native
{
    /// <summary>
    /// A QuickJS JSValue (64-bit, no NaN boxing): 8 bytes of payload, then the tag. Managed code decodes
    /// and encodes primitive tags itself, so numbers, booleans and null cross without a P/Invoke.
    /// </summary>
    [StructLayout(LayoutKind.Explicit, Size = 16)]
    internal unsafe struct JsValue
    {
        [FieldOffset(0)] public int Int32;
        [FieldOffset(0)] public double Float64;
        [FieldOffset(0)] public System.IntPtr Ptr;
        [FieldOffset(0)] public long Bits;
        [FieldOffset(8)] public long Tag;

        public const long TagObject = -1;
        public const long TagStringRope = -6;
        public const long TagString = -7;
        public const long TagInt = 0;
        public const long TagBool = 1;
        public const long TagNull = 2;
        public const long TagUndefined = 3;
        public const long TagException = 6;
        public const long TagFloat64 = 8;

        /// <summary>The gate's error sentinel tag (seed build/03 §2.2), as QuickJS reads it ((int32)tag).</summary>
        public const int ErrorSentinel = unchecked((int)0xFFFF5A12);

        /// <summary>ZTS_RESULT_PUSH_TAG: a member bridge result the core turns into a pushed C# object (JsDomain.PushResult).</summary>
        public const int PushTag = unchecked((int)0xFFFF5A13);

        /// <summary>ZTS_RESULT_STRUCT_TAG: a member bridge result that is a struct copy; Ptr is the domain's
        /// ZtsStructRef result buffer holding its type id, size and bytes (CopyLayout.ResultOf).</summary>
        public const int StructResultTag = unchecked((int)0xFFFF5A14);

        /// <summary>ZTS_STRUCT_REF_TAG: a struct copy in a bridge's data (`this` or an argument) instead of a slot; Ptr
        /// is its ZtsStructRef.</summary>
        public const int StructRefTag = unchecked((int)0xFFFF5A15);

        /// <summary>The ZTS_RESULT_STRUCT_TAG result naming the domain's struct result buffer r.</summary>
        public static JsValue StructResult(System.IntPtr r)
        {
            return new JsValue { Ptr = r, Tag = StructResultTag };
        }

        /// <summary>ZTS_RESULT_PUSH_VIEW_SHIFT: a push-tag payload holds the slot in the low 32 bits, the view type id
        /// above this shift. zts.h defines the layout (ZTS_RESULT_PUSH_BITS, _SLOT, _VIEW); PushBits, PushSlot and
        /// PushView are its managed copy, checked against it by the test Abi_PushTagLayout_MatchesHeader.</summary>
        public const int PushViewShift = 32;

        /// <summary>The payload (Bits) of a PushTag result naming slot seen as view (ZTS_RESULT_PUSH_BITS).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static long PushBits(int slot, int view)
        {
            return (long)(uint)slot | ((long)view << PushViewShift);
        }

        /// <summary>The slot of a PushTag payload (ZTS_RESULT_PUSH_SLOT).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static int PushSlot(long bits)
        {
            return (int)(bits & 0xFFFFFFFF);
        }

        /// <summary>The view type id of a PushTag payload (ZTS_RESULT_PUSH_VIEW).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static int PushView(long bits)
        {
            return (int)(bits >> PushViewShift);
        }

        public static readonly JsValue Undefined = new JsValue { Tag = TagUndefined };
        public static readonly JsValue Null = new JsValue { Tag = TagNull };

        /// <summary>True when the value holds a reference count (objects, strings, symbols, bigints).</summary>
        public bool IsRefCounted
        {
            get { return (int)Tag < 0; }
        }

        public bool IsString
        {
            get { return Tag == TagString || Tag == TagStringRope; }
        }

        // The constructors below store the whole 8-byte payload: Mono copies a returned JsValue with 8-byte loads,
        // and an 8-byte load of a 4-byte store (r.Int32 = v) cannot be forwarded; the stall cost ~5 ns on every
        // int or bool result of a JS -> C# call (bench row js_to_csharp_static_add_int).

        public static JsValue FromInt32(int v)
        {
            var r = new JsValue { Tag = TagInt };
            r.Bits = (uint)v;
            return r;
        }

        public static JsValue FromBool(bool v)
        {
            var r = new JsValue { Tag = TagBool };
            r.Bits = v ? 1 : 0;
            return r;
        }

        public static JsValue FromDouble(double v)
        {
            var r = new JsValue { Tag = TagFloat64 };
            r.Float64 = v;
            return r;
        }

        // In-place writers for argument slots: exactly two 8-byte stores (payload, tag), the shape the
        // core reads back (zts_function_call), so the CPU forwards the stores instead of stalling.

        /// <summary>Writes an int into slot as two 8-byte stores.</summary>
        public static void SetInt32(JsValue* slot, int v)
        {
            slot->Bits = (uint)v;
            slot->Tag = TagInt;
        }

        /// <summary>Writes a boolean into slot as two 8-byte stores.</summary>
        public static void SetBool(JsValue* slot, bool v)
        {
            slot->Bits = v ? 1 : 0;
            slot->Tag = TagBool;
        }

        /// <summary>Writes a double into slot as two 8-byte stores.</summary>
        public static void SetDouble(JsValue* slot, double v)
        {
            slot->Bits = *(long*)&v;
            slot->Tag = TagFloat64;
        }

        /// <summary>Copies v into slot as two 8-byte stores.</summary>
        public static void Set(JsValue* slot, JsValue v)
        {
            slot->Bits = v.Bits;
            slot->Tag = v.Tag;
        }

        /// <summary>The JS kind name of the value, for error messages ("number", "string", "object", ...).</summary>
        public string KindName
        {
            get
            {
                switch (Tag)
                {
                    case TagInt:
                    case TagFloat64: return "number";
                    case TagBool: return "boolean";
                    case TagNull: return "null";
                    case TagUndefined: return "undefined";
                    case TagString:
                    case TagStringRope: return "string";
                    case -8: return "symbol";
                    case -9:
                    case 7: return "bigint";
                    default: return "object";
                }
            }
        }
    }
}
