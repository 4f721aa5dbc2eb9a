using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

namespace ZTS
{
    // Bare specifiers from node_modules for TsFileLoader (docs/USAGE.md "npm packages and bundling").
    //
    // The core canonicalizes a relative import against the importer's name (native/core/modules/specifier.cpp), so a
    // package file must be named by its path inside the package, or "./common.js" imported by the bare "gl-matrix"
    // would become the root's "common". A package file is therefore the module "npm:<package>/<path in package>"
    // (".js"/".mjs" stripped by the core like any specifier): its own relative imports stay inside the package and
    // never count as escaping the module root. The bare specifier itself ("gl-matrix", "pkg/sub") is a small
    // re-export of its entry file, so every importer of the package shares one instance of the entry.
    internal static class TsNpmPackages
    {
        internal const string Prefix = "npm:";
        internal const string DocHint = "docs/USAGE.md \"npm packages and bundling\"";

        // Conditions of package.json "exports" a host without a CommonJS loader can use, in Node's sense: the first
        // key of a condition object that is one of these wins ("require", "node", "browser", "types" are skipped).
        private static readonly string[] Conditions = { "import", "module", "default" };

        private static readonly Regex EsmSyntax = new Regex(@"(^|[\n;])\s*(import\b\s*[\w{*""'(.]|export\b\s*[\w{*])", RegexOptions.Compiled);
        private static readonly Regex DefaultExport = new Regex(@"\bexport\s+default\b|\bas\s+default\b|\bexport\s*\{[^}]*\bdefault\b", RegexOptions.Compiled);

        // The package name and the subpath ("" for the package itself) of a bare canonical specifier, or false when
        // spec cannot name a package ("@scope" alone, an npm: name).
        internal static bool SplitBare(string spec, out string name, out string subpath)
        {
            name = subpath = null;
            if (spec.StartsWith(Prefix, StringComparison.Ordinal) || spec.IndexOf(':') >= 0) return false;
            string[] parts = spec.Split('/');
            int n = parts[0].StartsWith("@", StringComparison.Ordinal) ? 2 : 1;
            if (parts.Length < n || parts[0].Length == 0 || (n == 2 && parts[1].Length == 0)) return false;
            name = string.Join("/", parts, 0, n);
            subpath = string.Join("/", parts, n, parts.Length - n);
            return true;
        }

        // The node_modules folders searched, nearest first: root/node_modules and each parent's, as Node does (under a
        // script policy too: a game's installed packages serve its mods; what a policy bounds is where their files
        // resolve, TsFileLoader.ReadConfinedModule).
        internal static List<string> SearchFolders(string root)
        {
            var list = new List<string>();
            for (var dir = new DirectoryInfo(Path.GetFullPath(root)); dir != null; dir = dir.Parent)
                if (dir.Name != "node_modules") list.Add(Path.Combine(dir.FullName, "node_modules"));
            return list;
        }

        // The folder of package name, or null when no node_modules folder has it.
        internal static string FindPackage(string root, string name)
        {
            foreach (string modules in SearchFolders(root))
            {
                string dir = Path.Combine(modules, name.Replace('/', Path.DirectorySeparatorChar));
                if (File.Exists(Path.Combine(dir, "package.json")) || System.IO.Directory.Exists(dir)) return dir;
            }
            return null;
        }

        // The re-export module of a bare specifier: package name at packageDir, subpath "" or "sub/path".
        // scripts is the loader's folder: under a script policy every file read resolves inside it.
        internal static string EntryModule(string spec, string name, string subpath, string packageDir, string scripts)
        {
            var pkg = ReadPackageJson(Path.Combine(packageDir, "package.json"), name, scripts) ?? new Dictionary<string, object>();
            bool typeModule = "module".Equals(pkg.ContainsKey("type") ? pkg["type"] as string : null);
            bool trusted; // the file was chosen as ESM by the package ("import"/"module" condition, "module" field)
            string entry = ResolveEntry(spec, name, subpath, packageDir, pkg, scripts, out trusted);
            string file = Path.Combine(packageDir, entry.Replace('/', Path.DirectorySeparatorChar));
            string code = TsFileLoader.ReadConfinedModule(file, scripts);
            // CommonJS: a .cjs, or a file nothing marks as ESM ("main", a "default" condition, no "type": "module")
            // whose text has no import/export statement (require(...), module.exports, or a plain script).
            if (entry.EndsWith(".cjs", StringComparison.OrdinalIgnoreCase) ||
                (!trusted && !typeModule && !entry.EndsWith(".mjs", StringComparison.OrdinalIgnoreCase) && !EsmSyntax.IsMatch(code)))
                throw CommonJs(name, entry);
            string target = Quote(Prefix + name + "/" + entry);
            string stub = "export * from " + target + ";\n";
            if (DefaultExport.IsMatch(code)) stub += "export { default } from " + target + ";\n";
            return stub;
        }

        internal static Exception CommonJs(string name, string entry)
        {
            return new NotSupportedException("zts: '" + name + "' is a CommonJS package (" + name + "/" + entry +
                "): ZTS loads ES modules only: bundle it (" + DocHint + ")");
        }

        // The file (relative to the package, '/'-separated) a subpath of the package names.
        private static string ResolveEntry(string spec, string name, string subpath, string packageDir,
            Dictionary<string, object> pkg, string scripts, out bool trusted)
        {
            trusted = false;
            if (pkg.ContainsKey("exports") && pkg["exports"] != null)
            {
                object exports = pkg["exports"];
                var map = exports as Dictionary<string, object>;
                object target = null;
                bool subpathKeys = map != null && map.Count > 0 && AllKeysAreSubpaths(map);
                if (!subpathKeys) target = subpath.Length == 0 ? exports : null;
                else target = MatchSubpath(map, subpath);
                bool sawRequire;
                string resolved = target == null ? null : Condition(target, out sawRequire, ref trusted);
                if (resolved == null)
                {
                    if (target != null && ContainsRequire(target)) throw CommonJs(name, "\"exports\" has \"require\" only");
                    throw new FileNotFoundException("zts: package '" + name + "' (" + packageDir + ") does not export '" +
                        (subpath.Length == 0 ? "." : "./" + subpath) + "' for ES modules (its package.json \"exports\")");
                }
                return Normalize(resolved, name);
            }
            if (subpath.Length == 0)
            {
                string module = pkg.ContainsKey("module") ? pkg["module"] as string : null;
                if (module != null) { trusted = true; return FileOf(packageDir, Normalize(module, name), name, spec); }
                string main = pkg.ContainsKey("main") ? pkg["main"] as string : null;
                return FileOf(packageDir, Normalize(main ?? "index.js", name), name, spec);
            }
            // A subpath without "exports": a file of the package, or a folder with its own package.json (gl-matrix's
            // vec3/ has {"module": "../esm/vec3.js"}) or index.js.
            string sub = Path.Combine(packageDir, subpath.Replace('/', Path.DirectorySeparatorChar));
            string subJson = Path.Combine(sub, "package.json");
            if (File.Exists(subJson))
            {
                var inner = ReadPackageJson(subJson, spec, scripts) ?? new Dictionary<string, object>();
                string module = inner.ContainsKey("module") ? inner["module"] as string : null;
                string main = inner.ContainsKey("main") ? inner["main"] as string : null;
                trusted = module != null;
                return FileOf(packageDir, Normalize(subpath + "/" + (module ?? main ?? "index.js"), name), name, spec);
            }
            return FileOf(packageDir, subpath, name, spec);
        }

        // The file path (as given, then with .js, .mjs, then as a folder's index.js) that exists in the package.
        private static string FileOf(string packageDir, string path, string name, string spec)
        {
            foreach (string candidate in new[] { path, path + ".js", path + ".mjs", path + "/index.js", path + "/index.mjs" })
            {
                string file = Path.Combine(packageDir, candidate.Replace('/', Path.DirectorySeparatorChar));
                if (File.Exists(file)) return candidate;
            }
            throw new FileNotFoundException("zts: package '" + name + "' (" + packageDir + ") has no file for '" + spec + "'");
        }

        // "./esm/index.js" -> "esm/index.js"; a target leaving the package (absolute, "..") is refused. A part with a ':'
        // is refused too: on Windows "C:/x" is drive-rooted (Path.Combine(packageDir, "C:\x") is "C:\x") and "f:s" names a
        // file stream; "//server/share" (UNC) starts with '/' like any rooted path.
        private static string Normalize(string target, string name)
        {
            var stack = new List<string>();
            foreach (string part in target.Replace('\\', '/').Split('/'))
            {
                if (part.Length == 0 || part == ".") continue;
                if (part.IndexOf(':') >= 0) throw new IOException("zts: package '" + name + "' names '" + target + "', outside the package");
                if (part == "..")
                {
                    if (stack.Count == 0) throw new IOException("zts: package '" + name + "' names '" + target + "', outside the package");
                    stack.RemoveAt(stack.Count - 1);
                    continue;
                }
                stack.Add(part);
            }
            if (stack.Count == 0 || target.StartsWith("/", StringComparison.Ordinal) || target.StartsWith("\\", StringComparison.Ordinal))
                throw new IOException("zts: package '" + name + "' names '" + target + "', outside the package");
            return string.Join("/", stack.ToArray());
        }

        private static bool AllKeysAreSubpaths(Dictionary<string, object> map)
        {
            foreach (string key in map.Keys) if (!key.StartsWith(".", StringComparison.Ordinal)) return false;
            return true;
        }

        // The target of subpath in a subpath map: an exact key (with the .js/.mjs the core strips, or without), else
        // the longest "./prefix*suffix" pattern, its "*" replaced.
        private static object MatchSubpath(Dictionary<string, object> map, string subpath)
        {
            string key = subpath.Length == 0 ? "." : "./" + subpath;
            foreach (string k in new[] { key, key + ".js", key + ".mjs" })
                if (map.ContainsKey(k)) return map[k];
            string best = null, bestMatch = null;
            foreach (string k in map.Keys)
            {
                int star = k.IndexOf('*');
                if (star < 0 || (best != null && star <= best.IndexOf('*'))) continue;
                string before = k.Substring(0, star), after = k.Substring(star + 1);
                foreach (string candidate in new[] { key, key + ".js", key + ".mjs" })
                {
                    if (candidate.Length < before.Length + after.Length || !candidate.StartsWith(before, StringComparison.Ordinal) ||
                        !candidate.EndsWith(after, StringComparison.Ordinal)) continue;
                    best = k;
                    bestMatch = candidate.Substring(before.Length, candidate.Length - before.Length - after.Length);
                    break;
                }
            }
            return best == null ? null : Substitute(map[best], bestMatch);
        }

        private static object Substitute(object target, string match)
        {
            var s = target as string;
            if (s != null) return s.Replace("*", match);
            var map = target as Dictionary<string, object>;
            if (map != null)
            {
                var copy = new Dictionary<string, object>();
                foreach (var kv in map) copy[kv.Key] = Substitute(kv.Value, match);
                return copy;
            }
            var list = target as List<object>;
            if (list != null) return list.ConvertAll(item => Substitute(item, match));
            return target;
        }

        // A string target, or the first usable condition of a condition object (nested), or the first usable entry
        // of an array; null when only unusable conditions ("require", "node", ...) lead to a file.
        private static string Condition(object target, out bool sawRequire, ref bool trusted)
        {
            sawRequire = false;
            var s = target as string;
            if (s != null) return s;
            var list = target as List<object>;
            if (list != null)
            {
                foreach (object item in list)
                {
                    string r = Condition(item, out sawRequire, ref trusted);
                    if (r != null) return r;
                }
                return null;
            }
            var map = target as Dictionary<string, object>;
            if (map == null) return null;
            foreach (var kv in map)
            {
                if (Array.IndexOf(Conditions, kv.Key) < 0) continue;
                string r = Condition(kv.Value, out sawRequire, ref trusted);
                if (r == null) continue;
                if (kv.Key != "default") trusted = true;
                return r;
            }
            return null;
        }

        private static bool ContainsRequire(object target)
        {
            var map = target as Dictionary<string, object>;
            if (map != null)
            {
                if (map.ContainsKey("require")) return true;
                foreach (object v in map.Values) if (ContainsRequire(v)) return true;
            }
            var list = target as List<object>;
            if (list != null) foreach (object v in list) if (ContainsRequire(v)) return true;
            return false;
        }

        // package.json is read like a module file (TsFileLoader.ReadConfinedModule: a regular file, size-bounded,
        // confined under a policy) and parsed with a nesting bound (MiniJson.MaxDepth).
        private static Dictionary<string, object> ReadPackageJson(string path, string name, string scripts)
        {
            if (!File.Exists(path)) return null;
            string text = TsFileLoader.ReadConfinedModule(path, scripts);
            try
            {
                return new MiniJson(text).Parse() as Dictionary<string, object>;
            }
            catch (FormatException e)
            {
                throw new IOException("zts: the package.json of '" + name + "' (" + path + ") is not valid JSON: " + e.Message);
            }
        }

        private static string Quote(string s)
        {
            var sb = new StringBuilder("\"");
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') sb.Append('\\');
                sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        // Just enough JSON for package.json: objects (key order kept), arrays, strings, and the other literals. Nesting
        // is bounded: the parser and the walks over its result (Condition, Substitute, ContainsRequire) recurse once per
        // level, and a 200,000-deep file overflowed the Player's stack (Npm_Packages.NpmPackages_DeepPackageJson_Refused).
        internal sealed class MiniJson
        {
            internal const int MaxDepth = 64;
            private readonly string _s;
            private int _i;
            private int _depth;

            internal MiniJson(string s) { _s = s; }

            internal object Parse()
            {
                object v = Value();
                Ws();
                if (_i != _s.Length) throw new FormatException("text after the value at " + _i);
                return v;
            }

            private void Ws() { while (_i < _s.Length && char.IsWhiteSpace(_s[_i])) _i++; }

            private object Value()
            {
                Ws();
                if (_i >= _s.Length) throw new FormatException("unexpected end");
                char c = _s[_i];
                if ((c == '{' || c == '[') && ++_depth > MaxDepth)
                    throw new FormatException("nested deeper than " + MaxDepth + " levels at " + _i);
                if (c == '{')
                {
                    _i++;
                    var map = new Dictionary<string, object>();
                    Ws();
                    if (Peek('}')) { _depth--; return map; }
                    for (;;)
                    {
                        Ws();
                        string key = Str();
                        Ws();
                        Expect(':');
                        map[key] = Value();
                        Ws();
                        if (Peek('}')) { _depth--; return map; }
                        Expect(',');
                    }
                }
                if (c == '[')
                {
                    _i++;
                    var list = new List<object>();
                    Ws();
                    if (Peek(']')) { _depth--; return list; }
                    for (;;)
                    {
                        list.Add(Value());
                        Ws();
                        if (Peek(']')) { _depth--; return list; }
                        Expect(',');
                    }
                }
                if (c == '"') return Str();
                int start = _i;
                while (_i < _s.Length && "{}[],:\" \t\r\n".IndexOf(_s[_i]) < 0) _i++;
                string word = _s.Substring(start, _i - start);
                if (word == "true") return true;
                if (word == "false") return false;
                if (word == "null") return null;
                double d;
                if (double.TryParse(word, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out d)) return d;
                throw new FormatException("unexpected '" + word + "' at " + start);
            }

            private bool Peek(char c)
            {
                if (_i < _s.Length && _s[_i] == c) { _i++; return true; }
                return false;
            }

            private void Expect(char c)
            {
                if (!Peek(c)) throw new FormatException("expected '" + c + "' at " + _i);
            }

            private string Str()
            {
                Expect('"');
                var sb = new StringBuilder();
                while (_i < _s.Length && _s[_i] != '"')
                {
                    char c = _s[_i++];
                    if (c != '\\') { sb.Append(c); continue; }
                    if (_i >= _s.Length) break;
                    char e = _s[_i++];
                    switch (e)
                    {
                        case 'n': sb.Append('\n'); break;
                        case 't': sb.Append('\t'); break;
                        case 'r': sb.Append('\r'); break;
                        case 'b': sb.Append('\b'); break;
                        case 'f': sb.Append('\f'); break;
                        case 'u':
                            if (_i + 4 > _s.Length) throw new FormatException("bad \\u escape");
                            sb.Append((char)Convert.ToInt32(_s.Substring(_i, 4), 16));
                            _i += 4;
                            break;
                        default: sb.Append(e); break;
                    }
                }
                Expect('"');
                return sb.ToString();
            }
        }
    }
}
