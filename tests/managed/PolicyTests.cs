using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// The script policy. Every case of tests/policy/cases/*.js runs twice, without a policy (everything
    /// reachable) and under tests/policy/test.policy (each way into the CLR denied with the one text), against the
    /// fixture assembly ZTS.Fixtures.Policy.dll.
    /// </summary>
    [TestFixture]
    public class Policy_Conformance : DomainFixture
    {
        internal static string PolicyDir
        {
            get
            {
                string dir = Environment.GetEnvironmentVariable("ZTS_POLICY_DIR");
                return !string.IsNullOrEmpty(dir) ? dir : Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "policy");
            }
        }

        /// <summary>"file/test_Name" for every policy case.</summary>
        public static IEnumerable<string> Cases()
        {
            return JsTestCases.In(Path.Combine(PolicyDir, "cases"));
        }

        [TearDown]
        public void ClearPolicy()
        {
            TsSettings.Policy = null;
        }

        // Runs a case in a domain created under policy (null: none), with policy/mode telling the case which.
        private void RunCase(string testCase, TsScriptPolicy policy)
        {
            Assert.IsNotNull(typeof(PolicyFixtures.Gate).Assembly);
            TsSettings.Policy = policy;
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame(); // the domain the case runs in reads TsSettings.Policy now
            JsTestCases.Load(Modules, Path.Combine(PolicyDir, "cases"), "policy/");
            Modules["policy/assert"] = File.ReadAllText(Path.Combine(Conformance_Suite.Dir, "assert.js"));
            Modules["policy/mode"] = "export const policed = " + (policy != null ? "true" : "false") + ";";
            JsTestCases.Run("policy/", testCase);
        }

        [Test, TestCaseSource("Cases")]
        public void Policy_Case_WithoutPolicy(string testCase)
        {
            RunCase(testCase, null);
        }

        [Test, TestCaseSource("Cases")]
        public void Policy_Case_UnderPolicy(string testCase)
        {
            RunCase(testCase, TsScriptPolicyFile.Load(Path.Combine(PolicyDir, "test.policy")));
        }

        [Test]
        public void Policy_Suite_HasCases()
        {
            Assert.GreaterOrEqual(Cases().Count(), 15);
        }

        [Test]
        public void Policy_ImportOfDeniedType_IsLinkTimeSyntaxError()
        {
            TsSettings.Policy = TsScriptPolicyFile.Load(Path.Combine(PolicyDir, "test.policy"));
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Modules["bad"] = "import { Banned } from 'csharp:PolicyFixtures'; export function f() { return Banned.Value(); }";
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Func<int>>("bad", "f"));
            Assert.AreEqual("SyntaxError", e.JsName, "absent, as a missing type: " + e.Message);
            StringAssert.Contains("Banned", e.Message);
        }

        [Test]
        public void Policy_DenialText_IsTheContractText()
        {
            Assert.AreEqual("zts: access to 'System.IO.File.WriteAllText' is not allowed by the script policy",
                            TsScriptPolicy.DenialText("System.IO.File.WriteAllText"));
            Assert.AreEqual(TsScriptPolicy.DenialText("X.Y"), new TsPolicyException("X.Y").Message);
        }

        [Test]
        public void Policy_File_RulesAndErrors()
        {
            TsScriptPolicy p = TsScriptPolicyFile.Parse("allow namespace PolicyFixtures  # comment\n\nallow type System.Collections.Generic.List`1\n" +
                                                        "deny member PolicyFixtures.Gate.Reset\nallow namespace System.Collections.*\n", "inline");
            Assert.IsTrue(p.AllowsType(typeof(PolicyFixtures.Gate)));
            Assert.IsFalse(p.AllowsType(typeof(PolicyFixtures.Hidden.Secret)), "a namespace rule is exact");
            Assert.IsTrue(p.AllowsType(typeof(List<PolicyFixtures.Note>)));
            Assert.IsFalse(p.AllowsType(typeof(List<PolicyFixtures.Hidden.Secret>)), "every type argument");
            Assert.AreEqual(typeof(PolicyFixtures.Hidden.Secret), p.DeniedPart(typeof(List<PolicyFixtures.Hidden.Secret>[])));
            Assert.IsTrue(p.AllowsType(typeof(System.Collections.ObjectModel.Collection<int>)), "Name.* covers the namespaces under it");
            Assert.IsTrue(p.AllowsType(typeof(int)), "values that cross by value are always reachable");
            Assert.IsFalse(p.AllowsType(typeof(System.IO.File)));
            Assert.IsFalse(p.AllowsMember(typeof(PolicyFixtures.Gate), typeof(PolicyFixtures.Gate).GetMethod("Reset"), null));
            Assert.IsTrue(p.AllowsMember(typeof(PolicyFixtures.Gate), typeof(PolicyFixtures.Gate).GetMethod("Add"), null));
            var e = Assert.Throws<TsBindException>(() => TsScriptPolicyFile.Parse("allow namespace A\nforbid type B\n", "mod.policy"));
            StringAssert.StartsWith("zts: policy mod.policy:2: unknown verb 'forbid'", e.Message);
            e = Assert.Throws<TsBindException>(() => TsScriptPolicyFile.Parse("deny namespace A\n", "p"));
            StringAssert.StartsWith("zts: policy p:1: cannot deny 'namespace'", e.Message);
            e = Assert.Throws<TsBindException>(() => TsScriptPolicyFile.Parse("deny member Lonely\n", "p"));
            StringAssert.StartsWith("zts: policy p:1: a member rule needs 'Type.Member'", e.Message);
        }

        [Test]
        public void Policy_Reflection_ClosedMembersReopenedOnlyByName()
        {
            TsScriptPolicy p = TsScriptPolicyFile.Parse("allow namespace System\n", "p");
            Func<string, bool> typeMember = name => p.AllowsMember(typeof(Type), typeof(Type).GetMember(name)[0], null);
            Assert.IsTrue(typeMember("IsAssignableFrom"), "a plain answer");
            Assert.IsFalse(typeMember("GetMethods"));
            Assert.IsFalse(p.AllowsMember(typeof(object), typeof(object).GetMethod("GetType"), null));
            p.AllowMember("System.Type.GetMethods");
            Assert.IsTrue(typeMember("GetMethods"), "an allow member rule names it");
            Assert.IsTrue(TsReflectionClosure.IsClosedType(typeof(System.Reflection.Emit.OpCodes)));
            Assert.IsFalse(new TsScriptPolicy().AllowsType(typeof(Type)), "an empty policy reaches nothing but the builtins");
        }
    }
}
