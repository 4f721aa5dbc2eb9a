using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    public delegate bool TryGet(string key, out int value);
    public delegate void Accumulate(ref int total, int add);
    public delegate void Keep(ref int value);

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
