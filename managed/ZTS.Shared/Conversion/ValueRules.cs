using System;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Shared.Conversion
{
    /// <summary>
    /// The one conversion rule set (SPEC_MAP D5): each (JS value kind, CLR type) pair is decided here, and
    /// every path uses it: member arguments and results, fields and properties, zts.ref values, delegate
    /// arguments and results in both directions, opaque get/set, Table members, array elements. The typed
    /// entry points (ToInt32, FromInt64, ...) serve the bridges without boxing; ToClr / FromClr serve the
    /// paths that only know the declared type at run time, and dispatch to the same typed rules.
    /// JS values passed in are borrowed: nothing here frees them.
    /// </summary>
    internal static unsafe class ValueRules
    {
        /// <summary>Largest integer a JS number holds exactly: 2^53 - 1.</summary>
        public const long MaxSafeInteger = 9007199254740991L;

        /// <summary>Slot argument of ToClr: ask the core whether the value is a C# exotic.</summary>
        public const int SlotUnknown = -2;

        /// <summary>Slot argument of ToClr: the value is known not to be a C# exotic.</summary>
        public const int SlotNone = -1;

        // ---- JS -> C#: typed rules ----------------------------------------------------------------

        /// <summary>bool: a JS boolean only.</summary>
        public static bool ToBoolean(JsValue v, Type t, Where w)
        {
            if (v.Tag == JsValue.TagBool) return v.Int32 != 0;
            throw ConvertErrors.Mismatch(v, t, w);
        }

        /// <summary>Integral types (and enums through their underlying type): an integral JS number in
        /// [min, max]; long/ulong are limited to ±(2^53-1). Never truncates.</summary>
        public static long ToIntegral(JsValue v, long min, long max, Type t, Where w)
        {
            if (v.Tag == JsValue.TagInt)
            {
                if (v.Int32 >= min && v.Int32 <= max) return v.Int32;
                throw ConvertErrors.OutOfRange(v.Int32, t, w);
            }
            if (v.Tag != JsValue.TagFloat64) throw ConvertErrors.Mismatch(v, t, w);
            double x = v.Float64;
            if (Math.Floor(x) != x || double.IsInfinity(x)) throw ConvertErrors.NonIntegral(x, t, w); // NaN too
            if (x < min || x > max) throw ConvertErrors.OutOfRange(x, t, w);
            return (long)x;
        }

        /// <summary>int: the one-compare fast path of ToIntegral.</summary>
        public static int ToInt32(JsValue v, Type t, Where w)
        {
            if (v.Tag == JsValue.TagInt) return v.Int32;
            return (int)ToIntegral(v, int.MinValue, int.MaxValue, t, w);
        }

        /// <summary>long: an integral JS number in ±(2^53-1).</summary>
        public static long ToInt64(JsValue v, Type t, Where w)
        {
            return ToIntegral(v, -MaxSafeInteger, MaxSafeInteger, t, w);
        }

        /// <summary>The range an integral type (or an enum's underlying type) takes from a JS number, the same
        /// range the conversions check; false for other types. Overload scoring filters by it.</summary>
        public static bool IntegralRange(Type t, out double min, out double max)
        {
            Type p = t.IsEnum ? Enum.GetUnderlyingType(t) : t;
            switch (Type.GetTypeCode(p))
            {
                case TypeCode.SByte: min = sbyte.MinValue; max = sbyte.MaxValue; return true;
                case TypeCode.Byte: min = byte.MinValue; max = byte.MaxValue; return true;
                case TypeCode.Int16: min = short.MinValue; max = short.MaxValue; return true;
                case TypeCode.UInt16: min = ushort.MinValue; max = ushort.MaxValue; return true;
                case TypeCode.Int32: min = int.MinValue; max = int.MaxValue; return true;
                case TypeCode.UInt32: min = uint.MinValue; max = uint.MaxValue; return true;
                case TypeCode.Int64: min = -MaxSafeInteger; max = MaxSafeInteger; return true;
                case TypeCode.UInt64: min = 0; max = MaxSafeInteger; return true;
            }
            if (p == typeof(IntPtr)) { min = NativeIntMin; max = NativeIntMax; return true; }
            if (p == typeof(UIntPtr)) { min = 0; max = NativeUIntMax; return true; }
            min = 1;
            max = 0;
            return false;
        }

        /// <summary>ulong: an integral JS number in [0, 2^53-1].</summary>
        public static ulong ToUInt64(JsValue v, Type t, Where w)
        {
            return (ulong)ToIntegral(v, 0, MaxSafeInteger, t, w);
        }

        // The range of IntPtr and UIntPtr: the process's pointer width, within the exact JS integers. On 64-bit
        // processes Int64's ±(2^53-1) (addresses fit in 2^53 on every 64-bit platform Unity ships); on 32-bit Players
        // (ARMv7, WebGL) int's and uint's, where `new IntPtr(long)` past them would throw OverflowException instead of
        // the zts: range error (tests/conformance/numbers.js, the 32-bit Player run).
        private static readonly long NativeIntMin = IntPtr.Size == 8 ? -MaxSafeInteger : int.MinValue;
        private static readonly long NativeIntMax = IntPtr.Size == 8 ? MaxSafeInteger : int.MaxValue;
        private static readonly long NativeUIntMax = IntPtr.Size == 8 ? MaxSafeInteger : uint.MaxValue;

        /// <summary>IntPtr: an integral JS number in the native int's range (NativeIntMin..NativeIntMax), its texts
        /// naming System.IntPtr.</summary>
        public static IntPtr ToIntPtr(JsValue v, Where w)
        {
            if (v.Tag == JsValue.TagInt) return new IntPtr(v.Int32);
            return new IntPtr(ToIntegral(v, NativeIntMin, NativeIntMax, typeof(IntPtr), w));
        }

        /// <summary>UIntPtr: an integral JS number in [0, NativeUIntMax].</summary>
        public static UIntPtr ToUIntPtr(JsValue v, Where w)
        {
            return new UIntPtr((ulong)ToIntegral(v, 0, NativeUIntMax, typeof(UIntPtr), w));
        }

        /// <summary>double (and float): any JS number, NaN and ±Infinity included.</summary>
        public static double ToDouble(JsValue v, Type t, Where w)
        {
            if (v.Tag == JsValue.TagFloat64) return v.Float64;
            if (v.Tag == JsValue.TagInt) return v.Int32;
            throw ConvertErrors.Mismatch(v, t, w);
        }

        /// <summary>char: a JS string of length 1.</summary>
        public static char ToChar(JsDomain d, JsValue v, Where w)
        {
            if (!v.IsString) throw ConvertErrors.Mismatch(v, typeof(char), w);
            string text = Text(d, v);
            if (text.Length == 1) return text[0];
            throw ConvertErrors.CharLength(text.Length, w);
        }

        /// <summary>string: a JS string; null and undefined are null.</summary>
        public static string ToString(JsDomain d, JsValue v, Where w)
        {
            if (v.IsString) return Text(d, v);
            if (v.Tag == JsValue.TagNull || v.Tag == JsValue.TagUndefined) return null;
            throw ConvertErrors.Mismatch(v, typeof(string), w);
        }

        /// <summary>
        /// object (and dynamic): a number becomes int when it is integral, in int range and not -0, else double;
        /// booleans, strings, C# exotics (their object); null and undefined are null. Anything else (plain JS
        /// objects, arrays, functions, symbols, bigints) is a marshal error.
        /// </summary>
        public static object ToAny(JsDomain d, JsValue v, int slot, Where w)
        {
            switch (v.Tag)
            {
                case JsValue.TagInt: return v.Int32;
                case JsValue.TagFloat64: return NumberAsObject(v.Float64);
                case JsValue.TagBool: return v.Int32 != 0;
                case JsValue.TagNull:
                case JsValue.TagUndefined: return null;
            }
            if (v.IsString) return Text(d, v);
            object o = Exotic(d, v, slot);
            if (o != null) return o;
            throw ConvertErrors.Mismatch(v, typeof(object), w);
        }

        /// <summary>The CLR value of a JS number typed object: int when integral, in range and not -0.</summary>
        public static object NumberAsObject(double x)
        {
            if (Math.Floor(x) == x && x >= int.MinValue && x <= int.MaxValue && !(x == 0 && 1 / x < 0)) return (int)x;
            return x;
        }

        // ---- JS -> C#: by declared type ------------------------------------------------------------

        /// <summary>
        /// v converted to declared type t (boxed). `slot` is the registry slot when the caller knows it
        /// (member arguments: the core resolved it), SlotNone when v is known not to be a C# object, or
        /// SlotUnknown.
        /// </summary>
        public static object ToClr(JsDomain d, JsValue v, Type t, int slot, Where w)
        {
            return ToClr(d, v, ClrRule.Of(t), slot, w);
        }

        /// <summary>ToClr with the declared type analysed once (ClrRule.Of): the paths that convert to the same
        /// type again and again (Table members) keep the rule and skip the reflection.</summary>
        public static object ToClr(JsDomain d, JsValue v, ClrRule r, int slot, Where w)
        {
            if (r.IsNullable && (v.Tag == JsValue.TagNull || v.Tag == JsValue.TagUndefined)) return null;
            Type t = r.Target;
            switch (r.Code)
            {
                case TypeCode.Boolean: return ToBoolean(v, t, w);
                case TypeCode.SByte: return Enumed(r, (sbyte)ToIntegral(v, sbyte.MinValue, sbyte.MaxValue, t, w));
                case TypeCode.Byte: return Enumed(r, (byte)ToIntegral(v, byte.MinValue, byte.MaxValue, t, w));
                case TypeCode.Int16: return Enumed(r, (short)ToIntegral(v, short.MinValue, short.MaxValue, t, w));
                case TypeCode.UInt16: return Enumed(r, (ushort)ToIntegral(v, ushort.MinValue, ushort.MaxValue, t, w));
                case TypeCode.Int32: return Enumed(r, ToInt32(v, t, w));
                case TypeCode.UInt32: return Enumed(r, (uint)ToIntegral(v, uint.MinValue, uint.MaxValue, t, w));
                case TypeCode.Int64: return r.IsNativeInt ? (object)ToIntPtr(v, w) : Enumed(r, ToInt64(v, t, w));
                case TypeCode.UInt64: return r.IsNativeInt ? (object)ToUIntPtr(v, w) : Enumed(r, ToUInt64(v, t, w));
                case TypeCode.Single: return (float)ToDouble(v, t, w);
                case TypeCode.Double: return ToDouble(v, t, w);
                case TypeCode.Char: return ToChar(d, v, w);
                case TypeCode.String: return ToString(d, v, w);
            }
            if (t == typeof(object)) return ToAny(d, v, slot, w);
            return ToClrObject(d, v, t, r.Object ?? new ObjectFacts(t), slot, w);
        }

        /// <summary>A class, interface, array, delegate or struct: a C# exotic whose object fits; a JS function
        /// where a delegate is declared; a JS promise where a Task is declared; null/undefined for reference types.</summary>
        public static object ToClrObject(JsDomain d, JsValue v, Type t, ObjectFacts f, int slot, Where w)
        {
            if (v.Tag == JsValue.TagNull || v.Tag == JsValue.TagUndefined)
            {
                if (!f.IsValueType) return null;
                throw ConvertErrors.Mismatch(v, t, w);
            }
            object o = v.Tag == JsValue.TagObject ? Exotic(d, v, slot) : null;
            // A Promise (or thenable, or any value) where Task/Task<T> is declared: a task the frame pump completes.
            if (o == null && f.IsTask) return d.Tasks.FromPromise(v, t, w.ToString());
            if (v.Tag != JsValue.TagObject) throw ConvertErrors.Mismatch(v, t, w);
            if (o == null && f.IsDelegate)
            {
                o = d.DelegateFor(v, t); // a JS function where a delegate is declared (10-LIFETIME §5.1)
                if (o == null) throw ConvertErrors.Mismatch(v, t, w);
            }
            // A JS array where T[] or a list interface is declared: a copy, element by element by these rules.
            if (o == null) o = JsArrayCopy.TryFromJsArray(d, v, t, w, ValueConvert.Element);
            if (o == null) throw ConvertErrors.Mismatch(v, t, w);
            if (f.Accepts(o)) return o;
            throw ConvertErrors.WrongObject(o, t, w);
        }

        // ---- C# -> JS ------------------------------------------------------------------------------

        /// <summary>FromClr for a T that always converts in place (int, bool, double, float: the cases of the switch in
        /// FromClr that need no domain and cannot fail), without boxing; null for any other T.</summary>
        public static Func<T, JsValue> Direct<T>()
        {
            object f = null;
            if (typeof(T) == typeof(int)) f = new Func<int, JsValue>(JsValue.FromInt32);
            else if (typeof(T) == typeof(bool)) f = new Func<bool, JsValue>(JsValue.FromBool);
            else if (typeof(T) == typeof(double)) f = new Func<double, JsValue>(JsValue.FromDouble);
            else if (typeof(T) == typeof(float)) f = new Func<float, JsValue>(x => JsValue.FromDouble(x));
            return (Func<T, JsValue>)f;
        }

        /// <summary>uint: an int when it fits, else a double (exact).</summary>
        public static JsValue FromUInt32(uint v)
        {
            return v <= int.MaxValue ? JsValue.FromInt32((int)v) : JsValue.FromDouble(v);
        }

        /// <summary>long: exact within ±(2^53-1), else a marshal error (SPEC_MAP D5: no bigint).</summary>
        public static JsValue FromInt64(long v, Where w)
        {
            return FromSigned(v, typeof(long), w);
        }

        /// <summary>ulong: exact up to 2^53-1, else a marshal error.</summary>
        public static JsValue FromUInt64(ulong v, Where w)
        {
            return FromUnsigned(v, typeof(ulong), w);
        }

        /// <summary>IntPtr: as long (exact within ±(2^53-1), else a marshal error naming System.IntPtr).</summary>
        public static JsValue FromIntPtr(IntPtr v, Where w)
        {
            return FromSigned(v.ToInt64(), typeof(IntPtr), w);
        }

        /// <summary>UIntPtr: as ulong (exact up to 2^53-1, else a marshal error naming System.UIntPtr).</summary>
        public static JsValue FromUIntPtr(UIntPtr v, Where w)
        {
            return FromUnsigned(v.ToUInt64(), typeof(UIntPtr), w);
        }

        // The one ±(2^53-1) rule of the 64-bit and native integers going to JS: an int when it fits, a double while
        // exact, else the marshal error naming t.
        private static JsValue FromSigned(long x, Type t, Where w)
        {
            if (x >= int.MinValue && x <= int.MaxValue) return JsValue.FromInt32((int)x);
            if (x >= -MaxSafeInteger && x <= MaxSafeInteger) return JsValue.FromDouble(x);
            throw ConvertErrors.Unsafe(t, x.ToString(), w);
        }

        private static JsValue FromUnsigned(ulong x, Type t, Where w)
        {
            if (x <= int.MaxValue) return JsValue.FromInt32((int)x);
            if (x <= MaxSafeInteger) return JsValue.FromDouble(x);
            throw ConvertErrors.Unsafe(t, x.ToString(), w);
        }

        /// <summary>A new JS string (owned); null is JS null.</summary>
        public static JsValue FromString(JsDomain d, string s)
        {
            if (s == null) return JsValue.Null;
            JsValue r;
            int rc;
            fixed (char* c = s) rc = ZtsNative.zts_value_new_string_utf16(d.Handle, c, s.Length, out r);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "string");
            return r;
        }

        /// <summary>
        /// o, declared as type t, as an owned JS value: primitives and enums by value, char and string as JS
        /// strings, everything else pushed as a C# object under the declared view (`view`, or 0 to declare t;
        /// Nullable of a struct is seen as the struct). IntPtr/UIntPtr cross as numbers (the Int64/UInt64 rule);
        /// pointers cannot cross.
        /// </summary>
        public static JsValue FromClr(JsDomain d, object o, Type t, int view, Where w)
        {
            return FromClr(d, o, ClrRule.Of(t), view, w);
        }

        /// <summary>FromClr with the declared type analysed once (ClrRule.Of).</summary>
        public static JsValue FromClr(JsDomain d, object o, ClrRule r, int view, Where w)
        {
            if (o == null) return JsValue.Null;
            Type u = r.Target;
            // A value declared object (or ValueType/Enum) crosses by its runtime type when that is a primitive or
            // string; a boxed enum declared so stays a C# object (SPEC_MAP D5).
            TypeCode code = r.Code;
            if (u == typeof(object) || u == typeof(ValueType) || u == typeof(Enum)) code = RuntimeCode(o.GetType());
            switch (code)
            {
                case TypeCode.Boolean: return JsValue.FromBool((bool)o);
                case TypeCode.SByte: return JsValue.FromInt32(Convert.ToSByte(o));
                case TypeCode.Byte: return JsValue.FromInt32(Convert.ToByte(o));
                case TypeCode.Int16: return JsValue.FromInt32(Convert.ToInt16(o));
                case TypeCode.UInt16: return JsValue.FromInt32(Convert.ToUInt16(o));
                case TypeCode.Int32: return JsValue.FromInt32(Convert.ToInt32(o));
                case TypeCode.UInt32: return FromUInt32(Convert.ToUInt32(o));
                case TypeCode.Int64: return o is IntPtr ? FromIntPtr((IntPtr)o, w) : FromInt64(Convert.ToInt64(o), w);
                case TypeCode.UInt64: return o is UIntPtr ? FromUIntPtr((UIntPtr)o, w) : FromUInt64(Convert.ToUInt64(o), w);
                case TypeCode.Single: return JsValue.FromDouble((float)o);
                case TypeCode.Double: return JsValue.FromDouble((double)o);
                case TypeCode.Char: return FromString(d, ((char)o).ToString());
                case TypeCode.String: return FromString(d, (string)o);
            }
            if (TsMemberRules.IsUncrossable(o.GetType()))
                throw ConvertErrors.Uncrossable(o.GetType(), w);
            // A task declared Task/Task<T> is a Promise, settled by the frame pump (docs/EVERYDAY.md).
            if (o is System.Threading.Tasks.Task && Tasks.TaskBridge.IsTaskType(u)) return d.Tasks.ToPromise((System.Threading.Tasks.Task)o, u);
            return d.Push(o, view != 0 ? view : TypeBinder.Declare(d, u));
        }

        // ---- helpers -------------------------------------------------------------------------------

        [ThreadStatic] private static Type _lastRuntime;
        [ThreadStatic] private static TypeCode _lastRuntimeCode;

        // The TypeCode a value declared object crosses by (an enum: Object, it stays a C# object), with the last
        // runtime type of the thread remembered: Type.IsEnum alone costs Mono ~30 ns.
        private static TypeCode RuntimeCode(Type runtime)
        {
            if (runtime == _lastRuntime) return _lastRuntimeCode;
            TypeCode code = runtime.IsEnum ? TypeCode.Object : Type.GetTypeCode(runtime);
            if (runtime == typeof(IntPtr)) code = TypeCode.Int64; // a boxed handle crosses as its number, as declared IntPtr
            else if (runtime == typeof(UIntPtr)) code = TypeCode.UInt64;
            _lastRuntimeCode = code;
            _lastRuntime = runtime;
            return code;
        }

        private static object Enumed(ClrRule r, object v)
        {
            return r.IsEnum ? Enum.ToObject(r.Target, v) : v;
        }

        /// <summary>The C# object behind a JS value, or null when it is not a C# exotic.</summary>
        public static object Exotic(JsDomain d, JsValue v, int slot)
        {
            if (slot >= 0) return d.Registry.Get(slot);
            if (slot == SlotNone || v.Tag != JsValue.TagObject) return null;
            int view;
            if (ZtsNative.zts_object_slot(d.Handle, v, out slot, out view) == ZtsStatus.Ok) return d.Registry.Get(slot);
            return Clr.CopyLayout.BoxOf(d, v); // a struct copy: a box of its bytes (every crossing is a copy)
        }

        /// <summary>The text of a JS string (borrowed).</summary>
        public static string Text(JsDomain d, JsValue v)
        {
            char* chars;
            int n = ZtsNative.zts_values_format(d.Handle, 1, &v, out chars); // borrowed v: String(v) copy
            if (n < 0) throw d.TakeError(n, "string");
            return new string(chars, 0, n);
        }
    }
}
