using System;
using System.Linq;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Failures whose texts used to mislead (an exception of the wrong layer, `null`, a SyntaxError at a line that is
    /// fine) say what happened in a zts: text. The script-side one, String(CSharp.System.Math), is a conformance case
    /// (tests/conformance/errors.js, Errors_StringOfCSharpNames_IsZtsText).
    /// </summary>
    [TestFixture]
    public class Limits_Texts : DomainFixture
    {
        // A Resetting handler that calls EndOfFrame: before, the nested call applied the Reset and the outer one then
        // threw ArgumentNullException 'moduleLoader' out of EndOfFrame.
        [Test]
        public void Limits_Texts_EndOfFrameInsideResetting_IsLoggedAndTheResetGoesOn()
        {
            Modules["app"] = "export function v() { return 1; }";
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("app", "v")());
            Action nested = () => TsFramePump.EndOfFrame();
            TsAppDomain.Resetting += nested;
            try
            {
                TsAppDomain.Reset(s => s == "app" ? "export function v() { return 2; }" : null);
                Assert.IsTrue(TsFramePump.EndOfFrame(), "the Reset is applied once");
            }
            finally
            {
                TsAppDomain.Resetting -= nested;
            }
            Assert.AreEqual(2, TsAppDomain.GetFunction<Func<int>>("app", "v")());
            string errors = string.Join("\n", Logged.Where(l => l.Key == TsLogLevel.Error).Select(l => l.Value));
            StringAssert.Contains("zts: a TsAppDomain.Resetting handler threw during Reset: System.InvalidOperationException: " +
                                  "zts: TsFramePump.EndOfFrame was called inside a TsAppDomain.Resetting handler; " +
                                  "the Reset being applied goes on when the handlers return", errors);
        }

        // An import chain deeper than the JS stack: before, `SyntaxError: stack overflow` at a line of the deepest module.
        [Test]
        public void Limits_Texts_DeepImportChain_NamesTheChain()
        {
            const int depth = 2000;
            for (int i = 0; i < depth; i++)
                Modules["c" + i] = i + 1 < depth ? "import { v as w } from './c" + (i + 1) + "'; export const v = w + 1;" : "export const v = 0;";
            Modules["top"] = "import { v } from './c0'; export function f() { return v; }";
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<int>>("top", "f"));
            StringAssert.Contains("zts: the JS stack ran out while compiling module 'c", e.Message);
            StringAssert.Contains(" modules deep (top -> c0 -> c1 -> ... -> c", e.Message);
            StringAssert.Contains("an import chain this deep, or code nested this deeply, does not fit the JS stack (TsSettings.StackSizeBytes)", e.Message);
            Modules["ok"] = "export function f() { return 42; }";
            Assert.AreEqual(42, TsAppDomain.GetFunction<Func<int>>("ok", "f")(), "the domain still works");
        }
    }
}
