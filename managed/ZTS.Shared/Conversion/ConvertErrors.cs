using System;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Shared.Conversion
{
    /// <summary>The `zts:` texts of conversion failures (SPEC_MAP D6), written once for every path.</summary>
    internal static class ConvertErrors
    {
        /// <summary>The C# name of t in error texts: the full name, or the JS display name of a closed generic.</summary>
        public static string TypeName(Type t)
        {
            return t.IsGenericType || (t.IsArray && t.GetElementType().IsGenericType) ? TypeBinder.DisplayName(t) : t.FullName ?? t.Name;
        }

        /// <summary>A JS value of the wrong kind.</summary>
        public static TsMarshalException Mismatch(JsValue v, Type t, Where w)
        {
            return Mismatch(v.KindName, t, w);
        }

        /// <summary>A JS value of the named kind cannot become t.</summary>
        public static TsMarshalException Mismatch(string kind, Type t, Where w)
        {
            return new TsMarshalException("zts: cannot convert " + kind + " to " + TypeName(t) + " (" + w + ")");
        }

        /// <summary>A C# object of the wrong type.</summary>
        public static TsMarshalException WrongObject(object o, Type t, Where w)
        {
            return Mismatch(TypeName(o.GetType()), t, w);
        }

        /// <summary>A fractional, NaN or infinite number where an integral type is declared.</summary>
        public static TsMarshalException NonIntegral(double x, Type t, Where w)
        {
            return new TsMarshalException("zts: cannot convert non-integral number " + x.ToString("R") + " to " + TypeName(t) + " (" + w + ")");
        }

        /// <summary>An integral number outside the declared type's range.</summary>
        public static TsMarshalException OutOfRange(double x, Type t, Where w)
        {
            return new TsMarshalException("zts: cannot convert number " + x.ToString("R") + " to " + TypeName(t) + ": out of range (" + w + ")");
        }

        /// <summary>A string that is not one character where char is declared.</summary>
        public static TsMarshalException CharLength(int length, Where w)
        {
            return new TsMarshalException("zts: cannot convert a string of length " + length + " to System.Char (" + w + ")");
        }

        /// <summary>A long/ulong beyond what a JS number holds exactly.</summary>
        public static TsMarshalException Unsafe(Type t, string value, Where w)
        {
            return new TsMarshalException("zts: cannot convert " + t.FullName + " " + value + " to a JS number: beyond ±(2^53-1) (" + w + ")");
        }

        /// <summary>A value that cannot cross to JS at all (IntPtr, UIntPtr, pointers).</summary>
        public static TsMarshalException Uncrossable(Type t, Where w)
        {
            return new TsMarshalException("zts: cannot convert " + t.FullName + " to a JS value: the type cannot cross to JS (" + w + ")");
        }
    }
}
