using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// The console is flushed after a C# -> JS call's result or error has been read (FunctionClosure.Fail, the
    /// emitted bridges of ZTS.Mono DelegateBridgeBuilder and the Player shims of tools/gen-bridges DelegateShimWriter):
    /// a sink that calls JS or Resets the domain no longer changes what the call returns or throws.
    /// </summary>
    [TestFixture]
    public class Scope_ConsoleSink : DomainFixture
    {
        [Test]
        public void Scope_ConsoleSink_CallsJs_KeepsTheResult()
        {
            var f = Bind<Func<int>>("export function f() { console.log('f'); return 1; }\nexport function g() { return 2; }", "f");
            var g = TsAppDomain.GetFunction<Func<int>>("m", "g");
            int sinkSaw = 0;
            TsConsole.Sink = (level, text) => sinkSaw = g();
            Assert.AreEqual(1, f(), "before: the sink's g() overwrote f's result in the call scratch");
            Assert.AreEqual(2, sinkSaw);
        }

        [Test]
        public void Scope_ConsoleSink_CallsJsDuringFailure_KeepsTheError()
        {
            var f = Bind<Action>("export function f() { console.log('f'); throw new Error('from f'); }\nexport function h() { throw new Error('from h'); }", "f");
            var h = TsAppDomain.GetFunction<Action>("m", "h");
            string sinkSaw = null;
            TsConsole.Sink = (level, text) =>
            {
                try { h(); }
                catch (TsException e) { sinkSaw = e.Message; }
            };
            var thrown = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("from f", thrown.Message, "before: the sink call's error replaced f's");
            Assert.AreEqual("from h", sinkSaw);
        }

        [Test]
        public void Scope_ConsoleSink_Resets_KeepsTheResult()
        {
            var f = Bind<Func<string>>("export function f() { console.log('f'); return 'result of f'; }", "f");
            bool applied = false;
            TsConsole.Sink = (level, text) =>
            {
                TsAppDomain.Reset(Load);
                applied = TsFramePump.EndOfFrame();
            };
            Assert.AreEqual("result of f", f(), "before: zts: cannot convert object to System.String, and 32 bytes leaked");
            Assert.IsTrue(applied, "the sink runs outside JS: its Reset is applied");
            Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
            TsConsole.Sink = (level, text) => Logged.Add(new KeyValuePair<TsLogLevel, string>(level, text));
            Assert.AreEqual("result of f", TsAppDomain.GetFunction<Func<string>>("m", "f")());
        }
    }
}
