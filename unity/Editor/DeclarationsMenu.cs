#if UNITY_EDITOR
using System;
using System.IO;
using System.Linq;
using UnityEditor;
using UnityEditor.Compilation;
using UnityEngine;

namespace ZTS.EditorTools
{
    /// <summary>Tools > ZTS > Generate TypeScript Declarations: <see cref="DeclarationsJob"/> over the project's assemblies.</summary>
    public static class DeclarationsMenu
    {
        /// <summary>The menu path.</summary>
        public const string MenuPath = "Tools/ZTS/Generate TypeScript Declarations";

        /// <summary>Runs the generator with the settings of Project Settings > ZTS and logs what it wrote.</summary>
        [MenuItem(MenuPath)]
        public static void Generate()
        {
            ZtsProjectSettings settings = ZtsProjectSettings.Load();
            string project = Path.GetDirectoryName(Application.dataPath);
            var assemblies = CompilationPipeline.GetAssemblies(AssembliesType.Player)
                .Select(a => new ProjectAssembly(a.name, a.outputPath, a.sourceFiles));
            try
            {
                var files = DeclarationsJob.Run(settings, assemblies, project);
                Debug.Log("ZTS: wrote " + files.Count + " declaration files to " + settings.declarationsFolder);
            }
            catch (Exception e)
            {
                Debug.LogError("ZTS: declarations failed: " + e.GetType().Name + ": " + e.Message);
            }
        }
    }
}
#endif
