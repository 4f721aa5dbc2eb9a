using System;
using System.Diagnostics;
using System.IO;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>10-LIFETIME §7 under load: Reset reserved from deep inside calls, stale handles, many cycles.</summary>
    [TestFixture]
    public class Reset_UnderLoad : DomainFixture
    {
        private const string App =
            "import { Bag, Money, Factory } from 'csharp:Fixtures';\n" +
            "export function depth(n) { return n === 0 ? host.reset() : host.down(n - 1); }\n" +
            "export function work(i) {\n" +
            "  const bag = new Bag(); let hits = 0; const h = () => { hits++; };\n" +
            "  bag.add_Changed(h); bag.Touch();\n" +
            "  const m = Money.op_Addition(new Money(i), new Money(1));\n" +
            "  const w = Factory.Make(i);\n" +
            "  return hits + m.Cents + w.Twice();\n" +
            "}\n" +
            "export function maker() { return x => x + 1; }\n";

        [SetUp]
        public void Fixtures()
        {
            Assert.IsNotNull(typeof(Fixtures.Bag).Assembly);
            Modules["app"] = App;
        }

        private void DefineHost()
        {
            Func<int, int> depth = TsAppDomain.GetFunction<Func<int, int>>("app", "depth");
            Mono.DefineGlobalFunction("host.down", a => depth(Convert.ToInt32(a[0])));
            Mono.DefineGlobalFunction("host.reset", a =>
            {
                TsAppDomain.Reset(Load); // reserved three times in one frame: the last loader wins
                TsAppDomain.Reset(Load);
                TsAppDomain.Reset(Load);
                return 7;
            });
        }

        [Test]
        public void Reset_ReservedFromNestedCalls_AppliedAtEndOfFrame()
        {
            DefineHost();
            var depth = TsAppDomain.GetFunction<Func<int, int>>("app", "depth");
            Assert.AreEqual(7, depth(10), "C# -> JS -> C# ... 10 deep, Reset reserved at the bottom");
            Assert.IsTrue(TsAppDomain.IsResetPending);
            Assert.AreEqual(7, depth(3), "still the old domain in this frame");
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
            Assert.Throws<ObjectDisposedException>(() => depth(1));
        }

        [Test]
        public void Reset_StaleHandles_FailManaged_AlsoAfterGc()
        {
            var work = TsAppDomain.GetFunction<Func<int, int>>("app", "work");
            Func<int, int> fromJs = TsAppDomain.GetFunction<Func<Func<int, int>>>("app", "maker")();
            Assert.AreEqual(1 + 6 + 10, work(5));
            Assert.AreEqual(3, fromJs(2));
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            StringAssert.StartsWith("zts: ", Assert.Throws<ObjectDisposedException>(() => work(1)).Message);
            StringAssert.StartsWith("zts: ", Assert.Throws<ObjectDisposedException>(() => fromJs(1)).Message);
            work = null;
            fromJs = null;
            GC.Collect();
            GC.WaitForPendingFinalizers(); // stale finalizers queue releases for a domain that is gone: ignored
            TsFramePump.LateUpdate();
            Assert.AreEqual(1 + 4 + 6, TsAppDomain.GetFunction<Func<int, int>>("app", "work")(3));
        }

        private static long RssKb()
        {
            foreach (string line in File.ReadAllLines("/proc/self/status"))
                if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
                    return long.Parse(line.Substring(6).Trim().Split(' ')[0]);
            return -1;
        }

        [Test]
        public void Reset_500Cycles_RegistryAndMemoryFlat()
        {
            Func<int, int> work = null;
            long rssAfterWarmup = 0;
            int refsAfterWarmup = 0;
            var sw = Stopwatch.StartNew();
            for (int cycle = 0; cycle < 500; cycle++)
            {
                work = TsAppDomain.GetFunction<Func<int, int>>("app", "work");
                Assert.AreEqual(1 + (cycle + 1) + cycle * 2, work(cycle));
                Func<int, int> fn = TsAppDomain.GetFunction<Func<Func<int, int>>>("app", "maker")();
                Assert.AreEqual(cycle + 1, fn(cycle));
                TsFramePump.LateUpdate();
                TsAppDomain.Reset(Load);
                TsFramePump.EndOfFrame();
                Assert.AreEqual(0, Mono.LastTeardownLeakedBytes, "cycle " + cycle);
                Assert.AreEqual(0, Mono.RegisteredObjects, "cycle " + cycle);
                if (cycle == 49)
                {
                    GC.Collect();
                    GC.WaitForPendingFinalizers();
                    rssAfterWarmup = RssKb();
                    refsAfterWarmup = Mono.LiveFunctionRefs;
                }
            }
            GC.Collect();
            GC.WaitForPendingFinalizers();
            long rss = RssKb();
            Console.WriteLine("Reset_500Cycles: {0:F1} ms/cycle; RSS after 50 cycles {1} KiB, after 500 {2} KiB (+{3} KiB); live refs {4}",
                              sw.Elapsed.TotalMilliseconds / 500, rssAfterWarmup, rss, rss - rssAfterWarmup, Mono.LiveFunctionRefs);
            Assert.AreEqual(refsAfterWarmup, Mono.LiveFunctionRefs);
            Assert.Less(rss - rssAfterWarmup, 64 * 1024, "450 more cycles must not keep growing the process");
        }
    }
}
