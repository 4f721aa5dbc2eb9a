#if UNITY_EDITOR
using System;
using System.IO;
using System.Threading.Tasks;
using UnityEditor;
using UnityEngine;

namespace ZTS.EditorTools
{
    /// <summary>
    /// Tools > ZTS > Compile TypeScript runs the project's tsc (<see cref="TypeScriptBuild"/>) over the TypeScript
    /// folder of Project Settings > ZTS, off the main thread, and logs each diagnostic at its file position. Tools >
    /// ZTS > Watch TypeScript compiles again whenever a source changes. The compiled scripts land in the tsconfig's
    /// outDir (StreamingAssets/ZTS in the TypeScript Project sample), where a running quick start
    /// (ZtsQuickStart) sees them change and reloads them; other Editor code can listen to <see cref="Compiled"/>.
    /// </summary>
    [InitializeOnLoad]
    public static class TypeScriptMenu
    {
        /// <summary>The compile menu's path.</summary>
        public const string CompilePath = "Tools/ZTS/Compile TypeScript";

        /// <summary>The watcher's menu path (checked while it watches).</summary>
        public const string WatchPath = "Tools/ZTS/Watch TypeScript";

        // A compile can take seconds (a cold tsc); the watcher looks at the sources once a second.
        private const int TimeoutMs = 120000;
        private const double WatchPollSeconds = 1.0;

        private static Task<TscResult> _running;
        private static DateTime _compiledStamp = DateTime.MinValue;
        private static double _lastPoll;

        /// <summary>Raised on the main thread after each compile, successful or not.</summary>
        public static event Action<TscResult> Compiled;

        static TypeScriptMenu()
        {
            EditorApplication.update += Update;
            EditorApplication.delayCall += () => Menu.SetChecked(WatchPath, ZtsProjectSettings.Load().watchTypeScript);
        }

        /// <summary>Compiles the TypeScript project now (nothing when a compile is running).</summary>
        [MenuItem(CompilePath)]
        public static void Compile()
        {
            if (_running != null) return;
            ZtsProjectSettings settings = ZtsProjectSettings.Load();
            string project = Path.GetDirectoryName(Application.dataPath);
            string folder = Path.Combine(project, settings.typeScriptFolder);
            TscCommand command;
            try
            {
                command = TypeScriptBuild.Plan(folder, settings.nodePath, Environment.GetEnvironmentVariable("PATH"),
                                               Application.platform == RuntimePlatform.WindowsEditor);
            }
            catch (InvalidOperationException e)
            {
                Debug.LogError(e.Message);
                return;
            }
            // The first compile needs the declarations (zts.d.ts declares console and the timers).
            if (!File.Exists(Path.Combine(Path.Combine(project, settings.declarationsFolder), "zts.d.ts")))
                DeclarationsMenu.Generate();
            _compiledStamp = TypeScriptBuild.NewestSource(folder);
            _running = Task.Run(() => TypeScriptBuild.Run(command, TimeoutMs));
        }

        /// <summary>Turns the watcher on or off (stored in Project Settings > ZTS; on: compiles now).</summary>
        [MenuItem(WatchPath)]
        public static void ToggleWatch()
        {
            ZtsProjectSettings settings = ZtsProjectSettings.Load();
            settings.watchTypeScript = !settings.watchTypeScript;
            settings.Save();
            Menu.SetChecked(WatchPath, settings.watchTypeScript);
            if (settings.watchTypeScript) Compile();
        }

        private static void Update()
        {
            if (_running != null && _running.IsCompleted) Finish();
            if (_running != null || EditorApplication.timeSinceStartup - _lastPoll < WatchPollSeconds) return;
            _lastPoll = EditorApplication.timeSinceStartup;
            ZtsProjectSettings settings = ZtsProjectSettings.Load();
            if (!settings.watchTypeScript) return;
            string folder = Path.Combine(Path.GetDirectoryName(Application.dataPath), settings.typeScriptFolder);
            if (TypeScriptBuild.NewestSource(folder) > _compiledStamp) Compile();
        }

        private static void Finish()
        {
            Task<TscResult> done = _running;
            _running = null;
            TscResult result;
            try
            {
                result = done.Result;
            }
            catch (AggregateException e)
            {
                Debug.LogError("zts: could not run tsc: " + e.InnerException.Message);
                return;
            }
            string folder = ZtsProjectSettings.Load().typeScriptFolder;
            // What the compile itself wrote into the folder (declaration files of a tsconfig with "declaration" and an
            // outDir inside it) must not look like an edit to the watcher, or it would compile again every second.
            DateTime written = TypeScriptBuild.NewestSource(Path.Combine(Path.GetDirectoryName(Application.dataPath), folder));
            if (written > _compiledStamp) _compiledStamp = written;
            foreach (TscDiagnostic d in result.Diagnostics)
            {
                // Positions relative to the Unity project (TypeScript/src/main.ts(3,5)) open from the Console.
                string text = d.File.Length == 0 ? d.Text : Path.Combine(folder, d.File).Replace('\\', '/') + "(" + d.Line + "," + d.Column + "): " + d.Text;
                if (d.IsError) Debug.LogError(text);
                else Debug.LogWarning(text);
            }
            if (result.Succeeded)
            {
                Debug.Log("ZTS: TypeScript compiled (" + folder + "); a running quick start reloads the scripts");
                if (!EditorApplication.isPlaying) AssetDatabase.Refresh();
            }
            else if (result.Diagnostics.Count == 0)
            {
                Debug.LogError("zts: tsc failed (exit code " + result.ExitCode + "):\n" + result.Output);
            }
            else
            {
                Debug.LogError("zts: TypeScript did not compile: " + result.Diagnostics.Count + " diagnostic(s) above (with noEmitOnError, as in the TypeScript Project sample, no script was written)");
            }
            Action<TscResult> compiled = Compiled;
            if (compiled != null) compiled(result);
        }
    }
}
#endif
