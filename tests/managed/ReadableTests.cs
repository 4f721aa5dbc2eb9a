using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>console.log of C# objects (their ToString()) and of JS objects and arrays (a short form).</summary>
    [TestFixture]
    public class Console_Readable : DomainFixture
    {
        private int _modules;

        private string LogOf(string expression)
        {
            Assert.IsNotNull(typeof(Fixtures.Everyday.Vec3).Assembly);
            Logged.Clear();
            string module = "log" + _modules++;
            Modules[module] = "import { Vec3, Item, Grumpy } from 'csharp:Fixtures.Everyday';\nexport function f() { console.log(" + expression + "); }";
            TsAppDomain.GetFunction<Action>(module, "f")();
            Assert.AreEqual(1, Logged.Count);
            return Logged[0].Value;
        }

        [Test]
        public void Console_StructClassObjectArray_ExactText()
        {
            Assert.AreEqual("(1, 2, 3) Item(Sword) { a: 1, b: 'x', c: [ 1, 2 ] } [ 1, 'two', { three: 3 } ]",
                            LogOf("new Vec3(1, 2, 3), new Item('Sword', 3), { a: 1, b: 'x', c: [1, 2] }, [1, 'two', { three: 3 }]"));
        }

        [Test]
        public void Console_CSharpObjectsInsideJsObjects_ShowToString()
        {
            Assert.AreEqual("{ at: (0, 0, 1), items: [ Item(Cup) ] }", LogOf("{ at: new Vec3(0, 0, 1), items: [new Item('Cup', 1)] }"));
        }

        [Test]
        public void Console_DepthAndLength_Limited()
        {
            Assert.AreEqual("{ a: { b: { c: [Object] } }, l: [ [ [Array] ] ] }",
                            LogOf("{ a: { b: { c: { d: 1 } } }, l: [[[1]]] }"));
            Assert.AreEqual("[ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, ... 5 more items ]",
                            LogOf("Array.from({ length: 25 }, (_, i) => i)"));
        }

        [Test]
        public void Console_OtherValues_ShortForms()
        {
            Assert.AreEqual("[] {} -0 12n [Function: named] [Function (anonymous)] { 'two words': null, u: undefined } Point { x: 1 } [ [Circular] ]",
                            LogOf("[], {}, -0, 12n, function named() {}, (() => () => 1)(), { 'two words': null, u: undefined }, new (class Point { constructor() { this.x = 1; } })(), (() => { const a = []; a.push(a); return a; })()"));
        }

        [Test]
        public void Console_ThrowingToString_ShowsTheException()
        {
            Assert.AreEqual("<ToString threw System.InvalidOperationException: no text today>", LogOf("new Grumpy()"));
        }

        [Test]
        public void Console_TopLevelStringsAndErrors_AsBefore()
        {
            Assert.AreEqual("plain 'quoted' Error: boom", LogOf("'plain', \"'quoted'\", new Error('boom')"));
        }
    }
}
