#if UNITY_5_3_OR_NEWER
using System.Collections;
using UnityEngine;

namespace ZTS
{
    /// <summary>
    /// Unity adapter of <see cref="TsFramePump"/> (01-HOST-API §1.4): LateUpdate drains ref releases,
    /// WaitForEndOfFrame applies a reserved Reset. TsAppDomain.Initialize creates it once, in play mode, on a
    /// hidden GameObject that survives scene loads; in edit mode the Editor code that uses ZTS calls
    /// TsFramePump itself (MonoBehaviours do not run there).
    /// </summary>
    public sealed class TsFramePumpBehaviour : MonoBehaviour
    {
        private static TsFramePumpBehaviour _instance;

        /// <summary>The pump, created on first call in play mode; null in edit mode.</summary>
        public static TsFramePumpBehaviour EnsureCreated()
        {
            if (_instance != null) return _instance;
            if (!Application.isPlaying) return null;
            // Not DontSave: in the Editor such objects outlive play mode, and a second play would pump twice.
            var go = new GameObject("ZTS Frame Pump") { hideFlags = HideFlags.HideInHierarchy | HideFlags.NotEditable };
            DontDestroyOnLoad(go);
            _instance = go.AddComponent<TsFramePumpBehaviour>();
            return _instance;
        }

        private void OnEnable() { StartCoroutine(EndOfFrameLoop()); }

        private void OnDestroy()
        {
            if (_instance == this) _instance = null;
        }

        private void LateUpdate() { TsFramePump.LateUpdate(); }

        private IEnumerator EndOfFrameLoop()
        {
            var wait = new WaitForEndOfFrame();
            while (true)
            {
                yield return wait;
                TsFramePump.EndOfFrame();
            }
        }
    }
}
#endif
