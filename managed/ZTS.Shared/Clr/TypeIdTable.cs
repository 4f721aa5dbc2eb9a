using System;
using System.Collections.Generic;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The CLR types one domain has declared to the core, both ways (TypeBinder.Declare fills it). Core type ids
    /// belong to the native domain, so the table is cleared when the domain is freed (JsDomain.Dispose).
    /// </summary>
    internal sealed class TypeIdTable
    {
        /// <summary>Core type ids of the CLR types shown to JS.</summary>
        public readonly Dictionary<Type, int> Ids = new Dictionary<Type, int>();

        /// <summary>CLR types by core type id.</summary>
        public readonly Dictionary<int, Type> ById = new Dictionary<int, Type>();

        /// <summary>Forgets every type (domain teardown).</summary>
        public void Clear()
        {
            Ids.Clear();
            ById.Clear();
        }
    }
}
