using System;
using System.Diagnostics;
using System.IO;
using System.Threading;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Bare specifiers from node_modules through TsFileLoader (docs/USAGE.md "npm packages and bundling"): the
    /// scripts are &lt;tmp&gt;/app/out (the loader's folder) and the packages &lt;tmp&gt;/node_modules, a parent's, as
    /// Node searches. samples/sim runs the real gl-matrix the same way (Sample_Sim_ExactOutput).
    /// </summary>
    [TestFixture]
    public class Npm_Packages
    {
        private string _root, _out;

        [SetUp]
        public void StartDomain()
        {
            _root = Path.Combine(Path.GetTempPath(), "zts-npm-" + Guid.NewGuid().ToString("N"));
            _out = Path.Combine(_root, "app", "out");
            Directory.CreateDirectory(_out);
            TsAppDomain.Initialize(new TsFileLoader(_out).Load);
        }

        [TearDown]
        public void StopDomain()
        {
            long leaked = TsAppDomain.Shutdown();
            Directory.Delete(_root, true);
            Assert.AreEqual(0, leaked, "QuickJS leaked memory at JS_FreeRuntime");
        }

        private void Write(string relative, string text)
        {
            string path = Path.Combine(_root, relative.Replace('/', Path.DirectorySeparatorChar));
            Directory.CreateDirectory(Path.GetDirectoryName(path));
            File.WriteAllText(path, text);
        }

        private string Run(string mainSource)
        {
            Write("app/out/main.js", mainSource);
            return TsAppDomain.GetFunction<Func<string>>("main", "f")();
        }

        [Test]
        public void NpmPackages_Exports_ImportConditionAndSubpathsWithNestedRelativeImports()
        {
            Write("node_modules/exp/package.json",
                "{\"name\":\"exp\",\"exports\":{\".\":{\"types\":\"./index.d.ts\",\"require\":\"./cjs/index.cjs\",\"import\":\"./esm/index.js\"}," +
                "\"./extra\":{\"node\":\"./cjs/extra.cjs\",\"default\":\"./esm/extra.mjs\"},\"./feature/*\":\"./esm/features/*.js\"}}");
            Write("node_modules/exp/cjs/index.cjs", "module.exports = { name: 'cjs' };");
            Write("node_modules/exp/esm/index.js", "import { deep } from './lib/deep.js';\nexport const name = 'esm:' + deep;\n");
            Write("node_modules/exp/esm/lib/deep.js", "import { util } from '../util.js';\nexport const deep = 'deep+' + util;\n");
            Write("node_modules/exp/esm/util.js", "export const util = 'util';\n");
            Write("node_modules/exp/esm/extra.mjs", "export default function extra() { return 'extra'; }\n");
            Write("node_modules/exp/esm/features/fly.js", "export const fly = 'fly';\n");
            Assert.AreEqual("esm:deep+util extra fly", Run(
                "import { name } from 'exp'; import extra from 'exp/extra'; import { fly } from 'exp/feature/fly.js';\n" +
                "export function f() { return name + ' ' + extra() + ' ' + fly; }\n"));
        }

        [Test]
        public void NpmPackages_ModuleField_WinsOverMain()
        {
            Write("node_modules/mod/package.json", "{\"name\":\"mod\",\"main\":\"cjs/index.js\",\"module\":\"esm/index.js\"}");
            Write("node_modules/mod/cjs/index.js", "exports.which = 'cjs';");
            Write("node_modules/mod/esm/index.js", "export * from './which.js';\n");
            Write("node_modules/mod/esm/which.js", "export const which = 'esm';\n");
            Assert.AreEqual("esm", Run("import { which } from 'mod'; export function f() { return which; }\n"));
        }

        [Test]
        public void NpmPackages_MainThatIsEsm_LoadsAndScopedNamesWork()
        {
            Write("node_modules/@scope/plain/package.json", "{\"name\":\"@scope/plain\",\"main\":\"./lib/main.js\"}");
            Write("node_modules/@scope/plain/lib/main.js", "export { helper as default } from './helper.js';\n");
            Write("node_modules/@scope/plain/lib/helper.js", "export function helper() { return 'helped'; }\n");
            Write("node_modules/typed/package.json", "{\"name\":\"typed\",\"type\":\"module\"}");
            Write("node_modules/typed/index.js", "export { default } from './impl.js';\nexport const typed = 'index';\n");
            Write("node_modules/typed/impl.js", "export default 'impl';\n");
            Assert.AreEqual("helped index impl", Run(
                "import helper from '@scope/plain'; import impl, { typed } from 'typed';\n" +
                "export function f() { return helper() + ' ' + typed + ' ' + impl; }\n"));
        }

        [Test]
        public void NpmPackages_ModuleOfTheFolder_WinsOverAPackage()
        {
            Write("node_modules/dup/package.json", "{\"name\":\"dup\",\"module\":\"index.js\"}");
            Write("node_modules/dup/index.js", "export const who = 'package';\n");
            Write("app/out/dup.js", "export const who = 'folder';\n");
            Assert.AreEqual("folder", Run("import { who } from 'dup'; export function f() { return who; }\n"));
        }

        [Test]
        public void NpmPackages_SourceMap_StackShowsTheTsLine()
        {
            // dist/thrower.js line 2 maps to src/thrower.ts line 7 ("AAMA": source line +6).
            Write("node_modules/mapped/package.json", "{\"name\":\"mapped\",\"type\":\"module\",\"exports\":\"./dist/thrower.js\"}");
            Write("node_modules/mapped/dist/thrower.js",
                "export function boom() {\n    throw new Error('boom');\n}\n//# sourceMappingURL=thrower.js.map\n");
            Write("node_modules/mapped/dist/thrower.js.map",
                "{\"version\":3,\"file\":\"thrower.js\",\"sources\":[\"../src/thrower.ts\"],\"names\":[],\"mappings\":\"AAAA;AAMA\"}");
            Write("app/out/main.js", "import { boom } from 'mapped';\nexport function f() { boom(); return ''; }\n");
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<string>>("main", "f")());
            StringAssert.IsMatch(@"(?m)^    at boom \([^()]*thrower\.ts:7:\d+\) \[npm:mapped/dist/thrower:2:\d+\]$", e.JsStack.Replace("\r", ""));
        }

        [TestCase("{\"name\":\"cjs\",\"main\":\"index.js\"}", "index.js", "module.exports = { x: 1 };", "cjs/index.js")]
        [TestCase("{\"name\":\"cjs\"}", "index.js", "var dep = require('dep'); exports.x = dep;", "cjs/index.js")]
        [TestCase("{\"name\":\"cjs\",\"type\":\"module\",\"main\":\"index.cjs\"}", "index.cjs", "module.exports = 1;", "cjs/index.cjs")]
        [TestCase("{\"name\":\"cjs\",\"exports\":{\"require\":\"./index.js\"}}", "index.js", "module.exports = 1;", "cjs/\"exports\" has \"require\" only")]
        public void NpmPackages_CommonJs_ErrorSaysToBundle(string packageJson, string file, string code, string named)
        {
            Write("node_modules/cjs/package.json", packageJson);
            Write("node_modules/cjs/" + file, code);
            Write("app/out/main.js", "import * as c from 'cjs'; export function f() { return String(c); }\n");
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<string>>("main", "f")());
            Assert.AreEqual("cjs", e.Specifier);
            Assert.IsInstanceOf<NotSupportedException>(e.InnerException);
            Assert.AreEqual("zts: 'cjs' is a CommonJS package (" + named + "): ZTS loads ES modules only: bundle it " +
                            "(docs/USAGE.md \"npm packages and bundling\")", e.InnerException.Message);
            StringAssert.Contains("is a CommonJS package (" + named + "): ZTS loads ES modules only: bundle it", e.Message);
        }

        [Test]
        public void NpmPackages_Missing_HintNamesNodeModulesAndBundling()
        {
            Write("app/out/main.js", "import { vec3 } from 'gl-matrix-nowhere'; export function f() { return String(vec3); }\n");
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<string>>("main", "f")());
            Assert.IsInstanceOf<FileNotFoundException>(e.InnerException);
            StringAssert.StartsWith("no gl-matrix-nowhere.js or gl-matrix-nowhere.mjs under " + Path.GetFullPath(_out) + ", and no package 'gl-matrix-nowhere' in node_modules (searched " +
                                    Path.Combine(_out, "node_modules") + ", " + Path.Combine(_root, "app", "node_modules") + ", " +
                                    Path.Combine(_root, "node_modules") + ", ", e.InnerException.Message);
            StringAssert.EndsWith("): run npm install gl-matrix-nowhere next to the scripts or a parent folder, or bundle it " +
                                  "(docs/USAGE.md \"npm packages and bundling\")", e.InnerException.Message);
        }

        [Test]
        public void NpmPackages_ExportsWithoutTheSubpath_SaysSo()
        {
            Write("node_modules/closed/package.json", "{\"name\":\"closed\",\"exports\":{\".\":\"./index.js\"}}");
            Write("node_modules/closed/index.js", "export const x = 1;\n");
            Write("node_modules/closed/secret.js", "export const x = 2;\n");
            Write("app/out/main.js", "import { x } from 'closed/secret.js'; export function f() { return String(x); }\n");
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<string>>("main", "f")());
            StringAssert.Contains("zts: package 'closed' (" + Path.Combine(_root, "node_modules", "closed") +
                                  ") does not export './secret' for ES modules (its package.json \"exports\")", e.InnerException.Message);
        }

        private static void Shell(string command, params string[] args)
        {
            var start = new ProcessStartInfo(command) { UseShellExecute = false };
            start.Arguments = string.Join(" ", Array.ConvertAll(args, a => "'" + a.Replace("'", "'\\''") + "'"));
            using (var p = Process.Start(start))
            {
                p.WaitForExit();
                Assert.AreEqual(0, p.ExitCode, command + " " + start.Arguments);
            }
        }

        private string Under(string relative)
        {
            string path = Path.Combine(_root, relative.Replace('/', Path.DirectorySeparatorChar));
            Directory.CreateDirectory(Path.GetDirectoryName(path));
            return path;
        }

        private Exception LoadError(string mainSource)
        {
            Write("app/out/main.js", mainSource);
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<string>>("main", "f")());
            return e.InnerException;
        }

        [TestCase("package.json")]
        [TestCase("index.js")]
        public void NpmPackages_FifoAsPackageFile_RefusedWithoutOpening(string fifo)
        {
            string path = Under("node_modules/piped/" + fifo);
            if (fifo != "package.json") Write("node_modules/piped/package.json", "{\"name\":\"piped\",\"module\":\"index.js\"}");
            else Write("node_modules/piped/index.js", "export const x = 'file';\n");
            using (new WaitingFifo(path, fifo == "package.json" ? "{\"module\":\"index.js\"}" : "export const x = 'fifo';\n"))
            {
                Exception e = LoadError("import { x } from 'piped'; export function f() { return x; }\n");
                Assert.IsInstanceOf<IOException>(e);
                Assert.AreEqual("zts: " + path + " is not a regular file (a FIFO, device or socket): ZTS reads modules, source maps " +
                                "and package.json from regular files only", e.Message);
            }
        }

        [TestCase("package.json", "/dev/null")]
        [TestCase("index.js", "/dev/null")]
        [TestCase("package.json", "/dev/zero")]
        [TestCase("index.js", "/dev/zero")]
        public void NpmPackages_SymlinkToDevice_RefusedWithoutReading(string file, string device)
        {
            if (file != "package.json") Write("node_modules/dev/package.json", "{\"name\":\"dev\",\"module\":\"index.js\"}");
            else Write("node_modules/dev/index.js", "export const x = 'file';\n");
            string path = Under("node_modules/dev/" + file);
            Shell("ln", "-s", device, path);
            Exception e = LoadError("import { x } from 'dev'; export function f() { return x; }\n");
            Assert.IsInstanceOf<IOException>(e);
            Assert.AreEqual("zts: " + path + " (" + device + ") is not a regular file (a FIFO, device or socket): ZTS reads modules, " +
                            "source maps and package.json from regular files only", e.Message);
        }

        [Test]
        public void NpmPackages_PackageJsonOverTheSizeBound_Refused()
        {
            string path = Under("node_modules/huge/package.json");
            using (var f = new FileStream(path, FileMode.Create)) f.SetLength(TsFileLoader.MaxFileBytes + 1L); // sparse: no disk used
            Exception e = LoadError("import { x } from 'huge'; export function f() { return x; }\n");
            Assert.AreEqual("zts: " + path + " has " + (TsFileLoader.MaxFileBytes + 1L) + " bytes, more than the " + TsFileLoader.MaxFileBytes +
                            " a loaded file may have", e.Message);
        }

        [Test]
        public void NpmPackages_DeepPackageJson_Refused()
        {
            // 200,000 nested arrays overflowed the Player's stack in the recursive parser (the process died).
            const int depth = 200000;
            string path = Under("node_modules/deep/package.json");
            Write("node_modules/deep/package.json", "{\"name\":\"deep\",\"exports\":" + new string('[', depth) + "\"./index.js\"" + new string(']', depth) + "}");
            Write("node_modules/deep/index.js", "export const x = 1;\n");
            Exception e = LoadError("import { x } from 'deep'; export function f() { return String(x); }\n");
            Assert.IsInstanceOf<IOException>(e);
            Assert.AreEqual("zts: the package.json of 'deep' (" + path + ") is not valid JSON: nested deeper than 64 levels at 88", e.Message);
        }

        [Test]
        public void NpmPackages_ExportsTargetDriveRooted_Refused()
        {
            // On Windows Path.Combine(packageDir, "C:\\x.js") is C:\x.js: a ':' in a target leaves the package.
            Write("node_modules/drive/package.json", "{\"name\":\"drive\",\"exports\":\"C:/x.js\"}");
            Write("node_modules/drive/C:/x.js", "export const x = 'read';\n");
            Exception e = LoadError("import { x } from 'drive'; export function f() { return x; }\n");
            Assert.AreEqual("zts: package 'drive' names 'C:/x.js', outside the package", e.Message);
        }

        // Under a script policy a mod reads no file outside its scripts folder by importing it (docs/POLICY.md "Module
        // files and npm packages"): packages come from the scripts folder's own node_modules, and every file resolves
        // (symlinks followed) inside the scripts folder.
        private void RestartUnderPolicy()
        {
            TsAppDomain.Shutdown();
            TsSettings.Policy = new TsScriptPolicy();
            TsAppDomain.Initialize(new TsFileLoader(_out).Load);
        }

        [Test]
        public void NpmPackages_Policy_PackageSymlinkedOutsideRefused()
        {
            Write("elsewhere/linked/package.json", "{\"name\":\"linked\",\"module\":\"index.js\"}");
            Write("elsewhere/linked/index.js", "export const x = 'outside';\n");
            Write("app/out/node_modules/inside/package.json", "{\"name\":\"inside\",\"module\":\"index.js\"}");
            Write("app/out/node_modules/inside/index.js", "export const x = 'inside';\n");
            Shell("ln", "-s", Path.Combine(_root, "elsewhere", "linked"), Under("app/out/node_modules/linked"));
            try
            {
                RestartUnderPolicy();
                Write("app/out/ok.js", "import { x } from 'inside'; export function f() { return x; }\n");
                Assert.AreEqual("inside", TsAppDomain.GetFunction<Func<string>>("ok", "f")());
                Exception e = LoadError("import { x } from 'linked'; export function f() { return x; }\n");
                Assert.IsInstanceOf<IOException>(e);
                Assert.AreEqual("zts: " + Path.Combine(_out, "node_modules", "linked", "package.json") + " (" +
                                Path.Combine(_root, "elsewhere", "linked", "package.json") + ") is outside the scripts folder " + _out +
                                " and the node_modules folders it searches: under a script policy modules and package files load only " +
                                "from inside them (docs/POLICY.md \"Module files and npm packages\")", e.Message);
            }
            finally
            {
                TsSettings.Policy = null;
            }
        }

        [Test]
        public void NpmPackages_Policy_ParentNodeModules_SearchedButConfined()
        {
            // A game's installed packages (a parent's node_modules, as Node searches) serve its mods under a policy; a
            // package there that is a symlink leading out of that node_modules folder reads nothing.
            Write("node_modules/parent/package.json", "{\"name\":\"parent\",\"module\":\"index.js\"}");
            Write("node_modules/parent/index.js", "export const x = 'parent';\n");
            Write("elsewhere/away/package.json", "{\"name\":\"away\",\"module\":\"index.js\"}");
            Write("elsewhere/away/index.js", "export const x = 'away';\n");
            Shell("ln", "-s", Path.Combine(_root, "elsewhere", "away"), Under("node_modules/away"));
            try
            {
                RestartUnderPolicy();
                Write("app/out/ok.js", "import { x } from 'parent'; export function f() { return x; }\n");
                Assert.AreEqual("parent", TsAppDomain.GetFunction<Func<string>>("ok", "f")());
                Exception e = LoadError("import { x } from 'away'; export function f() { return x; }\n");
                Assert.IsInstanceOf<IOException>(e);
                StringAssert.StartsWith("zts: " + Path.Combine(_root, "node_modules", "away", "package.json") + " (" +
                                        Path.Combine(_root, "elsewhere", "away", "package.json") + ") is outside the scripts folder ", e.Message);
            }
            finally
            {
                TsSettings.Policy = null;
            }
        }
    }
}
