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

        /// <summary>Defines module "m" with the given source and binds its export.</summary>
        protected T Bind<T>(string source, string export) where T : class
        {
            Modules["m"] = source;
            return TsAppDomain.GetFunction<T>("m", export);
        }
    }
}
