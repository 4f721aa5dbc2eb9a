using System;
using System.Reflection;
using ZTS.Shared.Conversion;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// What an emitted member bridge needs besides its IL: the member's display name for error texts,
    /// parameter types and defaults, and the view (type id) under which a returned object is pushed.
    /// One per bound member per domain; the bridge delegate is closed over it.
    /// </summary>
    internal sealed class MemberSite
    {
        public MemberSite(string name, ParameterInfo[] parameters, Type resultType, int resultView)
        {
            Name = name;
            ResultType = resultType ?? typeof(void);
            ResultView = resultView;
            int n = parameters == null ? 0 : parameters.Length;
            ParamTypes = new Type[n];
            Defaults = new object[n];
            Optional = new bool[n];
            ParamTables = new Clr.TableShape[n];
            ParamUnpacked = new Clr.TableShape[n];
            JsOffset = new int[n];
            ArgWhere = new string[n];
            UnpackedWhere = new string[n];
            ResultWhere = "return value of '" + name + "'";
            ResultRule = ClrRule.Of(ResultType);
            ResultBoxed = Bridges.ResultWriter.BoxedResultOf(ResultType);
            int offset = 0;
            for (int i = 0; i < n; i++)
            {
                ArgWhere[i] = "argument " + (i + 1) + " of '" + name + "'";
                ParamTypes[i] = parameters[i].ParameterType;
                Optional[i] = TsMemberRules.CanOmit(parameters[i]);
                Defaults[i] = Optional[i] ? OmittedValue(parameters[i]) : null;
                ParamTables[i] = Clr.MarshalAsReader.TableFor(parameters[i], ParamTypes[i], name + " parameter " + (i + 1));
                ParamUnpacked[i] = Clr.MarshalAsReader.UnpackedFor(parameters[i], ParamTypes[i], name + " parameter " + (i + 1));
                if (ParamUnpacked[i] != null) UnpackedWhere[i] = "arguments " + (i + 1) + "... of '" + name + "'";
                JsOffset[i] = offset;
                if (ParamUnpacked[i] != null) offset += ParamUnpacked[i].Count - 1;
                if (parameters[i].IsOut)
                {
                    if (_out == null) _out = new bool[n];
                    _out[i] = true;
                }
            }
            ParamRules = ClrRule.Of(ParamTypes);
        }

        /// <summary>The parameter types (of ref/out: their element types) and the result type as the conversion
        /// rules see them, worked out once (ClrRule).</summary>
        public readonly ClrRule[] ParamRules;
        public readonly ClrRule ResultRule;

        /// <summary>How a boxed result of this site is written (ResultWriter.WriteBoxed).</summary>
        public readonly ResultWriter.BoxedResult ResultBoxed;

        /// <summary>"Type.Member" as JS sees it.</summary>
        public readonly string Name;

        /// <summary>"argument i of 'Name'", "arguments i... of 'Name'" (UnpackedValues parameters) and "return value of
        /// 'Name'", made once: error texts built per call would cost an allocation on every call.</summary>
        public readonly string[] ArgWhere;
        public readonly string[] UnpackedWhere;
        public readonly string ResultWhere;

        /// <summary>Declared parameter types (value parameter of setters included).</summary>
        public readonly Type[] ParamTypes;

        /// <summary>The values omitted parameters take (OmittedValue: the declared default, default(T), an empty params
        /// array); null for parameters that cannot be omitted.</summary>
        public readonly object[] Defaults;

        /// <summary>Whether each parameter may be omitted (TsMemberRules.CanOmit: optional or params).</summary>
        public readonly bool[] Optional;

        /// <summary>Type id of the declared result type, for pushing returned objects.</summary>
        public readonly int ResultView;

        /// <summary>The declared result type (void when none).</summary>
        public readonly Type ResultType;

        /// <summary>[TsMarshalAs(Table)] shapes of the parameters (null entries: Default).</summary>
        public readonly Clr.TableShape[] ParamTables;

        /// <summary>[TsMarshalAs(UnpackedValues)] shapes of the parameters (null entries: one JS value).</summary>
        public readonly Clr.TableShape[] ParamUnpacked;

        /// <summary>How many JS arguments earlier unpacked parameters add before parameter i.</summary>
        public readonly int[] JsOffset;

        /// <summary>[TsMarshalAs(Table)] shape of the result, or null.</summary>
        public Clr.TableShape ResultTable;

        /// <summary>The registry slot of the last object this site returned (-1: none); JsDomain.PushSiteResult checks
        /// that it still holds that object before using it.</summary>
        public int LastSlot = -1;

        /// <summary>Per parameter: the type id of its struct when that struct crosses as a native copy (Clr.CopyLayout),
        /// else 0. The Editor's bridges take a copy of exactly that type by its bytes (TypeBinder.Site fills it).</summary>
        public int[] CopyIds = new int[0];

        private bool[] _out;

        /// <summary>Whether parameter i is an out parameter.</summary>
        public bool IsOut(int i)
        {
            return _out != null && i < _out.Length && _out[i];
        }

        // The value an omitted parameter takes, worked out once per site so that no reflection runs per call:
        // - a params array: an empty array, as C# passes (Test6(1) on Test6(int, int = 0, params string[]));
        //   sharing one per site is safe, a zero-length array holds nothing to change;
        // - the default it declares; [Optional] without a default reports Reflection.Missing (or DBNull),
        //   and a struct default (TimeSpan t = default, CancellationToken ct = default) reports null: both are
        //   default(T), which for a value type is a zeroed box (a null would make the bridge's unbox throw
        //   NullReferenceException). Tests: tests/conformance/interop_args.js.
        private static object OmittedValue(ParameterInfo p)
        {
            Type t = p.ParameterType;
            if (TsMemberRules.IsParamArray(p)) return Array.CreateInstance(t.GetElementType(), 0);
            object v = p.IsOptional ? p.DefaultValue : null;
            if (v == DBNull.Value || v is System.Reflection.Missing) v = null;
            if (v == null && !t.IsByRef && t.IsValueType && Nullable.GetUnderlyingType(t) == null && !t.ContainsGenericParameters)
                v = Activator.CreateInstance(t);
            return v;
        }

        /// <summary>The value a missing argument i takes: its C# default value, or default(T).</summary>
        public T Missing<T>(int i)
        {
            object v = i < Defaults.Length ? Defaults[i] : null;
            if (v == null) return default(T);
            Type t = typeof(T);
            if (t.IsEnum && v.GetType() != t) v = Enum.ToObject(t, v);
            return (T)v;
        }

        private string[] _where;

        /// <summary>"argument N of 'T.M'": parameter i as error texts name it (made once).</summary>
        public string Where(int i)
        {
            if (_where == null) _where = new string[ParamTypes.Length];
            return _where[i] ?? (_where[i] = "argument " + (i + 1) + " of '" + Name + "'");
        }

        /// <summary>The C# name of parameter i's type, for error texts.</summary>
        public string ParamTypeName(int i)
        {
            return i < ParamTypes.Length ? ParamTypes[i].FullName ?? ParamTypes[i].Name : "?";
        }
    }
}
