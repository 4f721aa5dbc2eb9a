using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using ZTS.Mono.Native;

namespace ZTS.Mono.Bridges
{
    /// <summary>
    /// Emits, once per delegate type, the C# -> JS bridge a GetFunction delegate runs (ARCHITECTURE "C# -> JS"):
    /// <code>
    /// R Bridge(FunctionClosure c, A0 a0, ...) {
    ///     JsValue* argv = c.Enter(n);
    ///     try { ValueMarshal.WriteA0(c, argv, 0, a0); ...; return ValueMarshal.ReadR(c, c.Invoke(argv, n)); }
    ///     finally { c.Leave(argv, n); }
    /// }
    /// </code>
    /// A signature it cannot emit fails loudly with TsBindException (01-HOST-API §7): there is no
    /// MethodInfo.Invoke fallback.
    /// </summary>
    internal static class DelegateBridgeBuilder
    {
        private static readonly Dictionary<Type, DynamicMethod> Cache = new Dictionary<Type, DynamicMethod>();

        private static readonly Type[] Supported =
        {
            typeof(bool), typeof(sbyte), typeof(byte), typeof(short), typeof(ushort), typeof(int), typeof(uint),
            typeof(long), typeof(ulong), typeof(float), typeof(double), typeof(char), typeof(string),
        };

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
            ParameterInfo[] ps = invoke.GetParameters();
            var paramTypes = new Type[ps.Length + 1];
            paramTypes[0] = typeof(FunctionClosure);
            for (int i = 0; i < ps.Length; i++)
            {
                Type t = ps[i].ParameterType;
                if (t.IsByRef)
                    throw new TsBindException("zts: cannot bind " + delegateType.FullName + ": parameter " + (i + 1) + " ('" + ps[i].Name +
                                              "') is ref/out; ZTS.Mono does not marshal ref/out parameters of GetFunction delegates yet");
                CheckSupported(delegateType, t, "parameter " + (i + 1) + " ('" + ps[i].Name + "')");
                paramTypes[i + 1] = t;
            }
            Type ret = invoke.ReturnType;
            if (ret != typeof(void)) CheckSupported(delegateType, ret, "the return type");

            var method = new DynamicMethod("zts_bridge_" + delegateType.Name, ret, paramTypes, typeof(FunctionClosure).Module, true);
            ILGenerator il = method.GetILGenerator();
            Type argvType = typeof(JsValue).MakePointerType();
            LocalBuilder argv = il.DeclareLocal(argvType);
            LocalBuilder result = ret == typeof(void) ? null : il.DeclareLocal(ret);
            int n = ps.Length;

            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldc_I4, n);
            il.Emit(OpCodes.Call, ClosureMethod("Enter"));
            il.Emit(OpCodes.Stloc, argv);
            il.BeginExceptionBlock();
            for (int i = 0; i < n; i++)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldloc, argv);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldarg, i + 1);
                il.Emit(OpCodes.Call, MarshalMethod("Write", Underlying(paramTypes[i + 1])));
            }
            il.Emit(OpCodes.Ldarg_0); // for the reader
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, argv);
            il.Emit(OpCodes.Ldc_I4, n);
            il.Emit(OpCodes.Call, ClosureMethod("Invoke"));
            if (result == null)
            {
                il.Emit(OpCodes.Call, MarshalMethod("Read", typeof(void)));
            }
            else
            {
                il.Emit(OpCodes.Call, MarshalMethod("Read", Underlying(ret)));
                il.Emit(OpCodes.Stloc, result);
            }
            il.BeginFinallyBlock();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, argv);
            il.Emit(OpCodes.Ldc_I4, n);
            il.Emit(OpCodes.Call, ClosureMethod("Leave"));
            il.EndExceptionBlock();
            if (result != null) il.Emit(OpCodes.Ldloc, result);
            il.Emit(OpCodes.Ret);
            return method;
        }

        private static void CheckSupported(Type delegateType, Type t, string what)
        {
            if (Array.IndexOf(Supported, Underlying(t)) >= 0) return;
            throw new TsBindException("zts: cannot bind " + delegateType.FullName + ": " + what + " has type " + t.FullName +
                                      ", which GetFunction does not marshal yet (supported: bool, integral types, enums, float, double, char, string)");
        }

        // Enums cross as their underlying integral type (CONTRACT §5).
        private static Type Underlying(Type t)
        {
            return t.IsEnum ? Enum.GetUnderlyingType(t) : t;
        }

        private static MethodInfo ClosureMethod(string name)
        {
            return typeof(FunctionClosure).GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic);
        }

        private static MethodInfo MarshalMethod(string prefix, Type t)
        {
            string name = prefix + (t == typeof(void) ? "Void" : t.Name);
            MethodInfo m = typeof(ValueMarshal).GetMethod(name, BindingFlags.Static | BindingFlags.Public);
            if (m == null) throw new TsBindException("zts: internal error: no marshaller " + name);
            return m;
        }
    }
}
