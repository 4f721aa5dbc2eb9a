using System;

namespace ZTS
{
    /// <summary>
    /// The scripts' `using` for extension methods: the static methods marked [Extension] in the named
    /// namespace are callable on instances of their first parameter's type (and its derived types and interface
    /// implementers), in every script of the domain, and gen-dts declares them on those types. Put it on any loaded
    /// assembly: <c>[assembly: TsUsing("MyGame.Extensions")]</c>. Without a namespace (<c>[assembly: TsUsing]</c>)
    /// it opts in every extension method declared in the assembly that carries it. Instance members win over
    /// extensions of the same name, as in C#.
    /// </summary>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true)]
    public sealed class TsUsingAttribute : Attribute
    {
        /// <summary>Opts in the extension methods of the carrying assembly.</summary>
        public TsUsingAttribute()
        {
        }

        /// <summary>Opts in the extension methods of a namespace (in any loaded assembly).</summary>
        public TsUsingAttribute(string namespaceName)
        {
            if (string.IsNullOrEmpty(namespaceName)) throw new ArgumentException("zts: a TsUsing namespace must be non-empty", "namespaceName");
            Namespace = namespaceName;
        }

        /// <summary>The opted-in namespace, or null for the carrying assembly.</summary>
        public string Namespace { get; private set; }
    }
}
