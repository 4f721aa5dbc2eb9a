using System;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// The target object of a delegate returned by GetFunction: one JS function ref of one domain. The
    /// backend's delegate bridge checks the domain inline, writes the arguments into stack
    /// memory, P/Invokes zts_function_call itself, and reads the result by tag; the methods here are its
    /// slow paths. When the delegate is collected, the finalizer queues the ref's release (10-LIFETIME §5):
    /// the frame pump frees it on the domain thread; a ref of a domain already gone is ignored natively.
    /// </summary>
    /// <summary>A delegate target that calls a JS function through a closure: the Player backend's generated
    /// shims (the Editor backend's emitted bridges are bound to the closure itself).</summary>
    internal interface IFunctionClosureOwner
    {
        /// <summary>The closure the delegate calls.</summary>
        FunctionClosure Closure { get; }
    }

    internal sealed unsafe class FunctionClosure
    {
        internal readonly JsDomain Domain;
        internal readonly int Ref;
        internal readonly string Name;

        /// <summary>Where the JS function was defined, for a delegate made from a JS function ("" when unknown); null for GetFunction's.</summary>
        internal readonly string Origin;

        /// <summary>Declared parameter types of the delegate (for object arguments).</summary>
        internal readonly Type[] ParamTypes;

        /// <summary>Per-domain view type ids of the parameters (0 for primitives); last entry: the result.</summary>
        internal readonly int[] Views;

        /// <summary>The registry slot of the object each parameter pushed last (-1: none), checked before it is taken
        /// again (JsDomain.Push with a remembered slot).</summary>
        internal readonly int[] LastSlots;

        /// <summary>Declared result type of the delegate.</summary>
        internal readonly Type ResultType;

        /// <summary>ParamTypes (of ref/out: their element types) and ResultType as the conversion rules see them,
        /// worked out once (ClrRule).</summary>
        internal readonly Conversion.ClrRule[] ParamRules;
        internal readonly Conversion.ClrRule ResultRule;

        /// <summary>[TsMarshalAs(Table)] shapes of the parameters (null: Default) and of the result.</summary>
        internal readonly Clr.TableShape[] ParamTables;
        internal readonly Clr.TableShape ResultTable;

        /// <summary>[TsMarshalAs(OpaqueValue)] on by-value parameters.</summary>
        internal readonly bool[] ParamOpaque;

        /// <summary>[TsMarshalAs(UnpackedValues)] shapes (null: one JS value) and the JS argument count.</summary>
        internal readonly Clr.TableShape[] ParamUnpacked;
        internal readonly int JsArgCount;

        /// <summary>"argument i of 'Name'" and "return value of 'Name'", made once: error texts built per call cost
        /// an allocation on every call even when nothing fails.</summary>
        internal readonly string[] ArgWhere;
        internal readonly string[] RefOutWhere;
        internal readonly string ResultWhere;

        internal FunctionClosure(JsDomain domain, int reference, string name, Type delegateType, string origin = null)
        {
            Domain = domain;
            Ref = reference;
            Name = name;
            Origin = origin;
            System.Reflection.MethodInfo invoke = delegateType.GetMethod("Invoke");
            System.Reflection.ParameterInfo[] ps = invoke.GetParameters();
            ParamTypes = new Type[ps.Length];
            Views = new int[ps.Length + 1];
            LastSlots = new int[ps.Length + 1];
            for (int i = 0; i < LastSlots.Length; i++) LastSlots[i] = -1;
            ParamTables = new Clr.TableShape[ps.Length];
            ParamOpaque = new bool[ps.Length];
            ParamUnpacked = new Clr.TableShape[ps.Length];
            JsArgCount = ps.Length;
            for (int i = 0; i < ps.Length; i++)
            {
                ParamTables[i] = Clr.MarshalAsReader.TableFor(ps[i], ps[i].ParameterType, delegateType.Name + " parameter " + (i + 1));
                ParamOpaque[i] = !ps[i].ParameterType.IsByRef && Clr.MarshalAsReader.IsOpaque(ps[i]);
                ParamUnpacked[i] = Clr.MarshalAsReader.UnpackedFor(ps[i], ps[i].ParameterType, delegateType.Name + " parameter " + (i + 1));
                if (ParamUnpacked[i] != null) JsArgCount += ParamUnpacked[i].Count - 1;
                ParamTypes[i] = ps[i].ParameterType;
                Views[i] = TagTypes.IsPrimitive(ParamTypes[i]) || ParamTypes[i].IsByRef ? 0 : Clr.TypeBinder.Declare(domain, ParamTypes[i]);
            }
            ArgWhere = new string[ps.Length];
            RefOutWhere = new string[ps.Length];
            for (int i = 0; i < ps.Length; i++)
            {
                ArgWhere[i] = "argument " + (i + 1) + " of '" + name + "'";
                RefOutWhere[i] = "ref/out " + ArgWhere[i];
            }
            ResultWhere = "return value of '" + name + "'";
            ResultType = invoke.ReturnType;
            ParamRules = Conversion.ClrRule.Of(ParamTypes);
            ResultRule = Conversion.ClrRule.Of(ResultType);
            ResultTable = Clr.MarshalAsReader.TableFor(invoke.ReturnParameter, ResultType, delegateType.Name + " return value");
            Views[ps.Length] = ResultType == typeof(void) || TagTypes.IsPrimitive(ResultType) ? 0 : Clr.TypeBinder.Declare(domain, ResultType);
        }

        ~FunctionClosure()
        {
            ZtsNative.zts_release_enqueue(Domain.Id, Ref); // thread-safe; never touches QuickJS
        }

        /// <summary>Slow path of the inline domain check: throws ObjectDisposedException or InvalidOperationException.</summary>
        /// <summary>The closure behind a delegate made from a JS function on either backend, or null.</summary>
        internal static FunctionClosure Of(Delegate d)
        {
            object target = d != null ? d.Target : null;
            var owner = target as IFunctionClosureOwner;
            return owner != null ? owner.Closure : target as FunctionClosure;
        }

        internal void EnterSlow()
        {
            if (Origin != null && Domain.IsDisposed) throw new ObjectDisposedException(Name, TsResetTexts.StaleScriptFunction(Name, Origin));
            Domain.CheckAccess(Name);
        }

        /// <summary>A failed zts_function_call: throws the TsException (or other) it reported.</summary>
        internal void Fail(int status)
        {
            // The error is read before the console is flushed: a sink that calls JS replaces the domain's error, and
            // one that Resets frees it (test Scope_ConsoleSink_CallsJsDuringFailure).
            Exception e = Domain.TakeError(status, Name);
            FlushConsole();
            throw e;
        }

        /// <summary>After a call, once its result or error has been read (a sink may call JS, which overwrites the
        /// call scratch, or Reset the domain): console output waits for the outermost frame (TsPrintBuffer rule).</summary>
        internal void FlushConsole()
        {
            if (TsConsole.HasPending && Domain.CallDepth == 0) TsConsole.Flush();
        }

        /// <summary>Frees the ref-counted values a failed marshal left in argv (the exception path of every bridge).</summary>
        internal void FreeArgs(JsValue* argv, int argc)
        {
            if (Domain.IsDisposed) return;
            for (int i = 0; i < argc; i++)
            {
                if (argv[i].IsRefCounted)
                {
                    ZtsNative.zts_value_free(Domain.Handle, argv[i]);
                    argv[i] = JsValue.Undefined;
                }
            }
        }
    }
}
