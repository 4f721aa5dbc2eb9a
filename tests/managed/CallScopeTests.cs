using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// No script code runs outside a call scope (native/core/runtime/script_scope.h): a script that reaches
    /// <c>TsAppDomain.Reset(l); TsFramePump.EndOfFrame()</c> from any place where the core or the shared layer runs
    /// script code is refused, as it is inside an ordinary JS -> C# call. Before the scope, each of the twelve shapes
    /// below freed the runtime under the running JS (JS_FreeRuntime: Assertion 'list_empty(&amp;rt->gc_obj_list)'
    /// failed, exit 134) on both backends. Each test ends with the domain answering a call.
    /// </summary>
    [TestFixture]
    public class Scope_HostileReset : DomainFixture
    {
        private readonly List<string> _outcomes = new List<string>();

        private const string Refused = "refused: zts: a Reset cannot be applied inside a C# -> JS call; it stays reserved until EndOfFrame runs outside JS";

        [SetUp]
        public void DefineReset()
        {
            _outcomes.Clear();
            // The script's way to the host API: what a game's C# method that reloads scripts does.
            Mono.DefineGlobalFunction("resetNow", a =>
            {
                try
                {
                    TsAppDomain.Reset(Load);
                    TsFramePump.EndOfFrame();
                    _outcomes.Add("applied");
                }
                catch (InvalidOperationException e)
                {
                    _outcomes.Add("refused: " + e.Message);
                }
                return null;
            });
        }

        // The reservation a refused Reset left stays; the domain still answers, and the reserved Reset applies at the
        // next EndOfFrame outside JS, after which the new domain answers too.
        private void AssertDomainAnswers()
        {
            Modules["answer"] = "export function f() { return 42; }";
            Assert.AreEqual(42, TsAppDomain.GetFunction<Func<int>>("answer", "f")());
            TsFramePump.EndOfFrame();
            Assert.AreEqual(42, TsAppDomain.GetFunction<Func<int>>("answer", "f")());
        }

        private void AssertRefused()
        {
            CollectionAssert.Contains(_outcomes, Refused);
            CollectionAssert.DoesNotContain(_outcomes, "applied");
        }

        private const string ResettingError =
            "function resettingError(key) {\n" +
            "  const e = new Error('boom');\n" +
            "  Object.defineProperty(e, key, { get() { resetNow(); return 'read ' + key; } });\n" +
            "  return e;\n" +
            "}\n";

        [Test]
        public void Scope_HostileReset_GetterMessage()
        {
            var f = Bind<Action>(ResettingError + "export function f() { throw resettingError('message'); }", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("read message", e.Message);
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_GetterStack()
        {
            var f = Bind<Action>(ResettingError + "export function f() { throw resettingError('stack'); }", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("read stack", e.JsStack);
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_ToString()
        {
            var f = Bind<Action>("export function f() { throw { toString() { resetNow(); return 'thrown text'; } }; }", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("thrown text", e.Message);
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_Proxy()
        {
            var f = Bind<Action>(
                "export function f() { throw new Proxy(new Error('p'), { get(t, k) { resetNow(); return Reflect.get(t, k); } }); }", "f");
            Assert.Throws<TsException>(() => f());
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_Array()
        {
            var f = Bind<Func<int[]>>(
                "export function f() { const a = [1, 2, 3]; Object.defineProperty(a, 1, { get() { resetNow(); return 5; } }); return a; }", "f");
            CollectionAssert.AreEqual(new[] { 1, 5, 3 }, f());
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_List()
        {
            var f = Bind<Func<List<int>>>(
                "export function f() { return new Proxy([1, 2], { get(t, k) { resetNow(); return Reflect.get(t, k); } }); }", "f");
            CollectionAssert.AreEqual(new[] { 1, 2 }, f());
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_Table()
        {
            var f = Bind<MakeVec>("export function f(x) { return { X: x, get Y() { resetNow(); return 2; }, Z: 3 }; }", "f");
            Fixtures.Vec3 v = f(1);
            Assert.AreEqual(2f, v.Y);
            AssertRefused();
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_Thenable()
        {
            var f = Bind<Func<Task<int>>>("export function f() { return { get then() { resetNow(); return undefined; } }; }", "f");
            Task<int> t = f();
            AssertRefused();
            TsFramePump.LateUpdate();
            Assert.IsTrue(t.IsFaulted, "a thenable without then fulfils with itself, which is no Int32");
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_ReplacedPromise()
        {
            var f = Bind<Func<Task<int>>>(
                "Promise.resolve = function () { resetNow(); return { then() {} }; };\n" +
                "Promise.prototype.then = function () { resetNow(); };\n" +
                "export function f() { return 7; }", "f");
            Task<int> t = f();
            TsFramePump.LateUpdate();
            Assert.AreEqual(7, t.Result, "the core watches the promise with the intrinsic Promise.resolve and then");
            CollectionAssert.IsEmpty(_outcomes, "the replaced functions are never called by the core");
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_ReplacedError()
        {
            var start = Bind<Action>(
                "import { Loader } from 'csharp:Fixtures.Everyday';\n" +
                "let seen = 'none';\n" +
                "export function start() {\n" +
                "  globalThis.Error = function () { resetNow(); return {}; };\n" +
                "  Loader.Fails('broken').catch(e => { seen = e.message; });\n" +
                "}\n" +
                "export function read() { return seen; }", "start");
            start();
            var read = TsAppDomain.GetFunction<Func<string>>("m", "read");
            for (int i = 0; i < 200 && read() == "none"; i++)
            {
                System.Threading.Thread.Sleep(2);
                TsFramePump.LateUpdate();
            }
            Assert.AreEqual("zts: System.InvalidOperationException: broken", read(), "the fault settles with an intrinsic Error");
            CollectionAssert.IsEmpty(_outcomes, "the replaced Error is never called by the core");
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_ResetHook()
        {
            Bind<Action>(ResettingError + "zts.on_reset(() => { throw resettingError('message'); });\nexport function f() {}", "f");
            TsAppDomain.Reset(Load);
            Assert.IsTrue(TsFramePump.EndOfFrame(), "the Reset that ran the hook is applied");
            AssertRefused();
            StringAssert.Contains("zts: a zts.on_reset hook threw during Reset: read message", string.Join("\n", Logged.ConvertAll(l => l.Value)));
            AssertDomainAnswers();
        }

        [Test]
        public void Scope_HostileReset_Timer()
        {
            double now = 0;
            TsFramePump.TimeSource = () => now;
            try
            {
                Bind<Action>(ResettingError + "setTimeout(() => { throw resettingError('message'); }, 10);\nexport function f() {}", "f");
                now = 20;
                TsFramePump.LateUpdate();
                AssertRefused();
                StringAssert.Contains("read message", string.Join("\n", Logged.ConvertAll(l => l.Value)));
                AssertDomainAnswers();
            }
            finally
            {
                TsFramePump.TimeSource = null;
            }
        }

        [Test]
        public void Scope_HostileReset_InsideACall_IsRefusedAsBefore()
        {
            var f = Bind<Func<int>>("export function f() { resetNow(); return 1; }", "f");
            Assert.AreEqual(1, f());
            AssertRefused();
            AssertDomainAnswers();
        }
    }
}
