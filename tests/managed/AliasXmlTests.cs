using System;
using System.IO;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>01-HOST-API §4: alias XML files (root element TsAlias) for precompiled DLLs.</summary>
    [TestFixture]
    public class Alias_Xml
    {
        private static string FixturesDir
        {
            get { return Path.Combine(Path.GetDirectoryName(Environment.GetEnvironmentVariable("ZTS_CONFORMANCE_DIR")), "fixtures"); }
        }

        [TearDown]
        public void Clear()
        {
            long leaked = TsAppDomain.Shutdown();
            TsSettings.AliasXmlPaths.Clear();
            Assert.AreEqual(0, leaked);
        }

        [Test]
        public void Alias_Xml_RenamesMethodsOfPrecompiledTypes()
        {
            Assert.IsNotNull(typeof(Fixtures.Precompiled));
            TsSettings.AliasXmlPaths.Add(Path.Combine(FixturesDir, "aliases.xml"));
            TsAppDomain.Initialize(s => "import { Precompiled as P } from 'csharp:Fixtures';\n" +
                                        "export function f() { return [P.scale_i32(2), P.Scale(2.5), P.title(), P.attribute_wins(), typeof P.Name, typeof P.xml_loses].join('|'); }");
            Assert.AreEqual("int:2|double:2.5|precompiled|attribute|undefined|undefined", TsAppDomain.GetFunction<Func<string>>("m", "f")());
        }

        [Test]
        public void Alias_Xml_WrongRootElement_FailsClearly()
        {
            string path = Path.GetTempFileName();
            File.WriteAllText(path, "<Aliases/>");
            TsSettings.AliasXmlPaths.Add(path);
            var e = Assert.Throws<TsBindException>(() => TsAppDomain.Initialize(s => null));
            StringAssert.Contains("must have the root element TsAlias", e.Message);
            File.Delete(path);
        }
    }
}
