using System;
using System.Collections.Generic;
using System.Reflection;

namespace ZTS
{
    /// <summary>
    /// Pure [TsMarshalAs] rules shared by the backends and the declaration generator (docs/MARSHAL.md):
    /// where an attribute applies and which struct members a Table / UnpackedValues shape lists.
    /// </summary>
    public static class TsMarshalRules
    {
        /// <summary>The attribute on a parameter / return / field / property, else its MarshalAs XML entry
        /// (TsMarshalXml.Current), or null (also for synthetic parameters).</summary>
        public static TsMarshalAsAttribute Of(ICustomAttributeProvider provider)
        {
            if (provider == null) return null;
            var parameter = provider as ParameterInfo;
            if (parameter != null && parameter.Member == null) return null;
            object[] found = provider.GetCustomAttributes(typeof(TsMarshalAsAttribute), false);
            return found.Length > 0 ? (TsMarshalAsAttribute)found[0] : TsMarshalXml.Current.Find(provider);
        }

        /// <summary>
        /// The members of a Table / UnpackedValues shape of type t (a struct or a Nullable of one): the listed
        /// names, or (none listed) all public instance fields, then the read/write non-indexer properties.
        /// Null with `problem` set when the shape does not apply.
        /// </summary>
        public static MemberInfo[] TableMembers(Type t, string[] members, out string problem)
        {
            problem = null;
            Type structType = Nullable.GetUnderlyingType(t) ?? t;
            if (!structType.IsValueType || structType.IsPrimitive || structType.IsEnum)
            {
                problem = "Table needs a struct or a Nullable of one, not " + t.FullName;
                return null;
            }
            var list = new List<MemberInfo>();
            if (members == null)
            {
                list.AddRange(structType.GetFields(BindingFlags.Public | BindingFlags.Instance));
                foreach (PropertyInfo p in structType.GetProperties(BindingFlags.Public | BindingFlags.Instance))
                    if (p.GetIndexParameters().Length == 0 && p.CanRead && p.CanWrite) list.Add(p);
                return list.ToArray();
            }
            foreach (string name in members)
            {
                MemberInfo m = (MemberInfo)structType.GetField(name, BindingFlags.Public | BindingFlags.Instance) ??
                               structType.GetProperty(name, BindingFlags.Public | BindingFlags.Instance);
                if (m == null)
                {
                    problem = "Table member '" + name + "' is not a public field or property of " + structType.FullName;
                    return null;
                }
                list.Add(m);
            }
            return list.ToArray();
        }

        /// <summary>The members of a Table shape a provider asks for, or null (Default, also when invalid).</summary>
        public static MemberInfo[] TableFor(ICustomAttributeProvider provider, Type t)
        {
            TsMarshalAsAttribute a = Of(provider);
            if (a == null || a.Type != TsMarshalType.Table) return null;
            string problem;
            return TableMembers(t, a.Members, out problem);
        }

        /// <summary>
        /// The members an UnpackedValues parameter expands into, or null (Default): only by-value
        /// parameters of a struct type, not a Nullable.
        /// </summary>
        public static MemberInfo[] UnpackedFor(ParameterInfo parameter, Type t, out string problem)
        {
            problem = null;
            TsMarshalAsAttribute a = Of(parameter);
            if (a == null || a.Type != TsMarshalType.UnpackedValues) return null;
            if (parameter.Position < 0 || t.IsByRef)
            {
                problem = "UnpackedValues applies to by-value parameters only";
                return null;
            }
            MemberInfo[] members = TableMembers(t, a.Members, out problem);
            if (members != null && Nullable.GetUnderlyingType(t) != null)
            {
                problem = "UnpackedValues needs a struct, not a Nullable";
                return null;
            }
            return members;
        }

        /// <summary>Task or Task&lt;T&gt;: crosses as a Promise (C# -> JS) and is made from a promise (JS -> C#).</summary>
        public static bool IsTask(Type t)
        {
            return t == typeof(System.Threading.Tasks.Task) ||
                   (t.IsGenericType && !t.IsGenericTypeDefinition && t.GetGenericTypeDefinition() == typeof(System.Threading.Tasks.Task<>));
        }

        /// <summary>What awaiting a task type gives: T of Task&lt;T&gt;, void for Task.</summary>
        public static Type TaskResult(Type taskType)
        {
            return taskType.IsGenericType ? taskType.GetGenericArguments()[0] : typeof(void);
        }

        /// <summary>The C# type of a field or property.</summary>
        public static Type MemberType(MemberInfo m)
        {
            var f = m as FieldInfo;
            return f != null ? f.FieldType : ((PropertyInfo)m).PropertyType;
        }
    }
}
