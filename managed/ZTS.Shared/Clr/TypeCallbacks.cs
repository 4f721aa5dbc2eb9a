using System;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The type callbacks of the host table: name resolution for the CSharp tree and csharp: modules, the
    /// namespace listing, and EnsureBinding. Called by the core from inside JS (not JSCFunctions: they
    /// answer through the request and never throw into JS); every exception is caught here.
    /// </summary>
    internal static class TypeCallbacks
    {
        [MonoPInvokeCallback(typeof(NameRequestCallback))]
        public static int Resolve(IntPtr host, IntPtr name, IntPtr request)
        {
            try
            {
                JsDomain d = JsDomain.FromHost(host);
                string path = ZtsNative.FromUtf8Z(name);
                Type t = TypeCatalog.FindType(path);
                if (t != null && !PolicyGate.Shows(d, t)) throw new TsPolicyException(TsScriptPolicy.TypePath(t)); // docs/POLICY.md
                if (t != null)
                {
                    ZtsNative.zts_type_request_type(request, TypeBinder.Declare(d, t));
                    return 0;
                }
                if (TypeCatalog.IsNamespace(path)) ZtsNative.zts_type_request_namespace(request);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(request, e);
            }
        }

        [MonoPInvokeCallback(typeof(NameRequestCallback))]
        public static int ListNamespace(IntPtr host, IntPtr name, IntPtr request)
        {
            try
            {
                JsDomain d = JsDomain.FromHost(host);
                string ns = ZtsNative.FromUtf8Z(name);
                foreach (string type in TypeCatalog.TypesOf(ns))
                    if (PolicyGate.Shows(d, TypeCatalog.FindType(ns + "." + type))) // a denied type is not exported
                        ZtsNative.zts_type_request_add_name(request, ZtsNative.Utf8Z(type));
                return 0;
            }
            catch (Exception e)
            {
                return Fail(request, e);
            }
        }

        [MonoPInvokeCallback(typeof(TypeBindCallback))]
        public static int Bind(IntPtr host, int typeId, IntPtr request)
        {
            JsDomain d = null;
            try
            {
                d = JsDomain.FromHost(host);
                TypeBinder.Bind(d, typeId);
                return 0;
            }
            catch (Exception e)
            {
                return d == null ? Fail(request, e) : FailWithException(d, request, e);
            }
        }

        // A binding that failed with a C# exception (TsMarshalAsConfigurationException for [TsMarshalAs] on a method,
        // docs/MARSHAL.md): the Error the core throws is marked with it, so it keeps its type through JS, as an
        // exception of a member call does (ErrorBoundary): the host's TsException has it as InnerException.
        private static int FailWithException(JsDomain d, IntPtr request, Exception e)
        {
            string ignored;
            try
            {
                ZtsNative.zts_type_request_fail_exception(d.Handle, request, ZtsNative.Utf8Z(ErrorBoundary.Describe(e, out ignored).Substring(5)),
                                                          ErrorBoundary.MarkOf(d, e));
            }
            catch (Exception)
            {
                return Fail(request, e);
            }
            return 1;
        }

        private static int Fail(IntPtr request, Exception e)
        {
            string ignored;
            try
            {
                ZtsNative.zts_type_request_fail(request, ZtsNative.Utf8Z(ErrorBoundary.Describe(e, out ignored).Substring(5)));
            }
            catch (Exception)
            {
                // nothing more can be said; the core reports a failed request
            }
            return 1;
        }
    }
}
