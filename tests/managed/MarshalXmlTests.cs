using System;
using System.IO;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// MarshalAs XML (TsSettings.MarshalXmlPaths, 01-HOST-API §3.3) gives members of a precompiled assembly
    /// the marshalling [TsMarshalAs] would: tests/fixtures/marshal.xml over Fixtures.Geometry.
    /// </summary>
    [TestFixture]
    public class MarshalXml_Entries : DomainFixture
    {
        private static string Fixture(string name)
        {
            return Path.Combine(Conformance_Suite.Dir, "..", "fixtures", name);
        }

        private void Restart(params string[] files)
        {
            TsAppDomain.Shutdown();
            TsSettings.MarshalXmlPaths.Clear();
            foreach (string f in files) TsSettings.MarshalXmlPaths.Add(Fixture(f));
            TsAppDomain.Initialize(Load);
        }

        [TearDown]
        public void ClearSettings()
        {
            TsSettings.MarshalXmlPaths.Clear();
            TsMarshalXml.Current = null;
        }

        private int _runs;

        // A module of its own per script (a module evaluates once per domain).
        private string Run(string body)
        {
            Assert.IsNotNull(typeof(Fixtures.Geometry).Assembly);
            string name = "run" + _runs++;
            Modules[name] = "import { Geometry } from 'csharp:Fixtures';\n" +
                            "export function f() { try { " + body + " } catch (e) { return 'threw ' + e.message; } }";
            return TsAppDomain.GetFunction<Func<string>>(name, "f")();
        }

        [Test]
        public void MarshalXml_ParameterReturnAndField_ActAsTheAttribute()
        {
            Restart("marshal.xml");
            Assert.AreEqual("6", Run("return String(Geometry.Sum({ X: 1, Y: 2, Z: 3 }));"), "a Table parameter from a plain object");
            Assert.AreEqual("{\"X\":1,\"Y\":2}", Run("return JSON.stringify(Geometry.Make(1, 2, 3));"), "a Table result with the listed members");
            Assert.AreEqual("{\"X\":1,\"Y\":2,\"Z\":3}", Run("return JSON.stringify(Geometry.Stored);"), "a Table field");
            Assert.AreEqual("5", Run("return String(Geometry.Length({ X: 3, Y: 4 }));"), "the attribute wins over an XML Default");
            Assert.IsEmpty(Logged.Where(l => l.Key == TsLogLevel.Error).ToList());
        }

        [Test]
        public void MarshalXml_Absent_KeepsDefault()
        {
            Restart();
            StringAssert.StartsWith("threw zts:", Run("return String(Geometry.Sum({ X: 1, Y: 2, Z: 3 }));"), "ByVal by default: a plain object is no Vec3");
            Assert.AreEqual("object", Run("return typeof Geometry.Make(1, 2, 3);"));
            Assert.AreEqual("false", Run("return String(Object.getPrototypeOf(Geometry.Make(1, 2, 3)) === Object.prototype);"));
        }

        [Test]
        public void MarshalXml_InvalidEntries_LoggedWithFileAndLine_DefaultUsed()
        {
            Restart("marshal_invalid.xml");
            TsConsole.Flush();
            string[] errors = Logged.Where(l => l.Key == TsLogLevel.Error).Select(l => l.Value).ToArray();
            string all = string.Join("\n", errors);
            StringAssert.Contains("marshal_invalid.xml:5: 'Fixtures.Geometry.Sum' has no parameter 'nope'", all);
            StringAssert.Contains("marshal_invalid.xml:6: [TsMarshalAs] is not allowed on a method", all);
            StringAssert.Contains("marshal_invalid.xml:7: marshal must be one of Default, OpaqueValue, Table, UnpackedValues, not 'Tabel'", all);
            StringAssert.Contains("marshal_invalid.xml:8: UnpackedValues applies to by-value parameters only", all);
            StringAssert.Contains("marshal_invalid.xml:11: Table needs a struct or a Nullable of one, not System.String", all);
            Assert.AreEqual(5, errors.Length, all);
            StringAssert.Contains("(entry ignored, Default used)", errors[0]);
            StringAssert.StartsWith("threw zts:", Run("return String(Geometry.Sum({ X: 1, Y: 2, Z: 3 }));"), "Default kept");
            Assert.AreEqual("false", Run("return String(Object.getPrototypeOf(Geometry.Stored) === Object.prototype);"));
        }

        [Test]
        public void MarshalXml_AliasFileInMarshalPaths_IsAnError()
        {
            Restart("aliases.xml");
            TsConsole.Flush();
            StringAssert.Contains("aliases.xml:3: this is an alias file: alias XML goes in TsSettings.AliasXmlPaths, not with the MarshalAs XML",
                                  string.Join("\n", Logged.Select(l => l.Value)));
            var e = Assert.Throws<TsBindException>(() => TsAliasTable.Load(new[] { Fixture("marshal.xml") }));
            StringAssert.Contains("must have the root element TsAlias", e.Message);
        }

        [Test]
        public void MarshalXml_Validate_StrictWithFileAndLine()
        {
            Assert.IsNotNull(typeof(Fixtures.Geometry).Assembly);
            Assert.IsEmpty(TsMarshalXml.Validate(new[] { Fixture("marshal.xml") }));
            IList<string> problems = TsMarshalXml.Validate(new[] { Fixture("marshal_invalid.xml") });
            Assert.AreEqual(5, problems.Count, string.Join("\n", problems));
            StringAssert.EndsWith("marshal_invalid.xml:5: 'Fixtures.Geometry.Sum' has no parameter 'nope'", problems[0]);
        }
    }
}
