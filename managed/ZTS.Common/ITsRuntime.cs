using System;

namespace ZTS
{
    /// <summary>
    /// A ZTS backend (01-HOST-API §1.1): ZTS.Mono in the Editor, ZTS.Il2Cpp in an Il2Cpp Player (TsBackend).
    /// TsAppDomain creates it by reflection and drives it; hosts do not call it directly.
    /// </summary>
    public interface ITsRuntime
    {
        /// <summary>Creates the JS runtime and main context and installs the module loader.</summary>
        void Initialize(Func<string, object> moduleLoader);

        /// <summary>Tears the domain down and rebuilds it with the loader, now (TsAppDomain reserves and calls this at EndOfFrame).</summary>
        void Reset(Func<string, object> moduleLoader);

        /// <summary>Releases the JS references whose C# holders were collected or disposed (the frame pump's LateUpdate).</summary>
        void ProcessPendingRefReleases();

        /// <summary>Interrupts the JS running now (any thread; no effect when none runs).</summary>
        void Interrupt();

        /// <summary>The WebSocket URL of the current domain's script debugger, or null (TsSettings.DebuggerPort).</summary>
        string DebuggerUrl { get; }

        /// <summary>Binds the named export of a module as a delegate of the given type.</summary>
        Delegate GetFunction(Type delegateType, string jsModule, string jsExportName);
    }
}
