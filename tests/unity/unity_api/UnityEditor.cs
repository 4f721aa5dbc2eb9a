// The slice of UnityEditor's API that the package's Editor TypeScript code (unity/Editor/TypeScriptMenu.cs, with the Editor files it calls) uses, with
// the signatures of Unity's Scripting API, compiled into a reference UnityEditor.dll (see UnityEngine.cs beside it).
using System;

namespace UnityEditor
{
    [AttributeUsage(AttributeTargets.Class)]
    public class InitializeOnLoadAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MenuItem : Attribute
    {
        public string menuItem;
        public bool validate;
        public int priority;
        public MenuItem(string itemName) : this(itemName, false) { }
        public MenuItem(string itemName, bool isValidateFunction) : this(itemName, isValidateFunction, 1000) { }
        public MenuItem(string itemName, bool isValidateFunction, int priority) { menuItem = itemName; validate = isValidateFunction; this.priority = priority; }
    }

    public sealed class Menu
    {
        public static void SetChecked(string menuPath, bool isChecked) { }
        public static bool GetChecked(string menuPath) { return false; }
    }

    public sealed class EditorApplication
    {
        public delegate void CallbackFunction();
        public static CallbackFunction update;
        public static CallbackFunction delayCall;
        public static bool isPlaying { get { return false; } set { } }
        public static double timeSinceStartup { get { return 0; } }
    }

    public sealed class AssetDatabase
    {
        public static void Refresh() { }
    }
}

namespace UnityEditor.Compilation
{
    public enum AssembliesType
    {
        Editor = 0,
        Player = 1,
        PlayerWithoutTestAssemblies = 2,
    }

    public class Assembly
    {
        public string name { get { return ""; } }
        public string outputPath { get { return ""; } }
        public string[] sourceFiles { get { return new string[0]; } }
    }

    public static class CompilationPipeline
    {
        public static Assembly[] GetAssemblies(AssembliesType assembliesType) { return new Assembly[0]; }
    }
}
