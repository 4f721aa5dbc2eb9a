using System;
using System.Threading;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>A domain belongs to the thread that initialized it (10-LIFETIME §6, SPEC_MAP D2).</summary>
    [TestFixture]
    public class Threads_Ownership : DomainFixture
    {
        private static Exception OnOtherThread(Action action)
        {
            Exception caught = null;
            var t = new Thread(() =>
            {
                try { action(); }
                catch (Exception e) { caught = e; }
            });
            t.Start();
            t.Join();
            return caught;
        }

        [Test]
        public void Threads_DelegateFromOtherThread_ThrowsWithoutTouchingJs()
        {
            var f = Bind<Func<int>>("globalThis.calls = 0; export function f() { return ++globalThis.calls; }", "f");
            var e = OnOtherThread(() => f());
            Assert.IsInstanceOf<InvalidOperationException>(e);
            StringAssert.StartsWith("zts: ", e.Message);
            Assert.AreEqual(1, f(), "the other thread's call never reached JS");
        }

        [Test]
        public void Threads_HostApiFromOtherThread_Throws()
        {
            Modules["m"] = "export function f() {}";
            Assert.IsInstanceOf<InvalidOperationException>(OnOtherThread(() => TsAppDomain.GetFunction<Action>("m", "f")));
            Assert.IsInstanceOf<InvalidOperationException>(OnOtherThread(() => TsAppDomain.Reset(s => null)));
            Assert.IsInstanceOf<InvalidOperationException>(OnOtherThread(() => TsFramePump.LateUpdate()));
            Assert.IsFalse(TsAppDomain.IsResetPending);
        }

        [Test]
        public void Threads_EndOfFrameFromOtherThread_ThrowsAndFlushesNothingThere()
        {
            Bind<Action>("export function f() { console.log('queued'); }", "f");
            TsFramePump.EndOfFrame();
            Logged.Clear();
            int sinkThread = -1;
            TsConsole.Sink = (level, text) => { sinkThread = Thread.CurrentThread.ManagedThreadId; Logged.Add(new System.Collections.Generic.KeyValuePair<TsLogLevel, string>(level, text)); };
            TsConsole.Enqueue(TsLogLevel.Info, "pending");
            Exception e = OnOtherThread(() => TsFramePump.EndOfFrame());
            Assert.IsInstanceOf<InvalidOperationException>(e);
            StringAssert.StartsWith("zts: TsAppDomain was initialized on thread", e.Message);
            Assert.AreEqual(-1, sinkThread, "the other thread flushed nothing");
            TsFramePump.EndOfFrame();
            Assert.AreEqual(Thread.CurrentThread.ManagedThreadId, sinkThread, "the domain's thread flushes it");
        }
    }
}
