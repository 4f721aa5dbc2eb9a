using System;
using System.IO;
using System.Linq;

namespace ZTS
{
    /// <summary>
    /// A module loader over a folder of emitted ES modules: specifier <c>game/logic</c> is
    /// <c>&lt;dir&gt;/game/logic.js</c> (or <c>.mjs</c>). The source map is the file named by the module's
    /// last <c>//# sourceMappingURL=</c> comment (relative to the module's folder), or else
    /// <c>&lt;module file&gt;.map</c> next to it; an inline <c>data:</c> map is left to the core. A map is read
    /// only from a regular file under the loader's folder and of at most <see cref="MaxMapBytes"/> (absolute
    /// paths, <c>file:</c> URLs and <c>..</c> leading out of the folder are ignored: the module loads unmapped).
    /// Use it as <c>TsAppDomain.Initialize(new TsFileLoader(dir).Load)</c>.
    /// <para>A specifier with no module under the folder that names an npm package (<c>gl-matrix</c>,
    /// <c>@scope/pkg/sub</c>) loads from the nearest <c>node_modules</c> of the folder or a parent, as Node
    /// searches: the entry from <c>package.json</c> <c>exports</c> (conditions <c>import</c>, <c>module</c>,
    /// <c>default</c>), else <c>module</c>, else <c>main</c>. The package's files are the modules
    /// <c>npm:&lt;package&gt;/&lt;path&gt;</c> (so their relative imports stay in the package, and stacks name
    /// them), with their source maps read from the package's folder. A CommonJS package throws a
    /// <see cref="NotSupportedException"/> that says to bundle it (docs/USAGE.md "npm packages and bundling").</para>
    /// </summary>
    public sealed class TsFileLoader
    {
        private const string MapComment = "//# sourceMappingURL=";

        /// <summary>The largest file read (64 MiB): a module or a package.json bigger is a load error, a bigger
        /// source map is ignored.</summary>
        public const int MaxFileBytes = TsFiles.MaxBytes;

        /// <summary>The largest source map read (<see cref="MaxFileBytes"/>); a bigger one is ignored.</summary>
        public const int MaxMapBytes = TsFiles.MaxBytes;

        /// <summary>Creates a loader over <paramref name="directory"/> (read at each load; it may change between loads).</summary>
        public TsFileLoader(string directory)
        {
            if (directory == null) throw new ArgumentNullException("directory");
            Directory = directory;
        }

        /// <summary>The folder the canonical specifiers are relative to.</summary>
        public string Directory { get; private set; }

        /// <summary>
        /// Reads the module for a canonical specifier and its source map, if any.
        /// Throws <see cref="FileNotFoundException"/> when neither <c>.js</c> nor <c>.mjs</c> exists.
        /// </summary>
        public TsModuleSource Load(string specifier)
        {
            if (specifier == null) throw new ArgumentNullException("specifier");
            if (specifier.StartsWith(TsNpmPackages.Prefix, StringComparison.Ordinal)) return LoadPackageFile(specifier);
            foreach (string ext in new[] { ".js", ".mjs" })
            {
                string path = Path.Combine(Directory, specifier.Replace('/', Path.DirectorySeparatorChar) + ext);
                if (!File.Exists(path)) continue;
                string code = ReadConfinedModule(path, Directory);
                return new TsModuleSource(code, ReadMap(path, code, Directory)) { Path = System.IO.Path.GetFullPath(path) };
            }
            // A module of the folder wins over a package of the same name (the folder's names are bare too).
            string name, subpath;
            string missing = "no " + specifier + ".js or " + specifier + ".mjs under " + Path.GetFullPath(Directory);
            if (TsNpmPackages.SplitBare(specifier, out name, out subpath))
            {
                string packageDir = TsNpmPackages.FindPackage(Directory, name);
                if (packageDir != null) return new TsModuleSource(TsNpmPackages.EntryModule(specifier, name, subpath, packageDir, Directory), null);
                // The specifier is canonical: a relative import (./game/helper.js from main) and a bare one (game/helper)
                // read alike here. When the folder has the first segment as a subfolder, it is a module of the scripts
                // whose file is missing, not a package to install.
                if (subpath.Length > 0 && System.IO.Directory.Exists(Path.Combine(Directory, name)))
                    throw new FileNotFoundException(missing + " (the folder " + name + "/ is there, without that file)");
                throw new FileNotFoundException(missing + ", and no package '" + name +
                    "' in node_modules (searched " + string.Join(", ", TsNpmPackages.SearchFolders(Directory).ToArray()) +
                    "): run npm install " + name + " next to the scripts or a parent folder, or bundle it (" +
                    TsNpmPackages.DocHint + ")");
            }
            throw new FileNotFoundException(missing);
        }

        // A file of a package: "npm:gl-matrix/esm/common" is node_modules/gl-matrix/esm/common.js (the core drops
        // .js/.mjs from specifiers, so the name is tried as it is, then with .js, then .mjs).
        private TsModuleSource LoadPackageFile(string specifier)
        {
            string name, path;
            string packageDir = null;
            if (TsNpmPackages.SplitBare(specifier.Substring(TsNpmPackages.Prefix.Length), out name, out path) && path.Length > 0)
                packageDir = TsNpmPackages.FindPackage(Directory, name);
            if (packageDir == null) throw new FileNotFoundException("zts: no package file '" + specifier + "' in node_modules of " + Directory);
            string root = Path.GetFullPath(packageDir).TrimEnd(Path.DirectorySeparatorChar) + Path.DirectorySeparatorChar;
            foreach (string ext in new[] { "", ".js", ".mjs" })
            {
                string file = Path.GetFullPath(Path.Combine(packageDir, path.Replace('/', Path.DirectorySeparatorChar) + ext));
                if (!file.StartsWith(root, StringComparison.Ordinal) || !File.Exists(file)) continue;
                if (file.EndsWith(".cjs", StringComparison.OrdinalIgnoreCase)) throw TsNpmPackages.CommonJs(name, path);
                string code = ReadConfinedModule(file, Directory);
                return new TsModuleSource(code, ReadMap(file, code, packageDir)) { Path = System.IO.Path.GetFullPath(file) };
            }
            throw new FileNotFoundException("zts: no " + path + ".js in package '" + name + "' (" + packageDir + ")");
        }

        // A module file: only a regular file of at most MaxFileBytes (TsFiles.Read: a FIFO would block, /dev/zero never
        // end). Under a script policy it must also resolve, symlinks followed, inside the scripts folder (docs/POLICY.md
        // "Module files and npm packages"): a mod reads no other file of the disk by importing it.
        internal static string ReadConfinedModule(string path, string scripts)
        {
            if (TsSettings.Policy != null)
            {
                // Inside the scripts folder, or inside a node_modules folder Node's search visits (the folder itself, not
                // where its entries lead): a package folder or file symlinked out of them reads nothing.
                TsFileProbe p = TsFiles.Probe(path);
                string root = TsFiles.Probe(scripts).RealPath;
                if (p.Kind != ZtsFileKind.None && !TsFiles.Inside(p.RealPath, root) &&
                    !TsNpmPackages.SearchFolders(scripts).Any(m => TsFiles.Inside(p.RealPath, RealFolder(m))))
                    throw new IOException("zts: " + TsFiles.Named(path, p) + " is outside the scripts folder " + root +
                        " and the node_modules folders it searches: under a script policy modules and package files load only from inside them (docs/POLICY.md \"Module files and npm packages\")");
            }
            return TsFiles.Read(path);
        }

        // A node_modules folder as it is on disk (its own symlinks resolved), or the path when it does not exist.
        private static string RealFolder(string folder)
        {
            TsFileProbe p = TsFiles.Probe(folder);
            return p.Kind == ZtsFileKind.None ? Path.GetFullPath(folder) : p.RealPath;
        }

        // The external map of the module at path, or null (none, inline, outside the folder, or too big).
        private static string ReadMap(string path, string code, string confinedTo)
        {
            string url = MapUrl(code);
            if (url != null)
            {
                if (url.StartsWith("data:", StringComparison.OrdinalIgnoreCase)) return null; // the core decodes it
                string mapPath = LocalPath(path, url);
                if (mapPath != null && File.Exists(mapPath)) return ReadConfined(mapPath, confinedTo);
            }
            string next = path + ".map";
            return File.Exists(next) ? ReadConfined(next, confinedTo) : null;
        }

        // A map comment naming /dev/zero, file:///dev/stdin or a huge file must not hang or exhaust the
        // host: only a file under the folder (for a package file, the package's folder), read up to MaxMapBytes.
        private static string ReadConfined(string mapPath, string confinedTo)
        {
            string root = Path.GetFullPath(confinedTo).TrimEnd(Path.DirectorySeparatorChar) + Path.DirectorySeparatorChar;
            string full = Path.GetFullPath(mapPath);
            if (!full.StartsWith(root, StringComparison.Ordinal)) return null;
            TsFileProbe p = TsFiles.Probe(full);
            if (!TsFiles.Inside(p.RealPath, TsFiles.Probe(confinedTo).RealPath)) return null; // a symlink leading out
            string map = TsFiles.Refusal(full, p) == null ? TsFiles.TryRead(full) : null;
            return string.IsNullOrEmpty(map) ? null : map;
        }

        // The URL of the last sourceMappingURL comment that starts a line, or null.
        private static string MapUrl(string code)
        {
            int at = code.LastIndexOf(MapComment, StringComparison.Ordinal);
            while (at > 0 && code[at - 1] != '\n') at = code.LastIndexOf(MapComment, at - 1, StringComparison.Ordinal);
            if (at < 0) return null;
            int start = at + MapComment.Length;
            int end = code.IndexOfAny(new[] { '\r', '\n' }, start);
            string url = (end < 0 ? code.Substring(start) : code.Substring(start, end - start)).Trim();
            return url.Length > 0 ? url : null;
        }

        // A relative URL against the module's folder, or a file: URL; null for other schemes.
        private static string LocalPath(string modulePath, string url)
        {
            Uri absolute;
            if (Uri.TryCreate(url, UriKind.Absolute, out absolute) && !url.StartsWith("/", StringComparison.Ordinal))
                return absolute.IsFile ? absolute.LocalPath : null;
            string relative = Uri.UnescapeDataString(url).Replace('/', Path.DirectorySeparatorChar);
            return Path.Combine(Path.GetDirectoryName(modulePath) ?? "", relative);
        }
    }
}
