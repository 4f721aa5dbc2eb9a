using System;
using ZTS.Shared.Conversion;

namespace ZTS.Shared.Clr
{
    /// <summary>ZTS_KIND_* of zts.h: the JS value kinds overload resolution compares.</summary>
    [Flags]
    internal enum JsKinds : uint
    {
        None = 0,
        Undefined = 1 << 0,
        Null = 1 << 1,
        Bool = 1 << 2,
        Int = 1 << 3,
        Float = 1 << 4,
        String = 1 << 5,
        Object = 1 << 6,
        Function = 1 << 7,
        JsObject = 1 << 8,
        Ref = 1 << 9,
        Array = 1 << 10,
        Any = 0x7FF,
    }

    /// <summary>zts_param_spec of zts.h.</summary>
    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential)]
    internal struct ParamSpec
    {
        public JsKinds Accept;
        public JsKinds Exact;
        public int TypeId;
        public int Optional;
        public IntPtr TypeName; // UTF-8, kept alive by the binder until the native call returns
        public double MinValue; // numbers: range (MinValue > MaxValue: none)
        public double MaxValue;
        public int SingleChar;  // System.Char: strings of length 1 only
        public JsKinds ElementAccept; // JS arrays: the kinds every element must have (None: not checked)

        /// <summary>Fills the range / single-char filters for a parameter of type t.</summary>
        public void Filters(Type t)
        {
            Type u = Nullable.GetUnderlyingType(t) ?? t;
            if (u.IsEnum) u = Enum.GetUnderlyingType(u);
            ValueRules.IntegralRange(u, out MinValue, out MaxValue); // the conversions' own ranges
            SingleChar = u == typeof(char) ? 1 : 0;
            Type element = TsJsArrays.ElementType(t);
            JsKinds elementExact;
            if (element != null) ParamKinds.Of(element, out ElementAccept, out elementExact);
        }
    }

    /// <summary>Which JS kinds convert to a C# parameter type (SPEC_MAP D5; ranking in docs/OVERLOADS.md).</summary>
    internal static class ParamKinds
    {
        /// <summary>Accepted and natural kinds of a parameter of type t.</summary>
        public static void Of(Type t, out JsKinds accept, out JsKinds exact)
        {
            if (t.IsEnum) t = Enum.GetUnderlyingType(t);
            if (t.ContainsGenericParameters)
            {
                // A parameter of a generic method definition: any value; the call infers the type arguments.
                accept = JsKinds.Any & ~JsKinds.Ref;
                exact = JsKinds.None;
                return;
            }
            if (t == typeof(bool)) { accept = exact = JsKinds.Bool; return; }
            if (t == typeof(sbyte) || t == typeof(byte) || t == typeof(short) || t == typeof(ushort) || t == typeof(int) ||
                t == typeof(uint) || t == typeof(long) || t == typeof(ulong) || t == typeof(IntPtr) || t == typeof(UIntPtr))
            {
                accept = exact = JsKinds.Int;
                return;
            }
            if (t == typeof(float) || t == typeof(double)) { accept = JsKinds.Int | JsKinds.Float; exact = JsKinds.Float; return; }
            if (t == typeof(char)) { accept = exact = JsKinds.String; return; }
            if (t == typeof(string)) { accept = JsKinds.String | JsKinds.Null | JsKinds.Undefined; exact = JsKinds.String; return; }
            if (t == typeof(object))
            {
                accept = JsKinds.Int | JsKinds.Float | JsKinds.Bool | JsKinds.String | JsKinds.Null | JsKinds.Undefined | JsKinds.Object;
                exact = JsKinds.None;
                return;
            }
            Type nullable = Nullable.GetUnderlyingType(t);
            if (nullable != null)
            {
                Of(nullable, out accept, out exact);
                accept |= JsKinds.Null | JsKinds.Undefined;
                return;
            }
            if (t.IsValueType) { accept = exact = JsKinds.Object; return; }
            if (TypeBinder.IsDelegate(t))
            {
                // A JS function becomes the delegate (10-LIFETIME §5.1); a C# delegate passes as itself.
                accept = JsKinds.Function | JsKinds.Object | JsKinds.Null | JsKinds.Undefined;
                exact = JsKinds.Function | JsKinds.Object;
                return;
            }
            accept = JsKinds.Object | JsKinds.Null | JsKinds.Undefined;
            exact = JsKinds.Object;
            if (Tasks.TaskBridge.IsTaskType(t))
            {
                // A JS promise (or a value of the awaited type) becomes the task (docs/EVERYDAY.md).
                Type awaited = Tasks.TaskBridge.ResultType(t);
                JsKinds valueAccept = JsKinds.None, valueExact;
                if (awaited != typeof(void)) Of(awaited, out valueAccept, out valueExact);
                accept |= JsKinds.JsObject | valueAccept;
                exact |= JsKinds.JsObject;
            }
            if (TsJsArrays.ElementType(t) != null)
            {
                // A JS array (a copy): natural for T[], convertible for List<T> and the collection interfaces.
                accept |= JsKinds.Array;
                if (t.IsArray) exact |= JsKinds.Array;
            }
        }
    }
}
