using System;
using ZTS.Shared;
using ZTS.Shared.Bridges;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// C# -> JS delegates on the Player backend: the bridge generator (tools/gen-bridges) writes, at build time, a
    /// shim class per delegate type it covers, with an Invoke of that exact signature that converts through the
    /// shared rules (ValueMarshal) and calls zts_function_call, and a table ZTS.Il2Cpp.Generated.Shims.Bind(type,
    /// closure) that makes the delegate (Delegate.CreateDelegate is not needed: the table news it up). This class
    /// finds that table once; an uncovered delegate type is a zts: error at GetFunction.
    /// </summary>
    internal static class DelegateShims
    {
        /// <summary>Assembly-qualified name of the generated table.</summary>
        public const string TableType = "ZTS.Il2Cpp.Generated.Shims, ZTS.Il2Cpp.Generated";

        private static readonly object Lock = new object();
        private static Func<Type, FunctionClosure, Delegate> _bind;

        private static Func<Type, FunctionClosure, Delegate> Table
        {
            get
            {
                lock (Lock)
                {
                    if (_bind != null) return _bind;
                    Type t = Type.GetType(TableType, false);
                    if (t == null)
                        throw new TsBindException("zts: no Player delegate shims: ZTS.Il2Cpp.Generated.dll (made by tools/gen-bridges) is not next to ZTS.Il2Cpp.dll");
                    _bind = (Func<Type, FunctionClosure, Delegate>)Delegate.CreateDelegate(typeof(Func<Type, FunctionClosure, Delegate>), t.GetMethod("Bind", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static));
                    return _bind;
                }
            }
        }

        private static Func<Type, System.Reflection.MethodInfo> _invoker;

        /// <summary>The build-time invoker of delegateType (a static method taking the delegate, then Invoke's
        /// arguments), or null when the build made none.</summary>
        public static System.Reflection.MethodInfo Invoker(Type delegateType)
        {
            lock (Lock)
            {
                if (_invoker == null)
                {
                    Table.GetType(); // loads the generated table (throws the zts: error when it is missing)
                    Type t = Type.GetType(TableType, false);
                    _invoker = (Func<Type, System.Reflection.MethodInfo>)Delegate.CreateDelegate(typeof(Func<Type, System.Reflection.MethodInfo>),
                        t.GetMethod("Invoker", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static));
                }
            }
            System.Reflection.MethodInfo invoker = _invoker(delegateType);
            if (invoker != null || delegateType.IsVisible) return invoker;
            // A delegate type that is not public: the invoker of its signature, which retypes the delegate once.
            lock (Lock)
            {
                if (_invokerBySignature == null)
                {
                    Type t = Type.GetType(TableType, false);
                    System.Reflection.MethodInfo f = t.GetMethod("InvokerBySignature", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static);
                    _invokerBySignature = f == null ? x => null
                                                    : (Func<string, System.Reflection.MethodInfo>)Delegate.CreateDelegate(typeof(Func<string, System.Reflection.MethodInfo>), f);
                }
            }
            string key = ZTS.Shared.Clr.DelegateSignature.Key(delegateType);
            return key == null ? null : _invokerBySignature(key);
        }

        private static Func<string, System.Reflection.MethodInfo> _invokerBySignature;

        /// <summary>Assembly-qualified name of the generated wrappers of the members the typed entries cannot take.</summary>
        public const string MemberWrappersType = "ZTS.Il2Cpp.Generated.MemberWrappers, ZTS.Il2Cpp.Generated";

        private static Func<System.Reflection.MethodBase, MemberSite, HostFunction> _memberWrapper;

        /// <summary>The build-time managed wrapper of method m (one with ref/out or UnpackedValues parameters) bound to
        /// site, or null when the build wrote none.</summary>
        public static HostFunction MemberWrapper(System.Reflection.MethodBase m, MemberSite site)
        {
            lock (Lock)
            {
                if (_memberWrapper == null)
                {
                    Table.GetType(); // loads the generated assembly (throws the zts: error when it is missing)
                    Type t = Type.GetType(MemberWrappersType, false);
                    _memberWrapper = (Func<System.Reflection.MethodBase, MemberSite, HostFunction>)Delegate.CreateDelegate(
                        typeof(Func<System.Reflection.MethodBase, MemberSite, HostFunction>),
                        t.GetMethod("For", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static));
                }
            }
            return _memberWrapper(m, site);
        }

        /// <summary>Assembly-qualified name of the generated wrappers of the members with struct copies in their signature.</summary>
        public const string CopyWrappersType = "ZTS.Il2Cpp.Generated.CopyWrappers, ZTS.Il2Cpp.Generated";

        private static Func<System.Reflection.MethodBase, MemberSite, HostFunction> _copyWrapper;

        /// <summary>The build-time managed wrapper of member m whose signature holds a struct copy (it takes and gives the
        /// copies' bytes; tools/gen-bridges/CopyWrapperWriter.cs) bound to site, or null when the build wrote none.</summary>
        public static HostFunction CopyWrapper(System.Reflection.MethodBase m, MemberSite site)
        {
            lock (Lock)
            {
                if (_copyWrapper == null)
                {
                    Table.GetType(); // loads the generated assembly (throws the zts: error when it is missing)
                    Type t = Type.GetType(CopyWrappersType, false);
                    System.Reflection.MethodInfo f = t == null ? null : t.GetMethod("For", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static);
                    _copyWrapper = f == null ? (x, y) => null
                                             : (Func<System.Reflection.MethodBase, MemberSite, HostFunction>)Delegate.CreateDelegate(
                                                   typeof(Func<System.Reflection.MethodBase, MemberSite, HostFunction>), f);
                }
            }
            return _copyWrapper(m, site);
        }

        private delegate System.Reflection.MethodInfo EntryLookup(System.Reflection.MethodBase m, out string signature);

        private static EntryLookup _copyEntry;

        /// <summary>The build-time copy entry of member m (a static method the C++ bridge calls with pointers to the copies'
        /// bytes; tools/gen-bridges/CopyWrapperWriter.cs EntrySignature) and its reduced signature, or null.</summary>
        public static System.Reflection.MethodInfo CopyEntry(System.Reflection.MethodBase m, out string signature)
        {
            lock (Lock)
            {
                if (_copyEntry == null)
                {
                    Table.GetType(); // loads the generated assembly (throws the zts: error when it is missing)
                    Type t = Type.GetType(CopyWrappersType, false);
                    System.Reflection.MethodInfo f = t == null ? null : t.GetMethod("EntryFor", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static);
                    _copyEntry = f == null ? (EntryLookup)((System.Reflection.MethodBase x, out string y) => { y = null; return null; })
                                           : (EntryLookup)Delegate.CreateDelegate(typeof(EntryLookup), f);
                }
            }
            return _copyEntry(m, out signature);
        }

        public const string TableAccessorsType = "ZTS.Il2Cpp.Generated.TableAccessors, ZTS.Il2Cpp.Generated";

        private static Func<Type, string, Func<object, object>> _tableGetter;
        private static Func<Type, string, Action<object, object>, Action<object, object>> _tableSetter;

        /// <summary>The build-time getter of property `name` of boxed struct t (Table conversions), or null.</summary>
        public static Func<object, object> TableGetter(Type t, string name)
        {
            LoadTableAccessors();
            return _tableGetter(t, name);
        }

        /// <summary>The build-time setter of property `name` of boxed struct t (into a copy, put back with copyBack), or
        /// null.</summary>
        public static Action<object, object> TableSetter(Type t, string name, Action<object, object> copyBack)
        {
            LoadTableAccessors();
            return _tableSetter(t, name, copyBack);
        }

        private static void LoadTableAccessors()
        {
            lock (Lock)
            {
                if (_tableGetter != null) return;
                Table.GetType(); // loads the generated assembly (throws the zts: error when it is missing)
                Type t = Type.GetType(TableAccessorsType, false);
                const System.Reflection.BindingFlags flags = System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static;
                _tableSetter = (Func<Type, string, Action<object, object>, Action<object, object>>)Delegate.CreateDelegate(
                    typeof(Func<Type, string, Action<object, object>, Action<object, object>>), t.GetMethod("Setter", flags));
                _tableGetter = (Func<Type, string, Func<object, object>>)Delegate.CreateDelegate(
                    typeof(Func<Type, string, Func<object, object>>), t.GetMethod("Getter", flags));
            }
        }

        /// <summary>Throws the zts: error for an uncovered delegate type (before any JS runs).</summary>
        public static void Check(Type delegateType)
        {
            if (Make(delegateType, null) == null) throw NotCovered(delegateType);
        }

        /// <summary>A delegate of delegateType calling the JS function behind closure.</summary>
        public static Delegate Bind(Type delegateType, FunctionClosure closure)
        {
            Delegate d = Make(delegateType, closure);
            if (d == null) throw NotCovered(delegateType);
            return d;
        }

        private static Delegate Make(Type delegateType, FunctionClosure closure)
        {
            Delegate d = Table(delegateType, closure);
            return d != null || delegateType.IsVisible ? d : BySignature(delegateType, closure);
        }

        private static Func<string, FunctionClosure, Delegate> _bySignature;
        private static readonly System.Collections.Generic.Dictionary<Type, string> Keys = new System.Collections.Generic.Dictionary<Type, string>();

        // A delegate type that is not public (declared in an internal class, private nested: generated C# cannot name
        // it) binds the build's shim of its signature: the shim's Invoke is declared over public types (object for a
        // class that is not public, ZTS.Shared.Clr.DelegateSignature), and Delegate.CreateDelegate makes a delegate of
        // this type over the same target and method. The key is worked out once per type; CreateDelegate runs per
        // delegate made (measured in docs/PLAYER.md, "Delegate types that are not public"), never per call.
        private static Delegate BySignature(Type delegateType, FunctionClosure closure)
        {
            string key;
            lock (Lock)
            {
                if (_bySignature == null)
                {
                    Table.GetType(); // loads the generated assembly (throws the zts: error when it is missing)
                    Type t = Type.GetType(TableType, false);
                    System.Reflection.MethodInfo f = t.GetMethod("BySignature", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static);
                    _bySignature = f == null ? (x, y) => null // a table generated before shims by signature
                                             : (Func<string, FunctionClosure, Delegate>)Delegate.CreateDelegate(typeof(Func<string, FunctionClosure, Delegate>), f);
                }
                if (!Keys.TryGetValue(delegateType, out key))
                {
                    key = ZTS.Shared.Clr.DelegateSignature.Key(delegateType);
                    Keys.Add(delegateType, key);
                }
            }
            if (key == null) return null;
            Delegate shim = _bySignature(key, closure);
            return shim == null ? null : Delegate.CreateDelegate(delegateType, shim.Target, shim.Method);
        }

        // A type with no shim: a parameter or result that cannot cross at all gets the Editor's text (the generator
        // writes no shim for it), anything else the Player's "not covered". Checked only on this cold path.
        private static TsBindException NotCovered(Type delegateType)
        {
            ZTS.Shared.Clr.CrossingCheck.CheckDelegate(delegateType);
            string why = ZTS.Shared.Clr.DelegateSignature.WhyNoShim(delegateType);
            if (why != null) return new TsBindException("zts: no Player bridge for delegate type '" + delegateType + "': " + why + " (docs/PLAYER.md)");
            return new TsBindException("zts: no Player bridge for delegate type '" + delegateType + "'; " + Il2CppBridges.RegenerateHint);
        }
    }
}
