using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// The conversion matrix: every JS value kind against every CLR type, through every JS -> C# path
    /// (member argument, field, property, zts.ref value, Table member, a C# delegate called from JS, array
    /// element, a JS function's result as Func, zts.opaque_set of a ref parameter). Each cell is what arrived in
    /// C# or the `zts:` error text without its location. All paths must agree, and the cells must equal the
    /// reviewed table in tests/conformance/conversion_matrix.expected (ZTS_UPDATE_GOLDEN=1 rewrites it).
    /// Only the public host API is used, so the same fixture runs on every backend.
    /// </summary>
    [TestFixture]
    public class Conversion_Matrix : DomainFixture
    {
        // JS value rows: label, JS expression. M is csharp:ConversionMatrix's Make.
        private static readonly string[][] Values =
        {
            new[] { "int", "2" }, new[] { "double", "2.5" }, new[] { "integral double", "0.5 * 4" }, new[] { "-0", "-0" },
            new[] { "NaN", "NaN" }, new[] { "Infinity", "Infinity" }, new[] { "-Infinity", "-Infinity" },
            new[] { "2^53+1", "2 ** 53 + 1" }, new[] { "true", "true" }, new[] { "string", "'abc'" }, new[] { "one-char string", "'x'" },
            new[] { "null", "null" }, new[] { "undefined", "undefined" }, new[] { "plain object", "({ a: 1 })" },
            new[] { "JS array", "[1, 2, 3]" }, new[] { "function", "(() => 1)" }, new[] { "bigint", "10n" },
            new[] { "symbol", "Symbol('s')" }, new[] { "C# class", "M.Thing()" }, new[] { "C# struct", "M.Point()" },
            new[] { "C# List", "M.List()" },
        };

        // CLR type rows: the Of* subclass name in tests/fixtures/Matrix.cs and its T.
        private static readonly KeyValuePair<string, Type>[] Types =
        {
            Row("SByte", typeof(sbyte)), Row("Byte", typeof(byte)), Row("Int16", typeof(short)), Row("UInt16", typeof(ushort)),
            Row("Int32", typeof(int)), Row("UInt32", typeof(uint)), Row("Int64", typeof(long)), Row("UInt64", typeof(ulong)),
            Row("Single", typeof(float)), Row("Double", typeof(double)), Row("Decimal", typeof(decimal)), Row("Char", typeof(char)),
            Row("Boolean", typeof(bool)), Row("String", typeof(string)), Row("Object", typeof(object)),
            Row("Mood", typeof(ConversionMatrix.Mood)), Row("NullableInt32", typeof(int?)), Row("Point", typeof(ConversionMatrix.Point)),
            Row("Named", typeof(ConversionMatrix.Named)), Row("Thing", typeof(ConversionMatrix.Thing)), Row("IThing", typeof(ConversionMatrix.IThing)),
            Row("FuncInt32", typeof(Func<int>)), Row("Int32Array", typeof(int[])), Row("StringArray", typeof(string[])),
            Row("ListInt32", typeof(List<int>)),
        };

        // The delegate types Run binds for each row (Func<int, T> and RefSetter<T>), named here as well: the Player
        // backend's bridge generator finds the delegate types a program uses by reading its IL, and MakeGenericType
        // below builds them at run time, where it cannot see them (docs/PLAYER.md).
        internal static readonly Type[] RowDelegates =
        {
            typeof(Func<int, sbyte>), typeof(Func<int, byte>), typeof(Func<int, short>), typeof(Func<int, ushort>),
            typeof(Func<int, int>), typeof(Func<int, uint>), typeof(Func<int, long>), typeof(Func<int, ulong>),
            typeof(Func<int, float>), typeof(Func<int, double>), typeof(Func<int, decimal>), typeof(Func<int, char>),
            typeof(Func<int, bool>), typeof(Func<int, string>), typeof(Func<int, object>), typeof(Func<int, ConversionMatrix.Mood>),
            typeof(Func<int, int?>), typeof(Func<int, ConversionMatrix.Point>), typeof(Func<int, ConversionMatrix.Named>),
            typeof(Func<int, ConversionMatrix.Thing>), typeof(Func<int, ConversionMatrix.IThing>), typeof(Func<int, Func<int>>),
            typeof(Func<int, int[]>), typeof(Func<int, string[]>), typeof(Func<int, List<int>>),
            typeof(ConversionMatrix.RefSetter<sbyte>), typeof(ConversionMatrix.RefSetter<byte>), typeof(ConversionMatrix.RefSetter<short>),
            typeof(ConversionMatrix.RefSetter<ushort>), typeof(ConversionMatrix.RefSetter<int>), typeof(ConversionMatrix.RefSetter<uint>),
            typeof(ConversionMatrix.RefSetter<long>), typeof(ConversionMatrix.RefSetter<ulong>), typeof(ConversionMatrix.RefSetter<float>),
            typeof(ConversionMatrix.RefSetter<double>), typeof(ConversionMatrix.RefSetter<decimal>), typeof(ConversionMatrix.RefSetter<char>),
            typeof(ConversionMatrix.RefSetter<bool>), typeof(ConversionMatrix.RefSetter<string>), typeof(ConversionMatrix.RefSetter<object>),
            typeof(ConversionMatrix.RefSetter<ConversionMatrix.Mood>), typeof(ConversionMatrix.RefSetter<int?>),
            typeof(ConversionMatrix.RefSetter<ConversionMatrix.Point>), typeof(ConversionMatrix.RefSetter<ConversionMatrix.Named>),
            typeof(ConversionMatrix.RefSetter<ConversionMatrix.Thing>), typeof(ConversionMatrix.RefSetter<ConversionMatrix.IThing>),
            typeof(ConversionMatrix.RefSetter<Func<int>>), typeof(ConversionMatrix.RefSetter<int[]>), typeof(ConversionMatrix.RefSetter<string[]>),
            typeof(ConversionMatrix.RefSetter<List<int>>),
        };

        // JS-side paths: how `v` reaches C# (P is the Of* type object), and where C# then finds it.
        private static readonly string[][] JsPaths =
        {
            new[] { "argument", "P.Take(v)", "Last" },
            new[] { "field", "P.Field = v", "Field" },
            new[] { "property", "P.Property = v", "Last" },
            new[] { "zts.ref", "P.TakeRef(zts.ref(v))", "Last" },
            new[] { "table member", "P.TakeCell({ V: v })", "Last" },
            new[] { "delegate argument", "P.Sink(v)", "Last" },
            new[] { "array element", "P.Array[0] = v", "Array" },
            new[] { "struct copy field", "{ const c = P.NewCell(); c.V = v; P.TakeCellCopy(c); }", "Last" },
        };

        private static KeyValuePair<string, Type> Row(string name, Type t)
        {
            return new KeyValuePair<string, Type>(name, t);
        }

        // A location at the end of a `zts:` text: "(argument 1 of 'T.M')", "(return value of 'm.f')", ...
        private static readonly Regex Location = new Regex(@" \((element \d+ of )?(argument|arguments|return value|ref/out argument|zts\.ref)[^()]*\)(: a Table needs a plain object)?$");

        private static string Normalize(string error)
        {
            return "error: " + Location.Replace(error, "");
        }

        private static string Describe(object o)
        {
            if (o == null) return "null";
            if (o is double) return "Double " + Number((double)o);
            if (o is float) return "Single " + Number((float)o);
            if (o is Delegate) return "delegate " + o.GetType().Name;
            var text = o as string;
            if (text != null) return "String '" + text + "'";
            if (o is Array || o is IList)
            {
                var parts = new List<string>();
                foreach (object e in (IEnumerable)o) parts.Add(e == null ? "null" : e.ToString());
                return o.GetType().Name + " [" + string.Join(", ", parts.ToArray()) + "]";
            }
            return o.GetType().Name + " " + o;
        }

        private static string Number(double x)
        {
            return x == 0 && 1 / x < 0 ? "-0" : x.ToString("R");
        }

        private static Type ProbeOf(Type t)
        {
            return typeof(ConversionMatrix.Probe<>).MakeGenericType(t);
        }

        private static object Read(Type t, string where)
        {
            Type probe = ProbeOf(t);
            if (where == "Array") return ((Array)probe.GetField("Array").GetValue(null)).GetValue(0);
            return probe.GetField(where).GetValue(null);
        }

        private static void Clear(Type t)
        {
            Type probe = ProbeOf(t);
            object zero = t.IsValueType ? Activator.CreateInstance(t) : null;
            probe.GetField("Last").SetValue(null, zero);
            probe.GetField("Field").SetValue(null, zero);
            ((Array)probe.GetField("Array").GetValue(null)).SetValue(zero, 0);
        }

        private string Module(string typeName)
        {
            var js = new StringBuilder();
            js.Append("import { Make as M, Of").Append(typeName).Append(" as P } from 'csharp:ConversionMatrix';\n");
            js.Append("const values = [").Append(string.Join(", ", Values.Select(v => "() => " + v[1]).ToArray())).Append("];\n");
            js.Append("export function run(path, i) {\n  const v = values[i]();\n  try {\n    switch (path) {\n");
            for (int p = 0; p < JsPaths.Length; p++)
                js.Append("      case ").Append(p).Append(": ").Append(JsPaths[p][1]).Append("; break;\n");
            js.Append("    }\n    return '';\n  } catch (e) { return 'error: ' + e.message; }\n}\n");
            js.Append("export function value(i) { return values[i](); }\n");
            js.Append("export function opaque(i, h) { zts.opaque_set(h, values[i]()); }\n");
            return js.ToString();
        }

        /// <summary>Cells by [type][value][path].</summary>
        private Dictionary<string, string>[][] Run()
        {
            var cells = new Dictionary<string, string>[Types.Length][];
            for (int ti = 0; ti < Types.Length; ti++)
            {
                Type t = Types[ti].Value;
                Modules["matrix/" + Types[ti].Key] = Module(Types[ti].Key);
                var run = TsAppDomain.GetFunction<Func<int, int, string>>("matrix/" + Types[ti].Key, "run");
                Delegate result = Bind(typeof(Func<,>).MakeGenericType(typeof(int), t), Types[ti].Key, "value");
                Delegate opaque = Bind(typeof(ConversionMatrix.RefSetter<>).MakeGenericType(t), Types[ti].Key, "opaque");
                cells[ti] = new Dictionary<string, string>[Values.Length];
                for (int vi = 0; vi < Values.Length; vi++)
                {
                    var row = cells[ti][vi] = new Dictionary<string, string>();
                    for (int p = 0; p < JsPaths.Length; p++)
                    {
                        Clear(t);
                        string error = run(p, vi);
                        row[JsPaths[p][0]] = error.Length > 0 ? Normalize(error.Substring("error: ".Length)) : Describe(Read(t, JsPaths[p][2]));
                    }
                    row["delegate result"] = Capture(() => Describe(result.DynamicInvoke(vi)));
                    MethodInfo callOpaque = typeof(Conversion_Matrix).GetMethod("CallOpaque", BindingFlags.NonPublic | BindingFlags.Static).MakeGenericMethod(t);
                    row["opaque"] = Capture(() => (string)callOpaque.Invoke(null, new object[] { opaque, vi }));
                    TsFramePump.LateUpdate();
                }
            }
            return cells;
        }

        private static string CallOpaque<T>(Delegate opaque, int index)
        {
            T value = default(T);
            ((ConversionMatrix.RefSetter<T>)opaque)(index, ref value);
            return Describe(value);
        }

        private static Delegate Bind(Type delegateType, string typeName, string export)
        {
            MethodInfo get = typeof(TsAppDomain).GetMethod("GetFunction").MakeGenericMethod(delegateType);
            return (Delegate)get.Invoke(null, new object[] { "matrix/" + typeName, export });
        }

        private static string Capture(Func<string> f)
        {
            try
            {
                return f();
            }
            catch (TargetInvocationException e)
            {
                return Normalize(e.InnerException.Message);
            }
        }

        private static string Table(Dictionary<string, string>[][] cells, string path)
        {
            var text = new StringBuilder();
            text.Append("# The conversion matrix: what a JS value becomes for a declared CLR type, on every path\n");
            text.Append("# (tests/managed/ConversionMatrixTests.cs). Errors are shown without their location.\n");
            for (int ti = 0; ti < Types.Length; ti++)
                for (int vi = 0; vi < Values.Length; vi++)
                    text.Append(Types[ti].Key).Append(" <- ").Append(Values[vi][0]).Append(": ").Append(cells[ti][vi][path]).Append('\n');
            return text.ToString();
        }

        [Test]
        public void ConversionMatrix_EveryPath_SameOutcome()
        {
            Dictionary<string, string>[][] cells = Run();
            var disagreements = new List<string>();
            for (int ti = 0; ti < Types.Length; ti++)
                for (int vi = 0; vi < Values.Length; vi++)
                {
                    Dictionary<string, string> row = cells[ti][vi];
                    string reference = row["argument"];
                    foreach (var cell in row)
                    {
                        // A Table member that is undefined is an absent member: it keeps the default (docs/MARSHAL.md).
                        // Likewise an opaque handle left (or set) undefined is an out value JS did not write: the
                        // default (docs/MARSHAL.md).
                        if ((cell.Key == "table member" || cell.Key == "opaque") && Values[vi][0] == "undefined") continue;
                        if (cell.Value != reference)
                            disagreements.Add(Types[ti].Key + " <- " + Values[vi][0] + ": argument gives '" + reference + "' but " + cell.Key + " gives '" + cell.Value + "'");
                    }
                }
            Assert.IsEmpty(disagreements, string.Join("\n", disagreements.ToArray()));

            string golden = Path.Combine(Environment.GetEnvironmentVariable("ZTS_CONFORMANCE_DIR") ?? "tests/conformance", "conversion_matrix.expected");
            string actual = Table(cells, "argument");
            if (Environment.GetEnvironmentVariable("ZTS_UPDATE_GOLDEN") == "1") File.WriteAllText(golden, actual);
            Assert.AreEqual(File.ReadAllText(golden), actual, "the matrix differs from " + golden + " (review, then ZTS_UPDATE_GOLDEN=1)");
        }

        [Test]
        public void ConversionMatrix_TableMember_UndefinedKeepsDefault()
        {
            Modules["m"] = "import { OfInt32 as P } from 'csharp:ConversionMatrix'; export function f() { P.TakeCell({ V: undefined }); }";
            ConversionMatrix.Probe<int>.Last = 5;
            TsAppDomain.GetFunction<Action>("m", "f")();
            Assert.AreEqual(0, ConversionMatrix.Probe<int>.Last);
        }

        // The drift the issue found: these pairs used to differ by path.
        [TestCase("0.5 * 4", "Int32 2")]
        [TestCase("-0", "Double -0")]
        [TestCase("2.5", "Double 2.5")]
        public void ConversionMatrix_Regression_ObjectNumbers(string js, string expected)
        {
            Modules["m"] = "import { OfObject as P } from 'csharp:ConversionMatrix';\n" +
                           "export function arg() { P.Take(" + js + "); }\nexport function ref() { P.TakeRef(zts.ref(" + js + ")); }\n" +
                           "export function value() { return " + js + "; }";
            TsAppDomain.GetFunction<Action>("m", "arg")();
            Assert.AreEqual(expected, Describe(ConversionMatrix.Probe<object>.Last), "member argument");
            TsAppDomain.GetFunction<Action>("m", "ref")();
            Assert.AreEqual(expected, Describe(ConversionMatrix.Probe<object>.Last), "zts.ref");
            Assert.AreEqual(expected, Describe(TsAppDomain.GetFunction<Func<object>>("m", "value")()), "GetFunction<Func<object>> result");
        }

        [Test]
        public void ConversionMatrix_Regression_LongBeyondSafeInteger_EveryPath()
        {
            Modules["m"] = "export function f(x) { return x; }";
            var f = TsAppDomain.GetFunction<Func<long, long>>("m", "f");
            Assert.AreEqual(9007199254740991L, f(9007199254740991L));
            var e = Assert.Throws<TsMarshalException>(() => f(9007199254740992L));
            StringAssert.StartsWith("zts: cannot convert System.Int64 9007199254740992 to a JS number: beyond ±(2^53-1)", e.Message);
            Mono.DefineGlobalFunction("host.big", a => 9007199254740993L);
            Modules["n"] = "export function g() { try { host.big(); return 'no error'; } catch (e) { return e.message; } }";
            StringAssert.StartsWith("zts: cannot convert System.Int64 9007199254740993 to a JS number",
                                    TsAppDomain.GetFunction<Func<string>>("n", "g")());
        }

        [Test]
        public void ConversionMatrix_IntPtrAsObject_CrossesAsNumber_BeyondSafeRangeIsZtsError()
        {
            // IntPtr/UIntPtr cross as numbers by the Int64/UInt64 rule (docs/MARSHAL.md), declared object too; once a
            // "cannot cross to JS" error (a regression: never a raw cast exception).
            Modules["m"] = "export function f(x) { return typeof x === 'number' ? x + 1 : -1; }";
            var f = TsAppDomain.GetFunction<Func<object, double>>("m", "f");
            Assert.AreEqual(6, f(new IntPtr(5)));
            Assert.AreEqual(8, f(new UIntPtr(7)));
            if (IntPtr.Size == 8)
            {
                var e = Assert.Throws<TsMarshalException>(() => f(new IntPtr(long.MaxValue)));
                StringAssert.StartsWith("zts: cannot convert System.IntPtr 9223372036854775807 to a JS number: beyond ±(2^53-1)", e.Message);
            }
            else
            {
                // 32-bit (the 32-bit Player: docs/PLATFORMS.md): every native int is a safe integer, its extremes exact
                // (new IntPtr(long) beyond ±2^31 is the runtime's OverflowException there, before any crossing).
                Assert.AreEqual(int.MaxValue + 1.0, f(new IntPtr(int.MaxValue)));
                Assert.AreEqual(int.MinValue + 1.0, f(new IntPtr(int.MinValue)));
                Assert.AreEqual(uint.MaxValue + 1.0, f(new UIntPtr(uint.MaxValue)));
            }
        }
    }
}
