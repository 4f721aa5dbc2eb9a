#if UNITY_EDITOR
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using UnityEditor;
using UnityEditor.Build;
using UnityEditor.Build.Player;
using UnityEditor.Build.Reporting;
using UnityEditor.Compilation;
using UnityEngine;

namespace ZTS.EditorTools
{
    /// <summary>
    /// The Player build step (docs/UNITY_PACKAGE.md, "The Player build step"): before an Il2Cpp Player build, runs the
    /// package's bridge generator over the Player's script assemblies and writes the C++ bridges (a native source plugin
    /// Il2Cpp compiles into the player), the C# shims with the asmdef of ZTS.Il2Cpp.Generated, and their link.xml into the
    /// project (<see cref="ZtsProjectSettings.playerBridgesFolder"/>). All but the Unity calls is
    /// <see cref="PlayerBuildLayout"/>; a generator failure fails the build with the generator's message.
    /// </summary>
    public sealed class ZtsPlayerBuildStep : IPreprocessBuildWithReport
    {
        /// <summary>Order among build preprocessors.</summary>
        public int callbackOrder
        {
            get { return 0; }
        }

        /// <summary>Generates the bridges for an Il2Cpp build; nothing for a Mono build or with the step off in the settings.</summary>
        public void OnPreprocessBuild(BuildReport report)
        {
            BuildTargetGroup group = report.summary.platformGroup;
#if UNITY_2021_2_OR_NEWER
            ScriptingImplementation backend = PlayerSettings.GetScriptingBackend(UnityEditor.Build.NamedBuildTarget.FromBuildTargetGroup(group));
#else
            ScriptingImplementation backend = PlayerSettings.GetScriptingBackend(group);
#endif
            if (backend != ScriptingImplementation.IL2CPP) return;
            ZtsProjectSettings settings = ZtsProjectSettings.Load();
            if (!settings.playerBridges)
            {
                Debug.Log("ZTS: the Player build step is off (Project Settings > ZTS): this Il2Cpp Player gets no generated bridges");
                return;
            }
            string project = Path.GetDirectoryName(Application.dataPath);
            var package = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(ZtsPlayerBuildStep).Assembly);
            try
            {
                var layout = new PlayerBuildLayout(project, package.resolvedPath, settings.playerBridgesFolder);
                // The previous output would be compiled with the Player's scripts below: stale shims would not compile.
                if (layout.Clean()) AssetDatabase.Refresh(ImportAssetOptions.ForceSynchronousImport);
                List<PlayerInput> candidates = CompilePlayerScripts(report, Path.Combine(project, PlayerBuildLayout.PlayerScriptsFolder));
                string mono = PlayerBuildLayout.BundledMono(EditorApplication.applicationContentsPath, Application.platform == RuntimePlatform.WindowsEditor);
                PlayerBuildResult result = layout.Run(mono, candidates, settings.PlayerOptions());
                AssetDatabase.Refresh(ImportAssetOptions.ForceSynchronousImport);
                Debug.Log("ZTS: Player bridges in " + layout.OutputFolder + ": " + string.Join("; ", result.Summary.ToArray()));
                foreach (string note in result.Notes) Debug.LogWarning("ZTS: " + note);
                if (result.LeftOut > 0)
                    Debug.LogWarning("ZTS: " + result.LeftOut + " public members of the Player's inputs have no Player bridge (binding one is a zts: error); " +
                                     "each with the reason in " + result.ReportPath);
            }
            catch (PlayerBuildException e)
            {
                throw new BuildFailedException(e.Message);
            }
            catch (Exception e)
            {
                // Any other exception of a build callback may only be logged: the build must not go on without bridges.
                throw new BuildFailedException(e);
            }
        }

        // The Player's script assemblies compiled with the Player's defines (the Editor's Library/ScriptAssemblies hold
        // UNITY_EDITOR code the Player lacks), and the engine modules and precompiled DLLs they reference.
        private static List<PlayerInput> CompilePlayerScripts(BuildReport report, string folder)
        {
            if (Directory.Exists(folder)) Directory.Delete(folder, true);
            Directory.CreateDirectory(folder);
            var compile = new ScriptCompilationSettings
            {
                target = report.summary.platform,
                group = report.summary.platformGroup,
                options = (report.summary.options & BuildOptions.Development) != 0 ? ScriptCompilationOptions.DevelopmentBuild : ScriptCompilationOptions.None,
            };
            ScriptCompilationResult compiled = PlayerBuildInterface.CompilePlayerScripts(compile, folder);
            if (compiled.assemblies == null || compiled.assemblies.Count == 0)
                throw new PlayerBuildException("zts: the Player's scripts did not compile for the bridge generator (the console has the errors)");
            var candidates = new List<PlayerInput>();
            foreach (string file in compiled.assemblies)
            {
                string name = Path.GetFileNameWithoutExtension(file);
                bool asmdef = CompilationPipeline.GetAssemblyDefinitionFilePathFromAssemblyName(name) != null;
                candidates.Add(new PlayerInput(name, Path.Combine(folder, file), asmdef ? PlayerInputKind.Asmdef : PlayerInputKind.Predefined));
            }
            // Not the framework's reference assemblies: the generator reflects over the framework of the Mono it runs on.
            string contents = Path.GetFullPath(EditorApplication.applicationContentsPath);
            string[] framework = { Path.Combine(contents, "MonoBleedingEdge"), Path.Combine(contents, "NetStandard") };
            foreach (string reference in CompilationPipeline.GetAssemblies(AssembliesType.PlayerWithoutTestAssemblies)
                                                            .SelectMany(a => a.compiledAssemblyReferences).Distinct())
            {
                string full = Path.GetFullPath(reference);
                if (framework.Any(f => full.StartsWith(f, StringComparison.OrdinalIgnoreCase))) continue;
                candidates.Add(new PlayerInput(Path.GetFileNameWithoutExtension(full), full, PlayerInputKind.Reference));
            }
            return candidates;
        }
    }
}
#endif
