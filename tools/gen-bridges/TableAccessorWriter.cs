using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;

namespace ZTS.GenBridges
{
    /// <summary>
    /// Writes, as source, the accessors a Table conversion needs for the public instance properties of the structs
    /// among the inputs (fields go through the runtime's field access): a getter that reads the property of a boxed
    /// struct, and a setter that writes it into a copy and puts the copy back into the box (the caller passes the
    /// runtime's value copy, TsIl2CppAppDomain.ValueCopyInternal). The Editor backend emits the same accessors at run
    /// time (MonoBridges.StructMemberGetter/Setter); here they are ordinary code compiled at build time.
    /// </summary>
    internal static class TableAccessorWriter
    {
        /// <summary>The properties of struct t that get accessors: public, instance, no index parameters, and a
        /// declared type the generated assembly can name.</summary>
        public static IEnumerable<PropertyInfo> Properties(Type t)
        {
            if (!t.IsValueType || t.IsPrimitive || t.IsEnum || t.ContainsGenericParameters || !DelegateShimWriter.IsVisible(t) ||
                Nullable.GetUnderlyingType(t) != null)
                return Enumerable.Empty<PropertyInfo>();
            return t.GetProperties(BindingFlags.Public | BindingFlags.Instance)
                    .Where(p => p.GetIndexParameters().Length == 0 && !p.PropertyType.IsByRef && !p.PropertyType.IsPointer &&
                                DelegateShimWriter.IsVisible(p.PropertyType) && !PlayerExpressible.IsObsoleteError(p) &&
                                PlayerExpressible.WhyNotNamed(p) == null && (p.GetGetMethod() != null || p.GetSetMethod() != null))
                    .OrderBy(p => p.Name, StringComparer.Ordinal);
        }

        /// <summary>The names of the assemblies the accessors of p refer to.</summary>
        public static IEnumerable<string> Names(PropertyInfo p)
        {
            return DelegateShimWriter.Names(typeof(Action<,>).MakeGenericType(p.DeclaringType, p.PropertyType));
        }

        /// <summary>The class TableAccessors: Getter(t, name) and Setter(t, name, copyBack), or null when the build wrote
        /// none.</summary>
        public static string Write(List<PropertyInfo> properties)
        {
            var sb = new StringBuilder();
            sb.Append("\n    /// <summary>Struct property accessors for Table conversions (ZTS.Il2Cpp.Il2CppBridges reads Getter and Setter).</summary>\n");
            sb.Append("    internal static class TableAccessors\n    {\n");
            sb.Append("        /// <summary>Reads property `name` of a boxed t, or null when the build wrote no getter.</summary>\n");
            sb.Append("        internal static Func<object, object> Getter(Type t, string name)\n        {\n");
            foreach (PropertyInfo p in properties.Where(p => p.GetGetMethod() != null))
            {
                string owner = DelegateShimWriter.Name(p.DeclaringType);
                sb.Append("            if (t == typeof(").Append(owner).Append(") && name == ").Append(CsNames.Literal(p.Name)).Append(") return b => ((")
                  .Append(owner).Append(")b).").Append(CsNames.Id(p.Name)).Append(";\n");
            }
            sb.Append("            return null;\n        }\n\n");
            sb.Append("        /// <summary>Writes property `name` of a boxed t: into a copy, put back with copyBack(box, copy); null when the\n");
            sb.Append("        /// build wrote no setter.</summary>\n");
            sb.Append("        internal static Action<object, object> Setter(Type t, string name, Action<object, object> copyBack)\n        {\n");
            foreach (PropertyInfo p in properties.Where(p => p.GetSetMethod() != null))
            {
                string owner = DelegateShimWriter.Name(p.DeclaringType);
                sb.Append("            if (t == typeof(").Append(owner).Append(") && name == ").Append(CsNames.Literal(p.Name)).Append(") return (b, v) => { var s = (")
                  .Append(owner).Append(")b; s.").Append(CsNames.Id(p.Name)).Append(" = (").Append(DelegateShimWriter.Name(p.PropertyType))
                  .Append(")v; copyBack(b, s); };\n");
            }
            sb.Append("            return null;\n        }\n    }\n");
            return sb.ToString();
        }
    }
}
