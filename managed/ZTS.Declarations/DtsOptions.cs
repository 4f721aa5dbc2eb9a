using System.Collections.Generic;

namespace ZTS.Declarations
{
    /// <summary>What <see cref="DtsGenerator"/> declares (docs/DECLARATIONS.md).</summary>
    public sealed class DtsOptions
    {
        /// <summary>Paths of the assemblies whose public types are declared.</summary>
        public readonly List<string> Assemblies = new List<string>();

        /// <summary>Namespaces to declare (exact names); empty: every namespace of <see cref="Assemblies"/>.</summary>
        public readonly List<string> Namespaces = new List<string>();

        /// <summary>Alias XML files applied as the runtime applies TsSettings.AliasXmlPaths.</summary>
        public readonly List<string> AliasXmlPaths = new List<string>();
    }
}
