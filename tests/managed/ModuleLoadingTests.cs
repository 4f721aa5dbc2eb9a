using System;
using System.Text;
using NUnit.Framework;

namespace ZTS.Tests
{
    [TestFixture]
    public class Modules_Loading : DomainFixture
    {
        [Test]
        public void Modules_RelativeImports_ResolveAgainstImporter()
        {
            Modules["game/util"] = "export function twice(x) { return x * 2; }";
            Modules["game/logic"] = "import { twice } from './util.js'; export function f(x) { return twice(x) + 1; }";
            var f = TsAppDomain.GetFunction<Func<int, int>>("game/logic", "f");
            Assert.AreEqual(21, f(10));
            CollectionAssert.AreEqual(new[] { "game/logic", "game/util" }, Loads);
        }

        [Test]
        public void Modules_Specifier_SuffixStrippedBeforeLoader()
        {
            Modules["app"] = "export function f() { return 1; }";
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("app.js", "f")());
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("app.ts", "f")());
            CollectionAssert.AreEqual(new[] { "app" }, Loads, "one canonical module, loaded once");
        }

        [Test]
        public void Modules_EachModule_EvaluatedOncePerContext()
        {
            Modules["counter"] = "globalThis.count = (globalThis.count || 0) + 1; export function n() { return globalThis.count; }";
            Modules["a"] = "import { n } from './counter'; export function f() { return n(); }";
            Modules["b"] = "import { n } from './counter'; export function f() { return n(); }";
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("a", "f")());
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("b", "f")());
        }

        [Test]
        public void Modules_ByteArraySource_IsUtf8()
        {
            Modules["m"] = Encoding.UTF8.GetBytes("export function s() { return 'h\u00e9llo \u4e16\u754c'; }");
            Assert.AreEqual("h\u00e9llo \u4e16\u754c", TsAppDomain.GetFunction<Func<string>>("m", "s")());
        }

        [Test]
        public void Modules_LoaderReturnsNull_TsModuleLoadExceptionNamesSpecifierAndImporter()
        {
            Modules["app"] = "import { x } from './lib/missing.js'; export function f() { return x; }";
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<int>>("app", "f"));
            Assert.AreEqual("lib/missing", e.Specifier);
            Assert.AreEqual("app", e.Importer);
            StringAssert.Contains("'lib/missing'", e.Message);
            StringAssert.Contains("imported from 'app'", e.Message);
            StringAssert.Contains("returned null", e.Message);
        }

        [Test]
        public void Modules_LoaderReturnsWrongType_TsModuleLoadException()
        {
            Modules["app"] = 42;
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            Assert.AreEqual("app", e.Specifier);
            Assert.AreEqual("", e.Importer);
            StringAssert.Contains("System.Int32 (expected string, byte[] or TsModuleSource)", e.Message);
        }

        [Test]
        public void Modules_LoaderThrows_TsModuleLoadExceptionWithInner()
        {
            TsAppDomain.Shutdown();
            TsAppDomain.Initialize(s => { throw new System.IO.FileNotFoundException("no file " + s); });
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            StringAssert.Contains("System.IO.FileNotFoundException: no file app", e.Message);
            Assert.IsInstanceOf<System.IO.FileNotFoundException>(e.InnerException);
        }

        [Test]
        public void Modules_EscapeAboveRoot_IsAnError()
        {
            Modules["app"] = "import { x } from '../../etc/passwd'; export function f() { return x; }";
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            StringAssert.Contains("escapes above the module root", e.Message);
        }

        [Test]
        public void Modules_CSharpPrefix_NeverGivenToLoader()
        {
            Modules["app"] = "import { Math } from 'csharp:System'; export function f() { return Math.Max(3, 9); }";
            Assert.AreEqual(9, TsAppDomain.GetFunction<Func<int>>("app", "f")());
            CollectionAssert.AreEqual(new[] { "app" }, Loads);
        }

        [Test]
        public void Modules_UnknownCSharpNamespace_TsModuleLoadException()
        {
            Modules["app"] = "import { X } from 'csharp:No.Such.Space'; export function f() { return 1; }";
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<int>>("app", "f"));
            StringAssert.StartsWith("zts: namespace 'No.Such.Space' not found", e.Message);
            Assert.AreEqual("csharp:No.Such.Space", e.Specifier);
            CollectionAssert.AreEqual(new[] { "app" }, Loads);
        }

        [Test]
        public void Modules_GetFunctionOnCSharpModule_TsBindException()
        {
            Assert.Throws<TsBindException>(() => TsAppDomain.GetFunction<Action>("csharp:System", "Math"));
            CollectionAssert.IsEmpty(Loads);
        }

        [Test]
        public void Modules_SyntaxError_HasFileAndLine()
        {
            Modules["game/logic"] = "export function f() {\n  let x = ;\n}\n";
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("game/logic", "f"));
            Assert.AreEqual("SyntaxError", e.JsName);
            StringAssert.Contains("game/logic:2", e.JsStack);
        }

        [Test]
        public void Modules_SyntaxError_MessageNamesModuleAndPosition()
        {
            // The Unity console shows the Message: it names the module and the position (SPEC_MAP D6).
            Modules["game/logic"] = "export function f() {\n  return 1;\n  let x = 2 + ;\n}\n";
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("game/logic", "f"));
            Assert.AreEqual("zts: module 'game/logic' failed: SyntaxError: unexpected token in expression: ';' (game/logic:3:15)", e.Message);
        }

        [Test]
        public void Modules_ErrorInImportedModule_MessageNamesRequestedModuleAndThrowSite()
        {
            Modules["game/logic"] = "import { v } from './util';\nexport function f() { return v; }";
            Modules["game/util"] = "export const v = 1;\nnull.boom;\n";
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("game/logic", "f"));
            StringAssert.StartsWith("zts: module 'game/logic' failed: TypeError: ", e.Message);
            StringAssert.EndsWith(" (game/util:2:5)", e.Message);
            Assert.AreEqual("TypeError", e.JsName);
        }

        [Test]
        public void Modules_EvaluationThrow_HasFileLineAndFailsSameWayAgain()
        {
            Modules["app"] = "const a = 1;\nthrow new RangeError('bad start');\nexport function f() {}";
            var e1 = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            var e2 = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("app", "f"));
            StringAssert.StartsWith("zts: module 'app' failed: RangeError: bad start (app:2:", e1.Message);
            Assert.AreEqual(e1.Message, e2.Message);
            Assert.AreEqual("RangeError", e1.JsName);
            StringAssert.Contains("app:2", e1.JsStack);
        }

        [Test]
        public void Modules_CompileErrorThenFixed_LoaderIsAskedAgain()
        {
            Modules["app"] = "export function f( {";
            Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<int>>("app", "f"));
            Modules["app"] = "export function f() { return 5; }";
            Assert.AreEqual(5, TsAppDomain.GetFunction<Func<int>>("app", "f")());
        }

        [Test]
        public void Modules_MissingExport_TsBindException()
        {
            var e = Assert.Throws<TsBindException>(() => Bind<Action>("export function f() {}", "g"));
            Assert.AreEqual("zts: module 'm' has no export named 'g'", e.Message);
        }

        [Test]
        public void Modules_NonCallableExport_TsBindException()
        {
            var e = Assert.Throws<TsBindException>(() => Bind<Action>("export const g = 'text';", "g"));
            StringAssert.Contains("is not callable (it is string)", e.Message);
        }

        [Test]
        public void Modules_DefaultExport_NotMappedAutomatically()
        {
            Assert.Throws<TsBindException>(() => Bind<Action>("export default function () {}", "f"));
        }
            // A module that import()s another: start() begins the import, state() tells how it settled.
        private const string DynamicImporter =
            "let settled = 'pending';\n" +
            "export function start(name) { import(name).then(() => { settled = 'loaded'; }, e => { settled = 'caught ' + e.name + ': ' + e.message; }); }\n" +
            "export function startUnhandled(name) { import(name); }\n" +
            "export function state() { return settled; }";

        [Test]
        public void Modules_DynamicImport_SyntaxError_RejectsOnlyTheImport()
        {
            Modules["main"] = DynamicImporter;
            Modules["bad"] = "export const x = ;";
            TsAppDomain.GetFunction<Action<string>>("main", "start")("bad");
            TsFramePump.LateUpdate();
            // The importer holds no pointer to the module QuickJS freed (modules/table.cpp compile_failed): it stays usable.
            var state = TsAppDomain.GetFunction<Func<string>>("main", "state");
            StringAssert.StartsWith("caught SyntaxError: ", state());
            Modules["bad"] = "export const x = 1;";
            TsAppDomain.GetFunction<Action<string>>("main", "start")("bad");
            TsFramePump.LateUpdate();
            Assert.AreEqual("loaded", state(), "the fixed module loads on the next import()");
        }

        [Test]
        public void Modules_DynamicImport_StaticChainBelowFails_ImporterStays()
        {
            Modules["main"] = DynamicImporter;
            Modules["mid"] = "import { x } from 'bad'; export const y = x;";
            Modules["bad"] = "export const x = ;";
            TsAppDomain.GetFunction<Action<string>>("main", "start")("mid");
            TsFramePump.LateUpdate();
            StringAssert.StartsWith("caught SyntaxError: ", TsAppDomain.GetFunction<Func<string>>("main", "state")());
            // mid imports bad statically: it failed with bad (QuickJS freed both) and fails the same way again.
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<int>>("mid", "y"));
            StringAssert.Contains("zts: module 'mid' failed: SyntaxError", e.Message);
        }

        [Test]
        public void Modules_StaticImport_OfFailedModule_StillFailsItsImporter()
        {
            // b is compiled under a (the cycle a -> b -> a) and points at a, which QuickJS frees when bad fails.
            Modules["a"] = "import { g } from 'b'; import { x } from 'bad'; export function f() { return g() + x; }";
            Modules["b"] = "import { f } from 'a'; export function g() { return 1; }";
            Modules["bad"] = "export const x = ;";
            var first = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<int>>("a", "f"));
            StringAssert.Contains("SyntaxError", first.Message);
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Func<int>>("b", "g"));
            StringAssert.Contains("zts: module 'b' imports a module whose load failed earlier", e.Message);
        }

        [Test]
        public void Modules_DynamicImport_EvaluationThrowHandled_IsNotUnhandledRejection()
        {
            Modules["main"] = DynamicImporter;
            Modules["throws"] = "throw new Error('boom at load');";
            TsSettings.UnhandledRejections = TsRejectionMode.Throw;
            try
            {
                TsAppDomain.GetFunction<Action<string>>("main", "start")("throws");
                if (BuildFlags.QuickJSPatched)
                {
                    Assert.DoesNotThrow(() => TsFramePump.LateUpdate(), "the script handled the import() rejection");
                }
                else
                {
                    // Stock QuickJS (no quickjs-module-body-handled.patch) reports the module body's own promise too.
                    var e = Assert.Throws<TsUnhandledRejectionException>(() => TsFramePump.LateUpdate());
                    Assert.AreEqual("zts: unhandled Promise rejection: Error: boom at load", e.Message);
                }
                Assert.DoesNotThrow(() => TsFramePump.LateUpdate());
                Assert.AreEqual("caught Error: boom at load", TsAppDomain.GetFunction<Func<string>>("main", "state")());
            }
            finally
            {
                TsSettings.UnhandledRejections = TsRejectionMode.Log;
            }
        }

        [Test]
        public void Modules_DynamicImport_EvaluationThrowUnhandled_ReportedOnce()
        {
            Modules["main"] = DynamicImporter;
            Modules["throws"] = "throw new Error('boom at load');";
            TsSettings.UnhandledRejections = TsRejectionMode.Throw;
            try
            {
                TsAppDomain.GetFunction<Action<string>>("main", "startUnhandled")("throws");
                var e = Assert.Throws<TsUnhandledRejectionException>(() => TsFramePump.LateUpdate());
                // Stock QuickJS (no quickjs-module-body-handled.patch): the module body's own promise as well.
                int count = BuildFlags.QuickJSPatched ? 1 : 2;
                Assert.AreEqual("zts: unhandled Promise rejection: Error: boom at load" + (count > 1 ? " (and 1 more)" : ""), e.Message);
                Assert.AreEqual(count, e.Count, "the import() promise, and on stock QuickJS the module body's");
            }
            finally
            {
                TsSettings.UnhandledRejections = TsRejectionMode.Log;
            }
        }

        [Test]
        public void Modules_DynamicImport_ThrowInStaticDependencyHandled_IsNotUnhandledRejection()
        {
            Modules["main"] = DynamicImporter;
            Modules["mid"] = "import 'throws'; export const y = 1;";
            Modules["throws"] = "throw new TypeError('deep boom');";
            TsSettings.UnhandledRejections = TsRejectionMode.Throw;
            try
            {
                TsAppDomain.GetFunction<Action<string>>("main", "start")("mid");
                if (BuildFlags.QuickJSPatched)
                    Assert.DoesNotThrow(() => TsFramePump.LateUpdate());
                else // stock QuickJS (no quickjs-module-body-handled.patch) reports the module body's own promise too
                    Assert.Throws<TsUnhandledRejectionException>(() => TsFramePump.LateUpdate());
                Assert.DoesNotThrow(() => TsFramePump.LateUpdate());
                Assert.AreEqual("caught TypeError: deep boom", TsAppDomain.GetFunction<Func<string>>("main", "state")());
            }
            finally
            {
                TsSettings.UnhandledRejections = TsRejectionMode.Log;
            }
        }
    }
}
