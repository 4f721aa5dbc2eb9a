using System.Reflection;

namespace ZTS
{
    /// <summary>A C# property as JS sees it: an accessor pair on the type object (static) or the prototype.</summary>
    public sealed class TsAccessorProperty
    {
        /// <summary>Pairs a property with its public accessors (one of them may be null, not both).</summary>
        public TsAccessorProperty(PropertyInfo property, MethodInfo getter, MethodInfo setter)
        {
            Property = property;
            Getter = getter;
            Setter = setter;
        }

        /// <summary>The property.</summary>
        public PropertyInfo Property { get; private set; }

        /// <summary>The public get accessor, or null (write-only from JS).</summary>
        public MethodInfo Getter { get; private set; }

        /// <summary>The public set accessor, or null (read-only from JS).</summary>
        public MethodInfo Setter { get; private set; }

        /// <summary>Whether it is static (then it sits on the type object).</summary>
        public bool IsStatic
        {
            get { return (Getter ?? Setter).IsStatic; }
        }
    }
}
