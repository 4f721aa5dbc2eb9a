namespace ZTS.Shared
{
    /// <summary>
    /// Hints added to script errors whose cause is the project setup, not the script: a script compiled to
    /// CommonJS (tsconfig "module": "CommonJS") fails with ReferenceError 'exports' / 'require' / 'module' is not
    /// defined; the error then says that ZTS loads ES modules and names the tsconfig setting.
    /// </summary>
    internal static class ModuleHints
    {
        /// <summary>The hint appended to a CommonJS ReferenceError.</summary>
        public const string CommonJs = " (the script is CommonJS, which uses exports/require/module.exports; ZTS loads ES modules: " +
                                       "set \"module\": \"ES2022\" (or \"ESNext\") in tsconfig.json's compilerOptions)";

        /// <summary>message with its hint, when an error named `name` with that message has one (the message may be a
        /// module failure that quotes the ReferenceError: "zts: module 'm' failed: ReferenceError: ...").</summary>
        public static string Explain(string name, string message)
        {
            foreach (string global in CommonJsGlobals)
            {
                string text = "'" + global + "' is not defined";
                if ((name == "ReferenceError" && message.StartsWith(text, System.StringComparison.Ordinal)) ||
                    message.Contains("ReferenceError: " + text))
                    return message + CommonJs;
            }
            return message;
        }

        private static readonly string[] CommonJsGlobals = { "exports", "require", "module" };
    }
}
