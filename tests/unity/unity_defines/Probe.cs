// Compiled by tests/unity/unity_defines.sh together with managed/ZTS.Common's TsBackend.cs (and what it needs) under one
// set of Unity's defines: prints what that compilation selects, one "key=value" line each.
using System;

namespace ZTS.UnityDefinesProbe
{
    internal static class Probe
    {
        private static int Main()
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
            return 0;
        }
    }
}
