using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    public delegate bool TryGet(string key, out int value);
    public delegate void Accumulate(ref int total, int add);
    public delegate void Keep(ref int value);
    public delegate string Kinds(ref double d, ref float f, ref bool b, out int i, string mode);

    /// <summary>10-LIFETIME §4: C# -> JS ref/in/out parameters as opaque handles valid only during the call.</summary>
    [TestFixture]
    public class Opaque_Handles : DomainFixture
    {
        [Test]
        public void Opaque_Out_WrittenBackToCaller()
        {
            var tryGet = Bind<TryGet>("export function f(key, out) { if (key !== 'a') return false; zts.opaque_set(out, 42); return true; }", "f");
            int v;
            Assert.IsTrue(tryGet("a", out v));
            Assert.AreEqual(42, v);
            Assert.IsFalse(tryGet("b", out v));
            Assert.AreEqual(0, v, "out left unset by JS is default");
        }

        [Test]
        public void Opaque_Ref_ReadAndWritten()
        {
            var acc = Bind<Accumulate>("export function f(total, add) { zts.opaque_set(total, zts.opaque_get(total) + add); }", "f");
            int total = 10;
            acc(ref total, 5);
            acc(ref total, 7);
            Assert.AreEqual(22, total);
        }

        // int/double/float/bool ref values are written and read back without boxing when JS leaves the
        // exact kind; any other kind goes through the general conversion (same values, same errors).
        [Test]
        public void Opaque_PrimitiveKinds_ExactAndConverted()
        {
            var f = Bind<Kinds>("export function f(d, fl, b, i, mode) {\n" +
                                "  const before = [zts.opaque_get(d), zts.opaque_get(fl), zts.opaque_get(b), zts.opaque_get(i)].join(',');\n" +
                                "  if (mode === 'exact') { zts.opaque_set(d, 2.5); zts.opaque_set(fl, 0.25); zts.opaque_set(b, true); zts.opaque_set(i, 7); }\n" +
                                "  if (mode === 'ints') { zts.opaque_set(d, 3); zts.opaque_set(fl, 4); zts.opaque_set(i, 8.0 * 1.5); }\n" +
                                "  if (mode === 'bad') zts.opaque_set(i, 'x');\n" +
                                "  return before;\n}", "f");
            double d = 1.5;
            float fl = 0.5f;
            bool b = false;
            int i;
            Assert.AreEqual("1.5,0.5,false,", f(ref d, ref fl, ref b, out i, "exact"));
            Assert.AreEqual(2.5, d);
            Assert.AreEqual(0.25f, fl);
            Assert.IsTrue(b);
            Assert.AreEqual(7, i);
            f(ref d, ref fl, ref b, out i, "ints");
            Assert.AreEqual(3.0, d, "an int where a double is declared");
            Assert.AreEqual(4f, fl);
            Assert.AreEqual(12, i, "an integral double where an int is declared");
            var e = Assert.Throws<TsMarshalException>(() => f(ref d, ref fl, ref b, out i, "bad"));
            StringAssert.Contains("cannot convert string to System.Int32 (ref/out argument 4 of", e.Message);
        }

        [Test]
        public void Opaque_StoredHandle_InvalidAfterCall()
        {
            Modules["m"] = "let saved = null;\n" +
                           "export function keep(v) { saved = v; }\n" +
                           "export function later() { try { zts.opaque_get(saved); return 'no throw'; } catch (e) { return e.message; } }\n" +
                           "export function laterSet() { try { zts.opaque_set(saved, 1); return 'no throw'; } catch (e) { return e.message; } }";
            var keep = TsAppDomain.GetFunction<Keep>("m", "keep");
            int x = 1;
            keep(ref x);
            Assert.AreEqual("zts: invalid opaque parameter handle", TsAppDomain.GetFunction<Func<string>>("m", "later")());
            Assert.AreEqual("zts: invalid opaque parameter handle", TsAppDomain.GetFunction<Func<string>>("m", "laterSet")());
            keep(ref x); // a new call: the old handle stays invalid although a slot index is reused
            Assert.AreEqual("zts: invalid opaque parameter handle", TsAppDomain.GetFunction<Func<string>>("m", "later")());
        }

        [Test]
        public void Opaque_MemberAccess_Throws()
        {
            var f = Bind<Keep>("export function f(v) { v.value = 3; }", "f");
            int x = 0;
            var e = Assert.Throws<TsException>(() => f(ref x));
            StringAssert.StartsWith("zts: invalid opaque parameter handle", e.Message);
        }

        [Test]
        public void Opaque_ErrorPath_AlsoInvalidates()
        {
            Modules["m"] = "let saved = null;\n" +
                           "export function keepAndThrow(v) { saved = v; throw new Error('fail'); }\n" +
                           "export function later() { try { zts.opaque_get(saved); return 'no throw'; } catch (e) { return e.message; } }";
            var keep = TsAppDomain.GetFunction<Keep>("m", "keepAndThrow");
            int x = 1;
            Assert.Throws<TsException>(() => keep(ref x));
            Assert.AreEqual("zts: invalid opaque parameter handle", TsAppDomain.GetFunction<Func<string>>("m", "later")());
        }

        [Test]
        public void Opaque_PromiseJob_SeesInvalidHandle()
        {
            Modules["m"] = "globalThis.result = '';\n" +
                           "export async function f(v) { await null; try { zts.opaque_get(v); globalThis.result = 'no throw'; } catch (e) { globalThis.result = e.message; } }\n" +
                           "export function result() { return globalThis.result; }";
            var f = TsAppDomain.GetFunction<Keep>("m", "f");
            int x = 1;
            f(ref x);
            TsFramePump.LateUpdate(); // runs the Promise job after the call returned
            Assert.AreEqual("zts: invalid opaque parameter handle", TsAppDomain.GetFunction<Func<string>>("m", "result")());
        }
    }
}
