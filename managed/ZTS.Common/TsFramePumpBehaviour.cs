#if UNITY_5_3_OR_NEWER
using System.Collections;
using UnityEngine;

namespace ZTS
{
    /// <summary>
    /// Unity adapter of <see cref="TsFramePump"/>: LateUpdate drains ref releases, WaitForEndOfFrame applies
    /// a reserved Reset. Created by the host once after TsAppDomain.Initialize (for example in Awake).
    /// </summary>
    public sealed class TsFramePumpBehaviour : MonoBehaviour
    {
        /// <summary>Creates the pump on a hidden, persistent GameObject.</summary>
        public static TsFramePumpBehaviour Create()
        {
            var go = new GameObject("ZTS Frame Pump") { hideFlags = HideFlags.HideAndDontSave };
            DontDestroyOnLoad(go);
            return go.AddComponent<TsFramePumpBehaviour>();
        }

        private void OnEnable() { StartCoroutine(EndOfFrameLoop()); }

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
