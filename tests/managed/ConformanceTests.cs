using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Runs every <c>test_*</c> export of tests/conformance/*.js in a fresh domain against the fixture
    /// assembly (namespace Fixtures). Backend-neutral: the Il2Cpp-style backend runs the same files.
    /// </summary>
    [TestFixture]
    public class Conformance_Suite : DomainFixture
    {
        internal static string Dir
        {
            get
            {
                string dir = Environment.GetEnvironmentVariable("ZTS_CONFORMANCE_DIR");
                if (!string.IsNullOrEmpty(dir)) return dir;
                return Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "conformance");
            }
        }

        /// <summary>"file/test_Name" for every case of every conformance file.</summary>
        public static IEnumerable<string> Cases()
        {
            return JsTestCases.In(Dir, "assert");
        }

        [SetUp]
        public void LoadFixtures()
        {
            // The fixture assembly must be loaded for the CSharp tree to see it.
            Assert.IsNotNull(typeof(Fixtures.Animal).Assembly);
            JsTestCases.Load(Modules, Dir, "conformance/");
        }

        [Test, TestCaseSource("Cases")]
        public void Conformance_Case_Passes(string testCase)
        {
            string reason;
            if (TsBackend.SelectedRuntimeType == TsBackend.Il2CppRuntimeType && PlayerUncovered().TryGetValue(testCase, out reason))
            {
                // A case the Player build does not cover must fail loudly at first bind, never silently.
                var e = Assert.Throws<TsException>(() => JsTestCases.Run("conformance/", testCase), "listed as uncovered (" + reason + ")");
                StringAssert.Contains("zts: no Player bridge for", e.Message);
                return;
            }
            JsTestCases.Run("conformance/", testCase);
        }

        // tests/conformance/player_uncovered.txt: case -> reason.
        private static Dictionary<string, string> PlayerUncovered()
        {
            var cases = new Dictionary<string, string>();
            foreach (string line in File.ReadAllLines(Path.Combine(Dir, "player_uncovered.txt")))
            {
                string trimmed = line.Trim();
                if (trimmed.Length == 0 || trimmed[0] == '#') continue;
                int space = trimmed.IndexOf(' ');
                cases[space < 0 ? trimmed : trimmed.Substring(0, space)] = space < 0 ? "" : trimmed.Substring(space).Trim();
            }
            return cases;
        }

        [Test]
        public void Conformance_Suite_HasCases()
        {
            Assert.GreaterOrEqual(Cases().Count(), 45);
        }

        [Test]
        public void Conformance_UnknownImport_IsLinkTimeSyntaxError()
        {
            Modules["bad"] = "import { NoSuchType } from 'csharp:Fixtures'; export function f() {}";
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("bad", "f"));
            Assert.AreEqual("SyntaxError", e.JsName);
            StringAssert.Contains("NoSuchType", e.Message);
            StringAssert.Contains("csharp:Fixtures", e.Message);
        }
    }
}
