using System;
using System.Collections.Generic;

namespace ZTS
{
    /// <summary>
    /// Where a JS array may be passed (SPEC_MAP D5): a declared <c>T[]</c> (also <c>params T[]</c>, one slot),
    /// <c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>IReadOnlyList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c> or
    /// <c>IEnumerable&lt;T&gt;</c>. The array crosses as a copy. One rule for the backends (overload kinds,
    /// conversion) and the declaration generator.
    /// </summary>
    public static class TsJsArrays
    {
        private static readonly Type[] ListLike =
        {
            typeof(List<>), typeof(IList<>), typeof(IReadOnlyList<>), typeof(ICollection<>), typeof(IEnumerable<>),
        };

        /// <summary>The element type T when a JS array converts to the declared type t, else null.</summary>
        public static Type ElementType(Type t)
        {
            Type e = null;
            if (t.IsArray)
            {
                e = t.GetElementType();
                if (t.GetArrayRank() != 1 || t != e.MakeArrayType()) return null; // T[,] and T[*] take no JS array
            }
            else if (t.IsGenericType && !t.IsGenericTypeDefinition && Array.IndexOf(ListLike, t.GetGenericTypeDefinition()) >= 0)
            {
                e = t.GetGenericArguments()[0];
            }
            if (e == null || e.IsPointer || e.IsByRef || e.ContainsGenericParameters || TsMemberRules.IsUncrossable(e)) return null;
            return e;
        }
    }
}
