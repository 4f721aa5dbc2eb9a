using System.IO;
using UnityEngine;
using ZTS;

namespace ZTS.Samples.QuickStart
{
    /// <summary>
    /// The quick start: add this component to a GameObject of a scene and press Play. It starts the script world
    /// (<see cref="TsAppDomain.Initialize"/>, through <see cref="ZtsScriptHost"/>) over the compiled scripts in
    /// StreamingAssets/ZTS, calls the module's <c>start</c> export once and <c>tick</c> every frame, and in the
    /// Editor reloads the scripts when their files change. The frame pump (<see cref="TsFramePumpBehaviour"/>, which
    /// Initialize creates) runs Promise jobs, timers and the console after each frame and applies the reload at the
    /// end of the frame.
    /// <para>Why StreamingAssets: Unity copies the folder into every Player build as plain files, so the same loader
    /// (<see cref="TsFileLoader"/>: module "game/logic" is the file game/logic.js, with its source map and the npm
    /// packages of node_modules beside it) reads the same files in the Editor and in a desktop Player.</para>
    /// </summary>
    public sealed class ZtsQuickStart : MonoBehaviour
    {
        /// <summary>The compiled scripts' folder under StreamingAssets (the TypeScript project's outDir).</summary>
        [Tooltip("The compiled scripts' folder under Assets/StreamingAssets (the outDir of TypeScript/tsconfig.json)")]
        public string scriptsFolder = "ZTS";

        /// <summary>The module whose start, tick and dispose exports run ("main" is main.js).</summary>
        [Tooltip("The module whose start, tick and dispose exports run: main is StreamingAssets/ZTS/main.js")]
        public string module = "main";

        /// <summary>Whether the Editor reloads the scripts when their files change (no effect in a Player).</summary>
        [Tooltip("Reload the scripts when their files change (Editor only)")]
        public bool reloadOnChange = true;

        private ZtsScriptHost _host;

        private void Start()
        {
            // console.log and friends go to Unity's Console (the default sink writes to the process's stdout).
            TsConsole.Sink = (level, text) =>
            {
                if (level >= TsLogLevel.Error) Debug.LogError(text);
                else if (level == TsLogLevel.Warn) Debug.LogWarning(text);
                else Debug.Log(text);
            };
            _host = new ZtsScriptHost(Path.Combine(Application.streamingAssetsPath, scriptsFolder), module, Debug.LogError);
            _host.Start();
        }

        private void Update()
        {
            if (_host == null) return;
            _host.Tick(Time.deltaTime);
#if UNITY_EDITOR
            if (reloadOnChange) _host.PollForChanges(Time.realtimeSinceStartup);
#endif
        }

        /// <summary>The component's context menu in the Inspector: reload the scripts now (play mode).</summary>
        [ContextMenu("Reload scripts")]
        public void ReloadScripts()
        {
            if (_host != null) _host.Reload();
        }

        private void OnDestroy()
        {
            if (_host != null) _host.Dispose();
            _host = null;
        }
    }
}
