using System.Collections.Generic;

namespace ZTS.Declarations
{
    /// <summary>One JS-visible member (an overload set, a property, a field, an enum value) as TS declaration lines.</summary>
    internal sealed class TsMember
    {
        /// <summary>Creates a member.</summary>
        public TsMember(string name, bool isStatic)
        {
            Name = name;
            IsStatic = isStatic;
            Lines = new List<string>();
        }

        /// <summary>The final JS name (after [TsAlias] for methods).</summary>
        public string Name { get; private set; }

        /// <summary>On the type object (true) or the prototype (false).</summary>
        public bool IsStatic { get; private set; }

        /// <summary>The declaration lines: one per overload for methods, one or two (get/set) for properties.</summary>
        public List<string> Lines { get; private set; }

        /// <summary>For generic methods that only zts.generic_method closes: their entry in the zts.GenericMethods registry
        /// ("key": closed function type;), or null.</summary>
        public string GenericMethodEntry;
    }
}
