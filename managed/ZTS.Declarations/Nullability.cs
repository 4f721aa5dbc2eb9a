using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ZTS.Declarations
{
    /// <summary>
    /// Whether C# promises that the value of a member is never null: its top-level type, and the element of a
    /// top-level array (docs/DECLARATIONS.md, "Nullability"). C# 7 code carries no nullability, so a reference
    /// type is <c>| null</c> unless a site says otherwise. A site is a parameter (the return parameter for
    /// results), a property, a field or an event. Attributes are matched by simple name in any namespace and
    /// read through <see cref="CustomAttributeData"/> (never instantiated); the first match wins:
    /// <list type="number">
    /// <item>JetBrains style on the site: <c>[NotNull]</c> = not null, <c>[CanBeNull]</c> = nullable (for an
    /// array's elements: <c>[ItemNotNull]</c>, <c>[ItemCanBeNull]</c>). For a result the attribute may sit on the
    /// method itself (as JetBrains writes it; on the delegate type for an Invoke) or on <c>[return: ...]</c>;
    /// there a System.Diagnostics.CodeAnalysis <c>[NotNull]</c> counts too (on other sites it is a
    /// post-condition and is ignored). A parameter of an event's add/remove accessor also takes the event's.</item>
    /// <item>Roslyn's <c>[Nullable(b)]</c> / <c>[Nullable(b[])]</c> on the site: one byte holds for every position,
    /// else the first byte is the top-level type and, for an array of a reference type, the second its element
    /// (1 = not null, 2 = nullable, 0 = oblivious).</item>
    /// <item>Roslyn's <c>[NullableContext(b)]</c>, the default of a member without its own <c>[Nullable]</c>: on the
    /// method (for its parameters and result; the accessor for a property or event), then on the declaring
    /// types outward.</item>
    /// </list>
    /// Value types are never affected (<c>int?</c> stays nullable): the caller applies the answer to reference
    /// types only, and asks for <see cref="Element"/> only for an array of a reference type. Generic arguments
    /// and deeper positions are not read.
    /// </summary>
    internal static class Nullability
    {
        private const string CodeAnalysis = "System.Diagnostics.CodeAnalysis";

        /// <summary>Whether the top-level value at site (ParameterInfo, PropertyInfo, FieldInfo, EventInfo) is annotated as never null.</summary>
        public static bool IsNotNull(ICustomAttributeProvider site)
        {
            return State(site) == 1;
        }

        /// <summary>The annotation of site's top-level type: 1 = not null, 2 = nullable, 0 = oblivious (no annotation).</summary>
        public static byte State(ICustomAttributeProvider site)
        {
            return State(site, 0);
        }

        /// <summary>The annotation of the element of site's array type (only meaningful when the element is a reference type).</summary>
        public static byte Element(ICustomAttributeProvider site)
        {
            return State(site, 1);
        }

        // position 0: the top-level type; 1: the element of a top-level array (Roslyn's second byte).
        private static byte State(ICustomAttributeProvider site, int position)
        {
            var parameter = site as ParameterInfo;
            var member = site as MemberInfo;
            bool isResult = parameter != null && parameter.Position < 0;
            IList<CustomAttributeData> own = Attributes(site);
            byte state = JetBrains(own, isResult, position);
            if (state == 0 && isResult && parameter.Member != null) state = JetBrains(Attributes(parameter.Member), true, position);
            if (state == 0 && isResult && parameter.Member != null && parameter.Member.Name == "Invoke" && ZTS.TsMemberRules.IsDelegate(parameter.Member.DeclaringType))
                state = JetBrains(Attributes(parameter.Member.DeclaringType), true, position); // [NotNull] on a delegate: its result
            if (state != 0) return state;
            CustomAttributeData nullable = Find(own, "NullableAttribute");
            if (nullable != null) return Flag(nullable, position);
            EventInfo e = parameter != null ? TsMemberRules.EventOf(parameter.Member as MethodInfo) : null;
            if (e != null) return State(e, position);
            foreach (MemberInfo scope in Scopes(parameter != null ? parameter.Member : member))
            {
                CustomAttributeData context = Find(Attributes(scope), "NullableContextAttribute");
                if (context != null) return Flag(context, 0);
            }
            return 0;
        }

        // [NotNull] -> 1, [CanBeNull] -> 2 ([ItemNotNull]/[ItemCanBeNull] for position 1), else 0.
        // System.Diagnostics.CodeAnalysis.NotNull counts for results only.
        private static byte JetBrains(IList<CustomAttributeData> attributes, bool isResult, int position)
        {
            string prefix = position == 0 ? "" : "Item";
            foreach (CustomAttributeData a in attributes)
            {
                Type t = a.Constructor.DeclaringType;
                if (t.Name == prefix + "NotNullAttribute" && (isResult || t.Namespace != CodeAnalysis)) return 1;
                if (t.Name == prefix + "CanBeNullAttribute") return 2;
            }
            return 0;
        }

        // The scopes whose [NullableContext] applies to a member, innermost first: a method itself (for a property
        // or an event: its accessor), then the declaring types outward.
        private static IEnumerable<MemberInfo> Scopes(MemberInfo member)
        {
            if (member == null) yield break;
            var property = member as PropertyInfo;
            var e = member as EventInfo;
            MethodBase method = property != null ? property.GetGetMethod(true) ?? property.GetSetMethod(true)
                              : e != null ? e.GetAddMethod(true) : member as MethodBase;
            if (method != null) yield return method;
            for (Type t = member.DeclaringType; t != null; t = t.IsNested ? t.DeclaringType : null) yield return t;
        }

        // The byte of [Nullable(b)] / [NullableContext(b)] (one byte: every position), or byte position of
        // [Nullable(b[])]; 0 when unreadable.
        private static byte Flag(CustomAttributeData a, int position)
        {
            if (a.ConstructorArguments.Count != 1) return 0;
            object value = a.ConstructorArguments[0].Value;
            if (value is byte) return Known((byte)value);
            var bytes = value as IList<CustomAttributeTypedArgument>;
            return bytes != null && bytes.Count > position && bytes[position].Value is byte ? Known((byte)bytes[position].Value) : (byte)0;
        }

        private static byte Known(byte flag)
        {
            return flag == 1 || flag == 2 ? flag : (byte)0;
        }

        private static CustomAttributeData Find(IList<CustomAttributeData> attributes, string name)
        {
            return attributes.FirstOrDefault(a => a.Constructor.DeclaringType.Name == name);
        }

        private static IList<CustomAttributeData> Attributes(ICustomAttributeProvider site)
        {
            var parameter = site as ParameterInfo;
            if (parameter != null) return parameter.GetCustomAttributesData();
            var member = site as MemberInfo;
            if (member != null) return member.GetCustomAttributesData();
            return new CustomAttributeData[0];
        }
    }
}
