#if UNITY_EDITOR
using System.IO;
using UnityEditor.Build;
using UnityEditor.Build.Reporting;
using UnityEditor.UnityLinker;

namespace ZTS.EditorTools
{
    /// <summary>
    /// Hands the package's link.xml to UnityLinker: Unity does not read link.xml files inside packages by itself.
    /// </summary>
    public sealed class ZtsLinkerProcessor : IUnityLinkerProcessor
    {
        /// <summary>Order among linker processors.</summary>
        public int callbackOrder
        {
            get { return 0; }
        }

        /// <summary>The absolute path of the package's link.xml.</summary>
        public string GenerateAdditionalLinkXmlFile(BuildReport report, UnityLinkerBuildPipelineData data)
        {
            var package = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(ZtsLinkerProcessor).Assembly);
            return Path.Combine(package.resolvedPath, "link.xml");
        }

#if !UNITY_2021_2_OR_NEWER
        /// <summary>Nothing to do before UnityLinker runs.</summary>
        public void OnBeforeRun(BuildReport report, UnityLinkerBuildPipelineData data)
        {
        }

        /// <summary>Nothing to do after UnityLinker runs.</summary>
        public void OnAfterRun(BuildReport report, UnityLinkerBuildPipelineData data)
        {
        }
#endif
    }
}
#endif
