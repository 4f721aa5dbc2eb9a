namespace ZTS
{
    /// <summary>
    /// Final teardown of a backend, for tests and tools only: the host API has no Shutdown (01-HOST-API §1.1),
    /// but every test must free its runtime and check QuickJS's leak count.
    /// </summary>
    internal interface ITsRuntimeTeardown
    {
        /// <summary>Tears the domain down; returns the bytes QuickJS leaked at JS_FreeRuntime (0 when clean).</summary>
        long Shutdown();
    }
}
