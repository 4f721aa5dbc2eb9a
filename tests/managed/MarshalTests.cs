using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    public enum Color : byte { Red = 1, Green = 2, Blue = 200 }

    public delegate void TakesRef(ref int x);

    public unsafe delegate void TakesPointer(int* p);

    [TestFixture]
    public class Marshal_Primitives : DomainFixture
    {
        private const string Echo = "export function echo(x) { return x; }\nexport function kind(x) { return typeof x + ':' + String(x); }";

        [Test]
        public void Marshal_Integral_RoundTrips()
        {
            Modules["m"] = Echo;
            Assert.AreEqual(sbyte.MinValue, TsAppDomain.GetFunction<Func<sbyte, sbyte>>("m", "echo")(sbyte.MinValue));
            Assert.AreEqual(byte.MaxValue, TsAppDomain.GetFunction<Func<byte, byte>>("m", "echo")(byte.MaxValue));
            Assert.AreEqual(short.MinValue, TsAppDomain.GetFunction<Func<short, short>>("m", "echo")(short.MinValue));
            Assert.AreEqual(ushort.MaxValue, TsAppDomain.GetFunction<Func<ushort, ushort>>("m", "echo")(ushort.MaxValue));
            Assert.AreEqual(int.MinValue, TsAppDomain.GetFunction<Func<int, int>>("m", "echo")(int.MinValue));
            Assert.AreEqual(uint.MaxValue, TsAppDomain.GetFunction<Func<uint, uint>>("m", "echo")(uint.MaxValue));
            Assert.AreEqual(9007199254740991L, TsAppDomain.GetFunction<Func<long, long>>("m", "echo")(9007199254740991L));
            Assert.AreEqual(-9007199254740991L, TsAppDomain.GetFunction<Func<long, long>>("m", "echo")(-9007199254740991L));
            Assert.AreEqual(9007199254740991UL, TsAppDomain.GetFunction<Func<ulong, ulong>>("m", "echo")(9007199254740991UL));
        }

        [Test]
        public void Marshal_Integral_ArrivesAsJsNumber()
        {
            Modules["m"] = Echo;
            Assert.AreEqual("number:4294967295", TsAppDomain.GetFunction<Func<uint, string>>("m", "kind")(uint.MaxValue));
            Assert.AreEqual("number:-5000000000", TsAppDomain.GetFunction<Func<long, string>>("m", "kind")(-5000000000L));
            Assert.AreEqual("boolean:true", TsAppDomain.GetFunction<Func<bool, string>>("m", "kind")(true));
            Assert.AreEqual("string:x", TsAppDomain.GetFunction<Func<char, string>>("m", "kind")('x'));
            Assert.AreEqual("object:null", TsAppDomain.GetFunction<Func<string, string>>("m", "kind")(null));
        }

        [Test]
        public void Marshal_Floating_RoundTrips()
        {
            Modules["m"] = Echo;
            Assert.AreEqual(0.1 + 0.2, TsAppDomain.GetFunction<Func<double, double>>("m", "echo")(0.1 + 0.2));
            Assert.AreEqual(1.5f, TsAppDomain.GetFunction<Func<float, float>>("m", "echo")(1.5f));
            Assert.IsNaN(TsAppDomain.GetFunction<Func<double, double>>("m", "echo")(double.NaN));
            Assert.AreEqual(double.NegativeInfinity, TsAppDomain.GetFunction<Func<double, double>>("m", "echo")(double.NegativeInfinity));
            Assert.AreEqual(3.0, TsAppDomain.GetFunction<Func<int, double>>("m", "echo")(3));
        }

        [Test]
        public void Marshal_BoolCharEnum_RoundTrip()
        {
            Modules["m"] = Echo;
            Assert.IsFalse(TsAppDomain.GetFunction<Func<bool, bool>>("m", "echo")(false));
            Assert.AreEqual('\u4e16', TsAppDomain.GetFunction<Func<char, char>>("m", "echo")('\u4e16'));
            Assert.AreEqual(Color.Blue, TsAppDomain.GetFunction<Func<Color, Color>>("m", "echo")(Color.Blue));
            Assert.AreEqual("number:200", TsAppDomain.GetFunction<Func<Color, string>>("m", "kind")(Color.Blue));
        }

        [Test]
        public void Marshal_String_NonAsciiNulAndSurrogates()
        {
            var echo = Bind<Func<string, string>>("export function echo(s) { return s; }\nexport function len(s) { return s.length; }", "echo");
            var len = TsAppDomain.GetFunction<Func<string, int>>("m", "len");
            string[] samples = { "", "plain", "h\u00e9llo w\u00f6rld", "\u4e16\u754c", "emoji \U0001F600!", "nul\0inside\0", "lone \ud800 high", "lone \udc00 low" };
            foreach (string s in samples)
            {
                Assert.AreEqual(s, echo(s), "round trip of " + s);
                Assert.AreEqual(s.Length, len(s), "JS length of " + s);
            }
            Assert.IsNull(echo(null));
        }

        [Test]
        public void Marshal_String_BuiltInJs()
        {
            var make = Bind<Func<string>>("export function make() { return 'a' + String.fromCharCode(0) + '\\u00e9' + '\\u{1F600}'; }", "make");
            Assert.AreEqual("a\0\u00e9\U0001F600", make());
        }

        [Test]
        public void Marshal_Void_IgnoresResult()
        {
            var f = Bind<Action<int>>("export function f(x) { globalThis.seen = x; return { big: 'object' }; }\nexport function seen() { return globalThis.seen; }", "f");
            f(17);
            Assert.AreEqual(17, TsAppDomain.GetFunction<Func<int>>("m", "seen")());
        }

        [Test]
        public void Marshal_UndefinedResultToString_IsNull()
        {
            Assert.IsNull(Bind<Func<string>>("export function f() {}", "f")());
        }

        [Test]
        public void Marshal_MissingArguments_AreUndefinedInJs()
        {
            var f = Bind<Func<int, string>>("export function f(a, b) { return typeof b; }", "f");
            Assert.AreEqual("undefined", f(1));
        }

        [Test]
        public void Marshal_LongBeyondSafeInteger_IsAnError()
        {
            var f = Bind<Func<long, long>>("export function f(x) { return x; }", "f");
            var e = Assert.Throws<TsMarshalException>(() => f(9007199254740992L));
            StringAssert.StartsWith("zts: cannot convert System.Int64 9007199254740992", e.Message);
            StringAssert.Contains("argument 1 of 'm.f'", e.Message);
            Assert.Throws<TsMarshalException>(() => f(long.MinValue));
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<ulong, ulong>>("m", "f")(ulong.MaxValue));
        }

        [Test]
        public void Marshal_FailedArgument_LeavesNothingBehind()
        {
            // The string written before the failing long must be freed: the leak check in TearDown proves it.
            var f = Bind<Func<string, long, int>>("export function f(s, x) { return 1; }", "f");
            Assert.Throws<TsMarshalException>(() => f("allocated", long.MaxValue));
            Assert.AreEqual(1, f("ok", 5));
        }

        [Test]
        public void Marshal_ReturnBeyondSafeInteger_IsAnError()
        {
            var f = Bind<Func<long>>("export function f() { return 2 ** 60; }", "f");
            StringAssert.Contains("out of range", Assert.Throws<TsMarshalException>(() => f()).Message);
        }

        [Test]
        public void Marshal_NonIntegralToInt_IsAnError()
        {
            var f = Bind<Func<int>>("export function f() { return 1.5; }", "f");
            var e = Assert.Throws<TsMarshalException>(() => f());
            Assert.AreEqual("zts: cannot convert non-integral number 1.5 to System.Int32 (return value of 'm.f')", e.Message);
        }

        [Test]
        public void Marshal_OutOfRange_IsAnError()
        {
            Modules["m"] = "export function big() { return 2 ** 31; }\nexport function neg() { return -1; }\nexport function b300() { return 300; }";
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<int>>("m", "big")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<uint>>("m", "neg")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<byte>>("m", "b300")());
            Assert.AreEqual(2147483648u, TsAppDomain.GetFunction<Func<uint>>("m", "big")());
        }

        [Test]
        public void Marshal_WrongKind_IsAnErrorAndDoesNotLeak()
        {
            Modules["m"] = "export function s() { return 'text'; }\nexport function o() { return { a: [1, 2] }; }\nexport function n() { return 1; }";
            Assert.AreEqual("zts: cannot convert string to System.Int32 (return value of 'm.s')",
                Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<int>>("m", "s")()).Message);
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<double>>("m", "o")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<string>>("m", "o")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<bool>>("m", "n")());
            Assert.Throws<TsMarshalException>(() => TsAppDomain.GetFunction<Func<char>>("m", "s")());
        }

        [Test]
        public void Marshal_UnsupportedDelegate_FailsLoudlyAtBind()
        {
            Modules["m"] = "export function f(x) { return x; }";
            var e = Assert.Throws<TsBindException>(() => TsAppDomain.GetFunction<TakesPointer>("m", "f"));
            StringAssert.Contains("System.Int32*", e.Message);
            CollectionAssert.IsEmpty(Loads, "a signature that cannot be bound fails before any JS runs");
        }

        [Test]
        public void Marshal_ManyArguments_AllArrive()
        {
            var f = Bind<Func<int, int, int, int, int, int, int, int, string>>(
                "export function f(...a) { return a.join(','); }", "f");
            Assert.AreEqual("1,2,3,4,5,6,7,8", f(1, 2, 3, 4, 5, 6, 7, 8));
        }
    }
}
