using System;
using System.Threading;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>A domain belongs to the thread that initialized it (10-LIFETIME §6, CONTRACT §2).</summary>
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
    }
}
