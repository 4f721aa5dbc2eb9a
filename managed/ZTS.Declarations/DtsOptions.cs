using System.Collections.Generic;

namespace ZTS.Declarations
{
    /// <summary>What <see cref="DtsGenerator"/> declares (docs/DECLARATIONS.md).</summary>
    public sealed class DtsOptions
    {
        /// <summary>Paths of the assemblies whose public types are declared.</summary>
        public readonly List<string> Assemblies = new List<string>();

        /// <summary>More types declared with their members, whatever their namespace (gen-dts --type, --types): framework
        /// types scripts reach. The Player build (ztsrun build-player) covers the same types.</summary>
        public readonly List<System.Type> Types = new List<System.Type>();

        /// <summary>Also declare <see cref="ZTS.TsFrameworkTypes.Defaults"/> with their members (the default; gen-dts
        /// --no-default-types turns it off), the set the Player build covers by default.</summary>
        public bool DefaultTypes = true;

        /// <summary>Namespaces to declare (exact names); empty: every namespace of <see cref="Assemblies"/>.</summary>
        public readonly List<string> Namespaces = new List<string>();

        /// <summary>
        /// Nullability-oblivious code (gen-dts --nullable oblivious): a reference type without a nullability
        /// annotation is declared without <c>| null</c> (only sites annotated nullable keep it). Off by default: then
        /// every unannotated reference type is <c>| null</c>, which is what C# allows at run time. Trade-off: a
        /// C# null then reaches TS code typed as never null.
        /// </summary>
        public bool NullableOblivious;

        /// <summary>Alias XML files applied as the runtime applies TsSettings.AliasXmlPaths.</summary>
        public readonly List<string> AliasXmlPaths = new List<string>();

        /// <summary>MarshalAs XML files applied as the runtime applies TsSettings.MarshalXmlPaths.</summary>
        public readonly List<string> MarshalXmlPaths = new List<string>();

        /// <summary>
        /// The script policy the runtime applies (docs/POLICY.md), or null: only what scripts may reach is
        /// declared. A denied type that a declaration names is a branded interface without members or type object, so
        /// code that uses it as a value or calls its members does not type-check.
        /// </summary>
        public ZTS.TsScriptPolicy Policy;
    }
}
