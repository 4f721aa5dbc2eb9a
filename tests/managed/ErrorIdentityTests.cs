using System;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Errors keep their identity across nested boundaries (SPEC_MAP D6): a C# exception that goes
    /// C# -> JS -> C# arrives as the InnerException of the outer TsException with its own type; a JS value
    /// thrown into C# and back into JS is the same value (===); prefixes never stack.
    /// </summary>
    [TestFixture]
    public class Errors_Identity : DomainFixture
    {
        public sealed class GameRuleException : Exception
        {
            public GameRuleException(string message) : base(message) { }
        }

        [Test]
        public void Errors_CSharpThroughJsToCSharp_InnerExceptionIsTheOriginal()
        {
            var thrown = new GameRuleException("boom");
            Mono.DefineGlobalFunction("host.fail", a => { throw thrown; });
            Modules["m"] = "export function direct() { host.fail(); }\n" +
                           "export function rethrown() { try { host.fail(); } catch (e) { throw e; } }\n" +
                           "export function replaced() { try { host.fail(); } catch (e) { throw new Error('other: ' + e.message); } }";
            foreach (string export in new[] { "direct", "rethrown" })
            {
                var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", export)(), export);
                Assert.AreSame(thrown, e.InnerException, export);
                Assert.IsInstanceOf<GameRuleException>(e.InnerException);
                Assert.AreEqual("zts: ZTS.Tests.Errors_Identity+GameRuleException: boom", e.Message);
                Assert.AreEqual("Error", e.JsName);
            }
            var other = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", "replaced")());
            Assert.IsNull(other.InnerException, "a new JS Error is not the C# exception");
            Assert.AreEqual("other: zts: ZTS.Tests.Errors_Identity+GameRuleException: boom", other.Message);
        }

        // A type whose binding fails with a C# exception ([TsMarshalAs] on a method, docs/MARSHAL.md) throws an Error
        // marked with it, so the host's TsException has the TsMarshalAsConfigurationException as InnerException.
        [Test]
        public void Errors_BindTimeException_KeepsItsTypeThroughJs()
        {
            const string bindText = "zts: [TsMarshalAs] is not allowed on method 'BadMarshal.Wrong'; put it on a parameter, the return value, a field or a property";
            Modules["m"] = "export function call() { CSharp.Fixtures.BadMarshal.Wrong(); }\n" +
                           "export function rethrown() { try { CSharp.Fixtures.BadMarshal.Wrong(); } catch (e) { throw e; } }\n" +
                           "export function text() { try { CSharp.Fixtures.BadMarshal.Wrong(); return 'no throw'; } catch (e) { return e.message; } }";
            foreach (string export in new[] { "call", "rethrown" })
            {
                var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", export)(), export);
                Assert.AreEqual("zts: cannot bind 'BadMarshal': " + bindText.Substring(5), e.Message, export);
                Assert.IsInstanceOf<TsMarshalAsConfigurationException>(e.InnerException, export);
                Assert.AreEqual(bindText, e.InnerException.Message, export);
            }
            Assert.AreEqual("zts: cannot bind 'BadMarshal': " + bindText.Substring(5), TsAppDomain.GetFunction<Func<string>>("m", "text")(),
                            "JS sees the same text; the type stays unbound and fails again");
        }

        // The mark that ties an Error to its C# exception is in the core's WeakMap, not on the Error, so a script can
        // neither copy it onto an Error of its own nor choose the InnerException the host sees (errors/identity.cpp).
        [Test]
        public void Errors_CSharpExceptionMark_CannotBeForged()
        {
            var chosen = new GameRuleException("chosen");
            Mono.DefineGlobalFunction("host.fail", a => { throw chosen; });
            Modules["m"] = "export function forge() {\n" +
                           "  let caught; try { host.fail(); } catch (e) { caught = e; }\n" +
                           "  const forged = new Error('forged');\n" +
                           "  for (const k of Reflect.ownKeys(caught)) if (typeof k === 'symbol') forged[k] = caught[k];\n" +
                           "  Object.setPrototypeOf(forged, caught);\n" +
                           "  throw forged;\n" +
                           "}\n" +
                           "export function rethrow() { try { host.fail(); } catch (e) { throw e; } }";
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", "forge")());
            Assert.AreEqual("forged", e.Message);
            Assert.IsNull(e.InnerException, "a script's Error carries no C# exception");
            e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", "rethrow")());
            Assert.AreSame(chosen, e.InnerException, "the Error made for the exception still does");
        }

        [Test]
        public void Errors_JsThroughCSharpToJs_SameValueWithItsTypeAndStack()
        {
            Modules["m"] =
                "export function thrower(kind) {\n" +
                "  const v = kind === 'type' ? new TypeError('bad type') : kind === 'object' ? { custom: 1 } :\n" +
                "            kind === 'symbol' ? Symbol('s') : kind === 'number' ? 42 : kind === 'string' ? 'text' : undefined;\n" +
                "  globalThis.last = v;\n" +
                "  throw v;\n" +
                "}\n" +
                "export function probe(kind) {\n" +
                "  try { host.relay(kind); return 'no throw'; }\n" +
                "  catch (e) {\n" +
                "    const parts = [String(e === globalThis.last), typeof e];\n" +
                "    if (e instanceof Error) parts.push(e.name, e.message, String(e instanceof TypeError), String(/thrower/.test(e.stack)));\n" +
                "    if (kind === 'object') parts.push(String(e.custom));\n" +
                "    return parts.join('|');\n" +
                "  }\n" +
                "}";
            var thrower = TsAppDomain.GetFunction<Action<string>>("m", "thrower");
            Mono.DefineGlobalFunction("host.relay", a => { thrower((string)a[0]); return null; });
            var probe = TsAppDomain.GetFunction<Func<string, string>>("m", "probe");
            Assert.AreEqual("true|object|TypeError|bad type|true|true", probe("type"));
            Assert.AreEqual("true|object|1", probe("object"));
            Assert.AreEqual("true|symbol", probe("symbol"));
            Assert.AreEqual("true|number", probe("number"));
            Assert.AreEqual("true|string", probe("string"));
            Assert.AreEqual("true|undefined", probe("undefined"));
        }

        [Test]
        public void Errors_CaughtInCSharp_TsExceptionDescribesTheJsValue()
        {
            var thrower = Bind<Action<int>>("export function f(k) { throw k === 0 ? Symbol('desc') : k === 1 ? Symbol() : { custom: 1 }; }", "f");
            string caught = null;
            Mono.DefineGlobalFunction("host.swallow", a =>
            {
                try { thrower(0); } catch (TsException e) { caught = e.Message; }
                return null;
            });
            Assert.AreEqual("Symbol(desc)", Assert.Throws<TsException>(() => thrower(0)).Message);
            Assert.AreEqual("Symbol()", Assert.Throws<TsException>(() => thrower(1)).Message);
            Assert.AreEqual("[object Object]", Assert.Throws<TsException>(() => thrower(2)).Message);
            TsAppDomain.GetFunction<Action>("m", "f"); // still loadable
            Modules["n"] = "export function g() { host.swallow(); }";
            TsAppDomain.GetFunction<Action>("n", "g")();
            Assert.AreEqual("Symbol(desc)", caught, "a nested TsException that C# handles does not reach JS");
        }

        [Test]
        public void Errors_PingPong200Deep_OnePrefix([Values("csharp", "js")] string bottom)
        {
            Func<int, int> down = null;
            var original = new InvalidOperationException("bottom");
            Mono.DefineGlobalFunction("host.down", a =>
            {
                int n = Convert.ToInt32(a[0]);
                if (n == 0 && bottom == "csharp") throw original;
                return down(n - 1);
            });
            down = Bind<Func<int, int>>("export function down(n) { if (n === 0 && '" + bottom + "' === 'js') throw new RangeError('js bottom');" +
                                        " return host.down(n) + 1; }", "down");
            var e = Assert.Throws<TsException>(() => down(200));
            if (bottom == "csharp")
            {
                Assert.AreEqual("zts: System.InvalidOperationException: bottom", e.Message);
                Assert.AreSame(original, e.InnerException);
            }
            else
            {
                Assert.AreEqual("js bottom", e.Message);
                Assert.AreEqual("RangeError", e.JsName);
            }
            Assert.LessOrEqual(Regex.Matches(e.Message, "zts: ").Count, 1, e.Message);
            Assert.AreEqual(0, Mono.Domain.CallDepth);
        }

        [Test]
        public void Errors_HeldThrownValues_ReleasedWithTheirTsExceptions()
        {
            var thrower = Bind<Action>("export function thrower() { throw new Error('x'); }\n" +
                                       "export function loop(n) { let c = 0; for (let i = 0; i < n; i++) { try { host.relay(); } catch (e) { c++; } } return c; }", "thrower");
            Mono.DefineGlobalFunction("host.relay", a => { thrower(); return null; });
            int baseline = Mono.LiveRefs;
            Assert.AreEqual(1000, TsAppDomain.GetFunction<Func<int, int>>("m", "loop")(1000));
            // Boehm (the Player backends) scans conservatively: a stray word equal to an exception's address keeps that one
            // alive. Seen on the 32-bit Player with the CPUs busy: one arbitrary value of the 1000 (the 258th in one run)
            // kept for good in 1 to 4 runs of 100. A release that does not work keeps all 1000.
            const int conservativelyKept = 3;
            CollectUntil(() => Mono.LiveRefs <= baseline + 1 + conservativelyKept);
            Assert.LessOrEqual(Mono.LiveRefs, baseline + 1 + conservativelyKept, "the loop's own function ref aside, every held value was released");
            int kept = Mono.LiveRefs;
            Assert.Throws<TsException>(() => thrower()); // top level: nothing is held
            Assert.LessOrEqual(Mono.LiveRefs, kept);
        }

        [Test]
        public void Errors_UnsafeNativeIntAsObject_IsZtsError()
        {
            // An IntPtr crosses as a number (docs/MARSHAL.md); beyond ±(2^53-1) it is a marshal error, never a value.
            var f = Bind<Func<object, string>>("export function f(x) { return typeof x; }", "f");
            Assert.AreEqual("number", f(new IntPtr(5)));
            if (UIntPtr.Size == 8)
            {
                var e = Assert.Throws<TsMarshalException>(() => f(new UIntPtr(ulong.MaxValue)));
                StringAssert.StartsWith("zts: cannot convert System.UIntPtr 18446744073709551615 to a JS number: beyond ±(2^53-1) (", e.Message);
            }
            else
            {
                // A 32-bit native int is always a safe integer (the 32-bit Player: docs/PLATFORMS.md); new UIntPtr(ulong)
                // beyond 2^32-1 is the runtime's OverflowException there, before any crossing.
                Assert.AreEqual("number", f(new UIntPtr(uint.MaxValue)));
            }
            Assert.AreEqual("object", f(new object()), "the delegate still works");
        }

        private static class BadStatics
        {
            public static readonly int Value = Fail();

            private static int Fail()
            {
                throw new InvalidOperationException("static state is broken");
            }
        }

        [Test]
        public void Errors_TypeInitializationException_NamesItsCause()
        {
            Mono.DefineGlobalFunction("host.statics", a => BadStatics.Value);
            var f = Bind<Func<string>>("export function f() { try { host.statics(); } catch (e) { return e.message; } }", "f");
            Assert.AreEqual("zts: System.TypeInitializationException: The type initializer for 'BadStatics' threw an exception." +
                            " ---> System.InvalidOperationException: static state is broken", f());
        }
    }
}
