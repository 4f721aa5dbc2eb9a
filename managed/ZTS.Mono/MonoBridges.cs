using System;
using System.Reflection;
using System.Reflection.Emit;
using ZTS.Mono.Bridges;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Mono
{
    /// <summary>
    /// The Editor backend's side of the seam: member and delegate bridges emitted at run time (DynamicMethod),
    /// struct member accessors likewise, and the gate as the native -> managed entry.
    /// </summary>
    internal sealed class MonoBridges : IBridgeProvider
    {
        /// <summary>The one instance (the backend has no per-runtime state).</summary>
        public static readonly MonoBridges Instance = new MonoBridges();

        private MonoBridges()
        {
        }

        public IntPtr EnsureNativeEntryPoints()
        {
            JsCallbackGate.EnsureInitialized();
            return JsCallbackGate.Gate;
        }

        public void Registered(JsDomain d, int id, HostFunction fn) { }

        public HostFunction Method(MethodInfo m, MemberSite site) { return MemberBridgeBuilder.Method(m, site); }

        public HostFunction Constructor(ConstructorInfo c, MemberSite site) { return MemberBridgeBuilder.Constructor(c, site); }

        public HostFunction DefaultStruct(Type structType, MemberSite site) { return MemberBridgeBuilder.DefaultStruct(structType, site); }

        public HostFunction FieldGet(FieldInfo f, MemberSite site) { return MemberBridgeBuilder.FieldGet(f, site); }

        public HostFunction FieldSet(FieldInfo f, MemberSite site) { return MemberBridgeBuilder.FieldSet(f, site); }

        public HostFunction ArrayElement(Type arrayType, string op, MemberSite site) { return MemberBridgeBuilder.ArrayElement(arrayType, op, site); }

        public void CheckDelegate(Type delegateType) { DelegateBridgeBuilder.Get(delegateType); }

        public Delegate BindDelegate(Type delegateType, FunctionClosure closure) { return DelegateBridgeBuilder.Bind(delegateType, closure); }

        // object Get(object box) { return (object)((S)box).member; }  -- reads in place through `unbox`.
        public Func<object, object> StructMemberGetter(Type s, MemberInfo m, Type t)
        {
            var dm = new DynamicMethod("zts_table_get", typeof(object), new[] { typeof(object) }, typeof(MonoBridges).Module, true);
            var il = dm.GetILGenerator();
            EmitLoadMember(il, s, m);
            if (t.IsValueType) il.Emit(OpCodes.Box, t);
            il.Emit(OpCodes.Ret);
            return (Func<object, object>)dm.CreateDelegate(typeof(Func<object, object>));
        }

        // void Set(object box, object value) { ((S)box).member = (T)value; }  -- writes into the box.
        public Action<object, object> StructMemberSetter(Type s, MemberInfo m, Type t)
        {
            var dm = new DynamicMethod("zts_table_set", typeof(void), new[] { typeof(object), typeof(object) }, typeof(MonoBridges).Module, true);
            var il = dm.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Unbox, s);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(t.IsValueType ? OpCodes.Unbox_Any : OpCodes.Castclass, t);
            var f = m as FieldInfo;
            if (f != null) il.Emit(OpCodes.Stfld, f);
            else il.Emit(OpCodes.Call, ((PropertyInfo)m).GetSetMethod());
            il.Emit(OpCodes.Ret);
            return (Action<object, object>)dm.CreateDelegate(typeof(Action<object, object>));
        }

        // JsValue Get(object box) { return JsValue.FromInt32/FromBool/FromDouble(((S)box).member); }  -- no box per member.
        public Func<object, JsValue> StructMemberToJs(Type s, MemberInfo m, Type t)
        {
            string encoder = t == typeof(int) ? "FromInt32" : t == typeof(bool) ? "FromBool"
                           : t == typeof(double) || t == typeof(float) ? "FromDouble" : null;
            if (encoder == null) return null;
            var dm = new DynamicMethod("zts_table_get_js", typeof(JsValue), new[] { typeof(object) }, typeof(MonoBridges).Module, true);
            var il = dm.GetILGenerator();
            EmitLoadMember(il, s, m);
            if (t == typeof(float)) il.Emit(OpCodes.Conv_R8);
            il.Emit(OpCodes.Call, typeof(JsValue).GetMethod(encoder));
            il.Emit(OpCodes.Ret);
            return (Func<object, JsValue>)dm.CreateDelegate(typeof(Func<object, JsValue>));
        }

        // ((S)arg0).member, read in place through `unbox`.
        private static void EmitLoadMember(ILGenerator il, Type s, MemberInfo m)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Unbox, s);
            var f = m as FieldInfo;
            if (f != null) il.Emit(OpCodes.Ldfld, f);
            else il.Emit(OpCodes.Call, ((PropertyInfo)m).GetGetMethod());
        }

        // object New() { S tmp = default(S); return (object)tmp; }  -- Activator.CreateInstance costs ~0.5 us.
        public Func<object> StructFactory(Type s)
        {
            var dm = new DynamicMethod("zts_struct_new", typeof(object), Type.EmptyTypes, typeof(MonoBridges).Module, true);
            var il = dm.GetILGenerator();
            LocalBuilder tmp = il.DeclareLocal(s);
            il.Emit(OpCodes.Ldloca, tmp);
            il.Emit(OpCodes.Initobj, s);
            il.Emit(OpCodes.Ldloc, tmp);
            il.Emit(OpCodes.Box, s);
            il.Emit(OpCodes.Ret);
            return (Func<object>)dm.CreateDelegate(typeof(Func<object>));
        }
    
        // SGen moves objects and cannot see references in native memory: a struct that holds references stays a boxed
        // C# object in an ObjectRegistry slot, a GC root while JS holds it (10-LIFETIME §3.3).
        public int ScannedCopySize(Type s, FieldInfo[] fields, int[] offsets)
        {
            return -1;
        }

        // object Load(IntPtr p) { return (object)*(S*)p; }   void Store(object box, IntPtr p) { *(S*)p = (S)box; }
        // Emitted per struct: Marshal's copies are runtime calls of their own (~60 ns each here).
        public CopyCodec CopyCodecOf(Type s)
        {
            var load = new DynamicMethod("zts_copy_load", typeof(object), new[] { typeof(IntPtr) }, typeof(MonoBridges).Module, true);
            ILGenerator il = load.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldobj, s);
            il.Emit(OpCodes.Box, s);
            il.Emit(OpCodes.Ret);
            var store = new DynamicMethod("zts_copy_store", typeof(void), new[] { typeof(object), typeof(IntPtr) }, typeof(MonoBridges).Module, true);
            il = store.GetILGenerator();
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Unbox_Any, s);
            il.Emit(OpCodes.Stobj, s);
            il.Emit(OpCodes.Ret);
            return new CopyCodec((Func<IntPtr, object>)load.CreateDelegate(typeof(Func<IntPtr, object>)),
                                 (Action<object, IntPtr>)store.CreateDelegate(typeof(Action<object, IntPtr>)));
        }
    }
}
