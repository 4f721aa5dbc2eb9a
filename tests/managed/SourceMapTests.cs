using System;
using System.IO;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Source-mapped stacks over a real TypeScript project (tests/sourcemap, compiled by the pinned tsc into
    /// the build tree with external and with inline maps): TsException.JsStack and e.stack read in JS show
    /// the .ts file and line of each frame, and keep the JS position. Expected lines come from THROW:/CALL:
    /// marker comments in the .ts and emitted .js files.
    /// </summary>
    [TestFixture]
    public class SourceMaps_StackTraces : DomainFixture
    {
        private static string Out(string kind)
        {
            return Path.Combine(Environment.GetEnvironmentVariable("ZTS_SOURCEMAP_OUT"), kind);
        }

        private static string Src
        {
            get { return Environment.GetEnvironmentVariable("ZTS_SOURCEMAP_SRC"); }
        }

        // 1-based line of the only line of file that contains marker.
        private static int LineOf(string file, string marker)
        {
            string[] lines = File.ReadAllLines(file);
            int found = -1;
            for (int i = 0; i < lines.Length; i++)
            {
                if (!lines[i].Contains(marker)) continue;
                Assert.AreEqual(-1, found, marker + " twice in " + file);
                found = i + 1;
            }
            Assert.AreNotEqual(-1, found, marker + " not in " + file);
            return found;
        }

        // Loads both modules of the project from an output folder the way the kind needs.
        private void UseProject(string kind)
        {
            foreach (string spec in new[] { "game/logic", "game/util" })
            {
                if (kind == "external") Modules[spec] = new TsFileLoader(Out(kind)).Load(spec); // TsModuleSource with the .js.map
                else Modules[spec] = File.ReadAllText(Path.Combine(Out(kind), spec + ".js")); // inline data: map in the text
            }
        }

        /// <summary>
        /// Asserts that stack has a frame "    at fn (ts:line:col) [js:line:col]" whose .ts path leads (from the
        /// output folder) to src/module.ts at the marker's line, with a column inside that line, and whose JS
        /// position is the emitted module at the marker's line.
        /// </summary>
        private static void AssertFrame(string stack, string kind, string fn, string module, string marker)
        {
            var frame = new Regex("^    at " + Regex.Escape(fn) +
                                  @" \((?<ts>[^()\[\]]+):(?<tl>\d+):(?<tc>\d+)\) \[(?<js>[^\[\]]+):(?<jl>\d+):(?<jc>\d+)\]$",
                                  RegexOptions.Multiline);
            Match m = frame.Match(stack.Replace("\r", ""));
            Assert.IsTrue(m.Success, "no mapped frame for " + fn + " in:\n" + stack);
            string tsFile = Path.Combine(Src, module + ".ts");
            Assert.AreEqual(Path.GetFullPath(tsFile), Path.GetFullPath(Path.Combine(Out(kind), m.Groups["ts"].Value)),
                            "the shown .ts path, resolved against the loader's folder");
            int tsLine = LineOf(tsFile, marker);
            Assert.AreEqual(tsLine, int.Parse(m.Groups["tl"].Value), "the .ts line of " + fn + " in:\n" + stack);
            string tsText = File.ReadAllLines(tsFile)[tsLine - 1];
            int tsCol = int.Parse(m.Groups["tc"].Value);
            Assert.That(tsCol, Is.GreaterThan(tsText.Length - tsText.TrimStart().Length), "the .ts column is inside the statement");
            Assert.That(tsCol, Is.LessThanOrEqualTo(tsText.IndexOf("//", StringComparison.Ordinal)), "the .ts column is before the comment");
            Assert.AreEqual(module, m.Groups["js"].Value, "the JS position names the canonical module");
            Assert.AreEqual(LineOf(Path.Combine(Out(kind), module + ".js"), marker), int.Parse(m.Groups["jl"].Value),
                            "the JS line of " + fn);
            Assert.That(int.Parse(m.Groups["jc"].Value), Is.GreaterThan(0));
        }

        [TestCase("external")]
        [TestCase("inline")]
        public void ErrorThrownInTs_JsStackShowsTsAndJsPositions(string kind)
        {
            UseProject(kind);
            var step = TsAppDomain.GetFunction<Func<int, int>>("game/logic", "step");
            Assert.AreEqual(6, step(3));
            var e = Assert.Throws<TsException>(() => step(-1));
            Assert.AreEqual("negative value -1", e.Message);
            Assert.AreEqual("Error", e.JsName);
            AssertFrame(e.JsStack, kind, "check", "game/util", "THROW:util-error");
            AssertFrame(e.JsStack, kind, "step", "game/logic", "CALL:logic-check");
            StringAssert.Contains(e.JsStack, e.ToString(), "ToString carries the mapped stack");
        }

        [TestCase("external")]
        [TestCase("inline")]
        public void EngineTypeError_IsMapped(string kind)
        {
            UseProject(kind);
            var typeError = TsAppDomain.GetFunction<Func<int>>("game/logic", "typeError");
            var e = Assert.Throws<TsException>(() => typeError());
            Assert.AreEqual("TypeError", e.JsName);
            AssertFrame(e.JsStack, kind, "lengthOf", "game/util", "THROW:util-type-error");
            AssertFrame(e.JsStack, kind, "typeError", "game/logic", "CALL:logic-length");
        }

        [TestCase("external")]
        [TestCase("inline")]
        public void ErrorCaughtInTs_EStackIsMapped(string kind)
        {
            UseProject(kind);
            string stack = TsAppDomain.GetFunction<Func<string>>("game/logic", "caughtStack")();
            if (!BuildFlags.QuickJSPatched)
            {
                // Stock QuickJS has no backtrace hook (quickjs-backtrace-hook.patch): e.stack read inside JS keeps the
                // JS positions; what reaches the host is mapped all the same (the tests above).
                int jsLine = LineOf(Path.Combine(Out(kind), "game/util.js"), "THROW:util-error");
                StringAssert.IsMatch("(?m)^    at check \\(game/util:" + jsLine + ":\\d+\\)$", stack.Replace("\r", ""));
                StringAssert.DoesNotContain(".ts", stack);
                return;
            }
            AssertFrame(stack, kind, "check", "game/util", "THROW:util-error");
            AssertFrame(stack, kind, "step", "game/logic", "CALL:logic-check");
            AssertFrame(stack, kind, "caughtStack", "game/logic", "CALL:logic-caught");
        }

        [Test]
        public void NoMapGiven_StackStaysJs()
        {
            // The external build's text only names util.js.map; without the map the frames keep their JS positions.
            foreach (string spec in new[] { "game/logic", "game/util" })
                Modules[spec] = File.ReadAllText(Path.Combine(Out("external"), spec + ".js"));
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<int, int>>("game/logic", "step")(-1));
            int jsLine = LineOf(Path.Combine(Out("external"), "game/util.js"), "THROW:util-error");
            StringAssert.IsMatch("(?m)^    at check \\(game/util:" + jsLine + ":\\d+\\)$", e.JsStack.Replace("\r", ""));
            StringAssert.DoesNotContain(".ts", e.JsStack);
        }

        [Test]
        public void MalformedMap_ModuleLoadsUnmapped()
        {
            string code = File.ReadAllText(Path.Combine(Out("external"), "game/util.js"));
            Modules["game/util"] = new TsModuleSource(code, "{\"version\":3,\"sources\":[\"util.ts\"],\"mappings\":\"AA$A\"}");
            Modules["game/logic"] = new TsFileLoader(Out("external")).Load("game/logic");
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<int, int>>("game/logic", "step")(-1));
            StringAssert.IsMatch("(?m)^    at check \\(game/util:\\d+:\\d+\\)$", e.JsStack.Replace("\r", ""));
            AssertFrame(e.JsStack, "external", "step", "game/logic", "CALL:logic-check");
        }

        [Test]
        public void FileLoader_FindsTheMapByCommentThenNextToTheModule()
        {
            string dir = Path.Combine(Path.GetTempPath(), "zts-fileloader-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(Path.Combine(dir, "a"));
            Directory.CreateDirectory(Path.Combine(dir, "maps"));
            try
            {
                File.WriteAllText(Path.Combine(dir, "a/named.js"), "export const x = 1;\n//# sourceMappingURL=../maps/named%20map.json\n");
                File.WriteAllText(Path.Combine(dir, "maps/named map.json"), "{\"named\":1}");
                File.WriteAllText(Path.Combine(dir, "a/next.mjs"), "export const x = 2;\n");
                File.WriteAllText(Path.Combine(dir, "a/next.mjs.map"), "{\"next\":1}");
                File.WriteAllText(Path.Combine(dir, "a/inline.js"), "export const x = 3;\n//# sourceMappingURL=data:application/json;base64,e30=\n");
                File.WriteAllText(Path.Combine(dir, "a/none.js"), "export const x = 4;\n");
                var loader = new TsFileLoader(dir);
                TsModuleSource named = loader.Load("a/named");
                StringAssert.StartsWith("export const x = 1;", named.Code);
                Assert.AreEqual("{\"named\":1}", named.SourceMap);
                Assert.AreEqual("{\"next\":1}", loader.Load("a/next").SourceMap);
                Assert.IsNull(loader.Load("a/inline").SourceMap, "an inline map is the core's");
                Assert.IsNull(loader.Load("a/none").SourceMap);
                var missing = Assert.Throws<FileNotFoundException>(() => loader.Load("a/missing"));
                // a/ is a folder of the scripts: a module whose file is missing, not a package to install.
                Assert.AreEqual("no a/missing.js or a/missing.mjs under " + Path.GetFullPath(dir) + " (the folder a/ is there, without that file)", missing.Message);
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
