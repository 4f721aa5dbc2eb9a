using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Base of every NUnit fixture that runs JS: a fresh domain per test over an in-memory module table,
    /// torn down after the test with QuickJS's leak count asserted to be zero.
    /// </summary>
    public abstract class DomainFixture
    {
        /// <summary>Module sources by canonical specifier; the loader returns null for unknown ones.</summary>
        protected readonly Dictionary<string, object> Modules = new Dictionary<string, object>();

        /// <summary>Every specifier the loader was asked for, in order.</summary>
        protected readonly List<string> Loads = new List<string>();

        protected readonly List<KeyValuePair<TsLogLevel, string>> Logged = new List<KeyValuePair<TsLogLevel, string>>();

        [SetUp]
        public void StartDomain()
        {
            Modules.Clear();
            Loads.Clear();
            Logged.Clear();
            TsConsole.Sink = (level, text) => Logged.Add(new KeyValuePair<TsLogLevel, string>(level, text));
            TsAppDomain.Initialize(Load);
        }

        [TearDown]
        public void StopDomain()
        {
            long leaked = TsAppDomain.Shutdown();
            TsConsole.Sink = null;
            Assert.AreEqual(0, leaked, "QuickJS leaked memory at JS_FreeRuntime");
        }

        protected object Load(string specifier)
        {
            Loads.Add(specifier);
            object source;
            return Modules.TryGetValue(specifier, out source) ? source : null;
        }

        /// <summary>The runtime under test (the shared runtime of whichever backend TsAppDomain created).</summary>
        protected static ZTS.Shared.ScriptRuntime Mono
        {
            get { return ZTS.Shared.ScriptRuntime.Current; }
        }

        /// <summary>Collects, runs finalizers and pumps the release queue until released() holds, for 30 s at most: a
        /// liveness wait, never a timed assertion (the caller asserts what it waited for). One round is not enough on
        /// Boehm Mono (the Player backends): GC.WaitForPendingFinalizers returns once the finalizer queue is empty,
        /// which it already is while the finalizer thread still runs the last finalizer it took from it. Seen on the
        /// 32-bit Player with the CPUs busy: the last of 1000 thrown values released only in a second round, in 5 runs
        /// of 80 (Errors_Identity.Errors_HeldThrownValues_ReleasedWithTheirTsExceptions).</summary>
        protected static void CollectUntil(Func<bool> released)
        {
            var deadline = DateTime.UtcNow.AddSeconds(30);
            while (!released() && DateTime.UtcNow < deadline)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
                TsFramePump.LateUpdate();
                if (!released()) System.Threading.Thread.Sleep(10); // the finalizer thread's turn
            }
        }

        /// <summary>Defines module "m" with the given source and binds its export.</summary>
        protected T Bind<T>(string source, string export) where T : class
        {
            Modules["m"] = source;
            return TsAppDomain.GetFunction<T>("m", export);
        }
    }
}
