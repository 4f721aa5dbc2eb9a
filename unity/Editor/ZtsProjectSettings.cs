using System;
#if UNITY_EDITOR
using System.IO;
using UnityEngine;
#endif

namespace ZTS.EditorTools
{
    /// <summary>
    /// The project settings of ZTS (Edit > Project Settings > ZTS), stored in ProjectSettings/ZTSSettings.json:
    /// where and from what the declaration generator writes TypeScript declarations.
    /// </summary>
    [Serializable]
    public sealed class ZtsProjectSettings
    {
        /// <summary>Where the settings live, relative to the project folder.</summary>
        public const string FilePath = "ProjectSettings/ZTSSettings.json";

        /// <summary>Output folder of the declarations, relative to the project folder.</summary>
        public string declarationsFolder = "TypeScript/types";

        /// <summary>Assembly names to declare; empty: every assembly whose scripts are under Assets/.</summary>
        public string[] assemblies = new string[0];

        /// <summary>Namespaces to declare; empty: every namespace of the assemblies.</summary>
        public string[] namespaces = new string[0];

        /// <summary>Alias XML files (as TsSettings.AliasXmlPaths at run time), relative to the project folder.</summary>
        public string[] aliasXmlFiles = new string[0];

#if UNITY_EDITOR
        /// <summary>Reads the settings file, or the defaults when there is none.</summary>
        public static ZtsProjectSettings Load()
        {
            var settings = new ZtsProjectSettings();
            if (File.Exists(FilePath)) JsonUtility.FromJsonOverwrite(File.ReadAllText(FilePath), settings);
            return settings;
        }

        /// <summary>Writes the settings file.</summary>
        public void Save()
        {
            File.WriteAllText(FilePath, JsonUtility.ToJson(this, true));
        }
#endif
    }
}
