using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ZTS.Declarations
{
    /// <summary>
    /// Assembles the module of one namespace: <c>declare module "csharp:NS" { ... }</c> with an import alias per
    /// namespace it names (its own included, so every reference is qualified and no C# name can shadow
    /// another), its types in JS-name order, nested types in <c>export namespace Outer { }</c> blocks, and the
    /// zts.generic registry entries of its generic definitions.
    /// </summary>
    internal static class ModuleWriter
    {
        /// <summary>The file text of namespace ns from its written blocks (keyed by type) and the namespaces they name.</summary>
        public static string Write(string ns, IList<TypeBlock> blocks, ISet<string> named, Func<Type, string> nestedLine,
                                   Func<Type, string> closedNestedLine)
        {
            var body = new List<string>();
            var byType = blocks.ToDictionary(b => b.Type);
            foreach (TypeBlock b in Ordered(blocks.Where(b => !b.Type.IsNested)))
                Emit(body, b, byType, nestedLine, closedNestedLine, 1);
            var entries = blocks.Where(b => b.GenericEntry != null).Select(b => b.GenericEntry).OrderBy(e => e, StringComparer.Ordinal).ToList();

            var s = new StringBuilder();
            s.Append(DtsGenerator.Banner);
            s.Append("/// <reference path=\"").Append(GlobalsWriter.FileName).Append("\" />\n\n");
            s.Append("declare module ").Append(TsNames.Quote(TsNames.Module(ns))).Append(" {\n");
            foreach (string n in named.Concat(new[] { ns }).Distinct().OrderBy(n => n, StringComparer.Ordinal))
                s.Append("    import * as ").Append(TsNames.Alias(n)).Append(" from ").Append(TsNames.Quote(TsNames.Module(n))).Append(";\n");
            foreach (string line in body) s.Append(line.Length == 0 ? "\n" : line + "\n");
            var methodEntries = blocks.SelectMany(b => b.GenericMethodEntries).OrderBy(e => e, StringComparer.Ordinal).ToList();
            if (entries.Count > 0 || methodEntries.Count > 0)
            {
                s.Append("\n    global {\n        namespace zts {\n");
                if (entries.Count > 0)
                {
                    s.Append("            interface Generics<V extends unknown[]> {\n");
                    foreach (string e in entries) s.Append("                ").Append(e).Append('\n');
                    s.Append("            }\n");
                }
                if (methodEntries.Count > 0)
                {
                    s.Append("            interface GenericMethods<V extends unknown[]> {\n");
                    foreach (string e in methodEntries) s.Append("                ").Append(e).Append('\n');
                    s.Append("            }\n");
                }
                s.Append("        }\n    }\n");
            }
            s.Append("}\n");
            return s.ToString();
        }

        private static IEnumerable<TypeBlock> Ordered(IEnumerable<TypeBlock> blocks)
        {
            return blocks.OrderBy(b => ZTS.TsMemberRules.JsName(b.Type), StringComparer.Ordinal);
        }

        private static void Emit(List<string> body, TypeBlock b, Dictionary<Type, TypeBlock> byType, Func<Type, string> nestedLine,
                                 Func<Type, string> closedNestedLine, int depth)
        {
            string pad = new string(' ', 4 * depth);
            List<TypeBlock> nested = Ordered(byType.Values.Where(n => n.Type.IsNested && n.Type.DeclaringType == b.Type)).ToList();
            body.Add("");
            foreach (string line in b.Lines) body.Add(pad + Export(line));
            body.Add(pad + "export " + b.ObjectHeader + " {");
            foreach (string line in b.ObjectLines) body.Add(pad + line);
            foreach (TypeBlock n in nested) body.Add(pad + "    " + nestedLine(n.Type));
            body.Add(pad + "}");
            // A generic definition's closed type object (its first "}" ends it in the trailer) lists the nested types
            // closed over its own type arguments.
            List<string> trailer = b.Trailer.ToList();
            int closedEnd = b.Type.IsGenericTypeDefinition ? trailer.IndexOf("}") : -1;
            if (closedEnd >= 0)
                trailer.InsertRange(closedEnd, nested.Select(n => closedNestedLine(n.Type)).Where(l => l != null).Select(l => "    " + l));
            foreach (string line in trailer) body.Add(pad + Export(line));
            if (nested.Count == 0) return;
            body.Add(pad + "export namespace " + TsNames.Local(ZTS.TsMemberRules.JsName(b.Type)) + " {");
            foreach (TypeBlock n in nested) Emit(body, n, byType, nestedLine, closedNestedLine, depth + 1);
            body.Add(pad + "}");
        }

        // Declarations are exported, except a const declared under a '$'-suffixed name (exported by an alias).
        private static string Export(string line)
        {
            if (line.StartsWith("interface ", StringComparison.Ordinal) || line.StartsWith("type ", StringComparison.Ordinal)) return "export " + line;
            if (line.StartsWith("const ", StringComparison.Ordinal) && !line.Substring(6).Split(':')[0].EndsWith("$", StringComparison.Ordinal))
                return "export " + line;
            return line;
        }
    }
}
