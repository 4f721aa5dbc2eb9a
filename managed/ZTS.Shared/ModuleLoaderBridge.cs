using System;
using System.Text;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// zts_host_callbacks.module_load: runs the host's module loader (01-HOST-API §1.3) and answers the
    /// native load request with UTF-8 source (string, byte[], or a <see cref="TsModuleSource"/> with its
    /// source map), or fails it with a reason. Never lets an exception escape.
    /// </summary>
    internal static unsafe class ModuleLoaderBridge
    {
        [MonoPInvokeCallback(typeof(ModuleLoadCallback))]
        public static int Load(IntPtr host, IntPtr specifierUtf8, IntPtr importerUtf8, IntPtr request)
        {
            string failure = null;
            Exception unexpected = null;
            try
            {
                JsDomain domain = JsDomain.FromHost(host);
                string specifier = ZtsNative.FromUtf8Z(specifierUtf8);
                object source;
                Exception thrown = null;
                try
                {
                    source = domain.Loader(specifier);
                }
                catch (Exception e)
                {
                    thrown = e;
                    source = null;
                }
                if (thrown != null)
                {
                    domain.LastLoaderException = thrown;
                    string ignored;
                    failure = "the module loader threw " + ErrorBoundary.Describe(thrown, out ignored).Substring("zts: ".Length);
                }
                if (failure == null)
                {
                    byte[] bytes = source as byte[];
                    var text = source as string;
                    var module = source as TsModuleSource;
                    if (module != null) text = module.Code;
                    if (text != null) bytes = Encoding.UTF8.GetBytes(text);
                    if (bytes != null)
                    {
                        fixed (byte* p = bytes)
                            ZtsNative.zts_load_request_set_source(request, p, bytes.Length);
                        if (module != null && module.SourceMap != null)
                        {
                            byte[] map = Encoding.UTF8.GetBytes(module.SourceMap);
                            fixed (byte* m = map)
                                ZtsNative.zts_load_request_set_source_map(request, m, map.Length);
                        }
                        if (module != null && module.Path != null)
                        {
                            byte[] path = Encoding.UTF8.GetBytes(module.Path);
                            fixed (byte* f = path)
                                ZtsNative.zts_load_request_set_path(request, f, path.Length);
                        }
                        return 0;
                    }
                    failure = source == null
                        ? "the module loader returned null"
                        : "the module loader returned " + source.GetType().FullName + " (expected string, byte[] or TsModuleSource)";
                }
            }
            catch (Exception e)
            {
                unexpected = e;
            }
            if (unexpected != null)
            {
                string ignored;
                failure = ErrorBoundary.Describe(unexpected, out ignored);
            }
            try
            {
                byte[] reason = Encoding.UTF8.GetBytes(failure);
                fixed (byte* r = reason)
                    ZtsNative.zts_load_request_fail(request, r, reason.Length);
            }
            catch (Exception)
            {
                // Out of memory: an unanswered request fails natively ("the loader gave no answer").
            }
            return 0;
        }
    }
}
