using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace ZTS.GenBridges
{
    /// <summary>
    /// How a name of the inputs reaches the generated C#: IL allows any string as a namespace, type or member name (a
    /// keyword, a quote, a newline, C# code), C# does not. A name that is a C# identifier is written as it is, a keyword
    /// as @keyword (Id); any other name is not written at all: PlayerExpressible leaves its type or member out, with
    /// WhyNot's reason in player-coverage.txt. Strings written into generated code go through Literal, comments through
    /// Comment. The test Player_BuildPlayer_HostileNames (tests/player/CMakeLists.txt) feeds such names.
    /// </summary>
    internal static class CsNames
    {
        // Keywords and contextual keywords: @ makes each an identifier anywhere (`@var`, `@event`).
        private static readonly HashSet<string> Keywords = new HashSet<string>(StringComparer.Ordinal)
        {
            "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const", "continue",
            "decimal", "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern", "false", "finally",
            "fixed", "float", "for", "foreach", "goto", "if", "implicit", "in", "int", "interface", "internal", "is", "lock",
            "long", "namespace", "new", "null", "object", "operator", "out", "override", "params", "private", "protected",
            "public", "readonly", "ref", "return", "sbyte", "sealed", "short", "sizeof", "stackalloc", "static", "string",
            "struct", "switch", "this", "throw", "true", "try", "typeof", "uint", "ulong", "unchecked", "unsafe", "ushort",
            "using", "virtual", "void", "volatile", "while",
            "add", "alias", "ascending", "async", "await", "by", "descending", "dynamic", "equals", "from", "get", "global",
            "group", "into", "join", "let", "nameof", "on", "orderby", "partial", "remove", "select", "set", "unmanaged",
            "value", "var", "when", "where", "yield",
        };

        /// <summary>Why name cannot be written as a C# identifier (even with @), or null when it can.</summary>
        public static string WhyNot(string name)
        {
            if (string.IsNullOrEmpty(name)) return "its name is empty";
            if (!IsStart(name[0])) return "its name " + Quoted(name) + " is not a C# identifier";
            for (int i = 1; i < name.Length; i++)
                if (!IsPart(name[i])) return "its name " + Quoted(name) + " is not a C# identifier";
            // The compiler's own keywords, which @ does not escape.
            if (name == "__arglist" || name == "__makeref" || name == "__reftype" || name == "__refvalue") return "its name " + Quoted(name) + " is reserved by the C# compiler";
            return null;
        }

        /// <summary>name as a C# identifier: @name for a keyword. Only for a name WhyNot accepts.</summary>
        public static string Id(string name)
        {
            if (WhyNot(name) != null) throw new ArgumentException("not a C# identifier: " + Quoted(name));
            return Keywords.Contains(name) ? "@" + name : name;
        }

        /// <summary>A namespace ("A.B.event") as C# ("A.B.@event"); only when every part passes WhyNot.</summary>
        public static string Namespace(string ns)
        {
            string[] parts = ns.Split('.');
            for (int i = 0; i < parts.Length; i++) parts[i] = Id(parts[i]);
            return string.Join(".", parts);
        }

        /// <summary>Why namespace ns cannot be written in C#, or null.</summary>
        public static string WhyNotNamespace(string ns)
        {
            if (string.IsNullOrEmpty(ns)) return null;
            foreach (string part in ns.Split('.'))
                if (WhyNot(part) != null) return "its namespace " + Quoted(ns) + " is not a C# name";
            return null;
        }

        /// <summary>s as a C# string literal: quotes, backslashes, control and line-separator characters escaped.</summary>
        public static string Literal(string s)
        {
            var sb = new StringBuilder("\"");
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') sb.Append('\\').Append(c);
                else if (c < ' ' || c == '\u007f' || c == '\u0085' || c == '\u2028' || c == '\u2029' || char.IsSurrogate(c))
                    sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        /// <summary>text for a // comment or a line of the coverage report: line breaks and control characters shown
        /// escaped, so that no name ends the comment or the line.</summary>
        public static string Comment(string text)
        {
            var sb = new StringBuilder();
            foreach (char c in text ?? "")
            {
                if (c < ' ' || c == '\u007f' || c == '\u0085' || c == '\u2028' || c == '\u2029' || char.IsSurrogate(c))
                    sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else sb.Append(c);
            }
            return sb.ToString();
        }

        private static string Quoted(string name)
        {
            return Literal(name);
        }

        private static bool IsStart(char c)
        {
            return c == '_' || IsLetter(c);
        }

        private static bool IsPart(char c)
        {
            if (c == '_' || IsLetter(c)) return true;
            switch (char.GetUnicodeCategory(c))
            {
                case UnicodeCategory.DecimalDigitNumber:
                case UnicodeCategory.NonSpacingMark:
                case UnicodeCategory.SpacingCombiningMark:
                case UnicodeCategory.ConnectorPunctuation:
                    return true;
                default:
                    return false;
            }
        }

        private static bool IsLetter(char c)
        {
            switch (char.GetUnicodeCategory(c))
            {
                case UnicodeCategory.UppercaseLetter:
                case UnicodeCategory.LowercaseLetter:
                case UnicodeCategory.TitlecaseLetter:
                case UnicodeCategory.ModifierLetter:
                case UnicodeCategory.OtherLetter:
                case UnicodeCategory.LetterNumber:
                    return true;
                default:
                    return false;
            }
        }
    }
}
