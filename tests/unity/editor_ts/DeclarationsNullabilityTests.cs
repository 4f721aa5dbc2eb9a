using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using ZTS.EditorTools;

namespace ZTS.UnityTests.NullabilityProbe
{
    /// <summary>What the nullability tests declare: a C# reference without annotations.</summary>
    public class Probe
    {
        /// <summary>A reference-typed field with no nullable annotation.</summary>
        public string Name = "";
    }
}

namespace ZTS.UnityTests
{
    /// <summary>
    /// Project Settings > ZTS > Nullability of C# references (ZtsProjectSettings.nullable) reaches the declaration
    /// generator through DeclarationsJob, as ztsrun gen-dts --nullable does.
    /// </summary>
    [TestFixture]
    public class UnityPackage_Declarations_Nullability
    {
        private static string Declare(string nullable)
        {
            using (var t = new TempFolder())
            {
                var settings = new ZtsProjectSettings { nullable = nullable, declarationsFolder = "types",
                                                        namespaces = new[] { "ZTS.UnityTests.NullabilityProbe" } };
                string dll = typeof(NullabilityProbe.Probe).Assembly.Location;
                var assembly = new ProjectAssembly("ZTS.UnityTests", dll, new[] { "Assets/Probe.cs" });
                DeclarationsJob.Run(settings, new[] { assembly }, t.Path);
                string file = Directory.GetFiles(Path.Combine(t.Path, "types"), "csharp.ZTS.UnityTests.NullabilityProbe.d.ts").Single();
                return File.ReadAllText(file);
            }
        }

        [Test]
        public void Annotated_Default_ReferenceWithoutAnnotationIsNullable()
        {
            Assert.AreEqual(ZtsProjectSettings.NullableAnnotated, new ZtsProjectSettings().nullable);
            StringAssert.Contains("Name: string | null;", Declare(ZtsProjectSettings.NullableAnnotated));
        }

        [Test]
        public void Oblivious_ReferenceIsItsType()
        {
            string d = Declare(ZtsProjectSettings.NullableOblivious);
            StringAssert.Contains("Name: string;", d);
            StringAssert.DoesNotContain("| null", d);
        }

        [Test]
        public void Unknown_FailsWithAZtsText()
        {
            var e = Assert.Throws<ArgumentException>(() => Declare("sometimes"));
            StringAssert.StartsWith("zts: the declarations' nullability is 'sometimes' in ProjectSettings/ZTSSettings.json", e.Message);
        }
    }
}
