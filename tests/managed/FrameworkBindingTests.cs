using System;
using System.Diagnostics;
using System.Linq;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Naming a framework type never aborts the host: binding a type makes every member's bridge at once (the Editor
    /// compiles a DynamicMethod per member, the Player compiles a typed entry per routed member), so a member the
    /// runtime's JIT cannot take used to abort the process while the whole type bound. Runs on both backends.
    /// </summary>
    [TestFixture]
    public class Binding_FrameworkMembers : DomainFixture
    {
        private static bool OnPlayer
        {
            get { return Environment.GetEnvironmentVariable("ZTS_BACKEND") == "il2cpp"; }
        }

        // Runs body(T) in JS and returns what it returns, or the text of what it threw.
        private string Run(string body)
        {
            string module = "m" + Modules.Count;
            Modules[module] = "export function f() { try { " + body + " } catch (e) { return 'threw ' + e.message; } }";
            return TsAppDomain.GetFunction<Func<string>>(module, "f")();
        }

        // Thread.VolatileRead(ref object) made Mono's JIT assert (intrinsics.c:1005) while the Editor's bridge compiled
        // (MemberBridgeBuilder.ThroughPointer), so any member of Thread aborted the process.
        [Test]
        public void Binding_ThreadMembers_BindWithoutAbort()
        {
            string slept = Run("CSharp.System.Threading.Thread.Sleep(0); return 'slept';");
            string read = Run("return typeof CSharp.System.Threading.Thread.VolatileRead;");
            // A static member of the core library with a by-ref parameter, called through its pointer on the Editor.
            string added = Run("const r = zts.ref(41); CSharp.System.Threading.Interlocked.Increment(r); return 'added ' + r.value;");
            if (OnPlayer)
            {
                // The project's Player covers some framework types only: a member it does not cover fails at bind.
                Assert.That(slept, Is.EqualTo("slept") | Is.StringStarting("threw zts: no Player bridge"));
                Assert.That(added, Is.EqualTo("added 42") | Is.StringStarting("threw zts: no Player bridge"));
                return;
            }
            Assert.AreEqual("slept", slept);
            Assert.AreEqual("function", read, "VolatileRead's overloads, (ref object) among them, are bound");
            Assert.AreEqual("added 42", added);
        }

        // Compiling the Player's typed entry of a String constructor made Mono assert (method-to-ir.c:7188): a string is
        // made by the runtime with its characters, never allocated and then constructed (ReducedSignature).
        [Test]
        public void Binding_StringStatics_BindWithoutAbort()
        {
            Assert.AreEqual("a,b", Run("return CSharp.System.String.Concat('a', ',', 'b');"));
            Assert.AreEqual("true", Run("return String(CSharp.System.String.IsNullOrEmpty(''));"));
            string made = Run("return 'made ' + new CSharp.System.String('x', 3);");
            if (OnPlayer)
                StringAssert.StartsWith("threw zts: no Player bridge for 'String.constructor': a String constructor", made);
            else
                Assert.AreEqual("made xxx", made);
        }
    }

    /// <summary>
    /// Every public type of mscorlib, System and System.Core, bound from JS: reading a name the type does not have binds
    /// it (the core's type_get_property binds a type on first use, and binding makes every member), then one static
    /// method of it is read (not called: a call could block or end the process). Nothing may abort; a type that cannot
    /// be bound, or a member the runtime cannot take, is a zts: error. Slow (every member of ~2,860 types; about 20 s
    /// per backend on 2 cores), so it has a ctest of its own with a longer-test label.
    /// </summary>
    [TestFixture]
    public class Binding_FrameworkTypes : DomainFixture
    {
        private const string Touch = @"
export function touch(list) {
    const failures = [];
    let bound = 0, methods = 0;
    for (const path of list.split('\n')) {
        try {
            let T = CSharp;
            for (const part of path.split('.')) T = T[part];
            if (T === undefined) { failures.push(path + ': not found'); continue; }
            void T.zts_no_such_member; // binds the type: every member's bridge is made now
            bound++;
            for (const name of Object.getOwnPropertyNames(T)) {
                const d = Object.getOwnPropertyDescriptor(T, name);
                if (d !== undefined && typeof d.value === 'function' && name !== 'prototype') {
                    methods++; // a static method, read without calling it
                    break;
                }
            }
        } catch (e) {
            const message = String(e && e.message);
            if (!message.startsWith('zts: ')) failures.push(path + ': ' + message);
        }
    }
    return bound + ' ' + methods + (failures.length ? '\n' + failures.join('\n') : '');
}";

        [Test]
        public void Binding_EveryPublicFrameworkType_NeverAborts()
        {
            var types = new[] { typeof(object).Assembly, typeof(Uri).Assembly, typeof(Enumerable).Assembly }
                .SelectMany(a => a.GetExportedTypes()).Select(TsMemberRules.JsPath).ToArray();
            var touch = Bind<Func<string, string>>(Touch, "touch");
            var clock = Stopwatch.StartNew();
            string result = touch(string.Join("\n", types));
            clock.Stop();
            string[] lines = result.Split('\n');
            string[] counts = lines[0].Split(' ');
            Console.WriteLine("Binding_FrameworkTypes: " + counts[0] + " of " + types.Length + " types bound, " + counts[1] +
                                           " static methods read, in " + clock.ElapsedMilliseconds + " ms");
            Assert.AreEqual(1, lines.Length, "failures that are not zts: errors:\n" + string.Join("\n", lines.Skip(1).Take(40)));
            Assert.Greater(int.Parse(counts[0]), types.Length * 9 / 10, "most types bind");
        }
    }
}
