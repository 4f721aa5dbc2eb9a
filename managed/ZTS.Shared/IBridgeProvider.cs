using System;
using System.Reflection;
using ZTS.Shared.Bridges;

namespace ZTS.Shared
{
    /// <summary>
    /// The seam between the shared managed layer and a backend: how call bridges are made and how native code
    /// reaches managed code. Everything else (binder, conversion rules, registry policy, error mapping, the zts
    /// helpers) lives in ZTS.Shared once. The Editor backend (ZTS.Mono) emits bridges at run time; the Player
    /// backend supplies bridges generated at build time and makes no code at run time.
    /// </summary>
    internal interface IBridgeProvider
    {
        /// <summary>Registers the native -> managed entry points once per process (the host callback table and,
        /// on Mono, the gate); returns the JSCFunctionData entry that zts_domain_new takes as its gate.</summary>
        IntPtr EnsureNativeEntryPoints();

        /// <summary>Called once a host function has its id in domain d (the Player backend hands the ids of generated
        /// bridges to its native gate here; the Editor backend needs nothing).</summary>
        void Registered(JsDomain d, int id, HostFunction fn);

        /// <summary>The bridge of a method (also property accessors, indexers, event accessors, operators).</summary>
        HostFunction Method(MethodInfo m, MemberSite site);

        /// <summary>The bridge of a constructor.</summary>
        HostFunction Constructor(ConstructorInfo c, MemberSite site);

        /// <summary>The implicit parameterless constructor of a struct.</summary>
        HostFunction DefaultStruct(Type structType, MemberSite site);

        /// <summary>The getter of a field.</summary>
        HostFunction FieldGet(FieldInfo f, MemberSite site);

        /// <summary>The setter of a field.</summary>
        HostFunction FieldSet(FieldInfo f, MemberSite site);

        /// <summary>Element access of a rank-1 array: op is "get", "set" or "length".</summary>
        HostFunction ArrayElement(Type arrayType, string op, MemberSite site);

        /// <summary>Checks that a C# -> JS bridge for delegateType exists or can be made; throws TsBindException
        /// naming the signature otherwise (before any JS runs).</summary>
        void CheckDelegate(Type delegateType);

        /// <summary>A delegate of delegateType that calls the JS function behind closure.</summary>
        Delegate BindDelegate(Type delegateType, FunctionClosure closure);

        /// <summary>Reads member m (a field or property of type memberType) of a boxed struct, in place.</summary>
        Func<object, object> StructMemberGetter(Type structType, MemberInfo m, Type memberType);

        /// <summary>Writes member m (a field or property of type memberType) into a boxed struct, in place.</summary>
        Action<object, object> StructMemberSetter(Type structType, MemberInfo m, Type memberType);

        /// <summary>Reads member m of a boxed struct straight into a JS value, for the member types whose value is
        /// its JS value as is (int, bool, double, float: JsValue.FromInt32/FromBool/FromDouble); null for any other
        /// type, which goes through StructMemberGetter and the general conversion.</summary>
        Func<object, Native.JsValue> StructMemberToJs(Type structType, MemberInfo m, Type memberType);

        /// <summary>Makes a new box of default(structType) (Table conversions start from one per value).</summary>
        Func<object> StructFactory(Type structType);

        /// <summary>How values of a blittable struct (Clr.CopyLayout) are copied between boxes and native bytes, or null
        /// for the Marshal copies (CopyCodec.Marshalled).</summary>
        Clr.CopyCodec CopyCodecOf(Type structType);

        /// <summary>For a struct with reference, bool or char fields: its value's size as the runtime lays it out, and
        /// each of fields' offsets in it (into offsets), when the backend keeps such values as native copies in memory its
        /// GC scans (10-LIFETIME §3.2; the core's rooted arena, zts_struct_set_rooted_memory); -1 when it keeps them boxed
        /// (§3.3).</summary>
        int ScannedCopySize(Type structType, FieldInfo[] fields, int[] offsets);
    }

    /// <summary>The process's backend (one per process: the one whose runtime TsAppDomain created). Process-wide
    /// caches that need bridges (Table shapes) read it.</summary>
    internal static class BridgeProvider
    {
        private static IBridgeProvider _current;

        /// <summary>The backend's provider; throws before a runtime exists.</summary>
        public static IBridgeProvider Current
        {
            get
            {
                if (_current == null) throw new InvalidOperationException("zts: no ZTS backend runtime has been created in this process");
                return _current;
            }
        }

        /// <summary>The backend's provider, or null before a runtime exists (build-time tools, declarations).</summary>
        public static IBridgeProvider Known
        {
            get { return _current; }
        }

        /// <summary>Records the backend (first runtime wins; a second backend in one process is refused).</summary>
        public static void Register(IBridgeProvider provider)
        {
            if (_current != null && _current.GetType() != provider.GetType())
                throw new InvalidOperationException("zts: one process runs one ZTS backend; " + _current.GetType().FullName + " is already in use");
            _current = provider;
        }
    }
}
