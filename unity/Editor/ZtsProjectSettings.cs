using System;
#if UNITY_EDITOR
using System.IO;
using UnityEngine;
#endif

namespace ZTS.EditorTools
{
    /// <summary>
    /// The project settings of ZTS (Edit > Project Settings > ZTS), stored in ProjectSettings/ZTSSettings.json:
    /// where and from what the declaration generator writes TypeScript declarations, and what the Player build step
    /// (ZtsPlayerBuildStep) generates the Player's bridges for.
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

        /// <summary>The <see cref="Nullable"/> value that reads C#'s nullable annotations.</summary>
        public const string NullableAnnotated = "annotated";

        /// <summary>The <see cref="Nullable"/> value that ignores them.</summary>
        public const string NullableOblivious = "oblivious";

        /// <summary>
        /// How the declarations type C# reference types (as <c>ztsrun gen-dts --nullable</c>, docs/DECLARATIONS.md):
        /// <see cref="NullableAnnotated"/> (the default) reads C#'s nullable annotations and [NotNull]/[CanBeNull], and a
        /// reference type without one is <c>T | null</c>; <see cref="NullableOblivious"/> types them all as <c>T</c>,
        /// for code without annotations (most Unity code), at the price of null checks tsc no longer asks for.
        /// </summary>
        public string nullable = NullableAnnotated;

        /// <summary>The TypeScript project (the folder of its tsconfig.json), relative to the project folder, that
        /// Tools > ZTS > Compile TypeScript compiles.</summary>
        public string typeScriptFolder = "TypeScript";

        /// <summary>The Node executable that runs tsc; empty: found on PATH or where Node's installers put it.</summary>
        public string nodePath = "";

        /// <summary>Whether Tools > ZTS > Watch TypeScript is on: the Editor compiles the TypeScript project whenever
        /// one of its sources changes.</summary>
        public bool watchTypeScript;

        /// <summary>Whether <see cref="nullable"/> asks for oblivious declarations; throws with a <c>zts:</c> text for
        /// a value that is neither "annotated" nor "oblivious".</summary>
        public bool IsNullableOblivious()
        {
            if (nullable == NullableOblivious) return true;
            if (string.IsNullOrEmpty(nullable) || nullable == NullableAnnotated) return false;
            throw new ArgumentException("zts: the declarations' nullability is '" + nullable + "' in " + FilePath +
                                        "; it must be annotated or oblivious");
        }

        /// <summary>
        /// Whether an Il2Cpp Player build runs the Player build step (generates the bridges the package's Il2Cpp plugin
        /// calls). On by default: without it every C# member a script calls fails at first bind in the Player.
        /// </summary>
        public bool playerBridges = true;

        /// <summary>Where the step writes ZTS.Il2Cpp.Generated, a folder under Assets/ that ZTS owns.</summary>
        public string playerBridgesFolder = PlayerBuildLayout.DefaultOutputFolder;

        /// <summary>Player script assemblies the bridges cover; empty: every one but ZTS's own.</summary>
        public string[] playerAssemblies = new string[0];

        /// <summary>Engine modules and precompiled DLLs (assembly names, "UnityEngine.CoreModule") whose API the bridges cover too.</summary>
        public string[] playerReferenceAssemblies = new string[0];

        /// <summary>More framework types the bridges cover, assembly-qualified ("System.Uri, System").</summary>
        public string[] playerTypes = new string[0];

        /// <summary>MarshalAs XML files of the bridge generator, relative to the project folder (docs/MARSHAL.md).</summary>
        public string[] marshalXmlFiles = new string[0];

        /// <summary>The TypeScript project (folder of its tsconfig.json) relative to the project folder whose scripts the
        /// Player build checks: a C# member they use that the Player would not cover fails the build at its .ts
        /// position; empty: no check.</summary>
        public string playerScripts = "";

        /// <summary>The bridge generator's inputs these settings name (PlayerBuildLayout.Plan).</summary>
        public PlayerBuildOptions PlayerOptions()
        {
            var options = new PlayerBuildOptions();
            options.Assemblies.AddRange(playerAssemblies);
            options.ReferenceAssemblies.AddRange(playerReferenceAssemblies);
            options.Types.AddRange(playerTypes);
            options.MarshalXmlFiles.AddRange(marshalXmlFiles);
            options.Scripts = string.IsNullOrEmpty(playerScripts) ? null : playerScripts;
            return options;
        }

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
