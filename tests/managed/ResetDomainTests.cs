using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Reset never leaves the process without a domain (ScriptRuntime.Reset): settings are checked before the
    /// teardown, and collections are copied before continuations run over them (TaskBridge.AbandonWaiting,
    /// ScriptSubscriptions.RemoveAll). Before, each case left every call saying "the ... runtime is not initialized"
    /// and Initialize refusing.
    /// </summary>
    [TestFixture]
    public class Scope_Reset : DomainFixture
    {
        [TearDown]
        public void RestoreSettings()
        {
            TsSettings.HeapLimitBytes = 0;
            TsSettings.StackSizeBytes = 0;
            TsSettings.CallBudgetMilliseconds = 0;
        }

        private void AssertAnswers()
        {
            Modules["answer"] = "export function f() { return 42; }";
            Assert.AreEqual(42, TsAppDomain.GetFunction<Func<int>>("answer", "f")());
        }

        [Test]
        public void Scope_Reset_NegativeLimit_KeepsTheDomain()
        {
            var f = Bind<Func<int>>("let n = 0; export function f() { return ++n; }", "f");
            Assert.AreEqual(1, f());
            TsSettings.HeapLimitBytes = -1;
            TsAppDomain.Reset(Load);
            var e = Assert.Throws<ArgumentOutOfRangeException>(() => TsFramePump.EndOfFrame());
            StringAssert.StartsWith("zts: TsSettings.HeapLimitBytes must be >= 0", e.Message);
            Assert.AreEqual(2, f(), "nothing was torn down: the old domain and its state are still there");
            Assert.IsTrue(TsAppDomain.IsResetPending);
            TsSettings.HeapLimitBytes = 0;
            Assert.IsTrue(TsFramePump.EndOfFrame());
            AssertAnswers();
        }

        [Test]
        public void Scope_Reset_TooSmallLimit_KeepsTheDomain()
        {
            var f = Bind<Func<int>>("let n = 0; export function f() { return ++n; }", "f");
            Assert.AreEqual(1, f());
            TsSettings.HeapLimitBytes = 1000;
            TsAppDomain.Reset(Load);
            var e = Assert.Throws<ArgumentOutOfRangeException>(() => TsFramePump.EndOfFrame());
            StringAssert.StartsWith("zts: TsSettings.HeapLimitBytes must be 0 or at least " + TsLimits.MinHeapLimitBytes, e.Message);
            Assert.AreEqual(2, f(), "nothing was torn down");
            TsSettings.HeapLimitBytes = TsLimits.MinHeapLimitBytes;
            Assert.IsTrue(TsFramePump.EndOfFrame(), "the smallest allowed limit makes a domain");
            AssertAnswers();
        }

        [Test]
        public void Scope_Reset_TooSmallLimit_InitializeRefusesAndCanBeRetried()
        {
            TsAppDomain.Shutdown();
            TsSettings.HeapLimitBytes = 1000;
            Assert.Throws<ArgumentOutOfRangeException>(() => TsAppDomain.Initialize(Load));
            TsSettings.HeapLimitBytes = 0;
            TsAppDomain.Initialize(Load);
            AssertAnswers();
        }

        [Test]
        public void Scope_Teardown_ContinuationCallsOldDelegate_ResetCompletes()
        {
            var pending = Bind<Func<Task<int>>>("export function pending() { return new Promise(() => {}); }", "pending");
            Task<int> t = pending();
            Task<int> during = null;
            Exception continuationError = null;
            t.ContinueWith(_ =>
            {
                try { during = pending(); } // the old domain still stands while its waiting tasks fail
                catch (Exception x) { continuationError = x; }
            }, TaskContinuationOptions.ExecuteSynchronously);
            TsAppDomain.Reset(Load);
            Assert.IsTrue(TsFramePump.EndOfFrame(), "before: InvalidOperationException: Collection was modified");
            Assert.IsTrue(t.IsFaulted);
            Assert.IsInstanceOf<ObjectDisposedException>(t.Exception.InnerException);
            Assert.IsNull(continuationError);
            Assert.IsNotNull(during);
            Assert.IsTrue(during.IsFaulted, "a promise handed over during the teardown can never settle");
            Assert.IsInstanceOf<ObjectDisposedException>(during.Exception.InnerException);
            AssertAnswers();
        }

        [Test]
        public void Scope_Teardown_ResettingAgain_IsRefused()
        {
            string refused = null;
            var pending = Bind<Func<Task<int>>>("export function pending() { return new Promise(() => {}); }", "pending");
            pending().ContinueWith(_ =>
            {
                try { TsAppDomain.Reset(Load); TsFramePump.EndOfFrame(); }
                catch (InvalidOperationException x) { refused = x.Message; }
            }, TaskContinuationOptions.ExecuteSynchronously);
            TsAppDomain.Reset(Load);
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.AreEqual("zts: a Reset cannot be applied while the domain is being torn down; it stays reserved until EndOfFrame runs after the teardown", refused);
            AssertAnswers();
        }
    }
}
