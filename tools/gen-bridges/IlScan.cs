using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Mono.Cecil;
using Mono.Cecil.Cil;

namespace ZTS.GenBridges
{
    /// <summary>
    /// Finds the closed delegate types an assembly's code instantiates (GetFunction&lt;Func&lt;int, int&gt;&gt;,
    /// new Action&lt;float&gt;(...), typeof(...)) by reading its IL with Mono.Cecil, as Il2Cpp sees every generic
    /// instantiation of a build: a C# -> JS shim is written for each (DelegateShimWriter).
    /// </summary>
    internal static class IlScan
    {
        public static IEnumerable<Type> Delegates(string path)
        {
            var found = new List<Type>();
            AssemblyDefinition assembly = AssemblyDefinition.ReadAssembly(path);
            foreach (TypeDefinition type in assembly.MainModule.GetTypes())
                foreach (MethodDefinition method in type.Methods)
                {
                    if (!method.HasBody) continue;
                    foreach (Instruction ins in method.Body.Instructions)
                    {
                        var generic = ins.Operand as GenericInstanceMethod;
                        if (generic != null)
                            foreach (TypeReference argument in generic.GenericArguments) Note(argument, found);
                        var member = ins.Operand as MemberReference;
                        if (member != null && member.DeclaringType != null) Note(member.DeclaringType, found);
                        var typeRef = ins.Operand as TypeReference;
                        if (typeRef != null) Note(typeRef, found);
                    }
                }
            return found;
        }

        private static void Note(TypeReference reference, List<Type> found)
        {
            Type t = Resolve(reference);
            if (t != null && typeof(MulticastDelegate).IsAssignableFrom(t) && t != typeof(MulticastDelegate) && !t.ContainsGenericParameters)
                found.Add(t);
        }

        // The System.Type of a Cecil reference; null for generic parameters and what cannot be loaded.
        private static Type Resolve(TypeReference reference)
        {
            try
            {
                var generic = reference as GenericInstanceType;
                if (generic != null)
                {
                    Type definition = Resolve(generic.ElementType);
                    Type[] arguments = generic.GenericArguments.Select(Resolve).ToArray();
                    return definition == null || arguments.Any(a => a == null) ? null : definition.MakeGenericType(arguments);
                }
                if (reference is GenericParameter || reference.IsByReference || reference.IsPointer) return null;
                var array = reference as ArrayType;
                if (array != null)
                {
                    Type element = Resolve(array.ElementType);
                    return element == null ? null : array.Rank == 1 ? element.MakeArrayType() : element.MakeArrayType(array.Rank);
                }
                string scope = reference.Scope is AssemblyNameReference ? ((AssemblyNameReference)reference.Scope).FullName
                             : reference.Module.Assembly.FullName;
                Assembly owner = Assembly.Load(scope);
                return owner.GetType(reference.FullName.Replace('/', '+'), false);
            }
            catch (Exception)
            {
                return null; // a reference this build cannot load has no shim
            }
        }
    }
}
