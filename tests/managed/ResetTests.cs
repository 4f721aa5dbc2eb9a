using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>Reset is reserved and applied at EndOfFrame (01-HOST-API §1.2, 10-LIFETIME §7.2).</summary>
    [TestFixture]
    public class Reset_Reservation : DomainFixture
    {
        private static Func<string, object> Version(int n)
        {
            return s => s == "app" ? "export function v() { return " + n + "; }" : null;
        }

        [Test]
        public void Reset_IsOnlyReserved_UntilEndOfFrame()
        {
            Modules["app"] = "export function v() { return 1; }";
            var v = TsAppDomain.GetFunction<Func<int>>("app", "v");
            TsAppDomain.Reset(Version(2));
            Assert.IsTrue(TsAppDomain.IsResetPending);
            Assert.AreEqual(1, v(), "the old domain lives until EndOfFrame");
            TsFramePump.LateUpdate();
            Assert.AreEqual(1, v());
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.IsFalse(TsAppDomain.IsResetPending);
            Assert.AreEqual(2, TsAppDomain.GetFunction<Func<int>>("app", "v")());
            Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
        }

        [Test]
        public void Reset_StaleDelegate_ThrowsObjectDisposed()
        {
            Modules["app"] = "export function v() { return 1; }";
            var v = TsAppDomain.GetFunction<Func<int>>("app", "v");
            TsAppDomain.Reset(Version(2));
            TsFramePump.EndOfFrame();
            var e = Assert.Throws<ObjectDisposedException>(() => v());
            StringAssert.StartsWith("zts: ", e.Message);
            StringAssert.Contains("app.v", e.Message);
        }

        [Test]
        public void Reset_SeveralReservations_LastLoaderWins()
        {
            TsAppDomain.Reset(Version(2));
            TsAppDomain.Reset(Version(3));
            TsAppDomain.Reset(Version(4));
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.IsFalse(TsFramePump.EndOfFrame(), "one reservation, applied once");
            Assert.AreEqual(4, TsAppDomain.GetFunction<Func<int>>("app", "v")());
            Assert.AreEqual(1, Mono.ResetCount);
        }

        [Test]
        public void Reset_ReservedDuringCSharpToJsCall_IsSafe()
        {
            Mono.DefineGlobalFunction("host.reset", a => { TsAppDomain.Reset(Version(9)); return 1; });
            var f = Bind<Func<int>>("export function f() { const r = host.reset(); return r + 10; }", "f");
            Assert.AreEqual(11, f());
            Assert.AreEqual(11, f(), "still the old domain within the frame");
            TsFramePump.EndOfFrame();
            Assert.Throws<ObjectDisposedException>(() => f());
            Assert.AreEqual(9, TsAppDomain.GetFunction<Func<int>>("app", "v")());
        }

        [Test]
        public void Reset_EndOfFrameInsideJsCall_StaysReserved()
        {
            Exception inner = null;
            Mono.DefineGlobalFunction("host.pump", a =>
            {
                TsAppDomain.Reset(Version(5));
                try { TsFramePump.EndOfFrame(); }
                catch (Exception e) { inner = e; }
                return null;
            });
            var f = Bind<Func<int>>("export function f() { host.pump(); return 1; }", "f");
            Assert.AreEqual(1, f());
            Assert.IsInstanceOf<InvalidOperationException>(inner);
            Assert.IsTrue(TsAppDomain.IsResetPending);
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.AreEqual(5, TsAppDomain.GetFunction<Func<int>>("app", "v")());
        }

        [Test]
        public void Reset_ModuleCacheDropped_ModulesEvaluatedAgain()
        {
            int loads = 0;
            Func<string, object> loader = s => { loads++; return "export function f() { return 1; }"; };
            TsAppDomain.Reset(loader);
            TsFramePump.EndOfFrame();
            TsAppDomain.GetFunction<Func<int>>("app", "f");
            TsAppDomain.GetFunction<Func<int>>("app", "f");
            TsAppDomain.Reset(loader);
            TsFramePump.EndOfFrame();
            TsAppDomain.GetFunction<Func<int>>("app", "f");
            Assert.AreEqual(2, loads);
        }

        [Test]
        public void Reset_ManyCycles_NoLeak()
        {
            for (int i = 0; i < 50; i++)
            {
                var v = TsAppDomain.GetFunction<Func<int>>("app", "v") ;
                Assert.AreEqual(i == 0 ? 1 : i, v());
                TsAppDomain.Reset(Version(i + 1));
                TsFramePump.EndOfFrame();
                Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
            }
        }

        [SetUp]
        public void DefaultApp()
        {
            Modules["app"] = "export function v() { return 1; }";
        }
    }

    /// <summary>Deferred ref releases (10-LIFETIME §5): finalizers queue, LateUpdate drains on the domain thread.</summary>
    [TestFixture]
    public class Lifetime_RefReleases : DomainFixture
    {
        [Test]
        public void Lifetime_CollectedDelegates_ReleasedByLateUpdate()
        {
            Modules["m"] = "export function f() { return 1; }";
            int baseline = Mono.LiveFunctionRefs;
            MakeGarbage(1000);
            Assert.AreEqual(baseline + 1000, Mono.LiveFunctionRefs);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            Assert.AreEqual(baseline + 1000, Mono.LiveFunctionRefs, "finalizers only queue; nothing is freed off the frame pump");
            TsFramePump.LateUpdate();
            Assert.LessOrEqual(Mono.LiveFunctionRefs, baseline + 10, "conservative stack scanning may keep a few alive");
        }

        private static void MakeGarbage(int n)
        {
            for (int i = 0; i < n; i++) TsAppDomain.GetFunction<Func<int>>("m", "f");
        }

        [Test]
        public void Lifetime_HeldDelegate_KeepsWorkingAcrossGcAndPump()
        {
            var f = Bind<Func<int>>("export function f() { return 6; }", "f");
            GC.Collect();
            GC.WaitForPendingFinalizers();
            TsFramePump.LateUpdate();
            Assert.AreEqual(6, f());
        }

        [Test]
        public void Lifetime_LateUpdate_RunsPromiseJobs()
        {
            var f = Bind<Func<int>>("globalThis.done = 0;\nexport function f() { Promise.resolve(5).then(v => { globalThis.done = v; }); return globalThis.done; }\nexport function done() { return globalThis.done; }", "f");
            Assert.AreEqual(0, f());
            TsFramePump.LateUpdate();
            Assert.AreEqual(5, TsAppDomain.GetFunction<Func<int>>("m", "done")());
        }

        [Test]
        public void Lifetime_HandledRejection_NotReported()
        {
            var f = Bind<Action>("export function f() { Promise.reject(new Error('caught later')).catch(() => {}); }", "f");
            f();
            TsFramePump.LateUpdate();
            Assert.IsFalse(Logged.Exists(l => l.Value.Contains("caught later")));
        }

        [Test]
        public void Lifetime_RejectedPromiseJob_ReportedAsConsoleError()
        {
            var f = Bind<Action>("export function f() { Promise.resolve().then(() => { throw new Error('late'); }); }", "f");
            f();
            TsFramePump.LateUpdate();
            Assert.IsTrue(Logged.Exists(l => l.Key == TsLogLevel.Error && l.Value.StartsWith("zts: unhandled Promise rejection: Error: late")),
                          "unhandled rejections are reported as console errors");
        }
    }
}
