using System.Collections.Generic;

namespace ZTS
{
    /// <summary>
    /// Host settings: <see cref="AliasXmlPaths"/> and <see cref="Policy"/> are read when a domain is created
    /// (Initialize, and each applied Reset); <see cref="UnhandledRejections"/> when a rejection is reported.
    /// </summary>
    public static class TsSettings
    {
        private static readonly List<string> _aliasXmlPaths = new List<string>();

        /// <summary>
        /// [TsAlias] for precompiled DLLs (01-HOST-API §4): XML files whose root element is <c>TsAlias</c>:
        /// <code>
        /// &lt;TsAlias&gt;
        ///   &lt;type name="Vendor.Lib.Tool"&gt;
        ///     &lt;method name="Run" params="System.Int32" alias="run_i32"/&gt;   &lt;!-- params optional: all overloads --&gt;
        ///   &lt;/type&gt;
        /// &lt;/TsAlias&gt;
        /// </code>
        /// A [TsAlias] attribute on the method wins over the XML.
        /// </summary>
        public static IList<string> AliasXmlPaths
        {
            get { return _aliasXmlPaths; }
        }

        /// <summary>
        /// What an unhandled Promise rejection does (issue 13): <see cref="TsRejectionMode.Log"/> (the default) logs
        /// a TsConsole error; <see cref="TsRejectionMode.Throw"/> makes <see cref="TsFramePump.LateUpdate"/> throw
        /// <see cref="TsUnhandledRejectionException"/>. ztsrun uses Throw unless run with --warn-rejections.
        /// </summary>
        public static TsRejectionMode UnhandledRejections { get; set; }

        /// <summary>
        /// What C# scripts may reach (issue 15, docs/POLICY.md): null (the default) reaches every public type, as
        /// before; a <see cref="TsScriptPolicy"/> (built in code or loaded with <see cref="TsScriptPolicyFile.Load"/>)
        /// limits the CSharp tree, csharp: modules, zts.typeof/generic/cast and every member, and closes reflection.
        /// Read when a domain is created: set it before Initialize, or before the Reset that should apply it.
        /// </summary>
        public static TsScriptPolicy Policy { get; set; }
    }
}
