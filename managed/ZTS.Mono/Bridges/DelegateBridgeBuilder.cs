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
    /// Emits, once per delegate type, the C# -> JS bridge a GetFunction delegate runs (ARCHITECTURE "C# -> JS"):
    /// <code>
    /// R Bridge(FunctionClosure c, A0 a0, ...) {
    ///     if (c.Domain != JsDomain.ThreadDomain) c.EnterSlow();      // Reset or wrong thread: throws
    ///     JsValue* argv = &amp;buffer; JsValue result; int status;  // primitive arguments only: argv and result in c.Domain.CallScratch
    ///     try { ValueMarshal.WriteA0(c, argv, 0, a0); ...;
    ///           status = ZtsNative.zts_function_call(c.Domain.Handle, c.Ref, n, argv, &amp;result); }
    ///     catch { c.FreeArgs(argv, n); throw; }      // only when a string/char argument can own a JS value
    ///     if (status != 0) c.Fail(status);                  // reads the error, then flushes the console
    ///     R value = ValueMarshal.ReadR(c, result);           // before the flush: a sink may call JS or Reset
    ///     if (TsConsole.HasPending) c.FlushConsole();
    ///     return value;
    /// }
    /// </code>
    /// A signature it cannot emit fails loudly with TsBindException (01-HOST-API §7): there is no
    /// MethodInfo.Invoke fallback.
    /// </summary>
    internal static class DelegateBridgeBuilder
    {
        private static readonly int JsValueSize = JsValueIL.Size;

        private static readonly Dictionary<Type, DynamicMethod> Cache = new Dictionary<Type, DynamicMethod>();

        /// <summary>Creates a delegate of delegateType bound to closure; throws TsBindException when unsupported.</summary>
        public static Delegate Bind(Type delegateType, FunctionClosure closure)
        {
            return Get(delegateType).CreateDelegate(delegateType, closure);
        }

        /// <summary>The emitted bridge for delegateType (validated first, then emitted and cached).</summary>
        public static DynamicMethod Get(Type delegateType)
        {
            lock (Cache)
            {
                DynamicMethod method;
                if (!Cache.TryGetValue(delegateType, out method))
                {
                    method = Emit(delegateType);
                    Cache[delegateType] = method;
                }
                return method;
            }
        }

        private static DynamicMethod Emit(Type delegateType)
        {
            MethodInfo invoke = delegateType.GetMethod("Invoke");
            if (invoke == null || !typeof(MulticastDelegate).IsAssignableFrom(delegateType))
                throw new TsBindException("zts: " + delegateType.FullName + " is not a delegate type");
            if (delegateType.ContainsGenericParameters)
                throw new TsBindException("zts: cannot bind the open generic delegate type " + delegateType.FullName);
            CrossingCheck.CheckDelegate(delegateType); // the shared rule: the same text on both backends
            ParameterInfo[] ps = invoke.GetParameters();
            int n = ps.Length;
            var paramTypes = new Type[n + 1];
            paramTypes[0] = typeof(FunctionClosure);
            var unpacked = new TableShape[n];
            var at = new int[n];        // each parameter's first JS argument: an UnpackedValues parameter takes one per member
            var opaque = new bool[n];   // ref/out/in and [TsMarshalAs(OpaqueValue)]: an opaque handle (10-LIFETIME §4)
            ulong handles = 0, writeback = 0; // by JS argument: which are handles, and which are written back
            int jsCount = 0;
            // Only string/char and object arguments own a JS value; without them nothing written can leak, so the
            // bridge needs no exception block (which would also keep Mono from enregistering locals).
            bool guarded = false;
            for (int i = 0; i < n; i++)
            {
                Type t = paramTypes[i + 1] = ps[i].ParameterType;
                at[i] = jsCount;
                if (t.IsByRef || MarshalAsReader.IsOpaque(ps[i]))
                {
                    if (jsCount >= 64)
                        throw new TsBindException("zts: cannot bind " + delegateType.FullName + ": more than 64 parameters with ref/out/OpaqueValue");
                    opaque[i] = guarded = true;
                    handles |= 1UL << jsCount;
                    if (t.IsByRef && !(ps[i].IsIn && !ps[i].IsOut)) writeback |= 1UL << jsCount; // `in`: no write-back
                    jsCount++;
                    continue;
                }
                unpacked[i] = MarshalAsReader.UnpackedFor(ps[i], t, delegateType.Name + " parameter " + (i + 1));
                jsCount += unpacked[i] != null ? unpacked[i].Count : 1;
                guarded |= t == typeof(string) || t == typeof(char) || !TagTypes.IsPrimitive(t) || unpacked[i] != null;
            }
            Type ret = invoke.ReturnType;
            var method = new DynamicMethod("zts_bridge_" + delegateType.Name, ret, paramTypes, typeof(FunctionClosure).Module, true);
            method.InitLocals = guarded; // a guarded argv starts zeroed (tag 0: nothing to free)
            ILGenerator il = method.GetILGenerator();
            LocalBuilder argv = il.DeclareLocal(typeof(JsValue).MakePointerType());
            // An unguarded bridge writes its arguments and takes its result in the domain's call scratch: no
            // struct locals for Mono to zero on every call (JsDomain.CallScratch says why sharing it is safe).
            bool scratch = !guarded && jsCount <= JsDomain.CallScratchArgs;
            LocalBuilder result = il.DeclareLocal(scratch ? typeof(JsValue).MakePointerType() : typeof(JsValue));
            LocalBuilder status = il.DeclareLocal(typeof(int));
            Label called = il.DefineLabel();
            if (scratch) EmitEnterScratch(il, argv, result);
            else EmitEnter(il, argv, jsCount);
            if (guarded) il.BeginExceptionBlock();
            for (int i = 0; i < n; i++)
            {
                Type pt = paramTypes[i + 1];
                if (opaque[i])
                {
                    EmitOpaqueWrite(il, argv, ps[i], i, at[i]);
                    continue;
                }
                if (unpacked[i] == null && EmitInlineWrite(il, argv, at[i], i + 1, pt, ps[i], delegateType)) continue;
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldloc, argv);
                JsValueIL.EmitShift(il, (at[i] - i) * JsValueSize); // slots added by earlier UnpackedValues parameters
                il.Emit(OpCodes.Ldc_I4, i);
                bool table = MarshalAsReader.TableFor(ps[i], pt, delegateType.Name + " parameter " + (i + 1)) != null;
                if (!table && unpacked[i] == null && pt.IsValueType && CopyLayout.For(pt) != null)
                {
                    // A native-copy struct by its bytes: ValueMarshal.WriteCopy(c, argv', i, &arg), no box.
                    il.Emit(OpCodes.Ldarga, i + 1);
                    il.Emit(OpCodes.Conv_U);
                    il.Emit(OpCodes.Call, typeof(ValueMarshal).GetMethod("WriteCopy"));
                    continue;
                }
                il.Emit(OpCodes.Ldarg, i + 1);
                if (unpacked[i] != null)
                {
                    if (pt.IsValueType) il.Emit(OpCodes.Box, pt);
                    il.Emit(OpCodes.Call, typeof(ValueMarshal).GetMethod("WriteUnpacked"));
                    continue;
                }
                EmitWrite(il, pt, table);
            }
            EmitNativeCall(il, argv, result, status, jsCount, handles, writeback);
            if (guarded)
            {
                il.Emit(OpCodes.Leave, called);
                EmitFreeArgsCatch(il, argv, jsCount);
            }
            il.MarkLabel(called);
            // if (status != 0) c.Fail(status);  <ref/out write-back>  value = <read result>;
            // if (TsConsole.HasPending) c.FlushConsole();  return value;
            // The result is read before the console is flushed: it may sit in the domain's call scratch, which a sink
            // that calls JS overwrites, and a sink that Resets frees its value (test Scope_ConsoleSink_CallsJs).
            EmitStatusCheck(il, status, il.DefineLabel());
            if (writeback != 0) EmitWriteBack(il, argv, result, ps, at, writeback, jsCount);
            bool tableResult = MarshalAsReader.TableFor(invoke.ReturnParameter, ret, delegateType.Name + " return value") != null;
            Label read = il.DefineLabel();
            LocalBuilder value;
            if (ret != typeof(void) && (!TagTypes.IsPrimitive(ret) || tableResult))
            {
                value = il.DeclareLocal(ret);
                CopyLayout copy = !tableResult && ret.IsValueType ? CopyLayout.For(ret) : null;
                if (copy != null)
                {
                    // A native-copy struct by its bytes:  if (ValueMarshal.ReadCopy(c, result, &value, size)) goto read;
                    il.Emit(OpCodes.Ldarg_0);
                    EmitResultValue(il, result);
                    il.Emit(OpCodes.Ldloca, value);
                    il.Emit(OpCodes.Conv_U);
                    il.Emit(OpCodes.Ldc_I4, copy.Size);
                    il.Emit(OpCodes.Call, typeof(ValueMarshal).GetMethod("ReadCopy"));
                    il.Emit(OpCodes.Brtrue, read);
                }
                il.Emit(OpCodes.Ldarg_0);
                EmitResultValue(il, result);
                il.Emit(OpCodes.Call, tableResult ? typeof(ValueMarshal).GetMethod("ReadTable") : MarshalMethod("Read", typeof(object)));
                il.Emit(ret.IsValueType ? OpCodes.Unbox_Any : OpCodes.Castclass, ret);
                il.Emit(OpCodes.Stloc, value);
            }
            else
            {
                Type t = ret == typeof(void) ? typeof(void) : TagTypes.Underlying(ret);
                value = t == typeof(void) ? null : il.DeclareLocal(t);
                EmitInlineRead(il, result, t, value, read);
                il.Emit(OpCodes.Ldarg_0);
                EmitResultValue(il, result);
                il.Emit(OpCodes.Call, MarshalMethod("Read", t));
                if (value != null) il.Emit(OpCodes.Stloc, value);
            }
            il.MarkLabel(read);
            Label quiet = il.DefineLabel();
            il.Emit(OpCodes.Call, typeof(TsConsole).GetProperty("HasPending").GetGetMethod());
            il.Emit(OpCodes.Brfalse, quiet);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, ClosureMethod("FlushConsole"));
            il.MarkLabel(quiet);
            if (value != null) il.Emit(OpCodes.Ldloc, value);
            il.Emit(OpCodes.Ret);
            return method;
        }

        // A ref/out/in or OpaqueValue parameter (10-LIFETIME §4) arrives in JS as an opaque handle of a scope the
        // core opens for this call (zts_function_call_opaque); JS reads/writes it with zts.opaque_get/opaque_set.
        // argv[index] takes its value: undefined for out, the referenced value for ref/in, the value for OpaqueValue.
        // As for every ValueMarshal call, argv is shifted past the extra JS arguments of earlier UnpackedValues
        // parameters, so that the index stays the C# position: argv[i] there is JS argument `at`.
        private static void EmitOpaqueWrite(ILGenerator il, LocalBuilder argv, ParameterInfo p, int i, int at)
        {
            Type pt = p.ParameterType;
            int arg = i + 1;
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, argv);
            JsValueIL.EmitShift(il, (at - i) * JsValueSize);
            il.Emit(OpCodes.Ldc_I4, i);
            if (!pt.IsByRef)
            {
                il.Emit(OpCodes.Ldarg, arg);
                if (pt.IsValueType) il.Emit(OpCodes.Box, pt);
                il.Emit(OpCodes.Call, typeof(ValueMarshal).GetMethod("WriteOpaqueValue")); // by value: nothing to write back
                return;
            }
            Type e = pt.GetElementType();
            if (p.IsOut)
            {
                il.Emit(OpCodes.Ldnull); // out: JS starts from undefined
            }
            else
            {
                il.Emit(OpCodes.Ldarg, arg);
                il.Emit(OpCodes.Ldobj, e);
                if (JsValueIL.Loads(e))
                {
                    il.Emit(OpCodes.Call, MarshalMethod("Write", e)); // the by-value writer: no box
                    return;
                }
                if (e.IsValueType) il.Emit(OpCodes.Box, e);
            }
            il.Emit(OpCodes.Call, typeof(ValueMarshal).GetMethod("WriteOpaque"));
        }

        // After a successful call, ref/out values come back in argv and are written through each reference:
        //   try { *ref_i = <JS argument j in place when its tag is exact, else (T)ValueMarshal.ReadOpaque(c, argv', i)> ...; }
        //   catch { c.FreeArgs(argv, jsCount); c.FreeArgs(&result, 1); throw; }  -- what the read-back has not taken
        private static void EmitWriteBack(ILGenerator il, LocalBuilder argv, LocalBuilder result, ParameterInfo[] ps, int[] at,
                                          ulong writeback, int jsCount)
        {
            il.BeginExceptionBlock();
            for (int i = 0; i < ps.Length; i++)
            {
                int j = at[i];
                if (!ps[i].ParameterType.IsByRef || (writeback & (1UL << j)) == 0) continue;
                Type e = ps[i].ParameterType.GetElementType();
                Label next = il.DefineLabel();
                il.Emit(OpCodes.Ldarg, i + 1);
                if (JsValueIL.Loads(e))
                {
                    Label slow = il.DefineLabel();
                    JsValueIL.EmitTryLoad(il, g => { g.Emit(OpCodes.Ldloc, argv); JsValueIL.EmitShift(g, j * JsValueSize); }, e, slow);
                    il.Emit(OpCodes.Stobj, e);
                    il.Emit(OpCodes.Br, next);
                    il.MarkLabel(slow);
                }
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldloc, argv);
                JsValueIL.EmitShift(il, (j - i) * JsValueSize); // the C# position, as in EmitOpaqueWrite
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Call, typeof(ValueMarshal).GetMethod("ReadOpaque"));
                il.Emit(e.IsValueType ? OpCodes.Unbox_Any : OpCodes.Castclass, e);
                il.Emit(OpCodes.Stobj, e);
                il.MarkLabel(next);
            }
            il.BeginCatchBlock(typeof(object));
            il.Emit(OpCodes.Pop);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, argv);
            il.Emit(OpCodes.Ldc_I4, jsCount);
            il.Emit(OpCodes.Call, ClosureMethod("FreeArgs"));
            il.Emit(OpCodes.Ldarg_0);
            EmitResultAddress(il, result);
            il.Emit(OpCodes.Conv_U);
            il.Emit(OpCodes.Ldc_I4_1);
            il.Emit(OpCodes.Call, ClosureMethod("FreeArgs"));
            il.Emit(OpCodes.Rethrow);
            il.EndExceptionBlock();
        }

        // if (c.Domain != JsDomain.ThreadDomain) c.EnterSlow();   -- disposed or wrong thread
        // argv = the frame's buffer of jsCount JsValues: nested and recursive calls each have their own.
        private static void EmitEnter(ILGenerator il, LocalBuilder argv, int jsCount)
        {
            EmitDomainCheck(il);
            if (jsCount == 0) return;
            Type buffer = ArgumentBuffers.For(jsCount);
            if (buffer != null)
            {
                il.Emit(OpCodes.Ldloca, il.DeclareLocal(buffer));
                il.Emit(OpCodes.Conv_U);
            }
            else
            {
                il.Emit(OpCodes.Ldc_I4, jsCount * JsValueSize);
                il.Emit(OpCodes.Conv_U);
                il.Emit(OpCodes.Localloc);
            }
            il.Emit(OpCodes.Stloc, argv);
        }

        // if (c.Domain != JsDomain.ThreadDomain) c.EnterSlow();  -- the thread and lifetime check of every call
        private static void EmitDomainCheck(ILGenerator il)
        {
            Label entered = il.DefineLabel();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, ClosureField("Domain"));
            il.Emit(OpCodes.Ldsfld, typeof(JsDomain).GetField("ThreadDomain", BindingFlags.Static | BindingFlags.NonPublic));
            il.Emit(OpCodes.Beq, entered);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, ClosureMethod("EnterSlow"));
            il.MarkLabel(entered);
        }

        // EmitEnter over the domain's call scratch: argv = c.Domain.CallScratch; result = argv + CallScratchArgs.
        private static void EmitEnterScratch(ILGenerator il, LocalBuilder argv, LocalBuilder result)
        {
            EmitDomainCheck(il);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, ClosureField("Domain"));
            il.Emit(OpCodes.Ldfld, typeof(JsDomain).GetField("CallScratch"));
            il.Emit(OpCodes.Dup);
            il.Emit(OpCodes.Stloc, argv);
            il.Emit(OpCodes.Ldc_I4, JsDomain.CallScratchArgs * JsValueSize);
            il.Emit(OpCodes.Conv_I);
            il.Emit(OpCodes.Add);
            il.Emit(OpCodes.Stloc, result);
        }

        // The address of the call's result: a JsValue local, or the result slot of the call scratch.
        private static void EmitResultAddress(ILGenerator il, LocalBuilder result)
        {
            il.Emit(result.LocalType.IsPointer ? OpCodes.Ldloc : OpCodes.Ldloca, result);
        }

        // The call's result as a JsValue.
        private static void EmitResultValue(ILGenerator il, LocalBuilder result)
        {
            il.Emit(OpCodes.Ldloc, result);
            if (result.LocalType.IsPointer) il.Emit(OpCodes.Ldobj, typeof(JsValue));
        }

        // status = zts_function_call(c.Domain.Handle, c.Ref, argc, argv, &result);  -- the one P/Invoke; with
        // opaque parameters zts_function_call_opaque(..., argv, handles, writeback, &result) instead.
        private static void EmitNativeCall(ILGenerator il, LocalBuilder argv, LocalBuilder result, LocalBuilder status, int argc,
                                           ulong handles = 0, ulong writeback = 0)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, ClosureField("Domain"));
            il.Emit(OpCodes.Ldfld, typeof(JsDomain).GetField("Handle"));
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, ClosureField("Ref"));
            il.Emit(OpCodes.Ldc_I4, argc);
            il.Emit(OpCodes.Ldloc, argv);
            if (handles != 0)
            {
                il.Emit(OpCodes.Ldc_I8, (long)handles);
                il.Emit(OpCodes.Ldc_I8, (long)writeback);
            }
            EmitResultAddress(il, result);
            il.Emit(OpCodes.Call, typeof(ZtsNative).GetMethod(handles != 0 ? "zts_function_call_opaque" : "zts_function_call"));
            il.Emit(OpCodes.Stloc, status);
        }

        // if (status != 0) c.Fail(status);  -- Fail throws the TsException the core reported
        private static void EmitStatusCheck(ILGenerator il, LocalBuilder status, Label succeeded)
        {
            il.Emit(OpCodes.Ldloc, status);
            il.Emit(OpCodes.Brfalse, succeeded);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, status);
            il.Emit(OpCodes.Call, ClosureMethod("Fail"));
            il.MarkLabel(succeeded);
        }

        // catch { c.FreeArgs(argv, argc); throw; } -- only the exception path pays; ends the try block.
        private static void EmitFreeArgsCatch(ILGenerator il, LocalBuilder argv, int argc)
        {
            il.BeginCatchBlock(typeof(object));
            il.Emit(OpCodes.Pop);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, argv);
            il.Emit(OpCodes.Ldc_I4, argc);
            il.Emit(OpCodes.Call, ClosureMethod("FreeArgs"));
            il.Emit(OpCodes.Rethrow);
            il.EndExceptionBlock();
        }

        // One argument write: by tag for primitives, a Table object, or a pushed C# object.
        private static void EmitWrite(ILGenerator il, Type pt, bool table)
        {
            if (TagTypes.IsPrimitive(pt) && !table)
            {
                il.Emit(OpCodes.Call, MarshalMethod("Write", TagTypes.Underlying(pt)));
                return;
            }
            if (pt.IsValueType) il.Emit(OpCodes.Box, pt);
            il.Emit(OpCodes.Call, table ? typeof(ValueMarshal).GetMethod("WriteTable") : MarshalMethod("Write", typeof(object)));
        }

        // The common arguments encode right here, as ValueMarshal.Write* would (JsValueIL.EmitStore: two 8-byte
        // stores, no call). False (nothing emitted) for every other type, and for a [TsMarshalAs(Table)] parameter.
        private static bool EmitInlineWrite(ILGenerator il, LocalBuilder argv, int slot, int arg, Type pt, ParameterInfo p,
                                            Type delegateType)
        {
            if (JsValueIL.StoreTag(pt) == null) return false;
            if (MarshalAsReader.TableFor(p, pt, delegateType.Name + " parameter " + arg) != null) return false;
            il.Emit(OpCodes.Ldloc, argv);
            JsValueIL.EmitShift(il, slot * JsValueSize);
            JsValueIL.EmitStore(il, pt, g => g.Emit(OpCodes.Ldarg, arg));
            return true;
        }

        // The common results decode right here (JsValueIL.EmitTryLoad); anything else falls through to ValueMarshal.Read*.
        //   void: if (result.Tag >= 0) goto read;  (nothing to free)     int, bool, double, float: if (<exact tag>) { value = it; goto read; }
        private static void EmitInlineRead(ILGenerator il, LocalBuilder result, Type t, LocalBuilder value, Label read)
        {
            Label slow = il.DefineLabel();
            if (t == typeof(void))
            {
                EmitResultAddress(il, result);
                il.Emit(OpCodes.Ldfld, typeof(JsValue).GetField("Tag"));
                il.Emit(OpCodes.Ldc_I8, 0L);
                il.Emit(OpCodes.Blt, slow);
                il.Emit(OpCodes.Br, read);
            }
            else if (JsValueIL.Loads(t))
            {
                JsValueIL.EmitTryLoad(il, g => EmitResultAddress(g, result), t, slow);
                il.Emit(OpCodes.Stloc, value);
                il.Emit(OpCodes.Br, read);
            }
            il.MarkLabel(slow);
        }

        private static FieldInfo ClosureField(string name)
        {
            return typeof(FunctionClosure).GetField(name, BindingFlags.Instance | BindingFlags.NonPublic);
        }

        private static MethodInfo ClosureMethod(string name)
        {
            return typeof(FunctionClosure).GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic);
        }

        private static MethodInfo MarshalMethod(string prefix, Type t)
        {
            string name = prefix + (t == typeof(void) ? "Void" : t == typeof(object) ? "Object" : t.Name);
            MethodInfo m = typeof(ValueMarshal).GetMethod(name, BindingFlags.Static | BindingFlags.Public);
            if (m == null) throw new TsBindException("zts: internal error: no marshaller " + name);
            return m;
        }
    }
}
