using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using NUnit.Framework;
using ZTS.EditorTools;

namespace ZTS.UnityTests
{
    // A temporary folder, removed by Dispose.
    internal sealed class TempFolder : IDisposable
    {
        public TempFolder()
        {
            Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "zts-ts-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(Path);
        }

        public string Path { get; private set; }

        public string Write(string relative, string text)
        {
            string file = System.IO.Path.Combine(Path, relative);
            Directory.CreateDirectory(System.IO.Path.GetDirectoryName(file));
            File.WriteAllText(file, text);
            return file;
        }

        public void Dispose()
        {
            // Symbolic links (node_modules/typescript) are removed as links: Directory.Delete does not follow them.
            if (Directory.Exists(Path)) Directory.Delete(Path, true);
        }
    }

    /// <summary>
    /// How Tools > ZTS > Compile TypeScript finds tsc and Node (unity/Editor/TypeScriptBuild.cs), and the texts it gives
    /// when one is missing, without Unity.
    /// </summary>
    [TestFixture]
    public class UnityPackage_TypeScriptTool_FindsTsc
    {
        private static readonly string[] NoFallback = new string[0];

        [Test]
        public void FindTsc_InTheFolder_Found()
        {
            using (var t = new TempFolder())
            {
                string tsc = t.Write("TypeScript/node_modules/.bin/tsc", "");
                Assert.AreEqual(tsc, TypeScriptBuild.FindTsc(Path.Combine(t.Path, "TypeScript"), false));
            }
        }

        [Test]
        public void FindTsc_InAFolderAbove_Found()
        {
            using (var t = new TempFolder())
            {
                string tsc = t.Write("node_modules/.bin/tsc", "");
                Directory.CreateDirectory(Path.Combine(t.Path, "game/TypeScript"));
                Assert.AreEqual(tsc, TypeScriptBuild.FindTsc(Path.Combine(t.Path, "game/TypeScript"), false));
            }
        }

        [Test]
        public void FindTsc_Windows_TheCmd()
        {
            using (var t = new TempFolder())
            {
                t.Write("TypeScript/node_modules/.bin/tsc", "");
                Assert.IsNull(TypeScriptBuild.FindTsc(Path.Combine(t.Path, "TypeScript"), true), "Windows needs tsc.cmd");
                string cmd = t.Write("TypeScript/node_modules/.bin/tsc.cmd", "");
                Assert.AreEqual(cmd, TypeScriptBuild.FindTsc(Path.Combine(t.Path, "TypeScript"), true));
            }
        }

        [Test]
        public void FindNode_FirstOnPath()
        {
            using (var t = new TempFolder())
            {
                string second = t.Write("b/node", "");
                t.Write("c/node", "");
                string path = Path.Combine(t.Path, "a") + ":" + Path.Combine(t.Path, "b") + ":" + Path.Combine(t.Path, "c");
                Assert.AreEqual(second, TypeScriptBuild.FindNode("", path, false, NoFallback));
                string exe = t.Write("w/node.exe", "");
                Assert.AreEqual(exe, TypeScriptBuild.FindNode("", "\"" + Path.Combine(t.Path, "w") + "\";" + Path.Combine(t.Path, "b"), true, NoFallback),
                                "Windows: ';' between entries, quotes around one, node.exe");
            }
        }

        [Test]
        public void FindNode_AfterPath_TheFallbackFolders()
        {
            using (var t = new TempFolder())
            {
                string node = t.Write("installed/node", "");
                Assert.IsNull(TypeScriptBuild.FindNode("", "", false, NoFallback));
                Assert.AreEqual(node, TypeScriptBuild.FindNode("", "/nowhere:", false, new[] { Path.Combine(t.Path, "installed") }));
            }
        }

        [Test]
        public void FindNode_SetInSettings_ThatOneOrNone()
        {
            using (var t = new TempFolder())
            {
                string node = t.Write("tools/node", "");
                t.Write("path/node", "");
                Assert.AreEqual(node, TypeScriptBuild.FindNode(node, Path.Combine(t.Path, "path"), false, NoFallback));
                Assert.IsNull(TypeScriptBuild.FindNode(Path.Combine(t.Path, "tools/nodejs"), Path.Combine(t.Path, "path"), false, NoFallback),
                              "a Node set in the settings that does not exist is not replaced by another");
            }
        }

        [Test]
        public void Plan_NoTsconfig_SaysWhereTheTemplateIs()
        {
            using (var t = new TempFolder())
            {
                var e = Assert.Throws<InvalidOperationException>(() => TypeScriptBuild.Plan(t.Path, "", "", false, NoFallback));
                StringAssert.StartsWith("zts: no tsconfig.json in " + t.Path, e.Message);
                StringAssert.Contains("TypeScript Project sample", e.Message);
            }
        }

        [Test]
        public void Plan_NoTsc_SaysNpmInstall()
        {
            using (var t = new TempFolder())
            {
                t.Write("tsconfig.json", "{}");
                var e = Assert.Throws<InvalidOperationException>(() => TypeScriptBuild.Plan(t.Path, "", "", false, NoFallback));
                StringAssert.StartsWith("zts: no TypeScript compiler in node_modules/.bin of " + t.Path, e.Message);
                StringAssert.Contains("run `npm install` in " + t.Path, e.Message);
            }
        }

        [Test]
        public void Plan_NoNode_SaysInstallNode()
        {
            using (var t = new TempFolder())
            {
                t.Write("tsconfig.json", "{}");
                t.Write("node_modules/.bin/tsc", "");
                t.Write("node_modules/typescript/bin/tsc", "");
                var e = Assert.Throws<InvalidOperationException>(() => TypeScriptBuild.Plan(t.Path, "", "/nowhere", false, NoFallback));
                StringAssert.StartsWith("zts: Node.js was not found (searched PATH and ): install Node.js", e.Message);
                e = Assert.Throws<InvalidOperationException>(() => TypeScriptBuild.Plan(t.Path, "/opt/no-node/node", "", false, NoFallback));
                StringAssert.Contains("Project Settings > ZTS > Node executable is /opt/no-node/node, which does not exist", e.Message);
            }
        }

        [Test]
        public void Plan_All_RunsTypeScriptsOwnScript()
        {
            using (var t = new TempFolder())
            {
                t.Write("tsconfig.json", "{}");
                t.Write("node_modules/.bin/tsc", "");
                string script = t.Write("node_modules/typescript/bin/tsc", "");
                string node = t.Write("bin/node", "");
                TscCommand c = TypeScriptBuild.Plan(t.Path, "", Path.Combine(t.Path, "bin"), false, NoFallback);
                Assert.AreEqual(node, c.Node);
                Assert.AreEqual(script, c.TscScript);
                Assert.AreEqual("\"" + script + "\" -p \"" + t.Path + "\" --pretty false", c.Arguments);
                Assert.IsNull(c.CopyPackagesScript);
            }
        }

        [Test]
        public void Parse_Diagnostics_WithTheirFollowingLines()
        {
            string output = "src/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n" +
                            "src/game/a.ts(10,1): error TS2345: Argument of type 'X' is not assignable.\n" +
                            "  Type 'X' is missing the following properties\n" +
                            "error TS5058: The specified path does not exist: 'nowhere/tsconfig.json'.\n";
            List<TscDiagnostic> d = TypeScriptBuild.Parse(output);
            Assert.AreEqual(3, d.Count);
            Assert.AreEqual("src/main.ts", d[0].File);
            Assert.AreEqual(3, d[0].Line);
            Assert.AreEqual(7, d[0].Column);
            Assert.IsTrue(d[0].IsError);
            Assert.AreEqual("src/main.ts(3,7): TS2322: Type 'string' is not assignable to type 'number'.", d[0].ToString());
            Assert.AreEqual("TS2345: Argument of type 'X' is not assignable.\n  Type 'X' is missing the following properties", d[1].Text);
            Assert.AreEqual("", d[2].File);
            StringAssert.StartsWith("TS5058", d[2].ToString());
        }

        [Test]
        public void NewestSource_SkipsNodeModulesAndOutputs()
        {
            using (var t = new TempFolder())
            {
                string main = t.Write("src/main.ts", "");
                File.SetLastWriteTimeUtc(main, new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc));
                File.SetLastWriteTimeUtc(t.Write("node_modules/x/index.ts", ""), new DateTime(2030, 1, 1, 0, 0, 0, DateTimeKind.Utc));
                File.SetLastWriteTimeUtc(t.Write("src/main.js", ""), new DateTime(2030, 1, 1, 0, 0, 0, DateTimeKind.Utc));
                Assert.AreEqual(new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc), TypeScriptBuild.NewestSource(t.Path));
                File.SetLastWriteTimeUtc(t.Write("tsconfig.json", "{}"), new DateTime(2021, 1, 1, 0, 0, 0, DateTimeKind.Utc));
                Assert.AreEqual(new DateTime(2021, 1, 1, 0, 0, 0, DateTimeKind.Utc), TypeScriptBuild.NewestSource(t.Path), "the config counts");
            }
        }
    }

    /// <summary>
    /// The TypeScript compile of the Editor menu run for real: the repository's Node and tsc (package-lock.json) over a
    /// small project laid out as npm installs one (node_modules/.bin/tsc, node_modules/typescript).
    /// </summary>
    [TestFixture]
    public class UnityPackage_TypeScriptTool_RunsTsc
    {
        private const string Tsconfig = "{ \"compilerOptions\": { \"target\": \"ES2022\", \"module\": \"ES2022\", \"strict\": true, " +
                                        "\"noEmitOnError\": true, \"sourceMap\": true, \"rootDir\": \"src\", \"outDir\": \"out\", \"types\": [] }, " +
                                        "\"include\": [\"src/**/*.ts\"] }";

        private static TempFolder Project()
        {
            string modules = Environment.GetEnvironmentVariable("ZTS_NODE_MODULES");
            Assert.IsNotNull(modules, "ZTS_NODE_MODULES (tests/unity/CMakeLists.txt) names the repository's node_modules");
            var t = new TempFolder();
            t.Write("tsconfig.json", Tsconfig);
            Directory.CreateDirectory(Path.Combine(t.Path, "node_modules/.bin"));
            Link(Path.Combine(modules, "typescript"), Path.Combine(t.Path, "node_modules/typescript"));
            Link("../typescript/bin/tsc", Path.Combine(t.Path, "node_modules/.bin/tsc"));
            return t;
        }

        private static void Link(string target, string link)
        {
            using (Process p = Process.Start(new ProcessStartInfo("ln", "-s \"" + target + "\" \"" + link + "\"") { UseShellExecute = false }))
            {
                p.WaitForExit();
                Assert.AreEqual(0, p.ExitCode, "ln -s " + target + " " + link);
            }
        }

        private static TscCommand Plan(TempFolder t)
        {
            return TypeScriptBuild.Plan(t.Path, "", Environment.GetEnvironmentVariable("PATH"), false);
        }

        [Test]
        public void Run_Compiles_WritesScriptAndMap()
        {
            using (TempFolder t = Project())
            {
                t.Write("src/main.ts", "export function tick(dt: number): number { return dt * 2; }\n");
                TscResult r = TypeScriptBuild.Run(Plan(t), 120000);
                Assert.AreEqual(0, r.ExitCode, r.Output);
                Assert.IsEmpty(r.Diagnostics);
                StringAssert.Contains("return dt * 2;", File.ReadAllText(Path.Combine(t.Path, "out/main.js")));
                Assert.IsTrue(File.Exists(Path.Combine(t.Path, "out/main.js.map")));
            }
        }

        [Test]
        public void Run_TypeError_DiagnosticAtItsPosition_NothingWritten()
        {
            using (TempFolder t = Project())
            {
                t.Write("src/main.ts", "export const n: number = 1;\nexport const s: string = n;\n");
                t.Write("copy-packages.mjs", "import fs from 'node:fs'; fs.writeFileSync('copied.txt', 'yes');\n");
                TscResult r = TypeScriptBuild.Run(Plan(t), 120000);
                Assert.AreNotEqual(0, r.ExitCode);
                Assert.AreEqual(1, r.Diagnostics.Count, r.Output);
                Assert.AreEqual("src/main.ts(2,14): TS2322: Type 'number' is not assignable to type 'string'.", r.Diagnostics[0].ToString());
                Assert.IsTrue(r.Diagnostics[0].IsError);
                Assert.IsFalse(File.Exists(Path.Combine(t.Path, "out/main.js")), "noEmitOnError");
                Assert.IsFalse(File.Exists(Path.Combine(t.Path, "copied.txt")), "copy-packages.mjs runs after a successful tsc only");
            }
        }

        [Test]
        public void Run_Success_ThenCopyPackages()
        {
            using (TempFolder t = Project())
            {
                t.Write("src/main.ts", "export const n: number = 1;\n");
                t.Write("copy-packages.mjs", "import fs from 'node:fs'; fs.writeFileSync('copied.txt', 'yes'); console.log('copy-packages: ran');\n");
                TscCommand c = Plan(t);
                Assert.AreEqual(Path.Combine(t.Path, "copy-packages.mjs"), c.CopyPackagesScript);
                TscResult r = TypeScriptBuild.Run(c, 120000);
                Assert.AreEqual(0, r.ExitCode, r.Output);
                Assert.AreEqual("yes", File.ReadAllText(Path.Combine(t.Path, "copied.txt")));
                StringAssert.Contains("copy-packages: ran", r.Output);
            }
        }

        [Test]
        public void Run_FailingCopyPackages_FailsTheRun()
        {
            using (TempFolder t = Project())
            {
                t.Write("src/main.ts", "export const n: number = 1;\n");
                t.Write("copy-packages.mjs", "console.error('copy-packages: gl-matrix is not installed'); process.exit(1);\n");
                TscResult r = TypeScriptBuild.Run(Plan(t), 120000);
                Assert.AreEqual(1, r.ExitCode);
                StringAssert.Contains("gl-matrix is not installed", r.Output);
            }
        }
    }
}
