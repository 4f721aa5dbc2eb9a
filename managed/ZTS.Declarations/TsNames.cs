using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ZTS.Declarations
{
    /// <summary>
    /// TypeScript spelling of names: module specifiers and aliases, type names that TS reserves,
    /// parameter names, and member names that must be quoted. C# identifiers never contain '$'
    /// (generic arity names end in "$N"), so every generated helper name carries a '$' that cannot
    /// collide with a C# name.
    /// </summary>
    internal static class TsNames
    {
        // Reserved words (ES strict mode) and TS names a declaration or parameter cannot use.
        private static readonly HashSet<string> Reserved = new HashSet<string>(StringComparer.Ordinal)
        {
            "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
            "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
            "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
            "let", "static", "implements", "interface", "package", "private", "protected", "public", "await", "arguments",
            "eval", "any", "unknown", "never", "number", "string", "boolean", "symbol", "object", "bigint", "undefined",
            "type", "declare", "namespace", "module", "global", "readonly", "keyof", "infer", "is", "asserts", "require",
        };

        /// <summary>The module specifier of a namespace: "csharp:NS"; "csharp:" for the types without a namespace.</summary>
        public static string Module(string ns)
        {
            return "csharp:" + ns;
        }

        /// <summary>The import alias a generated module uses for namespace ns ("$System_Collections_Generic"; "$global" for
        /// the types without a namespace).</summary>
        public static string Alias(string ns)
        {
            return ns.Length == 0 ? "$global" : "$" + ns.Replace('.', '_');
        }

        /// <summary>The file a namespace's module is written to ("csharp.d.ts" for the types without a namespace).</summary>
        public static string FileOf(string ns)
        {
            return ns.Length == 0 ? "csharp.d.ts" : "csharp." + ns + ".d.ts";
        }

        /// <summary>Whether a name is a TS reserved word or type keyword.</summary>
        public static bool IsReserved(string name)
        {
            return Reserved.Contains(name);
        }

        /// <summary>The local declaration name of a type's JS name: reserved words get a '$' suffix.</summary>
        public static string Local(string jsName)
        {
            return IsReserved(jsName) ? jsName + "$" : jsName;
        }

        /// <summary>A parameter name: reserved words and non-identifiers get a '_' suffix or replacement.</summary>
        public static string Parameter(string name, int index)
        {
            if (string.IsNullOrEmpty(name)) return "arg" + index;
            string id = IsIdentifier(name) ? name : new string(name.Select(c => char.IsLetterOrDigit(c) || c == '_' ? c : '_').ToArray());
            if (char.IsDigit(id[0])) id = "_" + id;
            return IsReserved(id) ? id + "_" : id;
        }

        /// <summary>A member name as a property key: quoted unless a plain identifier ("new" is quoted: it would
        /// read as a construct signature).</summary>
        public static string Key(string name)
        {
            if (IsIdentifier(name) && name != "new") return name;
            return Quote(name);
        }

        /// <summary>A TS string literal.</summary>
        public static string Quote(string s)
        {
            var b = new StringBuilder("\"");
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') b.Append('\\').Append(c);
                else if (c < ' ') b.Append("\\u").Append(((int)c).ToString("x4"));
                else b.Append(c);
            }
            return b.Append('"').ToString();
        }

        /// <summary>Whether s is a plain JS identifier.</summary>
        public static bool IsIdentifier(string s)
        {
            if (s.Length == 0 || !(char.IsLetter(s[0]) || s[0] == '_' || s[0] == '$')) return false;
            return s.All(c => char.IsLetterOrDigit(c) || c == '_' || c == '$');
        }
    }
}
