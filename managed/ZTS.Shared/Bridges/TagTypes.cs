using System;

namespace ZTS.Shared.Bridges
{
    /// <summary>The CLR types that cross by JSValue tag (numbers, booleans) or as JS strings rather than as C#
    /// objects; enums cross as their underlying integral type (SPEC_MAP D5). One rule for every bridge.</summary>
    internal static class TagTypes
    {
        private static readonly Type[] Types =
        {
            typeof(bool), typeof(sbyte), typeof(byte), typeof(short), typeof(ushort), typeof(int), typeof(uint),
            typeof(long), typeof(ulong), typeof(float), typeof(double), typeof(char), typeof(string),
        };

        /// <summary>True when t (or an enum's underlying type) crosses by tag or as a string.</summary>
        public static bool IsPrimitive(Type t)
        {
            return Array.IndexOf(Types, Underlying(t)) >= 0;
        }

        /// <summary>An enum's underlying integral type; t itself otherwise.</summary>
        public static Type Underlying(Type t)
        {
            return t.IsEnum ? Enum.GetUnderlyingType(t) : t;
        }
    }
}
