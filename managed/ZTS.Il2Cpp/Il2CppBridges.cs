using System;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// The Player backend's side of the seam (IBridgeProvider): a member is bound to the C++ bridge generated at
    /// build time for its reduced signature (ReducedSignature), a delegate to the shim generated at build time for
    /// its type (DelegateShims). A member or delegate the build did not cover fails at first bind with a zts: error
    /// that names it and says how to regenerate; nothing is made at run time (no Emit, no MethodInfo.Invoke).
    /// </summary>
    internal sealed class Il2CppBridges : IBridgeProvider
    {
        /// <summary>The one instance (process-level tables live in the C++ runtime).</summary>
        public static readonly Il2CppBridges Instance = new Il2CppBridges();

        /// <summary>How to regenerate the bridges, quoted by every "not covered" error.</summary>
        public const string RegenerateHint =
            "add the assembly (--assembly) or type (--type) to the inputs of `ztsrun build-player` (docs/PLAYER.md) and rebuild the Player";

        private static readonly object Lock = new object();
        private static IntPtr _gate;

        private Il2CppBridges()
        {
        }

        public IntPtr EnsureNativeEntryPoints()
        {
            lock (Lock)
            {
                if (_gate != IntPtr.Zero) return _gate;
                HostCallbacks.EnsureRegistered();
#if ENABLE_IL2CPP && !UNITY_EDITOR
                PlayerPlugin.Register(); // a Unity Il2Cpp Player: nothing bound the plugin's internal calls yet
#endif
                int other = TsIl2CppAppDomain.InitializeInternal(PlayerEntries.Version, PlayerEntries.Handles(), ZtsNative.zts_player_core_get());
                if (other < 0)
                    throw new InvalidOperationException("zts: the Player runtime does not speak this libzts's table (zts_player_core version " +
                                                        PlayerCoreTable.Version + "); use the libzts built with this Player runtime");
                if (other != 0)
                    throw new InvalidOperationException("zts: the Player runtime speaks entry-table version " + other + ", ZTS.Il2Cpp " +
                                                        PlayerEntries.Version + "; use the zts-player built with this ZTS.Il2Cpp.dll");
                _gate = TsIl2CppAppDomain.GateInternal();
                return _gate;
            }
        }

        public void Registered(JsDomain d, int id, HostFunction fn)
        {
            if (id == 0) // a new domain numbers its functions from 0
            {
                d.Registry.Store = new NativeSlots(d.Context, d.Handle);
            }
            var entry = fn.Target as CopyEntryMember;
            if (entry != null)
            {
                RouteCopyEntry(d, id, entry);
                return;
            }
            var member = fn.Target as NativeMember;
            if (member == null) return; // a managed host function: the Player gate calls it through host_call
            // The runtime's static field access initializes the field's type first, and a type whose static
            // constructor threw cannot be initialized (Mono asserts and aborts the process; Il2Cpp would unwind
            // through the bridge): the type is initialized here, in managed code, before a route may reach it.
            Exception unavailable = member.Field != null && member.Field.IsStatic ? InitializerFailure(member.Field.DeclaringType) : null;
            if (unavailable == null)
            {
                IntPtr[] exactArgs = ExactArgs(member);
                int resultView = NativeResultView(d, member.Site);
                int rc = member.Field != null
                    ? TsIl2CppAppDomain.RegisterFieldInternal(d.Context, id, member.Bridge, member.Field.FieldHandle.Value, exactArgs, resultView)
                    : TsIl2CppAppDomain.RegisterMemberInternal(d.Context, id, member.Bridge, member.Method.MethodHandle.Value, exactArgs, resultView);
                if (rc == 0 && member.Field != null) rc = CopyField(d, id, member);
                if (rc == 0) return;
                unavailable = NoTypedEntry(member, null);
            }
            // No route: the Player gate hands this id to host_call, where NativeMember throws the exception at each
            // call. Only this member fails, as a member whose bridge the Editor cannot make (TypeBinder.Host).
            member.Unavailable = ExceptionDispatchInfo.Capture(unavailable);
        }

        // A member with a copy entry: the C++ bridge of the entry's signature calls it with the copies' bytes. Without
        // that bridge (a build that left the signature out) the managed wrapper serves every call, as it does the
        // calls the bridge hands back (managed_call).
        private static unsafe void RouteCopyEntry(JsDomain d, int id, CopyEntryMember entry)
        {
            int bridge = TsIl2CppAppDomain.FindBridgeInternal(entry.Signature);
            if (bridge < 0) return;
            MethodBase m = entry.Member;
            MemberSite site = entry.Site;
            int copyThis = !m.IsStatic && !(m is ConstructorInfo) && m.DeclaringType.IsValueType ? TypeBinder.Declare(d, m.DeclaringType) : 0;
            int resultType = 0, resultSize = 0;
            IntPtr buffer = IntPtr.Zero;
            if (entry.Signature.StartsWith("s:r(", StringComparison.Ordinal))
            {
                Type ret = m is MethodInfo ? ((MethodInfo)m).ReturnType : m.DeclaringType;
                resultType = site.ResultView;
                resultSize = CopyLayout.For(ret).Size;
                buffer = (IntPtr)d.StructResult;
            }
            TsIl2CppAppDomain.RegisterCopyEntryInternal(d.Context, id, bridge, entry.Entry.MethodHandle.Value, (int[])site.CopyIds.Clone(),
                                                        copyThis, resultType, resultSize, buffer);
        }

        // A field whose struct crosses as a native copy: the bridge takes and gives its bytes (player_bridge.h,
        // copy_field_get/copy_field_set), unless the site converts it as a Table.
        private static unsafe int CopyField(JsDomain d, int id, NativeMember member)
        {
            Type t = member.Field.FieldType;
            CopyLayout copy = t.IsValueType ? CopyLayout.For(t) : null;
            if (copy == null || member.Site.ResultTable != null || Array.Exists(member.Site.ParamTables, x => x != null)) return 0;
            return TsIl2CppAppDomain.SetCopyFieldInternal(d.Context, id, TypeBinder.Declare(d, t), copy.Size, (IntPtr)d.StructResult);
        }

        /// <summary>Why the runtime has no typed entry for a member (on `self`'s class for a virtual one): making it
        /// compiles the method, which runs its type's initializer first, so a type whose static constructor threw has
        /// none. That TypeInitializationException is what a call throws on the Editor (ErrorBoundary names its cause);
        /// without one, a zts: error that names the member.</summary>
        internal static Exception NoTypedEntry(NativeMember member, Type self)
        {
            Type declaring = member.Method != null ? member.Method.DeclaringType : member.Field.DeclaringType;
            Exception failure = (self != null ? InitializerFailure(self) : null) ?? InitializerFailure(declaring);
            if (failure != null) return failure;
            return new TsBindException("zts: the Player runtime has no typed entry for '" + member.Site.Name + "'" +
                                       (self != null && self != declaring ? " on " + self.FullName : ""));
        }

        /// <summary>The TypeInitializationException of t's static constructor, running it when it has not run; null
        /// when t is initialized.</summary>
        private static Exception InitializerFailure(Type t)
        {
            try
            {
                RuntimeHelpers.RunClassConstructor(t.TypeHandle);
                return null;
            }
            catch (TypeInitializationException e)
            {
                return e;
            }
        }

        /// <summary>The class (as a type handle) each parameter of a member must have exactly for the bridge to take an
        /// object argument from the slot table as it is: what ArgReader.ReadObject's hot path accepts. Zero for a
        /// parameter the rules must see (Table, UnpackedValues, by-ref), and for all when the bridge's parameters are
        /// not the site's own (a delegate's invoker).</summary>
        private static IntPtr[] ExactArgs(NativeMember member)
        {
            Type[] types = member.Site.ParamTypes;
            var exact = new IntPtr[types.Length];
            ParameterInfo[] own = member.Field != null ? null : member.Method.GetParameters();
            if (own != null && own.Length != types.Length) return exact;
            for (int i = 0; i < types.Length; i++)
            {
                Type t = types[i];
                if (own != null && own[i].ParameterType != t) return new IntPtr[types.Length];
                if (t.IsByRef || t.IsPrimitive || t == typeof(string) || t.IsPointer || t.ContainsGenericParameters ||
                    member.Site.ParamTables[i] != null || member.Site.ParamUnpacked[i] != null) continue;
                exact[i] = t.TypeHandle.Value;
            }
            return exact;
        }

        /// <summary>The view under which the bridge may push a returned object its identity cache already holds, or -1.
        /// Only a plain object result (ResultWriter.BoxedResult.Object, no Table) whose view no policy can change; a Task
        /// (a Promise) is never in the cache. JsDomain.ViewOf keeps a cached (object, view) pair's view.</summary>
        private static int NativeResultView(JsDomain d, MemberSite site)
        {
            if (site.ResultBoxed != ResultWriter.BoxedResult.Object || site.ResultTable != null || d.Policy != null) return -1;
            if (typeof(System.Threading.Tasks.Task).IsAssignableFrom(site.ResultType)) return -1;
            return site.ResultView;
        }

        /// <summary>The generated bridge of method m or of an accessor of field f, or the zts: error that names what is
        /// not covered.</summary>
        private static HostFunction Bind(MethodBase m, FieldInfo f, bool set, MemberSite site)
        {
            if (f != null) CrossingCheck.Check(f.FieldType, f);
            else
            {
                if (m is ConstructorInfo) CrossingCheck.Check(m.DeclaringType, m);
                foreach (ParameterInfo p in m.GetParameters()) CrossingCheck.Check(p.ParameterType, m);
                var mi = m as MethodInfo;
                if (mi != null && mi.ReturnType != typeof(void)) CrossingCheck.Check(mi.ReturnType, m);
            }
            if (m != null && f == null && Array.TrueForAll(site.ParamTables, x => x == null) && site.ResultTable == null)
            {
                // A struct copy in the signature (a parameter, the result, `this`): the build-time wrapper takes and gives
                // the copies' bytes (tools/gen-bridges/CopyWrapperWriter.cs), where the typed entry would box them.
                HostFunction copies = DelegateShims.CopyWrapper(m, site);
                if (copies != null)
                {
                    // With a copy entry, the C++ bridge calls the member with pointers to the copies' bytes, and the
                    // wrapper serves the calls whose arguments are not all copies (Registered routes it).
                    string entrySignature;
                    MethodInfo entry = DelegateShims.CopyEntry(m, out entrySignature);
                    return entry != null ? new CopyEntryMember(m, site, copies, entry, entrySignature).Function : copies;
                }
            }
            string why;
            MethodBase target = m;
            string signature;
            if (m != null && m.Name == "Invoke" && typeof(MulticastDelegate).IsAssignableFrom(m.DeclaringType))
            {
                // JS calling a C# delegate: the build-time invoker of its type runs it (Invoke has no typed entry).
                target = DelegateShims.Invoker(m.DeclaringType);
                if (target == null)
                    throw new TsBindException("zts: no Player bridge for '" + site.Name + "': no invoker for delegate type '" + m.DeclaringType + "'; " + RegenerateHint);
                signature = ReducedSignature.OfDelegateInvoke(m.DeclaringType, out why);
            }
            else signature = f != null ? ReducedSignature.OfField(f, set, out why) : ReducedSignature.Of(m, out why);
            string name = site.Name;
            if (m is MethodInfo && (Array.Exists(m.GetParameters(), p => p.ParameterType.IsByRef) || Array.Exists(site.ParamUnpacked, u => u != null)))
            {
                // ref/out or UnpackedValues parameters: the managed wrapper the build wrote for this method
                // (tools/gen-bridges MemberWrapperWriter), if any.
                HostFunction wrapper = DelegateShims.MemberWrapper(m, site);
                if (wrapper != null) return wrapper;
            }
            if (signature == null)
            {
                // A ref/out method is covered by a build-time wrapper when its shape allows one and the build saw it:
                // name the shape when it is the reason (WrapperShape, the build's text), else that fix.
                bool byRef = m != null && Array.Exists(m.GetParameters(), p => p.ParameterType.IsByRef);
                string shape = byRef ? WrapperShape.WhyNot(m) : null;
                throw new TsBindException("zts: no Player bridge for '" + name + "': " + why + " has no reduced signature" +
                                          (shape != null ? ", and no wrapper serves " + shape + " (docs/PLAYER.md)"
                                           : byRef ? "; the build writes a wrapper for a method with ref/out parameters when its assembly or type is an input: " + RegenerateHint
                                           : " (docs/PLAYER.md)"));
            }
            foreach (var unpacked in site.ParamUnpacked)
                if (unpacked != null)
                    throw new TsBindException("zts: no Player bridge for '" + name + "': a [TsMarshalAs(UnpackedValues)] parameter (docs/PLAYER.md)");
            int bridge = TsIl2CppAppDomain.FindBridgeInternal(signature);
            if (bridge < 0)
                throw new TsBindException("zts: no Player bridge for '" + name + "' (signature " + signature + "); " + RegenerateHint);
            return new NativeMember(target, f, site, bridge, signature).Function;
        }

        private static TsBindException NotCovered(string what)
        {
            return new TsBindException("zts: no Player bridge for " + what + "; " + RegenerateHint);
        }

        public HostFunction Method(MethodInfo m, MemberSite site) { return Bind(m, null, false, site); }

        public HostFunction Constructor(ConstructorInfo c, MemberSite site) { return Bind(c, null, false, site); }

        // new S(): a zeroed box made by the runtime (no constructor runs, as for C#'s default(S)), pushed as a copy.
        public unsafe HostFunction DefaultStruct(Type structType, MemberSite site)
        {
            CopyLayout copy = CopyLayout.For(structType);
            if (copy != null)
            {
                // A copy's bytes, zeroed, straight into the result buffer (no box).
                int size = copy.Size;
                return (d, thisVal, argc, argv, magic, data) =>
                {
                    ZtsStructRef* o = d.StructResult;
                    byte* b = (byte*)o->Bytes;
                    for (int i = 0; i < size; i++) b[i] = 0;
                    o->TypeId = site.ResultView;
                    o->Size = size;
                    return JsValue.StructResult((IntPtr)o);
                };
            }
            Func<object> make = StructFactory(structType);
            return (d, thisVal, argc, argv, magic, data) => ResultWriter.WriteStruct(site, d, make());
        }

        public unsafe HostFunction FieldGet(FieldInfo f, MemberSite site)
        {
            if (!f.IsLiteral) return Bind(null, f, false, site);
            // A const is its metadata value, as the Editor's bridge emits it: reading it does not initialize the type
            // (the runtime's field access would, and a type whose static constructor threw cannot be).
            CrossingCheck.Check(f.FieldType, f);
            object constant = f.GetRawConstantValue();
            return (d, thisVal, argc, argv, magic, data) => ResultWriter.WriteAny(site, d, constant);
        }

        public HostFunction FieldSet(FieldInfo f, MemberSite site) { return Bind(null, f, true, site); }

        // Element access of a rank-1 array through System.Array's own accessors, converted by the shared rules
        // (the Editor backend emits ldelem/stelem; a generated C++ element bridge per element code is future work).
        public unsafe HostFunction ArrayElement(Type arrayType, string op, MemberSite site)
        {
            CrossingCheck.Check(arrayType.GetElementType(), arrayType);
            switch (op)
            {
                case "length":
                    return (d, thisVal, argc, argv, magic, data) => JsValue.FromInt32(((Array)ArgReader.This(site, d, data)).Length);
                case "get":
                    return (d, thisVal, argc, argv, magic, data) =>
                    {
                        var array = (Array)ArgReader.This(site, d, data);
                        return ResultWriter.WriteAny(site, d, array.GetValue(ArgReader.ReadInt32(site, d, argv, data, argc, 0)));
                    };
                default:
                    return (d, thisVal, argc, argv, magic, data) =>
                    {
                        var array = (Array)ArgReader.This(site, d, data);
                        int index = ArgReader.ReadInt32(site, d, argv, data, argc, 0);
                        array.SetValue(ArgReader.ReadObject(site, d, argv, data, argc, 1), index);
                        return JsValue.Undefined;
                    };
            }
        }

        public void CheckDelegate(Type delegateType) { DelegateShims.Check(delegateType); }

        public Delegate BindDelegate(Type delegateType, FunctionClosure closure) { return DelegateShims.Bind(delegateType, closure); }

        // Struct members of a Table conversion: fields through the runtime's field access on the box (internal
        // calls); properties would need a typed call per struct and are not covered yet.
        // A field through the runtime's field access; a property through the accessors the build wrote
        // (tools/gen-bridges TableAccessorWriter).
        public Func<object, object> StructMemberGetter(Type s, MemberInfo m, Type t)
        {
            if (m is PropertyInfo)
                return DelegateShims.TableGetter(s, m.Name) ?? throw NotCovered("reading property '" + s.Name + "." + m.Name + "' of a struct passed as a table");
            IntPtr field = FieldOf(s, m);
            return box => TsIl2CppAppDomain.FieldGetBoxedInternal(box, field);
        }

        public Action<object, object> StructMemberSetter(Type s, MemberInfo m, Type t)
        {
            if (m is PropertyInfo)
                return DelegateShims.TableSetter(s, m.Name, TsIl2CppAppDomain.ValueCopyInternal) ??
                       throw NotCovered("writing property '" + s.Name + "." + m.Name + "' of a struct passed as a table");
            IntPtr field = FieldOf(s, m);
            return (box, value) => TsIl2CppAppDomain.FieldSetBoxedInternal(box, field, value);
        }

        public Func<object, JsValue> StructMemberToJs(Type s, MemberInfo m, Type t) { return null; }

        public Func<object> StructFactory(Type s)
        {
            IntPtr type = s.TypeHandle.Value;
            return () => TsIl2CppAppDomain.NewBoxInternal(type);
        }

        /// <summary>The runtime's box and a copy of the bytes (internal calls; no code is made at run time, and unlike
        /// Marshal's copies they initialize no type).</summary>
        public CopyCodec CopyCodecOf(Type s)
        {
            IntPtr type = s.TypeHandle.Value;
            int size = CopyLayout.For(s).Size;
            return new CopyCodec(p => TsIl2CppAppDomain.BoxLoadInternal(type, p, size), (box, p) => TsIl2CppAppDomain.BoxStoreInternal(box, p, size));
        }

        /// <summary>Il2Cpp's GC (Boehm, as the Player's embedded Mono) does not move objects, and the runtime gives the
        /// core's arena the GC's fixed memory at start-up (zts_struct_set_rooted_memory): a struct that holds references is a native
        /// copy too (10-LIFETIME §3.2), laid out as the runtime lays out its value.</summary>
        public int ScannedCopySize(Type s, FieldInfo[] fields, int[] offsets)
        {
            var handles = new IntPtr[fields.Length];
            for (int i = 0; i < fields.Length; i++) handles[i] = fields[i].FieldHandle.Value;
            return TsIl2CppAppDomain.ScannedLayoutInternal(s.TypeHandle.Value, handles, offsets);
        }

        private static IntPtr FieldOf(Type s, MemberInfo m)
        {
            var f = m as FieldInfo;
            if (f == null) throw NotCovered("property '" + s.Name + "." + m.Name + "' of a struct passed as a table");
            return f.FieldHandle.Value;
        }
    }
}
