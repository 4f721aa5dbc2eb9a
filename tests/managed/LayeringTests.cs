using System;
using System.Collections.Generic;
using System.Reflection;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// The seam (issue 9): the shared managed layer makes no code at run time, so the Player backend can use it
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
