using System;

namespace ZTS.Shared.Conversion
{
    /// <summary>
    /// A declared CLR type as the conversion rules see it (ValueRules.ToClr): Nullable unwrapped, enums by their
    /// underlying type code. Working this out takes several reflection calls (~40 ns on Mono), so paths that convert
    /// to the same type on every call (Table members) compute it once and keep it.
    /// </summary>
    internal struct ClrRule
    {
        /// <summary>The type converted to: the declared type, or the underlying type of a Nullable.</summary>
        public Type Target;

        /// <summary>Whether the declared type is a Nullable (null and undefined give null).</summary>
        public bool IsNullable;

        /// <summary>Whether Target is an enum (Code is then its underlying type's).</summary>
        public bool IsEnum;

        /// <summary>The TypeCode the rules switch on; Object for object, classes, structs, arrays and delegates.</summary>
        public TypeCode Code;

        /// <summary>The rule of declared type t.</summary>
        public static ClrRule Of(Type t)
        {
            var r = new ClrRule();
            Type u = Nullable.GetUnderlyingType(t);
            r.IsNullable = u != null;
            r.Target = u ?? t;
            r.IsEnum = r.Target.IsEnum;
            r.Code = Type.GetTypeCode(r.IsEnum ? Enum.GetUnderlyingType(r.Target) : r.Target);
            return r;
        }
    }
}
