using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Backend selection outside Unity (docs/PLAYER.md): ZTS_BACKEND=il2cpp outside the player launcher, a launcher id
    /// that names another process, and a bad value are zts: errors from TsBackend.Create, before any runtime starts.
    /// </summary>
    [TestFixture]
    public class Backend_Selection
    {
        private string _backend;
        private string _pid;

        [SetUp]
        public void SaveEnvironment()
        {
            _backend = Environment.GetEnvironmentVariable("ZTS_BACKEND");
            _pid = Environment.GetEnvironmentVariable(TsPlayerHost.PidVariable);
        }

        [TearDown]
        public void RestoreEnvironment()
        {
            Environment.SetEnvironmentVariable("ZTS_BACKEND", _backend);
            Environment.SetEnvironmentVariable(TsPlayerHost.PidVariable, _pid);
        }

        [Test]
        public void Backend_Il2CppOutsideLauncher_IsZtsError()
        {
            Environment.SetEnvironmentVariable("ZTS_BACKEND", "il2cpp");
            Environment.SetEnvironmentVariable(TsPlayerHost.PidVariable, null);
            Assert.AreEqual(TsBackend.Il2CppRuntimeType, TsBackend.SelectedRuntimeType);
            Assert.AreEqual(0, TsPlayerHost.Version);
            var e = Assert.Throws<InvalidOperationException>(() => TsBackend.Create());
            StringAssert.StartsWith("zts: the Player backend (ZTS.Il2Cpp) runs only inside the player launcher: build/dist/zts-player", e.Message);
        }

        [Test]
        public void Backend_Il2CppInheritedLauncherId_IsZtsError()
        {
            // A process started by a program under the launcher inherits ZTS_PLAYER_PID, not the internal calls.
            Environment.SetEnvironmentVariable("ZTS_BACKEND", "il2cpp");
            Environment.SetEnvironmentVariable(TsPlayerHost.PidVariable, "1");
            Assert.AreEqual(0, TsPlayerHost.Version);
            var e = Assert.Throws<InvalidOperationException>(() => TsBackend.Create());
            StringAssert.Contains("runs only inside the player launcher", e.Message);
        }

        [Test]
        public void Backend_UnknownName_IsZtsError()
        {
            Environment.SetEnvironmentVariable("ZTS_BACKEND", "clr");
            var e = Assert.Throws<InvalidOperationException>(() => TsBackend.Create());
            Assert.AreEqual("zts: ZTS_BACKEND='clr' is not a backend (use 'mono' or 'il2cpp')", e.Message);
        }

        [Test]
        public void Backend_Mono_IsCreated()
        {
            Environment.SetEnvironmentVariable("ZTS_BACKEND", "mono");
            ITsRuntime runtime = TsBackend.Create();
            Assert.AreEqual(Type.GetType(TsBackend.MonoRuntimeType), runtime.GetType());
        }
    }
}
