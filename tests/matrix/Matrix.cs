using System;
using System.Collections.Generic;

namespace ConversionMatrix
{
    /// <summary>The enum row of the conversion matrix.</summary>
    public enum Mood : short { Calm = 1, Loud = 2 }

    /// <summary>A blittable struct row.</summary>
    public struct Point
    {
        public int X;
        public int Y;

        public override string ToString() { return "Point(" + X + "," + Y + ")"; }
    }

    /// <summary>A struct with a reference field.</summary>
    public struct Named
    {
        public string Name;

        public override string ToString() { return "Named(" + Name + ")"; }
    }

    /// <summary>The interface row.</summary>
    public interface IThing
    {
        int Id { get; }
    }

    /// <summary>The class row (and the C# exotic JS value).</summary>
    public class Thing : IThing
    {
        public int Id { get { return 7; } }

        public override string ToString() { return "Thing"; }
    }

    /// <summary>Table row holder: one member of type T.</summary>
    public struct Cell<T>
    {
        public T V;
    }

    /// <summary>A struct with a char field: the Player build then has the bridge of a struct's char field (si:c), which
    /// the struct copy field path of Probe&lt;char&gt; uses (Cell&lt;char&gt; is closed at run time).</summary>
    public struct CharCell
    {
        public char V;
    }

    /// <summary>A C# -> JS delegate with a ref parameter: JS sets it with zts.opaque_set.</summary>
    public delegate void RefSetter<T>(int index, ref T value);

    /// <summary>
    /// One CLR type of the conversion matrix (tests/managed/ConversionMatrixTests.cs): every JS -> C# path that
    /// converts a JS value to T, each recording what arrived in Last.
    /// </summary>
    public class Probe<T>
    {
        /// <summary>What the last path received.</summary>
        public static T Last;

        /// <summary>Member argument.</summary>
        public static void Take(T x) { Last = x; }

        /// <summary>Field write.</summary>
        public static T Field;

        /// <summary>Property write.</summary>
        public static T Property { get { return Last; } set { Last = value; } }

        /// <summary>zts.ref() value of a ref parameter.</summary>
        public static void TakeRef(ref T x) { Last = x; }

        /// <summary>Struct copy field: a Cell&lt;T&gt; reaches JS as a copy, JS writes its V, and the copy comes back. For
        /// a blittable T the copy holds its bytes and the core writes V (the exact cases) or V's bridge does (the rest).</summary>
        public static Cell<T> NewCell() { return new Cell<T>(); }

        /// <summary>The copy's V, as written from JS.</summary>
        public static void TakeCellCopy(Cell<T> c) { Last = c.V; }

        /// <summary>Table member.</summary>
        public static void TakeCell([ZTS.TsMarshalAs(ZTS.TsMarshalType.Table)] Cell<T> c) { Last = c.V; }

        /// <summary>A C# delegate called from JS (its Invoke's argument).</summary>
        public static Action<T> Sink = x => Last = x;

        /// <summary>Array element write: a one-element T[] that JS writes into.</summary>
        public static T[] Array = new T[1];
    }

    // The rows of the matrix: JS reaches each closed Probe<T> through a named subclass (inherited statics).
    public sealed class OfSByte : Probe<sbyte> { }
    public sealed class OfByte : Probe<byte> { }
    public sealed class OfInt16 : Probe<short> { }
    public sealed class OfUInt16 : Probe<ushort> { }
    public sealed class OfInt32 : Probe<int> { }
    public sealed class OfUInt32 : Probe<uint> { }
    public sealed class OfInt64 : Probe<long> { }
    public sealed class OfUInt64 : Probe<ulong> { }
    public sealed class OfSingle : Probe<float> { }
    public sealed class OfDouble : Probe<double> { }
    public sealed class OfDecimal : Probe<decimal> { }
    public sealed class OfChar : Probe<char> { }
    public sealed class OfBoolean : Probe<bool> { }
    public sealed class OfString : Probe<string> { }
    public sealed class OfObject : Probe<object> { }
    public sealed class OfMood : Probe<Mood> { }
    public sealed class OfNullableInt32 : Probe<int?> { }
    public sealed class OfPoint : Probe<Point> { }
    public sealed class OfNamed : Probe<Named> { }
    public sealed class OfThing : Probe<Thing> { }
    public sealed class OfIThing : Probe<IThing> { }
    public sealed class OfFuncInt32 : Probe<Func<int>> { }
    public sealed class OfInt32Array : Probe<int[]> { }
    public sealed class OfStringArray : Probe<string[]> { }
    public sealed class OfListInt32 : Probe<List<int>> { }

    /// <summary>Factories for the C# exotics among the JS values.</summary>
    public static class Make
    {
        public static Thing Thing() { return new Thing(); }

        public static Point Point() { return new Point { X = 1, Y = 2 }; }

        public static List<int> List() { return new List<int> { 4, 5 }; }
    }
}
