using System;
using System.Linq;
using System.Reflection;
using Fixtures;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// TsAppDomain.Resetting, zts.on_reset hooks, script event subscriptions undone at Reset, the text of a
    /// stale JS-function delegate, unhandled rejections as a setting, and unbuffered console output.
    /// </summary>
    [TestFixture]
    public class Reset_Hooks : DomainFixture
    {
        private static int HandlerCount(Bag bag)
        {
            var h = (EventHandler)typeof(Bag).GetField("Changed", BindingFlags.Instance | BindingFlags.NonPublic).GetValue(bag);
            return h == null ? 0 : h.GetInvocationList().Length;
        }

        private string Errors()
        {
            return string.Join("\n", Logged.Where(l => l.Key == TsLogLevel.Error).Select(l => l.Value));
        }

        [Test]
        public void Resetting_RaisedAtEndOfFrameBeforeTeardown_JsStillCallable_ThrowingHandlerLogged()
        {
            var v = Bind<Func<int>>("export function v() { return 41; }", "v");
            string seen = "";
            Action first = () => { seen += "first:" + v() + ","; };
            Action throws = () => { throw new InvalidOperationException("handler failed"); };
            Action last = () => { seen += "last:" + TsAppDomain.IsResetPending; };
            TsAppDomain.Resetting += first;
            TsAppDomain.Resetting += throws;
            TsAppDomain.Resetting += last;
            try
            {
                TsFramePump.EndOfFrame();
                Assert.AreEqual("", seen, "no Reset reserved: not raised");
                TsAppDomain.Reset(Load);
                Assert.AreEqual("", seen, "raised at EndOfFrame, not when reserved");
                Assert.IsTrue(TsFramePump.EndOfFrame());
            }
            finally
            {
                TsAppDomain.Resetting -= first;
                TsAppDomain.Resetting -= throws;
                TsAppDomain.Resetting -= last;
            }
            Assert.AreEqual("first:41,last:True", seen);
            Assert.Throws<ObjectDisposedException>(() => v());
            StringAssert.Contains("zts: a TsAppDomain.Resetting handler threw during Reset: System.InvalidOperationException: handler failed", Errors());
            Assert.AreEqual(1, Mono.ResetCount);
        }

        [Test]
        public void OnResetHooks_RunInOrderAfterResetting_ThrowingHookLoggedWithItsStack()
        {
            string order = "";
            Mono.DefineGlobalFunction("host.mark", a => { order += a[0] + ","; return null; });
            Action csharp = () => order += "C#,";
            Bind<Func<int>>("zts.on_reset(() => host.mark('a'));\n" +
                            "zts.on_reset(function failing() { host.mark('b'); throw new Error('hook b failed'); });\n" +
                            "zts.on_reset(() => host.mark('c'));\n" +
                            "export function f() { return 1; }", "f");
            TsAppDomain.Resetting += csharp;
            try
            {
                TsAppDomain.Reset(Load);
                TsFramePump.EndOfFrame();
            }
            finally
            {
                TsAppDomain.Resetting -= csharp;
            }
            Assert.AreEqual("C#,a,b,c,", order);
            StringAssert.Contains("zts: a zts.on_reset hook threw during Reset: hook b failed\n    at failing (m:2", Errors());
            // The rebuilt domain starts without hooks: a second Reset runs none.
            order = "";
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Assert.AreEqual("", order);
        }

        // The hooks are fixed when they start running: zts.on_reset inside a hook throws (the hook is logged as
        // failed), so a hook that registers itself again no longer keeps the Reset running forever (past 400 MB
        // of RSS, with neither the budget nor Interrupt able to stop the host's loop).
        [Test]
        public void OnResetHooks_HookAddingAHook_ThrowsAndTheResetFinishes()
        {
            string order = "";
            Mono.DefineGlobalFunction("host.mark", a => { order += a[0] + ","; return null; });
            Bind<Func<int>>("zts.on_reset(function h() { host.mark('h'); zts.on_reset(h); });\n" +
                            "zts.on_reset(() => host.mark('next'));\n" +
                            "export function f() { return 1; }", "f");
            TsAppDomain.Reset(Load);
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.AreEqual("h,next,", order, "each hook ran once; the one added during the run did not");
            StringAssert.Contains("zts: a zts.on_reset hook threw during Reset: zts: zts.on_reset cannot add a hook " +
                                  "while the reset hooks run (the domain is being torn down; a hook added now would never run)", Errors());
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("m", "f")(), "the rebuilt domain works");
        }

        [Test]
        public void ScriptSubscriptions_ThreeFromJsOneFromCSharp_OnlyTheCSharpOneRemainsAfterReset()
        {
            var bag = new Bag();
            int csharpHits = 0;
            bag.Changed += (s, e) => csharpHits++;
            var subscribe = Bind<Action<Bag>>(
                "import { Bag } from 'csharp:Fixtures';\n" +
                "import { EventHandler } from 'csharp:System';\n" +
                "globalThis.hits = 0;\n" +
                "export function subscribe(bag) {\n" +
                "  const dropped = () => { hits += 100; };\n" +
                "  bag.add_Changed(() => { hits++; });\n" +
                "  bag.add_Changed(dropped);\n" +
                "  bag.add_Changed(zts.to_delegate(() => { hits++; }, EventHandler));\n" +
                "  bag.add_Changed(function third() { hits++; });\n" +
                "  bag.remove_Changed(dropped);\n" + // removed by the script: not removed again at Reset
                "}\n" +
                "export function hits_now() { return hits; }\n", "subscribe");
            subscribe(bag);
            Assert.AreEqual(4, HandlerCount(bag), "three script subscriptions and the C# one");
            bag.Touch();
            Assert.AreEqual(3, TsAppDomain.GetFunction<Func<int>>("m", "hits_now")());
            Assert.AreEqual(1, csharpHits);
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Assert.AreEqual(1, HandlerCount(bag), "only the C# subscription remains");
            bag.Touch(); // no stale JS handler left to throw
            Assert.AreEqual(2, csharpHits);
            Assert.AreEqual("", Errors());
        }

        private static int ShoutedCount()
        {
            var h = (Delegate)typeof(Fixtures.Decl.Callbacks).GetField("Shouted", BindingFlags.Static | BindingFlags.NonPublic).GetValue(null);
            return h == null ? 0 : h.GetInvocationList().Length;
        }

        [Test]
        public void ScriptSubscriptions_StaticEventAndHookThatUnsubscribes_NothingLeftNothingRemovedTwice()
        {
            int before = ShoutedCount();
            Bind<Func<int>>("import { Callbacks } from 'csharp:Fixtures.Decl';\n" +
                            "const h = (text) => 0;\n" +
                            "Callbacks.add_Shouted(h);\n" +
                            "Callbacks.add_Shouted(h);\n" +
                            "Callbacks.add_Shouted((text) => 1);\n" +
                            "zts.on_reset(() => Callbacks.remove_Shouted(h));\n" +
                            "export function f() { return 1; }", "f");
            Assert.AreEqual(before + 3, ShoutedCount());
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Assert.AreEqual(before, ShoutedCount());
            Assert.AreEqual("", Errors());
        }

        [Test]
        public void StaleJsFunctionDelegate_MessageNamesItsOriginAndTheResetHook()
        {
            var maker = Bind<Func<Func<int, int>>>("export function maker() {\n  return x => x + 1;\n}\n", "maker");
            Func<int, int> kept = maker();
            Assert.AreEqual(2, kept(1));
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            var e = Assert.Throws<ObjectDisposedException>(() => kept(1));
            StringAssert.Contains("zts: JS function as Func$2[Int32, Int32] (defined at m:2:10)", e.Message);
            StringAssert.Contains("release it in a reset hook (zts.on_reset in the script, or TsAppDomain.Resetting in C#)", e.Message);
        }

        [Test]
        public void UnhandledRejection_LogByDefault_ThrowFromLateUpdateWhenSet()
        {
            var reject = Bind<Action>("export function reject() { Promise.reject(new Error('nobody waits')); }", "reject");
            reject();
            TsFramePump.LateUpdate();
            StringAssert.Contains("zts: unhandled Promise rejection: Error: nobody waits", Errors());
            Logged.Clear();
            TsSettings.UnhandledRejections = TsRejectionMode.Throw;
            try
            {
                reject();
                reject();
                var e = Assert.Throws<TsUnhandledRejectionException>(() => TsFramePump.LateUpdate());
                Assert.AreEqual("zts: unhandled Promise rejection: Error: nobody waits (and 1 more)", e.Message);
                Assert.AreEqual(2, e.Count);
                StringAssert.Contains("at reject (m:1", e.JsStack);
                Assert.AreEqual("", Errors(), "thrown, not logged");
                Assert.DoesNotThrow(() => TsFramePump.LateUpdate(), "thrown once");
            }
            finally
            {
                TsSettings.UnhandledRejections = TsRejectionMode.Log;
            }
        }

        [Test]
        public void Console_UnbufferedMode_KeepsTheOrderOfJsAndCSharpOutput()
        {
            Mono.DefineGlobalFunction("host.say", a => { Logged.Add(new System.Collections.Generic.KeyValuePair<TsLogLevel, string>(TsLogLevel.Log, "C#")); return null; });
            var f = Bind<Action>("export function f() { console.log('js1'); host.say(); console.log('js2'); }", "f");
            f();
            Assert.AreEqual("C#,js1,js2", string.Join(",", Logged.Select(l => l.Value)), "buffered: JS output at the end of the call");
            Logged.Clear();
            TsConsole.Buffered = false;
            try
            {
                f();
            }
            finally
            {
                TsConsole.Buffered = true;
            }
            Assert.AreEqual("js1,C#,js2", string.Join(",", Logged.Select(l => l.Value)));
        }
    }
}
