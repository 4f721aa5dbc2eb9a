using System;
using System.Collections.Generic;
using System.Reflection;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>Converts one JS value (borrowed: the caller frees it) to type t; `where` names it in errors.</summary>
    internal delegate object ElementRule(JsDomain d, JsValue v, Type t, string where);

    /// <summary>
    /// A JS array where T[], List&lt;T&gt;, IList&lt;T&gt;, IReadOnlyList&lt;T&gt;, ICollection&lt;T&gt; or
    /// IEnumerable&lt;T&gt; is declared (SPEC_MAP D5, <see cref="TsJsArrays"/>): it crosses as a copy, a new T[]
    /// for T[] and a new List&lt;T&gt; for the others, each element converted by the element rule the caller
    /// passes (the general per-type rule). The elements come from the core in one crossing
    /// (zts_array_read) for arrays up to <see cref="Batch"/> elements, else in chunks of <see cref="Chunk"/>, each
    /// converted before the next is read. An element that does not convert is a `zts:` error naming its index:
    /// "(element 2 of argument 1 of 'Api.Sum')", and the copy stops there; a length the domain's heap limit could
    /// not hold fails before any element is read.
    /// </summary>
    internal static unsafe class JsArrayCopy
    {
        /// <summary>Elements read into a stack buffer by the first crossing.</summary>
        private const int Batch = 16;

        /// <summary>
        /// Elements read per later crossing, each chunk converted before the next is read. A copy of the whole
        /// length before the first check cost `a = []; a.length = 1e8` passed to int[] 2.4-3.6 s and 1.5-2.1 GB,
        /// and 1e9 to a List&lt;int&gt; 25 s and 15.6 GB, only to fail at element 0 (tests JsArray_Results
        /// JsArray_SparseOrLyingLength_FailsAtTheFirstElement).
        /// </summary>
        private const int Chunk = 1024;

        /// <summary>
        /// The copy of v as `declared`; null when v is not a JS array or `declared` takes none (the caller goes on
        /// with its other rules). v is borrowed.
        /// </summary>
        public static object TryFromJsArray(JsDomain d, JsValue v, Type declared, Conversion.Where w, ElementRule convertElement)
        {
            if (v.Tag != JsValue.TagObject) return null;
            Shape shape = ShapeOf(declared);
            if (shape == null) return null;
            ReadBuffer buffer; // a struct local: a stackalloc costs Mono a localloc (~10 ns) per call
            JsValue* head = (JsValue*)buffer.Bits;
            int length;
            int n = ZtsNative.zts_array_read(d.Handle, v, 0, Batch, head, out length);
            if (n == ZtsStatus.Argument) return null; // not a JS array
            if (n == ZtsStatus.OutOfMemory) // a length the domain's heap could not hold: fails before any element
                throw new TsMarshalException(((TsException)d.TakeError(ZtsStatus.Js, w.ToString())).Message + " (" + w + ")");
            if (n < 0) throw d.TakeError(n, w.ToString());
            if (length <= n)
            {
                Array small = shape.NewArray(n);
                Fill(d, shape, head, n, small, 0, w, convertElement);
                return shape.Make(small);
            }
            // Longer: chunk by chunk, the result grown as elements convert (never sized by the length alone, which
            // a sparse array or a Proxy may claim without holding the elements).
            Array result = shape.NewArray(Math.Min(length, n + Chunk));
            Fill(d, shape, head, n, result, 0, w, convertElement);
            int at = n;
            var rest = new JsValue[Math.Min(length - n, Chunk)];
            fixed (JsValue* tail = rest)
            {
                while (at < length)
                {
                    int latest;
                    int more = ZtsNative.zts_array_read(d.Handle, v, at, Math.Min(rest.Length, length - at), tail, out latest);
                    if (more < 0) throw d.TakeError(more == ZtsStatus.OutOfMemory ? ZtsStatus.Js : more, w.ToString());
                    if (more == 0) break; // a getter shortened the array
                    if (at + more > result.Length) result = shape.Resize(result, (int)Math.Min(length, Math.Max(2L * result.Length, at + more)));
                    Fill(d, shape, tail, more, result, at, w, convertElement);
                    at += more;
                }
            }
            if (at < result.Length) result = shape.Resize(result, at);
            return shape.Make(result);
        }

        // The first Batch elements' buffer (two 8-byte halves per JsValue).
        private struct ReadBuffer
        {
            public fixed long Bits[2 * Batch];
        }

        // Converts values[0..count) (owned, freed here) into result[offset..]. The location's text is made only for
        // an element that needs the general rule (and its error); an element that does not convert throws, so the
        // copy stops at the first bad one.
        private static void Fill(JsDomain d, Shape shape, JsValue* values, int count, Array result, int offset, Conversion.Where w, ElementRule convert)
        {
            string where = null;
            // The elements whose conversion is exact are stored without boxing (ArgReader's accept paths: an
            // int-tagged number for Int32, a number for Double, a bool for Boolean); every other one goes through
            // the element rule.
            var ints = result as int[];
            var doubles = result as double[];
            var bools = result as bool[];
            try
            {
                for (int k = 0; k < count; k++)
                {
                    JsValue e = values[k];
                    int i = offset + k;
                    if (ints != null && e.Tag == JsValue.TagInt) { ints[i] = e.Int32; continue; }
                    if (doubles != null && e.Tag == JsValue.TagFloat64) { doubles[i] = e.Float64; continue; }
                    if (doubles != null && e.Tag == JsValue.TagInt) { doubles[i] = e.Int32; continue; }
                    if (bools != null && e.Tag == JsValue.TagBool) { bools[i] = e.Int32 != 0; continue; }
                    object value;
                    if (where == null) where = w.ToString();
                    try
                    {
                        value = convert(d, e, shape.Element, where);
                    }
                    catch (TsMarshalException)
                    {
                        // The element's own error text, built only now: the same rule on the same (still alive)
                        // value fails again, with the index in `where`.
                        convert(d, e, shape.Element, "element " + i + " of " + where);
                        throw;
                    }
                    shape.Set(result, i, value);
                }
            }
            finally
            {
                Free(d, values, count);
            }
        }

        private static void Free(JsDomain d, JsValue* values, int n)
        {
            for (int k = 0; k < n; k++)
                if ((int)values[k].Tag < 0) ZtsNative.zts_value_free(d.Handle, values[k]); // IsRefCounted, not inlined by Mono
        }

        private static readonly Dictionary<Type, Shape> Shapes = new Dictionary<Type, Shape>();

        // The cached shape of a declared type, null when a JS array does not convert to it.
        [ThreadStatic] private static Type _lastDeclared; // the last lookup of this thread, without the lock
        [ThreadStatic] private static Shape _lastShape;

        private static Shape ShapeOf(Type declared)
        {
            if (declared == _lastDeclared) return _lastShape;
            Shape shape = Lookup(declared);
            _lastShape = shape;
            _lastDeclared = declared;
            return shape;
        }

        private static Shape Lookup(Type declared)
        {
            Shape shape;
            lock (Shapes)
            {
                if (Shapes.TryGetValue(declared, out shape)) return shape;
            }
            Type element = TsJsArrays.ElementType(declared);
            shape = element == null ? null : new Shape(element, declared.IsArray);
            lock (Shapes) Shapes[declared] = shape;
            return shape;
        }

        /// <summary>How the copy for one declared type is built: typed element stores, then T[] or List&lt;T&gt;.</summary>
        private sealed class Shape
        {
            public readonly Type Element;
            public readonly Func<int, Array> NewArray;
            public readonly Action<Array, int, object> Set;
            public readonly Func<Array, object> Make;
            public readonly Func<Array, int, Array> Resize;

            public Shape(Type element, bool isArray)
            {
                Element = element;
                NewArray = (Func<int, Array>)Generic("NewElements", element, typeof(Func<int, Array>));
                Set = (Action<Array, int, object>)Generic("SetElement", element, typeof(Action<Array, int, object>));
                Resize = (Func<Array, int, Array>)Generic("ResizeElements", element, typeof(Func<Array, int, Array>));
                Make = isArray ? (Func<Array, object>)(a => a) : (Func<Array, object>)Generic("NewList", element, typeof(Func<Array, object>));
            }

            private static Delegate Generic(string name, Type element, Type delegateType)
            {
                MethodInfo m = typeof(Shape).GetMethod(name, BindingFlags.NonPublic | BindingFlags.Static).MakeGenericMethod(element);
                return Delegate.CreateDelegate(delegateType, m);
            }

            private static Array NewElements<T>(int length)
            {
                return new T[length];
            }

            private static Array ResizeElements<T>(Array a, int length)
            {
                var typed = (T[])a;
                Array.Resize(ref typed, length);
                return typed;
            }

            private static void SetElement<T>(Array a, int i, object value)
            {
                ((T[])a)[i] = (T)value;
            }

            private static object NewList<T>(Array a)
            {
                return new List<T>((T[])a);
            }
        }
    }
}
