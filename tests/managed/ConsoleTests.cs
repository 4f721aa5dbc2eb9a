using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace ZTS.Tests
{
    [TestFixture]
    public class Console_Output : DomainFixture
    {
        [TearDown]
        public void RestoreConsoleLimit()
        {
            TsConsole.BufferLimitChars = TsConsole.DefaultBufferLimitChars;
        }

        [Test]
        public void Console_BufferLimit_DropsWithANote()
        {
            TsConsole.BufferLimitChars = 100;
            // 10 chars a line: 10 lines fill the buffer, the other 40 are dropped inside the one call.
            var f = Bind<Action>("export function f() { for (let i = 0; i < 50; i++) console.log('line ' + String(i).padStart(5, '0')); }", "f");
            f();
            Assert.AreEqual(11, Logged.Count);
            Assert.AreEqual("line 00009", Logged[9].Value);
            Assert.AreEqual(TsLogLevel.Warn, Logged[10].Key);
            Assert.AreEqual(TsConsole.DroppedNote(40, 100), Logged[10].Value);
            StringAssert.StartsWith("zts: console: 40 message(s) dropped: more than TsConsole.BufferLimitChars (100)", Logged[10].Value);

            // The flush empties the buffer: the next call logs again.
            Logged.Clear();
            f();
            Assert.AreEqual(11, Logged.Count);
        }

        [Test]
        public void Console_BufferLimit_LongMessageTruncatedWithANote()
        {
            TsConsole.BufferLimitChars = 100;
            var f = Bind<Action>("export function f() { console.log('y'.repeat(500)); console.log('after'); }", "f");
            f();
            Assert.AreEqual(2, Logged.Count);
            Assert.AreEqual(new string('y', 100) + TsConsole.TruncatedNote(500, 100), Logged[0].Value);
            StringAssert.EndsWith("... [zts: console message truncated: 500 chars, TsConsole.BufferLimitChars is 100]", Logged[0].Value);
            Assert.AreEqual(TsConsole.DroppedNote(1, 100), Logged[1].Value);

            TsConsole.BufferLimitChars = 0; // no limit
            Logged.Clear();
            f();
            Assert.AreEqual(500, Logged[0].Value.Length);
            Assert.Throws<ArgumentOutOfRangeException>(() => TsConsole.BufferLimitChars = -1);
        }

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

        // A sink that fails the same way for every message (a closed stdout: IOException "Write fault") is reported
        // once on stderr, not once per line; a different failure is reported again.
        [Test]
        public void Console_ThrowingSink_SameFailureReportedOnce()
        {
            var stderr = new System.IO.StringWriter();
            System.IO.TextWriter saved = Console.Error;
            Console.SetError(stderr);
            try
            {
                TsConsole.Sink = (l, t) => { throw new System.IO.IOException(t.StartsWith("other") ? "Other fault" : "Write fault"); };
                var f = Bind<Action>("export function f() { for (let i = 0; i < 5; i++) console.log('line ' + i); console.log('other'); }", "f");
                f();
                f();
            }
            finally
            {
                Console.SetError(saved);
            }
            string[] lines = stderr.ToString().Split(new[] { '\n' }, StringSplitOptions.RemoveEmptyEntries);
            Assert.AreEqual(new[]
            {
                "zts: console sink threw System.IO.IOException: Write fault (the same failure of the sink again is not reported)",
                "zts: console sink threw System.IO.IOException: Other fault (the same failure of the sink again is not reported)",
            }, lines);
        }
    }
}
