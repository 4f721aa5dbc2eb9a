using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    public delegate float LengthOf([TsMarshalAs(TsMarshalType.Table)] Fixtures.Vec3 v);

    [return: TsMarshalAs(TsMarshalType.Table)]
    public delegate Fixtures.Vec3 MakeVec(float x);

    public delegate string NameOf([TsMarshalAs(TsMarshalType.OpaqueValue)] Fixtures.Animal a);

    public delegate string Labelled([TsMarshalAs(TsMarshalType.UnpackedValues, Members = new[] { "X", "Z" })] Fixtures.Vec3 v, string label);

    [return: TsMarshalAs(TsMarshalType.Table)]
    public delegate Fixtures.Vec3 StepVec(ref int count, [TsMarshalAs(TsMarshalType.UnpackedValues, Members = new[] { "X", "Z" })] Fixtures.Vec3 v,
                                          out string label);

    /// <summary>A struct of every member kind the Table fast paths treat apart and one that they do not.</summary>
    public struct MixedMembers
    {
        public int I;
        public bool B;
        public double D;
        public float F;
        public string S;
        public long L;
    }

    public delegate string ShowMixed([TsMarshalAs(TsMarshalType.Table)] MixedMembers m);

    [return: TsMarshalAs(TsMarshalType.Table)]
    public delegate MixedMembers MakeMixed(string which);

    /// <summary>[TsMarshalAs] on C# -> JS delegates, the invalid-combination log, and struct lifetime.</summary>
    [TestFixture]
    public class MarshalAs_Delegates : DomainFixture
    {
        [Test]
        public void MarshalAs_TableParameter_IsPlainObjectInJs()
        {
            var f = Bind<LengthOf>("export function f(v) { return Object.keys(v).join('') === 'XYZ' ? Math.hypot(v.X, v.Y, v.Z) : -1; }", "f");
            Assert.AreEqual(5f, f(new Fixtures.Vec3(3, 4, 0)));
        }

        [Test]
        public void MarshalAs_TableResult_FromPlainObject()
        {
            var f = Bind<MakeVec>("export function f(x) { return { X: x, Y: 2 * x, Z: 3 * x }; }", "f");
            Fixtures.Vec3 v = f(2);
            Assert.AreEqual(4f, v.Y);
            Assert.AreEqual(6f, v.Z);
        }

        // int/bool/double/float members cross without a box; the others through the general rules.
        [Test]
        public void MarshalAs_TableMemberKinds_BothDirections()
        {
            Modules["mixed"] = "export function show(m) { return [m.I, m.B, m.D, m.F, m.S, m.L].map(x => typeof x + ':' + x).join(' '); }\n" +
                               "export function make(w) { return w === 'ints' ? { I: 2.0 * 3, D: 4, F: 5, L: 6 } : w === 'bad' ? { I: 'no' } : { I: 7, B: true, D: 1.5, F: 0.25, S: 'x', L: 2 ** 40 }; }";
            var show = TsAppDomain.GetFunction<ShowMixed>("mixed", "show");
            var m = new MixedMembers { I = -3, B = true, D = 0.1, F = 0.5f, S = "s", L = 1L << 40 };
            Assert.AreEqual("number:-3 boolean:true number:0.1 number:0.5 string:s number:1099511627776", show(m));
            var make = TsAppDomain.GetFunction<MakeMixed>("mixed", "make");
            MixedMembers exact = make("exact");
            Assert.AreEqual(7, exact.I);
            Assert.IsTrue(exact.B);
            Assert.AreEqual(1.5, exact.D);
            Assert.AreEqual(0.25f, exact.F);
            Assert.AreEqual("x", exact.S);
            Assert.AreEqual(1L << 40, exact.L);
            MixedMembers converted = make("ints");
            Assert.AreEqual(6, converted.I, "an integral double where an int is declared");
            Assert.AreEqual(4.0, converted.D);
            Assert.AreEqual(5f, converted.F);
            Assert.IsNull(converted.S, "a missing member keeps its default");
            var e = Assert.Throws<TsMarshalException>(() => make("bad"));
            StringAssert.Contains("member I", e.Message);
        }

        [Test]
        public void MarshalAs_DefaultStructResult_ReadByItsBytes()
        {
            // A JS copy returned where a blittable struct is declared is read from its bytes (no box); anything else takes
            // the general rule and its error.
            var f = Bind<Func<float, Fixtures.Vec3>>(
                "import { Vec3 } from 'csharp:Fixtures';\n" +
                "export function f(x) { return x < 0 ? { X: 1 } : new Vec3(x, 1, 2); }", "f");
            Assert.AreEqual(5f, f(5).X);
            var e = Assert.Throws<TsMarshalException>(() => f(-1));
            StringAssert.StartsWith("zts: cannot convert", e.Message);
            for (int i = 0; i < 1000; i++) f(i);
            int gcs = GC.CollectionCount(0);
            float sum = 0;
            for (int i = 0; i < 1000000; i++) sum += f(1).Z;
            Assert.AreEqual(2000000f, sum);
            Assert.AreEqual(gcs, GC.CollectionCount(0), "no managed allocation per call");
        }

        [Test]
        public void MarshalAs_DefaultStructArgument_IsACopyByItsBytes()
        {
            // A blittable struct argument of a C# -> JS delegate is a native copy made from its bytes (no box): JS changes
            // only its copy, and a million calls allocate nothing managed (boxes would be 24 MB: several collections).
            var f = Bind<Func<Fixtures.Vec3, float>>(
                "import { Vec3 } from 'csharp:Fixtures';\n" +
                "export function f(v) { if (Object.getPrototypeOf(v) !== Vec3.prototype) return -1; v.X = 10; return v.X + v.Y; }", "f");
            var original = new Fixtures.Vec3(1, 2, 3);
            Assert.AreEqual(12f, f(original));
            Assert.AreEqual(1f, original.X, "the C# value is unchanged");
            for (int i = 0; i < 1000; i++) f(original);
            int gcs = GC.CollectionCount(0);
            float sum = 0;
            for (int i = 0; i < 1000000; i++) sum += f(original);
            Assert.AreEqual(12000000f, sum);
            Assert.AreEqual(gcs, GC.CollectionCount(0), "no managed allocation per call");
        }

        [Test]
        public void MarshalAs_OpaqueValue_ByValueClass()
        {
            var f = Bind<NameOf>("let saved;\nexport function f(h) { saved = h; return zts.opaque_get(h).Name; }\n" +
                                 "export function later() { try { zts.opaque_get(saved); return 'no'; } catch (e) { return e.message; } }", "f");
            Assert.AreEqual("cat", f(new Fixtures.Animal("cat")));
            Assert.AreEqual("zts: invalid opaque parameter handle", TsAppDomain.GetFunction<Func<string>>("m", "later")());
        }

        [Test]
        public void MarshalAs_UnpackedValues_ExpandsIntoArguments()
        {
            var f = Bind<Labelled>("export function f(...args) { return args.length + ':' + args.join(','); }", "f");
            Assert.AreEqual("3:1,3,v", f(new Fixtures.Vec3(1, 2, 3), "v"));
        }

        [Test]
        public void MarshalAs_RefWithUnpackedAndTableResult_EachRuleApplies()
        {
            // ref/out handles sit at their JS positions after an unpacked parameter, and a Table result is read as a
            // table also when the delegate has ref/out parameters. Before, the Editor ignored UnpackedValues and the
            // Table result next to ref/out, and the Player generator left the delegate type uncovered.
            var f = Bind<StepVec>("export function f(count, x, z, label) {\n" +
                                  "  zts.opaque_set(count, zts.opaque_get(count) + 1); zts.opaque_set(label, x + ':' + z);\n" +
                                  "  return { X: x * 2, Y: 7, Z: z * 2 };\n}", "f");
            int count = 41;
            string label;
            Fixtures.Vec3 r = f(ref count, new Fixtures.Vec3(1, 2, 3), out label);
            Assert.AreEqual(42, count);
            Assert.AreEqual("1:3", label);
            Assert.AreEqual(2f, r.X);
            Assert.AreEqual(7f, r.Y);
            Assert.AreEqual(6f, r.Z);
        }

        [Test]
        public void MarshalAs_InvalidCombination_LogsAndUsesDefault()
        {
            var f = Bind<Func<int>>("import { Geometry } from 'csharp:Fixtures';\nexport function f() { return Geometry.Chars('abcd'); }", "f");
            Assert.AreEqual(4, f());
            TsFramePump.LateUpdate();
            Assert.IsTrue(Logged.Exists(l => l.Key == TsLogLevel.Error && l.Value.Contains("[TsMarshalAs]") && l.Value.Contains("Chars")),
                          "the ignored attribute is logged as an error");
        }

        [Test]
        public void MarshalAs_StructHoldingReference_KeepsItAliveWhileJsHoldsTheCopy()
        {
            Modules["m"] = "import { Geometry, Factory } from 'csharp:Fixtures';\n" +
                           "let held = null;\n" +
                           "export function hold() { held = Geometry.Tag(Factory.Make(5), 'five'); }\n" +
                           "export function read() { return held.Item.Twice(); }\n" +
                           "export function drop() { held = null; }";
            global::Fixtures.Factory.Tracked.Clear();
            global::Fixtures.Factory.TrackEnabled = true;
            TsAppDomain.GetFunction<Action>("m", "hold")();
            global::Fixtures.Factory.TrackEnabled = false;
            WeakReference widget = global::Fixtures.Factory.Tracked[0];
            Collect();
            Assert.IsTrue(widget.IsAlive, "the struct copy in JS keeps its reference field's object alive");
            Assert.AreEqual(10, TsAppDomain.GetFunction<Func<int>>("m", "read")());
            TsAppDomain.GetFunction<Action>("m", "drop")();
            Collect();
            Assert.IsFalse(widget.IsAlive, "released with the copy");
        }

        // 10-LIFETIME §3.2 and §3.3: a struct that holds references is a native copy on the Player (its bytes in the core's
        // rooted arena, scanned by the GC: no box, no registry slot) and a boxed C# object in a registry slot on the
        // Editor (SGen moves objects and cannot see references in native memory). Scripts see the same struct.
        [Test]
        public void MarshalAs_StructHoldingReference_NativeCopyOnThePlayerOnly()
        {
            Modules["m"] = "import { Geometry, Factory } from 'csharp:Fixtures';\n" +
                           "let held = null;\n" +
                           "export function hold() { held = Geometry.Tag(Factory.Make(5), 'five'); }\n" +
                           "export function relabel() { held.Label = held.Label + '!'; return held.Label + ':' + held.Item.Twice(); }\n" +
                           "export function drop() { held = null; }";
            var hold = TsAppDomain.GetFunction<Action>("m", "hold");
            var relabel = TsAppDomain.GetFunction<Func<string>>("m", "relabel");
            var drop = TsAppDomain.GetFunction<Action>("m", "drop");
            hold();
            drop();
            Collect();
            int copies = Mono.LiveStructCopies;
            hold();
            bool player = TsBackend.SelectedRuntimeType == TsBackend.Il2CppRuntimeType;
            Assert.AreEqual(copies + (player ? 1 : 0), Mono.LiveStructCopies, player ? "a native copy" : "a boxed object, no copy");
            Assert.AreEqual("five!:10", relabel(), "a field written through its bridge lands in JS's copy");
            Assert.AreEqual("five!!:10", relabel());
            drop();
            Collect();
            Assert.AreEqual(copies, Mono.LiveStructCopies, "released with the JS object (a copy that holds references keeps no spare)");
        }

        private static void Collect()
        {
            Mono.CollectJsGarbage(); // the runtime of whichever backend runs the test
            TsFramePump.LateUpdate();
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }
    }
}
