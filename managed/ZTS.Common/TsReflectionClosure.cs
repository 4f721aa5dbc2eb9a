using System;
using System.Reflection;

namespace ZTS
{
    /// <summary>
    /// Reflection is closed while a <see cref="TsScriptPolicy"/> is active (docs/POLICY.md "Reflection"):
    /// an allowlist that reflection can reopen is no allowlist. Closed members are denied unless an
    /// <c>allow member</c> rule names them. Three groups:
    /// <list type="number">
    /// <item><see cref="object.GetType"/>: the gateway to the runtime type of any object, denied types included.</item>
    /// <item>Every member of the types that create objects, invoke code or load assemblies by description:
    /// <c>System.Activator</c>, <c>System.AppDomain</c>, and the namespaces in <see cref="ClosedNamespaces"/>
    /// (code generation, expression trees, interop and unsafe helpers, serialization, remoting, type descriptors,
    /// dynamic binding).</item>
    /// <item>On the reflection surface (<c>System.Type</c>, <c>System.Reflection.*</c>, <c>System.Delegate</c>,
    /// <c>System.MulticastDelegate</c>, the runtime handles): every member except those that only answer a question
    /// with a plain value, that is properties, fields and methods whose result is a bool, number, char, string or
    /// enum. So <c>Type.Name</c>, <c>IsEnum</c> and <c>IsAssignableFrom</c> stay; whatever hands out another type,
    /// member, assembly, module, object or delegate (<c>Type.GetType(string)</c>, <c>Assembly</c>,
    /// <c>GetMethod</c>, <c>GetField</c>, <c>MakeGenericType</c>, <c>BaseType</c>, <c>Delegate.Method</c>,
    /// <c>Target</c>), invokes (<c>InvokeMember</c>, <c>MethodBase.Invoke</c>, <c>DynamicInvoke</c>,
    /// <c>CreateDelegate</c>) or writes (<c>FieldInfo.SetValue</c>, setters, void methods, constructors) is closed.</item>
    /// </list>
    /// A closed member is bound as a function that throws the policy's denial, so no reflection object leaves
    /// the informational subset however a script got hold of it (<c>zts.typeof</c>, a host result, an exception's
    /// <c>TargetSite</c>).
    /// </summary>
    public static class TsReflectionClosure
    {
        /// <summary>Namespaces (and those under them) whose types' members are all closed.</summary>
        public static readonly string[] ClosedNamespaces =
        {
            "System.Reflection.Emit", "System.Linq.Expressions", "System.Runtime.InteropServices", "System.Runtime.CompilerServices",
            "System.Runtime.Serialization", "System.Runtime.Remoting", "System.Runtime.Loader", "System.ComponentModel",
            "System.CodeDom", "System.Dynamic", "Microsoft.CSharp",
        };

        /// <summary>Whether member m, as the view of <paramref name="bound"/> shows it, is closed under a policy.</summary>
        public static bool Closes(Type bound, MemberInfo m)
        {
            Type declaring = m.DeclaringType ?? bound;
            if (declaring == typeof(object) && m.Name == "GetType") return true;
            if (IsClosedType(bound) || IsClosedType(declaring)) return true;
            if (!IsSurface(bound) && !IsSurface(declaring)) return false;
            return !AnswersWithPlainValue(m);
        }

        /// <summary>Types whose every member is closed: Activator, AppDomain and the types of <see cref="ClosedNamespaces"/>.</summary>
        public static bool IsClosedType(Type t)
        {
            t = Outer(t);
            if (t == typeof(Activator) || t == typeof(AppDomain)) return true;
            return InNamespaces(t, ClosedNamespaces);
        }

        /// <summary>The reflection surface: Type, System.Reflection.*, Delegate, MulticastDelegate and the runtime handles.</summary>
        public static bool IsSurface(Type t)
        {
            t = Outer(t);
            return t == typeof(Type) || t == typeof(Delegate) || t == typeof(MulticastDelegate) || t == typeof(RuntimeTypeHandle) ||
                   t == typeof(RuntimeMethodHandle) || t == typeof(RuntimeFieldHandle) || t == typeof(ModuleHandle) ||
                   InNamespaces(t, new[] { "System.Reflection" });
        }

        private static bool AnswersWithPlainValue(MemberInfo m)
        {
            var field = m as FieldInfo;
            if (field != null) return IsPlain(field.FieldType);
            var property = m as PropertyInfo;
            if (property != null) return IsPlain(property.PropertyType) && property.GetSetMethod() == null;
            var method = m as MethodInfo;
            if (method == null) return false; // constructors, events
            if (method.IsSpecialName && method.Name.StartsWith("set_", StringComparison.Ordinal)) return false;
            return IsPlain(method.ReturnType);
        }

        private static bool IsPlain(Type t)
        {
            return t.IsPrimitive && t != typeof(IntPtr) && t != typeof(UIntPtr) || t.IsEnum || t == typeof(string);
        }

        private static Type Outer(Type t)
        {
            while (t.IsNested) t = t.DeclaringType;
            return t.IsGenericType && !t.IsGenericTypeDefinition ? t.GetGenericTypeDefinition() : t;
        }

        private static bool InNamespaces(Type t, string[] namespaces)
        {
            string ns = t.Namespace ?? "";
            foreach (string n in namespaces)
                if (ns == n || ns.StartsWith(n + ".", StringComparison.Ordinal)) return true;
            return false;
        }
    }
}
