using System;
using System.Collections.Generic;
using System.IO;
using NUnit.Framework;
using ZTS.Declarations;

namespace ZTS.Tests
{
    /// <summary>
    /// gen-dts for everyday projects: the nullability-oblivious option, the types without a namespace,
    /// Task as a Promise, and assembly errors with hints.
    /// </summary>
    [TestFixture]
    public class Dts_Ergonomics
    {
        private static DtsOptions Options(params string[] namespaces)
        {
            var o = new DtsOptions();
            o.Assemblies.Add(typeof(Fixtures.Animal).Assembly.Location);
            o.Namespaces.AddRange(namespaces);
            return o;
        }

        private static string Module(DtsOptions o, string file)
        {
            return DtsGenerator.Generate(o)[file];
        }

        [Test]
        public void Dts_Ergonomics_Oblivious_UnannotatedWithoutNull()
        {
            DtsOptions o = Options("Fixtures.Decl");
            string annotated = Module(o, "csharp.Fixtures.Decl.d.ts");
            o.NullableOblivious = true;
            string oblivious = Module(o, "csharp.Fixtures.Decl.d.ts");
            StringAssert.Contains("Oblivious(): string | null;", annotated, "the default keeps | null");
            StringAssert.Contains("Oblivious(): string;", oblivious, "unannotated: no | null");
            StringAssert.Contains("Find(key: string): string | null;", oblivious, "[CanBeNull] keeps | null");
            StringAssert.Contains("Join(a: string, b: string | null): number;", oblivious, "annotated parameters as before");
        }

        [Test]
        public void Dts_Ergonomics_GlobalNamespace_DeclaredInCsharpModule()
        {
            SortedDictionary<string, string> files = DtsGenerator.Generate(Options());
            StringAssert.Contains("declare module \"csharp:\" {", files["csharp.d.ts"]);
            StringAssert.Contains("export const GlobalGreeter: GlobalGreeter$Type;", files["csharp.d.ts"]);
            StringAssert.Contains("const CSharp: typeof import(\"csharp:\") & {", files["zts.d.ts"]);
        }

        [Test]
        public void Dts_Ergonomics_TaskOfT_IsAPromise()
        {
            string text = Module(Options("Fixtures.Everyday"), "csharp.Fixtures.Everyday.d.ts");
            StringAssert.Contains("LoadAsync(value: number): Promise<number>;", text);
            StringAssert.Contains("Wait(): Promise<void>;", text);
            StringAssert.Contains("Echo(t: PromiseLike<number> | number): Promise<number>;", text);
        }

        [Test]
        public void Dts_Ergonomics_MissingAssembly_HasAHint()
        {
            var o = new DtsOptions();
            o.Assemblies.Add("/no/such/Game.dll");
            var e = Assert.Throws<DtsAssemblyException>(() => DtsGenerator.Generate(o));
            Assert.AreEqual("gen-dts: no such assembly: /no/such/Game.dll (--assembly takes the path of a built .dll, e.g. bin/Debug/MyGame.dll)", e.Message);
        }

        [Test]
        public void Dts_Ergonomics_NotAnAssembly_Says_So()
        {
            string path = Path.Combine(Path.GetTempPath(), "zts-not-an-assembly-" + Guid.NewGuid().ToString("N") + ".dll");
            File.WriteAllText(path, "not a PE file");
            try
            {
                var o = new DtsOptions();
                o.Assemblies.Add(path);
                var e = Assert.Throws<DtsAssemblyException>(() => DtsGenerator.Generate(o));
                StringAssert.StartsWith("gen-dts: " + path + " is not a .NET assembly", e.Message);
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Test]
        public void Dts_Ergonomics_UnknownNamespace_ListsTheNamespaces()
        {
            var e = Assert.Throws<ArgumentException>(() => DtsGenerator.Generate(Options("MyGame")));
            StringAssert.Contains("namespace 'MyGame' has no public types in the given assemblies", e.Message);
            StringAssert.Contains("their namespaces: (none), Fixtures, Fixtures.Decl,", e.Message);
            StringAssert.Contains("pass the assembly that defines it with --assembly", e.Message);
        }
    }
}
