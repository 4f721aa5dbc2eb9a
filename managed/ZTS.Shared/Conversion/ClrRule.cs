using System;

namespace ZTS.Shared.Conversion
{
    /// <summary>
    /// A declared CLR type as the conversion rules see it (ValueRules.ToClr): Nullable unwrapped, enums by their
    /// underlying type code. Working this out takes several reflection calls (~40 ns on Mono), so paths that convert
    /// to the same type on every call compute it once and keep it: member sites and delegate closures (per parameter
    /// and result), Table shapes (per member), for...of steps (per element type).
    /// </summary>
    internal struct ClrRule
    {
        /// <summary>The declared type (the element type of a ref/out parameter).</summary>
        public Type Declared;

        /// <summary>Whether Declared is a value type (a missing ref/out value is then its default).</summary>
        public bool IsValueType;

        /// <summary>The type converted to: the declared type, or the underlying type of a Nullable.</summary>
        public Type Target;

        /// <summary>Whether the declared type is a Nullable (null and undefined give null).</summary>
        public bool IsNullable;

        /// <summary>Whether Target is an enum (Code is then its underlying type's).</summary>
        public bool IsEnum;

        /// <summary>Whether Target is IntPtr or UIntPtr: Code is then Int64 or UInt64, whose rule they cross by (a
        /// number within ±(2^53-1)), and ToClr boxes the native-sized value.</summary>
        public bool IsNativeInt;

        /// <summary>The TypeCode the rules switch on; Object for object, classes, structs, arrays and delegates.</summary>
        public TypeCode Code;

        /// <summary>The facts of a class, interface, array, delegate or struct target (Code Object, not object itself);
        /// null otherwise.</summary>
        public ObjectFacts Object;

        /// <summary>The rules of declared types (by-ref types: of their element types).</summary>
        public static ClrRule[] Of(Type[] types)
        {
            var rules = new ClrRule[types.Length];
            for (int i = 0; i < types.Length; i++) rules[i] = Of(types[i]);
            return rules;
        }

        /// <summary>The rule of declared type t; a by-ref type gives the rule of its element type.</summary>
        public static ClrRule Of(Type t)
        {
            var r = new ClrRule();
            if (t.IsByRef) t = t.GetElementType();
            r.Declared = t;
            r.IsValueType = t.IsValueType;
            Type u = Nullable.GetUnderlyingType(t);
            r.IsNullable = u != null;
            r.Target = u ?? t;
            r.IsEnum = r.Target.IsEnum;
            r.Code = Type.GetTypeCode(r.IsEnum ? Enum.GetUnderlyingType(r.Target) : r.Target);
            if (r.Target == typeof(IntPtr)) { r.Code = TypeCode.Int64; r.IsNativeInt = true; }
            else if (r.Target == typeof(UIntPtr)) { r.Code = TypeCode.UInt64; r.IsNativeInt = true; }
            if (r.Code == TypeCode.Object && r.Target != typeof(object)) r.Object = new ObjectFacts(r.Target);
            return r;
        }
    }
}
