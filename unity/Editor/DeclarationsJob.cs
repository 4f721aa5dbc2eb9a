using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using ZTS.Declarations;

namespace ZTS.EditorTools
{
    /// <summary>
    /// The work behind the menu item Tools > ZTS > Generate TypeScript Declarations: picks the project's
    /// assemblies by the settings and runs <see cref="DtsGenerator"/> over them (docs/DECLARATIONS.md).
    /// </summary>
    public static class DeclarationsJob
    {
        /// <summary>
        /// The assemblies to declare: those named in <paramref name="names"/> (each must exist), or when it is
        /// empty every assembly with a script under Assets/ (the project's own code, not packages).
        /// </summary>
        public static List<ProjectAssembly> Select(IEnumerable<ProjectAssembly> assemblies, ICollection<string> names)
        {
            List<ProjectAssembly> all = assemblies.ToList();
            if (names.Count == 0)
                return all.Where(a => a.SourceFiles.Any(f => f.Replace('\\', '/').StartsWith("Assets/", StringComparison.Ordinal)))
                          .OrderBy(a => a.Name, StringComparer.Ordinal).ToList();
            var picked = new List<ProjectAssembly>();
            foreach (string name in names)
            {
                ProjectAssembly a = all.FirstOrDefault(x => x.Name == name);
                if (a == null) throw new ArgumentException("zts: the project has no assembly named '" + name + "'");
                picked.Add(a);
            }
            return picked;
        }

        /// <summary>
        /// Writes the declarations of the selected assemblies into the settings' folder (relative paths are taken
        /// from <paramref name="projectFolder"/>); returns the files written.
        /// </summary>
        public static List<string> Run(ZtsProjectSettings settings, IEnumerable<ProjectAssembly> assemblies, string projectFolder)
        {
            List<ProjectAssembly> selected = Select(assemblies, settings.assemblies);
            if (selected.Count == 0) throw new ArgumentException("zts: no project assembly to declare (no script under Assets/)");
            var options = new DtsOptions { NullableOblivious = settings.IsNullableOblivious() };
            options.Assemblies.AddRange(selected.Select(a => Path.Combine(projectFolder, a.OutputPath)));
            options.Namespaces.AddRange(settings.namespaces);
            options.AliasXmlPaths.AddRange(settings.aliasXmlFiles.Select(f => Path.Combine(projectFolder, f)));
            return DtsGenerator.Write(options, Path.Combine(projectFolder, settings.declarationsFolder));
        }
    }
}
