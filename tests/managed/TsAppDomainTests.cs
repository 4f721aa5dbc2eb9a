using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    [TestFixture]
    public class TsAppDomain_Lifecycle : DomainFixture
    {
        [Test]
        public void TsAppDomain_Initialize_TwiceThrows()
        {
            var e = Assert.Throws<InvalidOperationException>(() => TsAppDomain.Initialize(Load));
            StringAssert.StartsWith("zts: ", e.Message);
            StringAssert.Contains("Reset", e.Message);
        }

        [Test]
        public void TsAppDomain_Initialize_NullLoaderThrows()
        {
            Assert.Throws<ArgumentNullException>(() => TsAppDomain.Initialize(null));
        }

        [Test]
        public void TsAppDomain_GetFunction_EmptyNamesThrow()
        {
            Assert.Throws<ArgumentException>(() => TsAppDomain.GetFunction<Action>("", "f"));
            Assert.Throws<ArgumentException>(() => TsAppDomain.GetFunction<Action>(null, "f"));
            Assert.Throws<ArgumentException>(() => TsAppDomain.GetFunction<Action>("m", ""));
            Assert.Throws<ArgumentException>(() => TsAppDomain.GetFunction<Action>("m", null));
        }

        [Test]
        public void TsAppDomain_GetFunction_NonDelegateTypeThrows()
        {
            Assert.Throws<TsBindException>(() => TsAppDomain.GetFunction<string>("m", "f"));
            Assert.Throws<TsBindException>(() => TsAppDomain.GetFunction<MulticastDelegate>("m", "f"));
        }

        [Test]
        public void TsAppDomain_Backend_IsMonoOutsideUnity()
        {
            // The default only: a run that selects a backend (the Player backend's runs set ZTS_BACKEND) tests that one.
            Assume.That(Environment.GetEnvironmentVariable("ZTS_BACKEND"), Is.Null.Or.EqualTo("mono"));
            Assert.AreEqual(TsBackend.MonoRuntimeType, TsBackend.SelectedRuntimeType);
            Assert.IsInstanceOf<TsMonoAppDomain.Runtime>(TsAppDomain.Runtime);
        }

        [Test]
        public void TsAppDomain_ZtsGlobal_HasVersion()
        {
            var version = Bind<Func<string>>("export function v() { return zts.version; }", "v");
            StringAssert.Contains("QuickJS 2025-04-26", version());
        }
    }

    [TestFixture]
    public class TsAppDomain_Uninitialized
    {
        [Test]
        public void TsAppDomain_GetFunction_BeforeInitializeThrows()
        {
            Assert.IsFalse(TsAppDomain.IsInitialized);
            var e = Assert.Throws<InvalidOperationException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            StringAssert.StartsWith("zts: ", e.Message);
        }

        [Test]
        public void TsAppDomain_Reset_BeforeInitializeThrows()
        {
            Assert.Throws<InvalidOperationException>(() => TsAppDomain.Reset(s => null));
        }

        [Test]
        public void TsFramePump_BeforeInitialize_DoesNothing()
        {
            TsFramePump.LateUpdate();
            Assert.IsFalse(TsFramePump.EndOfFrame());
        }
    }
}
