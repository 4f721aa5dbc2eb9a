namespace ZTS.Shared
{
    /// <summary>
    /// Hints added to script errors whose cause is the project setup, not the script (issue 12): a script compiled to
    /// CommonJS (tsconfig "module": "CommonJS") fails with ReferenceError 'exports' / 'require' / 'module' is not
    /// defined; the error then says that ZTS loads ES modules and names the tsconfig setting.
    /// </summary>
    internal static class ModuleHints
    {
        /// <summary>The hint appended to a CommonJS ReferenceError.</summary>
        public const string CommonJs = " (the script is CommonJS, which uses exports/require/module.exports; ZTS loads ES modules: " +
                                       "set \"module\": \"ES2022\" (or \"ESNext\") in tsconfig.json's compilerOptions)";

        /// <summary>message with its hint, when an error named `name` with that message has one.</summary>
        public static string Explain(string name, string message)
        {
            if (name == "ReferenceError" &&
                (message == "'exports' is not defined" || message == "'require' is not defined" || message == "'module' is not defined"))
                return message + CommonJs;
            return message;
        }
    }
}
