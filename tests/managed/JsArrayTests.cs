using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// JS arrays reaching C# through GetFunction results: a JS function's array result where the
    /// delegate declares T[] or a list is a copy; a bad element names its index; nothing leaks (the fixture
    /// checks QuickJS leaks at teardown).
    /// </summary>
    [TestFixture]
    public class JsArray_Results : DomainFixture
    {
        private const string Source =
            "export function ints() { return [1, 2, 3]; }\n" +
            "export function words() { return ['a', null, 'c']; }\n" +
            "export function nested() { return [[1], [2, 3]]; }\n" +
            "export function bad() { return [1, 'two', 3]; }\n" +
            "export function many() { return Array.from({ length: 70 }, (_, i) => 'w' + i); }\n" +
            "export function plain() { return { length: 1, 0: 1 }; }\n" +
            "export function sparse(n) { const a = []; a.length = n; return a; }\n" +
            "export function lying(n) { return new Proxy([], { get(t, k) { globalThis.reads = (globalThis.reads || 0) + 1; return k === 'length' ? n : undefined; } }); }\n" +
            "export function reads() { return globalThis.reads; }\n" +
            "export function lateBad(n) { const a = Array.from({ length: n }, (_, i) => i); a[n - 1] = 'bad'; return a; }\n" +
            "export function range(n) { return Array.from({ length: n }, (_, i) => i); }\n";

        [Test]
        public void JsArray_Result_IsACopyOfTheDeclaredType()
        {
            Modules["m"] = Source;
            CollectionAssert.AreEqual(new[] { 1, 2, 3 }, TsAppDomain.GetFunction<Func<int[]>>("m", "ints")());
            List<string> words = TsAppDomain.GetFunction<Func<List<string>>>("m", "words")();
            CollectionAssert.AreEqual(new[] { "a", null, "c" }, words);
            IReadOnlyList<double> doubles = TsAppDomain.GetFunction<Func<IReadOnlyList<double>>>("m", "ints")();
            Assert.AreEqual(typeof(List<double>), doubles.GetType());
            Assert.AreEqual(6.0, doubles[0] + doubles[1] + doubles[2]);
            int[][] rows = TsAppDomain.GetFunction<Func<int[][]>>("m", "nested")();
            Assert.AreEqual(3, rows[1][1]);
        }

        [Test]
        public void JsArray_LongResult_AllElementsAndStringsFreed()
        {
            Modules["m"] = Source;
            string[] many = TsAppDomain.GetFunction<Func<string[]>>("m", "many")();
            Assert.AreEqual(70, many.Length);
            Assert.AreEqual("w69", many[69]);
        }

        [Test]
        public void JsArray_BadElement_NamesTheIndex()
        {
            Modules["m"] = Source;
            var e = Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<int[]>>("m", "bad")());
            Assert.AreEqual("zts: cannot convert string to System.Int32 (element 1 of return value of 'm.bad')", e.Message);
            e = Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<IEnumerable<int>>>("m", "bad")());
            StringAssert.Contains("(element 1 of return value of 'm.bad')", e.Message);
        }

        // The copy reads and converts chunk by chunk (JsArrayCopy.Chunk) and stops at the first bad element: a
        // sparse `a.length = 1e9` into a List<int> cost 25 s and 15.6 GB of RSS before it failed at element 0.
        [Test]
        public void JsArray_SparseOrLyingLength_FailsAtTheFirstElement()
        {
            Modules["m"] = Source;
            long before = GC.GetTotalMemory(false);
            var e = Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<double, List<int>>>("m", "sparse")(1e9));
            Assert.AreEqual("zts: cannot convert undefined to System.Int32 (element 0 of return value of 'm.sparse')", e.Message);
            e = Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<double, int[]>>("m", "lying")(1e8));
            StringAssert.Contains("(element 0 of return value of 'm.lying')", e.Message);
            Assert.Less(TsAppDomain.GetFunction<Func<int>>("m", "reads")(), 2000, "the Proxy is read one chunk at a time");
            Assert.Less(GC.GetTotalMemory(false) - before, 64L << 20, "no copy sized by the length");

            e = Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<int, int[]>>("m", "lateBad")(5000));
            Assert.AreEqual("zts: cannot convert string to System.Int32 (element 4999 of return value of 'm.lateBad')", e.Message);
            int[] range = TsAppDomain.GetFunction<Func<int, int[]>>("m", "range")(5000);
            Assert.AreEqual(5000, range.Length);
            Assert.AreEqual(4999, range[4999]);
            List<double> doubles = TsAppDomain.GetFunction<Func<int, List<double>>>("m", "range")(3000);
            Assert.AreEqual(3000, doubles.Count);
            Assert.AreEqual(2999.0, doubles[2999]);
        }

        // A length the domain's heap could not hold as values fails before any element is read, also where every
        // element would convert (undefined is null for object).
        [Test]
        public void JsArray_LengthPastHeapLimit_FailsAtOnce()
        {
            TsSettings.HeapLimitBytes = 16 << 20;
            try
            {
                TsAppDomain.Shutdown();
                TsAppDomain.Initialize(Load);
                Modules["m"] = Source;
                var e = Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<double, List<object>>>("m", "sparse")(1e9));
                // A value is QuickJS's JSValue: 16 bytes on 64-bit CPUs, 8 (NaN-boxed) on 32-bit ones (docs/PLATFORMS.md).
                int valueBytes = IntPtr.Size == 8 ? 16 : 8;
                Assert.AreEqual("zts: a JS array of length 1000000000 cannot cross: the domain's heap limit of 16777216 bytes " +
                                "holds at most " + (16777216 / valueBytes) + " elements (return value of 'm.sparse')", e.Message);
                Assert.AreEqual(1000, TsAppDomain.GetFunction<Func<double, List<object>>>("m", "sparse")(1000).Count);
            }
            finally
            {
                TsSettings.HeapLimitBytes = 0;
            }
        }

        [Test]
        public void JsArray_NotAnArray_OrNotAListType_IsNoCopy()
        {
            Modules["m"] = Source;
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<int[]>>("m", "plain")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<System.Collections.IList>>("m", "ints")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<object>>("m", "ints")());
        }
    }
}
