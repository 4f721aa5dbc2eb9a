using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>A managed function reachable from JS through the backend's entry (the gate on Mono); throw to
    /// fail: the backend's boundary turns the exception into a JS Error (ErrorBoundary).</summary>
    internal unsafe delegate JsValue HostFunction(JsDomain domain, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data);
}
