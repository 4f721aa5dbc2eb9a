using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>10-LIFETIME §5: JS functions as C# delegates, C# delegates callable in JS, objects through GetFunction.</summary>
    [TestFixture]
    public class Delegates_JsFunctions : DomainFixture
    {
        [SetUp]
        public void Fixtures()
        {
            Assert.IsNotNull(typeof(Fixtures.Bag).Assembly);
        }

        [Test]
        public void Delegates_JsFunctionAsEventHandler_AddRemove()
        {
            var f = Bind<Func<int>>(
                "import { Bag } from 'csharp:Fixtures';\n" +
                "export function f() { const bag = new Bag(); let n = 0; const h = (sender, e) => { n++; };\n" +
                "  bag.add_Changed(h); bag.Touch(); bag.Touch(); bag.remove_Changed(h); bag.Touch(); return n; }", "f");
            Assert.AreEqual(2, f(), "the same JS function converts to the same delegate, so remove_Changed works");
        }

        [Test]
        public void Delegates_HandlerReceivesObjects()
        {
            var f = Bind<Func<string>>(
                "import { Bag } from 'csharp:Fixtures';\n" +
                "export function f() { const bag = new Bag(); let seen = '';\n" +
                "  bag.add_Changed((sender, e) => { seen = String(sender === bag) + ':' + e.ToString(); }); bag.Touch(); return seen; }", "f");
            Assert.AreEqual("false:System.EventArgs", f(), "sender arrives viewed as object (declared type), a different view than Bag");
        }

        [Test]
        public void Delegates_ToDelegate_IsCallableInJs()
        {
            var f = Bind<Func<string>>(
                "export function f() { const Fn = zts.generic(CSharp.System.Func$2, CSharp.System.Int32, CSharp.System.String);\n" +
                "  const d = zts.to_delegate(x => 'got ' + x, Fn); return typeof d + '|' + d(4) + '|' + d.Invoke(5); }", "f");
            Assert.AreEqual("function|got 4|got 5", f());
        }

        [Test]
        public void Delegates_CSharpDelegateToJs_IsCallable()
        {
            Func<int, int> square = x => x * x;
            var f = Bind<Func<Func<int, int>, int, int>>("export function f(fn, x) { return fn(x) + 1; }", "f");
            Assert.AreEqual(50, f(square, 7));
        }

        [Test]
        public void Delegates_JsFunctionReturnedToCSharp()
        {
            var make = Bind<Func<int, Func<int, int>>>("export function make(k) { return x => x * k; }", "make");
            Func<int, int> times3 = make(3);
            Assert.AreEqual(21, times3(7));
        }

        [Test]
        public void Delegates_ObjectsThroughGetFunction()
        {
            var f = Bind<Func<global::Fixtures.Animal, global::Fixtures.Animal>>(
                "export function f(a) { a.Name = a.Name + '!'; return a; }", "f");
            var cat = new global::Fixtures.Animal("cat");
            Assert.AreSame(cat, f(cat));
            Assert.AreEqual("cat!", cat.Name);
        }

        [Test]
        public void Delegates_CollectedDelegate_ReleasesJsFunction()
        {
            var make = Bind<Func<int, Func<int, int>>>("export function make(k) { return x => x * k; }", "make");
            int baseline = Mono.LiveFunctionRefs;
            MakeMany(make, 200);
            Assert.AreEqual(baseline + 200, Mono.LiveFunctionRefs);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            TsFramePump.LateUpdate();
            Assert.LessOrEqual(Mono.LiveFunctionRefs, baseline + 5, "finalizers queued the releases; the pump freed them");
        }

        private static void MakeMany(Func<int, Func<int, int>> make, int n)
        {
            var list = new List<Func<int, int>>();
            for (int i = 0; i < n; i++) list.Add(make(i));
            Assert.AreEqual(n * 2, list[n - 1](2) + 2);
        }

        [Test]
        public void Delegates_StaleAfterReset_ThrowsNotCrash()
        {
            var make = Bind<Func<int, Func<int, int>>>("export function make(k) { return x => x * k; }", "make");
            Func<int, int> times2 = make(2);
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            var e = Assert.Throws<ObjectDisposedException>(() => times2(1));
            StringAssert.StartsWith("zts: ", e.Message);
            times2 = null;
            GC.Collect();
            GC.WaitForPendingFinalizers(); // finalizers of stale closures must not touch the new domain
            TsFramePump.LateUpdate();
        }
    }
}
