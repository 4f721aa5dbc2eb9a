#if UNITY_EDITOR
using System.Collections.Generic;
using System.Linq;
using UnityEditor;

namespace ZTS.EditorTools
{
    /// <summary>Edit > Project Settings > ZTS: edits <see cref="ZtsProjectSettings"/>.</summary>
    public sealed class ZtsSettingsProvider : SettingsProvider
    {
        private ZtsProjectSettings _settings;

        private ZtsSettingsProvider() : base("Project/ZTS", SettingsScope.Project)
        {
        }

        /// <summary>Registers the page with the Project Settings window.</summary>
        [SettingsProvider]
        public static SettingsProvider Create()
        {
            return new ZtsSettingsProvider { keywords = new HashSet<string>(new[] { "ZTS", "TypeScript", "declarations" }) };
        }

        /// <summary>Draws the page; changes are saved at once.</summary>
        public override void OnGUI(string searchContext)
        {
            if (_settings == null) _settings = ZtsProjectSettings.Load();
            EditorGUI.BeginChangeCheck();
            _settings.declarationsFolder = EditorGUILayout.TextField("Declarations folder", _settings.declarationsFolder);
            _settings.assemblies = List("Assemblies (empty: Assets/)", _settings.assemblies);
            _settings.namespaces = List("Namespaces (empty: all)", _settings.namespaces);
            _settings.aliasXmlFiles = List("Alias XML files", _settings.aliasXmlFiles);
            if (EditorGUI.EndChangeCheck()) _settings.Save();
            if (UnityEngine.GUILayout.Button("Generate TypeScript Declarations")) DeclarationsMenu.Generate();
        }

        // One comma-separated text field per list.
        private static string[] List(string label, string[] values)
        {
            string text = EditorGUILayout.TextField(label, string.Join(", ", values));
            return text.Split(',').Select(s => s.Trim()).Where(s => s.Length > 0).ToArray();
        }
    }
}
#endif
