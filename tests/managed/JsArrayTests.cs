using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// JS arrays reaching C# through GetFunction results (issue 9): a JS function's array result where the
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
            "export function plain() { return { length: 1, 0: 1 }; }\n";

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
