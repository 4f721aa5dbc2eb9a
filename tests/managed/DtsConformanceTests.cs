using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Runs the JS that tsc emitted from tests/dts/conformance/*.ts (compiled --strict against the declarations
    /// gen-dts wrote for ZTS.Fixtures.dll) on the domain: every <c>test_*</c> export is one case and fails on any
    /// JS exception, so the declarations provably match runtime dispatch. The alias XML of the fixtures is
    /// active, as it was for the generation.
    /// </summary>
    [TestFixture]
    public class Dts_Conformance : DomainFixture
    {
        private static string JsDir
        {
            get { return Environment.GetEnvironmentVariable("ZTS_DTS_JS_DIR") ?? Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "dts-js"); }
        }

        private static string FixturesDir
        {
            get { return Path.Combine(Path.GetDirectoryName(Environment.GetEnvironmentVariable("ZTS_CONFORMANCE_DIR")), "fixtures"); }
        }

        /// <summary>"module/test_Name" for every case of every emitted module.</summary>
        public static IEnumerable<string> Cases()
        {
            return JsTestCases.In(JsDir);
        }

        [TestFixtureSetUp]
        public void UseAliases()
        {
            Assert.IsNotNull(typeof(Fixtures.Animal).Assembly); // loaded: the CSharp tree sees it
            TsSettings.AliasXmlPaths.Add(Path.Combine(FixturesDir, "aliases.xml"));
        }

        [TestFixtureTearDown]
        public void DropAliases()
        {
            TsSettings.AliasXmlPaths.Clear();
        }

        [SetUp]
        public void LoadModules()
        {
            JsTestCases.Load(Modules, JsDir, "dts/");
        }

        [Test, TestCaseSource("Cases")]
        public void Dts_Case_RunsOnTheDomain(string testCase)
        {
            JsTestCases.Run("dts/", testCase);
        }

        [Test]
        public void Dts_Conformance_HasEmittedCases()
        {
            Assert.IsTrue(Directory.Exists(JsDir), "tsc output missing: " + JsDir);
            Assert.GreaterOrEqual(Cases().Count(), 25);
        }
    }
}
