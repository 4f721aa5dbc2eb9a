using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>The callback gate and exception boundary, end to end (seed build/03 §7, SPEC_MAP D6).</summary>
    [TestFixture]
    public class Gate_ExceptionBoundary : DomainFixture
    {
        [Test]
        public void Gate_CSharpException_CaughtByJsTryCatch()
        {
            Mono.DefineGlobalFunction("host.fail", a => { throw new InvalidOperationException("nope " + a[0]); });
            var f = Bind<Func<string>>(
                "export function f() { try { host.fail(7); return 'no throw'; } catch (e) {" +
                " return (e instanceof Error) + '|' + e.message + '|' + (typeof e.csharpStack); } }", "f");
            Assert.AreEqual("true|zts: System.InvalidOperationException: nope 7|string", f());
        }

        [Test]
        public void Gate_CSharpStack_NamesTheThrowingMethod()
        {
            Mono.DefineGlobalFunction("host.fail", a => { ThrowingHelper(); return null; });
            var f = Bind<Func<string>>("export function f() { try { host.fail(); } catch (e) { return e.csharpStack; } }", "f");
            string stack = f();
            StringAssert.Contains("ThrowingHelper", stack);
            StringAssert.DoesNotContain("ZTS.Shared.", stack, "ZTS's own frames (the host function's boundary) are dropped");
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void ThrowingHelper()
        {
            throw new ArgumentException("from helper");
        }

        [Test]
        public void Gate_CSharpException_UncaughtBecomesTsException()
        {
            Mono.DefineGlobalFunction("host.fail", a => { throw new InvalidOperationException("deep"); });
            var f = Bind<Action>("export function f() {\n  host.fail();\n}", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("zts: System.InvalidOperationException: deep", e.Message);
            StringAssert.Contains("m:2", e.JsStack);
        }

        [Test]
        public void Gate_JsThrow_BecomesTsExceptionWithStack()
        {
            var f = Bind<Action>("function inner() {\n  throw new TypeError('wrong type');\n}\nexport function f() { inner(); }", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("wrong type", e.Message);
            Assert.AreEqual("TypeError", e.JsName);
            StringAssert.Contains("inner", e.JsStack);
            StringAssert.Contains("m:2", e.JsStack);
        }

        [Test]
        public void Gate_JsThrowsNonError_MessageIsStringOfValue()
        {
            var f = Bind<Action>("export function f() { throw 42; }", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("42", e.Message);
            Assert.AreEqual("", e.JsName);
        }

        [Test]
        public void Gate_NoPendingExceptionSurvives_NextCallWorks()
        {
            Modules["m"] = "export function bad() { throw new Error('x'); }\nexport function good() { return 3; }";
            var bad = TsAppDomain.GetFunction<Action>("m", "bad");
            var good = TsAppDomain.GetFunction<Func<int>>("m", "good");
            for (int i = 0; i < 100; i++)
            {
                Assert.Throws<TsException>(() => bad());
                Assert.AreEqual(3, good());
            }
        }

        [Test]
        public void Gate_Nested50Deep_ThrowAtBottomUnwinds()
        {
            Func<int, int> down = null;
            Mono.DefineGlobalFunction("host.down", a => down(Convert.ToInt32(a[0]) - 1));
            Modules["m"] = "export function down(n) { if (n === 0) throw new Error('bottom'); return host.down(n) + 1; }\n" +
                           "export function guarded(n) { try { return host.down(n); } catch (e) { return -1; } }";
            down = TsAppDomain.GetFunction<Func<int, int>>("m", "down");
            var e = Assert.Throws<TsException>(() => down(50));
            // The JS Error crossed C# 50 times and is still itself (SPEC_MAP D6: identity, no stacked prefixes).
            Assert.AreEqual("bottom", e.Message);
            Assert.AreEqual("Error", e.JsName);
            Assert.AreEqual(Mono.Domain.CallDepth, 0);
            // The domain still works, and a try/catch in the middle stops the unwinding there.
            var guarded = TsAppDomain.GetFunction<Func<int, int>>("m", "guarded");
            Assert.AreEqual(-1, guarded(50));
        }

        [Test]
        public void Gate_Nested50Deep_SucceedsAndReturns()
        {
            Func<int, int> down = null;
            Mono.DefineGlobalFunction("host.down", a => down(Convert.ToInt32(a[0]) - 1));
            down = Bind<Func<int, int>>("export function down(n) { return n === 0 ? 0 : host.down(n) + 1; }", "down");
            Assert.AreEqual(50, down(50));
        }

        [Test]
        public void Gate_100000ThrownCallbacks_NoCrashNoLeak()
        {
            int calls = 0;
            Mono.DefineGlobalFunction("host.fail", a => { calls++; throw new InvalidOperationException("again"); });
            var f = Bind<Func<int, int>>(
                "export function f(n) { let c = 0; for (let i = 0; i < n; i++) { try { host.fail(); } catch (e) {" +
                " if (e.message === 'zts: System.InvalidOperationException: again') c++; } } return c; }", "f");
            Assert.AreEqual(100000, f(100000));
            Assert.AreEqual(100000, calls);
            // TearDown asserts QuickJS has nothing left at JS_FreeRuntime.
        }

        [Test]
        public void Gate_Initialized_BeforeAnyGatedCallback()
        {
            // The C gate is the Editor backend's; the Player backend calls no gate (docs/PLAYER.md).
            Assume.That(TsAppDomain.Runtime, Is.InstanceOf<TsMonoAppDomain.Runtime>());
            Assert.IsTrue(ZTS.Mono.JsCallbackGate.IsInitialized);
            Assert.AreNotEqual(IntPtr.Zero, ZTS.Mono.JsCallbackGate.Gate);
        }
    }
}

namespace ZTS.Tests
{
    /// <summary>build/03 §7: using the gate before zts_gate_init is a clear C# exception, not a crash.</summary>
    [TestFixture]
    public class Gate_BeforeInit
    {
        [Test]
        public void Gate_BeforeInit_GatedPushThrowsClearly()
        {
            // ctest runs each fixture in its own process, where nothing has initialized the gate yet.
            if (ZTS.Mono.JsCallbackGate.IsInitialized) Assert.Ignore("the gate was initialized earlier in this process");
            var e = Assert.Throws<InvalidOperationException>(() => { var unused = ZTS.Mono.JsCallbackGate.Gate; });
            StringAssert.StartsWith("zts: the Mono callback gate is not initialized", e.Message);
        }
    }
}

namespace ZTS.Tests
{
    /// <summary>An exception whose Message getter throws must still not cross the native frames.</summary>
    [TestFixture]
    public class Gate_HostileException : DomainFixture
    {
        private sealed class HostileException : Exception
        {
            public override string Message
            {
                get { throw new InvalidOperationException("Message getter throws"); }
            }
        }

        [Test]
        public void Gate_ThrowingMessageGetter_StillAJsError()
        {
            Mono.DefineGlobalFunction("host.fail", a => { throw new HostileException(); });
            var f = Bind<Func<string>>("export function f() { try { host.fail(); } catch (e) { return e.message; } }", "f");
            StringAssert.StartsWith("zts: ZTS.Tests.Gate_HostileException+HostileException: ", f());
        }

        [Test]
        public void Modules_LoaderThrowsHostileException_TsModuleLoadException()
        {
            TsAppDomain.Shutdown();
            TsAppDomain.Initialize(s => { throw new HostileException(); });
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            StringAssert.Contains("HostileException", e.Message);
        }
    }
}
