using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace ZTS.Tests
{
    [TestFixture]
    public class Console_Output : DomainFixture
    {
        [Test]
        public void Console_Levels_ReachSinkInOrder()
        {
            var f = Bind<Action>("export function f() { console.log('a', 1, true, null); console.info('i'); console.warn('w'); console.error('e', 2.5); console.debug('d'); }", "f");
            f();
            CollectionAssert.AreEqual(new[]
            {
                new KeyValuePair<TsLogLevel, string>(TsLogLevel.Log, "a 1 true null"),
                new KeyValuePair<TsLogLevel, string>(TsLogLevel.Info, "i"),
                new KeyValuePair<TsLogLevel, string>(TsLogLevel.Warn, "w"),
                new KeyValuePair<TsLogLevel, string>(TsLogLevel.Error, "e 2.5"),
                new KeyValuePair<TsLogLevel, string>(TsLogLevel.Log, "d"),
            }, Logged);
        }

        [Test]
        public void Console_Output_FlushedOutsideTheJsFrame()
        {
            int seenDuringCall = -1;
            Mono.DefineGlobalFunction("host.probe", a => { seenDuringCall = Logged.Count; return null; });
            var f = Bind<Action>("export function f() { console.log('one'); host.probe(); console.log('two'); }", "f");
            f();
            Assert.AreEqual(0, seenDuringCall, "nothing reaches the sink while JS is running");
            Assert.AreEqual(2, Logged.Count);
        }

        [Test]
        public void Console_ModuleTopLevel_FlushedAfterGetFunction()
        {
            Modules["m"] = "console.log('loading', '\u00e9\u4e16');\nexport function f() {}";
            TsAppDomain.GetFunction<Action>("m", "f");
            Assert.AreEqual("loading \u00e9\u4e16", Logged[0].Value);
        }

        [Test]
        public void Console_ThrowingSink_DoesNotBreakJs()
        {
            TsConsole.Sink = (l, t) => { throw new Exception("sink down"); };
            var f = Bind<Func<int>>("export function f() { console.log('x'); return 4; }", "f");
            Assert.AreEqual(4, f());
        }
    }
}
