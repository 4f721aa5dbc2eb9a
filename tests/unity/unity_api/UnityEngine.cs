// The slice of UnityEngine's API that the package's samples (unity/Samples~) and its Editor TypeScript code
// (unity/Editor/TypeScriptMenu.cs, with the Editor files it calls) use, with the signatures of Unity's Scripting API, compiled into a reference
// UnityEngine.dll so that mcs checks those files with UNITY_5_3_OR_NEWER (and UNITY_EDITOR) defined
// (tests/unity/samples_check.sh). Nothing here runs: the bodies only satisfy the compiler. A member the samples
// start to use must be added here with Unity's signature, or the check fails to compile them.
using System;

namespace UnityEngine
{
    public class Object
    {
    }

    public class Component : Object
    {
    }

    public class Behaviour : Component
    {
        public bool enabled { get { return true; } set { } }
    }

    public class MonoBehaviour : Behaviour
    {
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public class PropertyAttribute : Attribute
    {
    }

    public class TooltipAttribute : PropertyAttribute
    {
        public readonly string tooltip;
        public TooltipAttribute(string tooltip) { this.tooltip = tooltip; }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class ContextMenu : Attribute
    {
        public readonly string menuItem;
        public ContextMenu(string itemName) { menuItem = itemName; }
    }

    public enum RuntimePlatform
    {
        OSXEditor = 0,
        OSXPlayer = 1,
        WindowsPlayer = 2,
        WindowsEditor = 7,
        LinuxPlayer = 13,
        LinuxEditor = 16,
    }

    public static class Application
    {
        public static string streamingAssetsPath { get { return ""; } }
        public static string dataPath { get { return ""; } }
        public static bool isPlaying { get { return false; } }
        public static bool isEditor { get { return false; } }
        public static RuntimePlatform platform { get { return RuntimePlatform.LinuxEditor; } }
    }

    public static class Time
    {
        public static float deltaTime { get { return 0; } }
        public static float realtimeSinceStartup { get { return 0; } }
    }

    public static class JsonUtility
    {
        public static string ToJson(object obj, bool prettyPrint) { return ""; }
        public static void FromJsonOverwrite(string json, object objectToOverwrite) { }
    }

    public static class Debug
    {
        public static void Log(object message) { }
        public static void LogWarning(object message) { }
        public static void LogError(object message) { }
    }
}
