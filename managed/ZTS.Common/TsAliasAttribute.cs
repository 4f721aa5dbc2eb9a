using System;

namespace ZTS
{
    /// <summary>
    /// Gives a method its one final JS name instead of its C# name (01-HOST-API §4). Several methods may
    /// share a final name (with each other or with a C# name): they form one overload set. A final name
    /// with a single candidate is a direct function.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Constructor, Inherited = false, AllowMultiple = false)]
    public sealed class TsAliasAttribute : Attribute
    {
        /// <summary>Creates the alias.</summary>
        public TsAliasAttribute(string name)
        {
            if (string.IsNullOrEmpty(name)) throw new ArgumentException("zts: a TsAlias name must be non-empty", "name");
            Name = name;
        }

        /// <summary>The final JS name.</summary>
        public string Name { get; private set; }
    }
}
