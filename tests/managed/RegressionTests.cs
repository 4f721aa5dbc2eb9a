using System;
using System.IO;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>Regressions found in review.</summary>
    [TestFixture]
    public class Regression_Review : DomainFixture
    {
        [TearDown]
        public void ClearSettings()
        {
            TsSettings.AliasXmlPaths.Clear();
        }

        [Test]
        public void Regression_EndOfFrameFromPromiseJob_DoesNotFreeRunningDomain()
        {
            var f = Bind<Action>("export function f() { Promise.resolve().then(() => CSharp.ZTS.TsFramePump.EndOfFrame()); }", "f");
            TsAppDomain.Reset(Load);
            f();
            TsFramePump.LateUpdate(); // the job tries to apply the Reset from inside JS: refused (its promise rejects)
            Assert.IsTrue(TsAppDomain.IsResetPending, "still reserved");
            Assert.IsTrue(Logged.Exists(l => l.Key == TsLogLevel.Error && l.Value.Contains("Reset cannot be applied inside")),
                          "the refused Reset surfaces as an unhandled rejection");
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
        }

        [Test]
        public void Regression_ResetWithBadAliasXml_KeepsOldDomain()
        {
            var f = Bind<Func<int>>("export function f() { return 1; }", "f");
            string bad = Path.GetTempFileName();
            File.WriteAllText(bad, "<NotTsAlias/>");
            TsSettings.AliasXmlPaths.Add(bad);
            TsAppDomain.Reset(Load);
            Assert.Throws<TsBindException>(() => TsFramePump.EndOfFrame());
            Assert.AreEqual(1, f(), "the old domain still runs");
            Assert.IsTrue(TsAppDomain.IsResetPending, "the Reset stays reserved");
            TsSettings.AliasXmlPaths.Clear();
            Assert.IsTrue(TsFramePump.EndOfFrame(), "applied once the settings are fixed");
            Assert.Throws<ObjectDisposedException>(() => f());
            File.Delete(bad);
        }
    }
}
