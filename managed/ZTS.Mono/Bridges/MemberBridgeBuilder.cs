using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Mono.Bridges
{
    /// <summary>
    /// Emits the JS -> C# bridge of one CLR member (01-HOST-API §5, §7): a DynamicMethod of the HostFunction
    /// shape, closed over a MemberSite, that decodes `this` and the arguments (ArgReader), calls the member
    /// directly (call/callvirt/newobj/ldfld/stfld/ldelem/stelem) and encodes the result (ResultWriter).
    /// A signature it cannot emit throws TsBindException; there is no MethodInfo.Invoke fallback.
    /// </summary>
    internal static class MemberBridgeBuilder
    {
        private static readonly Type[] BridgeParams =
        {
            typeof(MemberSite), typeof(JsDomain), typeof(JsValue), typeof(int), typeof(JsValue).MakePointerType(),
            typeof(int), typeof(JsValue).MakePointerType(),
        };

        private const int ArgSite = 0, ArgDomain = 1, ArgCount = 3, ArgArgv = 4, ArgData = 6;

        private static readonly Dictionary<string, DynamicMethod> Cache = new Dictionary<string, DynamicMethod>();

        /// <summary>The bridge of a method (static or instance; property accessors included).</summary>
        public static HostFunction Method(MethodInfo m, MemberSite site)
        {
            return Bind("m:" + Key(m), site, il =>
            {
                CheckSignature(m.GetParameters(), m.ReturnType, m);
                bool instance = !m.IsStatic;
                ParameterInfo[] ps = m.GetParameters();
                LocalBuilder[] refs = EmitRefLocals(il, ps, site);
                if (instance) EmitThis(il, m.DeclaringType);
                for (int i = 0; i < ps.Length; i++)
                {
                    if (refs[i] != null) il.Emit(OpCodes.Ldloca, refs[i]);
                    else EmitArg(il, ps[i].ParameterType, i, site.ParamTables[i] != null, site.JsOffset[i], site.ParamUnpacked[i] != null);
                }
                if (ThroughPointer(m))
                {
                    il.Emit(OpCodes.Ldftn, m);
                    il.EmitCalli(OpCodes.Calli, CallingConventions.Standard, m.ReturnType, Array.ConvertAll(ps, p => p.ParameterType), null);
                }
                else
                {
                    il.Emit(instance && !m.DeclaringType.IsValueType ? OpCodes.Callvirt : OpCodes.Call, m);
                }
                EmitRefWriteBack(il, ps, refs, m.ReturnType, site);
                EmitResult(il, m.ReturnType, site.ResultTable != null);
            });
        }

        /// <summary>The bridge of a constructor: returns the new object pushed under its own type.</summary>
        public static HostFunction Constructor(ConstructorInfo c, MemberSite site)
        {
            return Bind("c:" + Key(c), site, il =>
            {
                CheckSignature(c.GetParameters(), c.DeclaringType, c); // the new object is the result
                ParameterInfo[] ps = c.GetParameters();
                if (Array.Exists(ps, p => p.ParameterType.IsByRef))
                    throw new TsBindException("zts: cannot bind '" + c.DeclaringType.Name + "' constructor: ref/out constructor parameters are not marshalled");
                Type t = c.DeclaringType;
                LocalBuilder taken = null;
                if (!t.IsValueType && t != typeof(string)) // a string is a JS string, never an exotic with an identity
                {
                    // int taken = domain.Registry.Taken;  (before the constructor: ResultWriter.WriteNewAfter compares it)
                    taken = il.DeclareLocal(typeof(int));
                    il.Emit(OpCodes.Ldarg, ArgDomain);
                    il.Emit(OpCodes.Ldfld, typeof(JsDomain).GetField("Registry"));
                    il.Emit(OpCodes.Ldfld, typeof(ObjectRegistry).GetField("Taken", BindingFlags.Instance | BindingFlags.NonPublic));
                    il.Emit(OpCodes.Stloc, taken);
                }
                for (int i = 0; i < ps.Length; i++)
                    EmitArg(il, ps[i].ParameterType, i, site.ParamTables[i] != null, site.JsOffset[i], site.ParamUnpacked[i] != null);
                il.Emit(OpCodes.Newobj, c);
                if (taken == null)
                {
                    EmitResult(il, t, false, typeof(ResultWriter).GetMethod("WriteNew"));
                    return;
                }
                LocalBuilder made = il.DeclareLocal(t);
                il.Emit(OpCodes.Stloc, made);
                il.Emit(OpCodes.Ldarg, ArgSite);
                il.Emit(OpCodes.Ldarg, ArgDomain);
                il.Emit(OpCodes.Ldloc, made);
                il.Emit(OpCodes.Ldloc, taken);
                il.Emit(OpCodes.Call, typeof(ResultWriter).GetMethod("WriteNewAfter"));
                il.Emit(OpCodes.Ret);
            });
        }

        /// <summary>The implicit parameterless constructor of a struct.</summary>
        public static HostFunction DefaultStruct(Type t, MemberSite site)
        {
            return Bind("s:" + t.AssemblyQualifiedName, site, il =>
            {
                CheckType(t, t);
                LocalBuilder tmp = il.DeclareLocal(t);
                il.Emit(OpCodes.Ldloca, tmp);
                il.Emit(OpCodes.Initobj, t);
                il.Emit(OpCodes.Ldloc, tmp);
                EmitResult(il, t);
            });
        }

        /// <summary>The getter of a field (constants included).</summary>
        public static HostFunction FieldGet(FieldInfo f, MemberSite site)
        {
            return Bind("fg:" + Key(f), site, il =>
            {
                CheckType(f.FieldType, f);
                if (f.IsLiteral)
                {
                    EmitConstant(il, f.FieldType, f.GetRawConstantValue());
                }
                else if (f.IsStatic)
                {
                    il.Emit(OpCodes.Ldsfld, f);
                }
                else
                {
                    EmitThis(il, f.DeclaringType);
                    il.Emit(OpCodes.Ldfld, f);
                }
                EmitResult(il, f.FieldType, site.ResultTable != null);
            });
        }

        /// <summary>The setter of a writable field: argument 0 is the value.</summary>
        public static HostFunction FieldSet(FieldInfo f, MemberSite site)
        {
            return Bind("fs:" + Key(f), site, il =>
            {
                CheckType(f.FieldType, f);
                if (!f.IsStatic) EmitThis(il, f.DeclaringType);
                EmitArg(il, f.FieldType, 0, site.ParamTables.Length > 0 && site.ParamTables[0] != null);
                il.Emit(f.IsStatic ? OpCodes.Stsfld : OpCodes.Stfld, f);
                EmitResult(il, typeof(void));
            });
        }

        /// <summary>Array element get (argument 0: index), set (0: index, 1: value) and length.</summary>
        public static HostFunction ArrayElement(Type arrayType, string op, MemberSite site)
        {
            Type e = arrayType.GetElementType();
            return Bind("a" + op + ":" + arrayType.AssemblyQualifiedName, site, il =>
            {
                CheckType(e, arrayType);
                EmitThis(il, arrayType);
                if (op == "length")
                {
                    il.Emit(OpCodes.Ldlen);
                    il.Emit(OpCodes.Conv_I4);
                    EmitResult(il, typeof(int));
                    return;
                }
                EmitArg(il, typeof(int), 0);
                if (op == "get")
                {
                    il.Emit(OpCodes.Ldelem, e);
                    EmitResult(il, e);
                }
                else
                {
                    EmitArg(il, e, 1);
                    il.Emit(OpCodes.Stelem, e);
                    EmitResult(il, typeof(void));
                }
            });
        }

        private static HostFunction Bind(string key, MemberSite site, Action<ILGenerator> body)
        {
            key += Shape(site); // the same member under other marshalling (MarshalAs XML of another domain) emits anew
            DynamicMethod method;
            lock (Cache)
            {
                if (!Cache.TryGetValue(key, out method))
                {
                    method = new DynamicMethod("zts_member_bridge", typeof(JsValue), BridgeParams, typeof(MemberSite).Module, true);
                    body(method.GetILGenerator());
                    Cache[key] = method;
                }
            }
            return (HostFunction)method.CreateDelegate(typeof(HostFunction), site);
        }

        // Which parameters and result the site marshals as tables or unpacked values: the emitted IL depends on it.
        private static string Shape(MemberSite site)
        {
            var shape = new char[site.ParamTables.Length + 2];
            shape[0] = '|';
            for (int i = 0; i < site.ParamTables.Length; i++)
                shape[i + 1] = site.ParamTables[i] != null ? 't' : site.ParamUnpacked[i] != null ? 'u' : '-';
            shape[shape.Length - 1] = site.ResultTable != null ? 'T' : '-';
            return new string(shape);
        }

        private static string Key(MemberInfo m)
        {
            string key = m.Module.ModuleVersionId + ":" + m.MetadataToken + ":" + m.DeclaringType.AssemblyQualifiedName;
            var method = m as MethodInfo;
            if (method == null || !method.IsGenericMethod) return key;
            // Closed generic methods share the definition's token: each instantiation is a bridge of its own.
            return key + "<" + string.Join(",", Array.ConvertAll(method.GetGenericArguments(), a => a.AssemblyQualifiedName)) + ">";
        }

        private static void CheckSignature(ParameterInfo[] ps, Type ret, MemberInfo m)
        {
            foreach (ParameterInfo p in ps) CheckType(p.ParameterType, m);
            if (ret != typeof(void)) CheckType(ret, m);
        }

        // ref/out parameters: a local per parameter, read from the zts.ref() box before the call...
        private static LocalBuilder[] EmitRefLocals(ILGenerator il, ParameterInfo[] ps, MemberSite site)
        {
            var refs = new LocalBuilder[ps.Length];
            for (int i = 0; i < ps.Length; i++)
            {
                if (!ps[i].ParameterType.IsByRef) continue;
                Type e = ps[i].ParameterType.GetElementType();
                refs[i] = il.DeclareLocal(e);
                EmitReaderArgs(il, i, site.JsOffset[i]);
                il.Emit(OpCodes.Call, typeof(ArgReader).GetMethod("RefIn"));
                il.Emit(e.IsValueType ? OpCodes.Unbox_Any : OpCodes.Castclass, e);
                il.Emit(OpCodes.Stloc, refs[i]);
            }
            return refs;
        }

        // ... and written back into the box after it (the result waits in a local meanwhile).
        private static void EmitRefWriteBack(ILGenerator il, ParameterInfo[] ps, LocalBuilder[] refs, Type ret, MemberSite site)
        {
            if (Array.TrueForAll(refs, r => r == null)) return;
            LocalBuilder result = ret == typeof(void) ? null : il.DeclareLocal(ret);
            if (result != null) il.Emit(OpCodes.Stloc, result);
            for (int i = 0; i < ps.Length; i++)
            {
                if (refs[i] == null) continue;
                il.Emit(OpCodes.Ldarg, ArgSite);
                il.Emit(OpCodes.Ldarg, ArgDomain);
                il.Emit(OpCodes.Ldarg, ArgArgv);
                EmitShift(il, site.JsOffset[i] * JsValueSize);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldloc, refs[i]);
                if (refs[i].LocalType.IsValueType) il.Emit(OpCodes.Box, refs[i].LocalType);
                il.Emit(OpCodes.Call, typeof(ArgReader).GetMethod("RefOut"));
            }
            if (result != null) il.Emit(OpCodes.Ldloc, result);
        }

        // A static method of the core library with a by-ref parameter is called through its pointer (ldftn + calli), not
        // `call`: Mono's JIT expands a direct call of some of them inline as intrinsics and asserts on shapes it does not
        // expect, aborting the process while the bridge compiles (DynamicMethod.CreateDelegate compiles it at bind, so the
        // whole type failed to bind): Thread.VolatileRead(ref object) is `Assertion at intrinsics.c:1005,
        // mini_type_is_reference (fsig->params [0])` on Mono 6.8, the only such member among the public types of
        // mscorlib, System and System.Core (NUnit Binding_FrameworkTypes). An indirect call is never expanded, and such a
        // member already takes the zts.ref path, so the indirection costs nothing measurable there.
        internal static bool ThroughPointer(MethodInfo m)
        {
            return m.IsStatic && m.DeclaringType.Assembly == typeof(object).Assembly && Array.Exists(m.GetParameters(), p => p.ParameterType.IsByRef);
        }

        private static string MemberName(MemberInfo m) { return CrossingCheck.MemberName(m); }

        private static void CheckType(Type t, MemberInfo m) { CrossingCheck.Check(t, m); }

        // `this` from the registry in place (ObjectRegistry.Get's rule: an unsigned bound check, null for a free slot),
        // with ArgReader.This (and its zts: error) only for a slot that holds nothing:
        //   object[] a = d.Registry.Objects; int s = data[1].Int32;
        //   object o = (uint)s < (uint)a.Length ? a[s] : null;  if (o == null) o = ArgReader.This(site, d, data);
        private static void EmitThis(ILGenerator il, Type declaring)
        {
            LocalBuilder self = null;
            Label boxed = il.DefineLabel(), done = il.DefineLabel();
            if (declaring.IsValueType)
            {
                // A struct copy (ZTS_STRUCT_REF_TAG): the member acts on its bytes, JS's copy (10-LIFETIME §3.1):
                //   if (data[1].Tag == StructRefTag) self = ref *(S*)((ZtsStructRef*)data[1].Ptr)->Bytes; else <the registry's box>
                // The pointer goes through a byref local (the JIT takes a native int for a byref there), so no stack merge
                // mixes an unmanaged pointer with the box's managed one.
                self = il.DeclareLocal(declaring.MakeByRefType());
                il.Emit(OpCodes.Ldarg, ArgData);
                EmitShift(il, JsValueSize + 8);
                il.Emit(OpCodes.Ldind_I8);
                il.Emit(OpCodes.Ldc_I8, (long)JsValue.StructRefTag);
                il.Emit(OpCodes.Bne_Un, boxed);
                il.Emit(OpCodes.Ldarg, ArgData);
                EmitShift(il, JsValueSize);
                il.Emit(OpCodes.Ldind_I);
                EmitShift(il, 8); // ZtsStructRef.Bytes
                il.Emit(OpCodes.Ldind_I);
                il.Emit(OpCodes.Stloc, self);
                il.Emit(OpCodes.Br, done);
                il.MarkLabel(boxed);
            }
            LocalBuilder objects = il.DeclareLocal(typeof(object[]));
            LocalBuilder slot = il.DeclareLocal(typeof(int));
            Label slow = il.DefineLabel(), empty = il.DefineLabel(), have = il.DefineLabel();
            // Only an int-tagged entry is a slot (a struct copy's is its bytes): anything else takes ArgReader.This.
            il.Emit(OpCodes.Ldarg, ArgData);
            EmitShift(il, JsValueSize + 8);
            il.Emit(OpCodes.Ldind_I8);
            il.Emit(OpCodes.Brtrue, slow); // JsValue.TagInt is 0
            il.Emit(OpCodes.Ldarg, ArgDomain);
            il.Emit(OpCodes.Ldfld, typeof(JsDomain).GetField("Registry"));
            il.Emit(OpCodes.Ldfld, typeof(ObjectRegistry).GetField("Objects", BindingFlags.Instance | BindingFlags.NonPublic));
            il.Emit(OpCodes.Stloc, objects);
            il.Emit(OpCodes.Ldarg, ArgData);
            EmitShift(il, JsValueSize);
            il.Emit(OpCodes.Ldind_I4);
            il.Emit(OpCodes.Stloc, slot);
            il.Emit(OpCodes.Ldloc, slot);
            il.Emit(OpCodes.Ldloc, objects);
            il.Emit(OpCodes.Ldlen);
            il.Emit(OpCodes.Conv_I4);
            il.Emit(OpCodes.Bge_Un, slow);
            il.Emit(OpCodes.Ldloc, objects);
            il.Emit(OpCodes.Ldloc, slot);
            il.Emit(OpCodes.Ldelem_Ref);
            il.Emit(OpCodes.Dup);
            il.Emit(OpCodes.Brfalse, empty);
            il.Emit(OpCodes.Br, have);
            il.MarkLabel(empty);
            il.Emit(OpCodes.Pop);
            il.MarkLabel(slow);
            il.Emit(OpCodes.Ldarg, ArgSite);
            il.Emit(OpCodes.Ldarg, ArgDomain);
            il.Emit(OpCodes.Ldarg, ArgData);
            il.Emit(OpCodes.Call, typeof(ArgReader).GetMethod("This"));
            il.MarkLabel(have);
            if (declaring.IsValueType)
            {
                il.Emit(OpCodes.Unbox, declaring); // the registry's box (a struct without a copy layout): members act on it
                il.Emit(OpCodes.Stloc, self);
                il.MarkLabel(done);
                il.Emit(OpCodes.Ldloc, self);
            }
            else il.Emit(OpCodes.Castclass, declaring);
        }

        // Reader arguments (site, domain, argv, data, argc, index); with `offset` JS arguments added by earlier
        // UnpackedValues parameters, argv, data and argc are shifted so that index stays the C# position.
        private static void EmitArg(ILGenerator il, Type t, int index, bool table = false, int offset = 0, bool unpacked = false)
        {
            Label done = il.DefineLabel();
            if (!table && !unpacked && offset == 0) EmitInlineRead(il, t, index, done);
            if (!table && !unpacked && offset == 0 && t.IsValueType && CopyLayout.For(t) != null) EmitCopyRead(il, t, index, done);
            EmitReaderArgs(il, index, offset);
            MethodInfo reader = unpacked ? typeof(ArgReader).GetMethod("ReadUnpacked")
                              : table ? typeof(ArgReader).GetMethod("ReadTable") : Reader(t);
            il.Emit(OpCodes.Call, reader);
            if (reader.ReturnType == typeof(object) && t != typeof(object))
            {
                if (t.IsValueType) il.Emit(OpCodes.Unbox_Any, t);
                else il.Emit(OpCodes.Castclass, t);
            }
            il.MarkLabel(done);
        }

        // ArgReader's accept paths in place (JsValueIL.EmitTryLoad), as the Player's C++ bridges take them; anything
        // else falls through to the reader call:  if (index < argc && <argv[index] has the exact tag>) { push it; goto done; }
        private static void EmitInlineRead(ILGenerator il, Type t, int index, Label done)
        {
            if (!JsValueIL.Loads(t)) return;
            Label slow = il.DefineLabel();
            il.Emit(OpCodes.Ldarg, ArgCount);
            il.Emit(OpCodes.Ldc_I4, index);
            il.Emit(OpCodes.Ble, slow);
            JsValueIL.EmitTryLoad(il, g => { g.Emit(OpCodes.Ldarg, ArgArgv); EmitShift(g, index * JsValueSize); }, t, slow);
            il.Emit(OpCodes.Br, done);
            il.MarkLabel(slow);
        }

        // A struct copy of exactly the parameter's struct, by its bytes (the argument is a copy; no box):
        //   if (index < argc && data[2 + index].Tag == StructRefTag) { ZtsStructRef* r = (ZtsStructRef*)data[2 + index].Ptr;
        //       if (r->TypeId == site.CopyIds[index]) { push *(S*)r->Bytes; goto done; } }
        private static void EmitCopyRead(ILGenerator il, Type t, int index, Label done)
        {
            Label slow = il.DefineLabel();
            LocalBuilder r = il.DeclareLocal(typeof(IntPtr));
            il.Emit(OpCodes.Ldarg, ArgCount);
            il.Emit(OpCodes.Ldc_I4, index);
            il.Emit(OpCodes.Ble, slow);
            il.Emit(OpCodes.Ldarg, ArgData);
            EmitShift(il, (2 + index) * JsValueSize + 8);
            il.Emit(OpCodes.Ldind_I8);
            il.Emit(OpCodes.Ldc_I8, (long)JsValue.StructRefTag);
            il.Emit(OpCodes.Bne_Un, slow);
            il.Emit(OpCodes.Ldarg, ArgData);
            EmitShift(il, (2 + index) * JsValueSize);
            il.Emit(OpCodes.Ldind_I);
            il.Emit(OpCodes.Stloc, r);
            il.Emit(OpCodes.Ldloc, r);
            il.Emit(OpCodes.Ldind_I4); // ZtsStructRef.TypeId
            il.Emit(OpCodes.Ldarg, ArgSite);
            il.Emit(OpCodes.Ldfld, typeof(MemberSite).GetField("CopyIds"));
            il.Emit(OpCodes.Ldc_I4, index);
            il.Emit(OpCodes.Ldelem_I4);
            il.Emit(OpCodes.Bne_Un, slow);
            il.Emit(OpCodes.Ldloc, r);
            EmitShift(il, 8); // ZtsStructRef.Bytes
            il.Emit(OpCodes.Ldind_I);
            il.Emit(OpCodes.Ldobj, t);
            il.Emit(OpCodes.Br, done);
            il.MarkLabel(slow);
        }

        private static readonly int JsValueSize = JsValueIL.Size;

        // (site, domain, argv + offset, data + offset, argc - offset, index): the reader signature, with argv,
        // data and argc shifted past the extra JS arguments of earlier UnpackedValues parameters.
        private static void EmitReaderArgs(ILGenerator il, int index, int offset)
        {
            il.Emit(OpCodes.Ldarg, ArgSite);
            il.Emit(OpCodes.Ldarg, ArgDomain);
            il.Emit(OpCodes.Ldarg, ArgArgv);
            EmitShift(il, offset * JsValueSize);
            il.Emit(OpCodes.Ldarg, ArgData);
            EmitShift(il, offset * JsValueSize);
            il.Emit(OpCodes.Ldarg, ArgCount);
            if (offset != 0)
            {
                il.Emit(OpCodes.Ldc_I4, offset);
                il.Emit(OpCodes.Sub);
            }
            il.Emit(OpCodes.Ldc_I4, index);
        }

        private static void EmitShift(ILGenerator il, int bytes) { JsValueIL.EmitShift(il, bytes); }

        private static void EmitResult(ILGenerator il, Type t, bool table = false, MethodInfo writer = null)
        {
            if (t == typeof(void))
            {
                il.Emit(OpCodes.Ldsfld, typeof(JsValue).GetField("Undefined")); // ResultWriter.WriteVoid's value, in place
                il.Emit(OpCodes.Ret);
                return;
            }
            if (writer == null && !table && EmitInlineResult(il, t)) return;
            if (!table && (writer == null || writer.Name == "WriteNew") && t.IsValueType && CopyLayout.For(t) != null)
            {
                EmitCopyResult(il, t, CopyLayout.For(t).Size);
                return;
            }
            LocalBuilder tmp = il.DeclareLocal(t);
            il.Emit(OpCodes.Stloc, tmp);
            il.Emit(OpCodes.Ldarg, ArgSite);
            il.Emit(OpCodes.Ldarg, ArgDomain);
            il.Emit(OpCodes.Ldloc, tmp);
            writer = writer ?? (table ? typeof(ResultWriter).GetMethod("WriteTable") : Writer(t));
            if (writer.GetParameters()[2].ParameterType == typeof(object) && t.IsValueType) il.Emit(OpCodes.Box, t);
            il.Emit(OpCodes.Call, writer);
            il.Emit(OpCodes.Ret);
        }

        // The results ResultWriter encodes by tag alone (Int32 and the smaller integers, Boolean, Single, Double), built
        // in place as the Player's C++ bridges do (ret_i4 and the like):  JsValue r; <store v in r>; return r;
        private static bool EmitInlineResult(ILGenerator il, Type t)
        {
            Type p = Primitive(t);
            if (JsValueIL.StoreTag(p) == null) return false;
            LocalBuilder v = il.DeclareLocal(p);
            LocalBuilder r = il.DeclareLocal(typeof(JsValue));
            il.Emit(OpCodes.Stloc, v);
            JsValueIL.EmitStoreLocal(il, r, p, g => g.Emit(OpCodes.Ldloc, v));
            il.Emit(OpCodes.Ldloc, r);
            il.Emit(OpCodes.Ret);
            return true;
        }

        // A struct result with a copy layout, by its bytes (no box, no slot; CopyLayout.Result's rule in place):
        //   S v = <result>; ZtsStructRef* r = domain.StructResult; r->TypeId = site.ResultView; r->Size = size;
        //   *(S*)r->Bytes = v; return JsValue.StructResult(r);   -- the core makes the JS copy after the gate returns
        private static void EmitCopyResult(ILGenerator il, Type t, int size)
        {
            LocalBuilder v = il.DeclareLocal(t);
            LocalBuilder r = il.DeclareLocal(typeof(IntPtr));
            il.Emit(OpCodes.Stloc, v);
            il.Emit(OpCodes.Ldarg, ArgDomain);
            il.Emit(OpCodes.Ldfld, typeof(JsDomain).GetField("StructResult", BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public));
            il.Emit(OpCodes.Stloc, r);
            il.Emit(OpCodes.Ldloc, r);
            il.Emit(OpCodes.Ldarg, ArgSite);
            il.Emit(OpCodes.Ldfld, typeof(MemberSite).GetField("ResultView"));
            il.Emit(OpCodes.Stind_I4);
            il.Emit(OpCodes.Ldloc, r);
            EmitShift(il, 4); // ZtsStructRef.Size
            il.Emit(OpCodes.Ldc_I4, size);
            il.Emit(OpCodes.Stind_I4);
            il.Emit(OpCodes.Ldloc, r);
            EmitShift(il, 8); // ZtsStructRef.Bytes
            il.Emit(OpCodes.Ldind_I);
            il.Emit(OpCodes.Ldloc, v);
            il.Emit(OpCodes.Stobj, t);
            // JsValue.StructResult(r) in place (Mono does not inline the call from a dynamic method: ~1.5% of a
            // struct-result call under the preemptive policy, perf on 2026-12-05).
            LocalBuilder result = il.DeclareLocal(typeof(JsValue));
            il.Emit(OpCodes.Ldloca, result);
            il.Emit(OpCodes.Ldloc, r);
            il.Emit(OpCodes.Stfld, typeof(JsValue).GetField("Ptr"));
            il.Emit(OpCodes.Ldloca, result);
            il.Emit(OpCodes.Ldc_I8, (long)JsValue.StructResultTag);
            il.Emit(OpCodes.Stfld, typeof(JsValue).GetField("Tag"));
            il.Emit(OpCodes.Ldloc, result);
            il.Emit(OpCodes.Ret);
        }

        private static void EmitConstant(ILGenerator il, Type t, object value)
        {
            if (t.IsEnum) t = Enum.GetUnderlyingType(t);
            if (t == typeof(string)) il.Emit(OpCodes.Ldstr, (string)value);
            else if (t == typeof(double)) il.Emit(OpCodes.Ldc_R8, (double)value);
            else if (t == typeof(float)) il.Emit(OpCodes.Ldc_R4, (float)value);
            else if (t == typeof(long) || t == typeof(ulong)) il.Emit(OpCodes.Ldc_I8, Convert.ToInt64(value));
            else if (value == null) il.Emit(OpCodes.Ldnull);
            else il.Emit(OpCodes.Ldc_I4, Convert.ToInt32(value));
        }

        private static Type Primitive(Type t)
        {
            return t.IsEnum ? Enum.GetUnderlyingType(t) : t;
        }

        private static MethodInfo Reader(Type t)
        {
            Type p = Primitive(t);
            if (p.IsPrimitive || p == typeof(string))
            {
                MethodInfo m = typeof(ArgReader).GetMethod("Read" + p.Name);
                if (m != null) return m;
            }
            return typeof(ArgReader).GetMethod("ReadObject");
        }

        private static MethodInfo Writer(Type t)
        {
            Type p = Primitive(t);
            if (p.IsPrimitive || p == typeof(string))
            {
                MethodInfo m = typeof(ResultWriter).GetMethod("Write" + p.Name);
                if (m != null) return m;
            }
            // object, and Nullable<T> (boxed as T or null), encode by the runtime value; a struct is boxed here, fresh.
            return typeof(ResultWriter).GetMethod(ResultWriter.BoxedWriterName(t));
        }
    }
}
