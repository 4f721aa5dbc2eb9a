// Compiled by tests/unity/unity_defines.sh together with managed/ZTS.Common's TsBackend.cs (and what it needs) under one
// set of Unity's defines: prints what that compilation selects, one "key=value" line each; the arguments are the ZTS
// assemblies compiled with the same defines, whose DllImport library names it prints.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;

namespace ZTS.UnityDefinesProbe
{
    internal static class Probe
    {
        private static int Main(string[] assemblies)
        {
            string selected;
            try
            {
                selected = TsBackend.SelectedRuntimeType == TsBackend.Il2CppRuntimeType ? "il2cpp"
                         : TsBackend.SelectedRuntimeType == TsBackend.MonoRuntimeType ? "mono" : TsBackend.SelectedRuntimeType;
            }
            catch (InvalidOperationException e)
            {
                selected = e.Message;
            }
            Console.WriteLine("backend=" + selected);
            // No backend assembly is next to this program, so Create reports why it cannot make the selected one: which
            // check runs first shows the compiled path (the launcher check outside Unity only).
            try
            {
                TsBackend.Create();
                Console.WriteLine("create=made");
            }
            catch (InvalidOperationException e)
            {
                Console.WriteLine("create=" + e.Message);
            }
            foreach (string path in assemblies)
            {
                Assembly a = Assembly.LoadFrom(path);
                var libraries = new SortedSet<string>(StringComparer.Ordinal);
                foreach (Type t in a.GetTypes())
                    foreach (MethodInfo m in t.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.DeclaredOnly))
                    {
                        if ((m.Attributes & MethodAttributes.PinvokeImpl) == 0) continue;
                        foreach (DllImportAttribute d in m.GetCustomAttributes(typeof(DllImportAttribute), false)) libraries.Add(d.Value);
                    }
                Console.WriteLine("dllimport " + a.GetName().Name + "=" + (libraries.Count == 0 ? "-" : string.Join(",", libraries)));
            }
            return 0;
        }
    }
}
