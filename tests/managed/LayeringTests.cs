using System;
using System.Collections.Generic;
using System.Reflection;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// The seam: the shared managed layer makes no code at run time, so the Player backend can use it
    /// as it is. Reads every TypeRef and MemberRef of the assembly's metadata, not just its assembly
    /// references (Emit lives in mscorlib, which every assembly references).
    /// </summary>
    [TestFixture]
    public class Layering_Assemblies
    {
        private static readonly string[] Forbidden = { "System.Reflection.Emit", "System.Linq.Expressions" };

        /// <summary>Full names of the types the assembly's metadata references (TypeRefs and MemberRef owners).</summary>
        private static HashSet<string> ReferencedTypes(Assembly a)
        {
            var names = new HashSet<string>();
            Module m = a.ManifestModule;
            for (int table = 0; table < 2; table++)
            {
                int prefix = table == 0 ? 0x01000000 : 0x0A000000; // TypeRef, MemberRef
                for (int row = 1; ; row++)
                {
                    try
                    {
                        if (table == 0)
                        {
                            Type t = m.ResolveType(prefix | row);
                            names.Add(t.FullName ?? t.Name);
                        }
                        else
                        {
                            MemberInfo member = m.ResolveMember(prefix | row);
                            if (member.DeclaringType != null) names.Add(member.DeclaringType.Namespace + "." + member.DeclaringType.Name);
                        }
                    }
                    catch (ArgumentOutOfRangeException)
                    {
                        break; // past the last row
                    }
                    catch (ArgumentException)
                    {
                        // a generic member reference that needs context: its owner is a TypeSpec, seen elsewhere
                    }
                }
            }
            return names;
        }

        private static List<string> ForbiddenIn(Assembly a)
        {
            var found = new List<string>();
            foreach (string name in ReferencedTypes(a))
                foreach (string ns in Forbidden)
                    if (name.StartsWith(ns + ".", StringComparison.Ordinal)) found.Add(name);
            return found;
        }

        [Test]
        public void Layering_SharedLayer_ReferencesNoEmit()
        {
            Assembly shared = typeof(ZTS.Shared.JsDomain).Assembly;
            Assert.AreEqual("ZTS.Shared", shared.GetName().Name);
            CollectionAssert.IsEmpty(ForbiddenIn(shared), "the shared layer must make no code at run time");
        }

        // Members that invoke through reflection: none may be referenced by the Player backend (docs/PLAYER.md).
        private static readonly string[] ReflectionInvoke =
        {
            "System.Reflection.MethodBase::Invoke", "System.Reflection.MethodInfo::Invoke", "System.Reflection.ConstructorInfo::Invoke",
            "System.Delegate::DynamicInvoke", "System.Activator::CreateInstance", "System.Linq.Expressions.LambdaExpression::Compile",
        };

        private static List<string> ReflectionInvokeIn(Assembly a)
        {
            var found = new List<string>();
            Module m = a.ManifestModule;
            for (int row = 1; ; row++)
            {
                try
                {
                    MemberInfo member = m.ResolveMember(0x0A000000 | row);
                    if (member.DeclaringType == null) continue;
                    string name = member.DeclaringType.FullName + "::" + member.Name;
                    if (Array.IndexOf(ReflectionInvoke, name) >= 0) found.Add(name);
                }
                catch (ArgumentOutOfRangeException)
                {
                    break;
                }
                catch (ArgumentException)
                {
                }
            }
            return found;
        }

        // Nothing on the Player backend generates code or invokes through reflection at run time: its
        // shell and its generated half reference no Emit, no Expressions, no MethodBase.Invoke / DynamicInvoke /
        // Activator.CreateInstance.
        [Test]
        public void Layering_PlayerBackend_MakesNoCodeAtRunTime()
        {
            foreach (string name in new[] { "ZTS.Il2Cpp", "ZTS.Il2Cpp.Generated" })
            {
                Assembly a = Assembly.Load(name);
                CollectionAssert.IsEmpty(ForbiddenIn(a), name + " must make no code at run time");
                CollectionAssert.IsEmpty(ReflectionInvokeIn(a), name + " must not invoke through reflection");
            }
            // The same scan sees a reflection call where there is one (Probe below), so the checks above can fail.
            CollectionAssert.Contains(ReflectionInvokeIn(typeof(Layering_Assemblies).Assembly), "System.Activator::CreateInstance");
        }

        // Referenced only so the scan above has something to find in this assembly.
        private static object Probe() { return Activator.CreateInstance(typeof(object)); }

        [Test]
        public void Layering_MonoBackend_ReferencesEmit_TheCheckSeesIt()
        {
            // The same scan finds Emit where it is used, so the test above can fail.
            Assembly mono = typeof(TsMonoAppDomain).Assembly;
            CollectionAssert.Contains(ForbiddenIn(mono), "System.Reflection.Emit.DynamicMethod");
        }

        [Test]
        public void Layering_CommonAndDeclarations_ReferenceNoEmit()
        {
            CollectionAssert.IsEmpty(ForbiddenIn(typeof(TsAppDomain).Assembly));
            CollectionAssert.IsEmpty(ForbiddenIn(typeof(ZTS.Declarations.DtsGenerator).Assembly));
        }
    }
}
