using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// [TsMarshalAs(Table)] (01-HOST-API §3): a struct (or Nullable of one) as a plain JS object with the listed
    /// members, in both directions, converted in one batched native call each way. Member values use the
    /// general conversion rules (ValueConvert); struct members are read and written through small
    /// per-member accessors from the backend (no FieldInfo/PropertyInfo reflection on the call path).
    /// </summary>
    internal sealed unsafe class TableShape
    {
        private static readonly Dictionary<string, TableShape> Cache = new Dictionary<string, TableShape>();

        private readonly MemberInfo[] _members;
        private readonly Type[] _types;
        private readonly ClrRule[] _rules; // _types as the conversion rules see them, worked out once
        private readonly IntPtr[] _names; // UTF-8, kept for the process (shapes are cached)
        private readonly Func<object, object>[] _get; // backend accessor: read member i of a boxed struct
        private readonly Func<object, JsValue>[] _toJs; // backend accessor: member i as its JS value (int/bool/double/float), or null
        private readonly Action<object, object>[] _set; // backend accessor: write member i into a boxed struct
        private readonly Func<object> _new; // backend factory: a new box of default(StructType) (Activator costs ~0.5 us)

        // "<where>, member <name>" per member for the last `where` seen (the sites pass the same string each call):
        // the texts exist for errors only, so a call must not build them. Replaced whole, so threads can share it.
        private sealed class MemberWheres
        {
            public readonly string Where;
            public readonly string[] Texts;

            public MemberWheres(string where, MemberInfo[] members)
            {
                Where = where;
                Texts = new string[members.Length];
                for (int i = 0; i < members.Length; i++) Texts[i] = where + ", member " + members[i].Name;
            }
        }

        private MemberWheres _wheres;

        // The member names as atoms of the last domain seen (BindingCaches.TableAtoms holds every domain's): the
        // batched native calls then look no name up. Replaced whole, so threads can share it.
        private sealed class DomainAtoms
        {
            public readonly uint DomainId;
            public readonly uint[] Atoms;

            public DomainAtoms(uint domainId, uint[] atoms)
            {
                DomainId = domainId;
                Atoms = atoms;
            }
        }

        private DomainAtoms _atoms;

        private uint[] AtomsFor(JsDomain d)
        {
            DomainAtoms a = _atoms;
            if (a != null && a.DomainId == d.Id) return a.Atoms;
            uint[] atoms;
            if (!d.Caches.TableAtoms.TryGetValue(this, out atoms))
            {
                atoms = new uint[Math.Max(_members.Length, 1)];
                int rc;
                fixed (IntPtr* names = _names)
                fixed (uint* p = atoms)
                    rc = ZtsNative.zts_atoms_intern(d.Handle, _members.Length, names, p);
                if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "Table member names of " + StructType.FullName);
                d.Caches.TableAtoms[this] = atoms;
            }
            _atoms = new DomainAtoms(d.Id, atoms);
            return atoms;
        }

        private string[] WheresFor(string where)
        {
            MemberWheres w = _wheres;
            if (w == null || !ReferenceEquals(w.Where, where))
            {
                w = new MemberWheres(where, _members);
                _wheres = w;
            }
            return w.Texts;
        }


        private TableShape(Type structType, bool nullable, MemberInfo[] members)
        {
            StructType = structType;
            IsNullable = nullable;
            _members = members;
            _types = new Type[members.Length];
            _rules = new ClrRule[members.Length];
            _names = new IntPtr[members.Length];
            _get = new Func<object, object>[members.Length];
            _toJs = new Func<object, JsValue>[members.Length];
            _set = new Action<object, object>[members.Length];
            _new = BridgeProvider.Current.StructFactory(structType);
            for (int i = 0; i < members.Length; i++)
            {
                var f = members[i] as FieldInfo;
                _types[i] = f != null ? f.FieldType : ((PropertyInfo)members[i]).PropertyType;
                _rules[i] = ClrRule.Of(_types[i]);
                _get[i] = BridgeProvider.Current.StructMemberGetter(structType, members[i], _types[i]);
                _toJs[i] = BridgeProvider.Current.StructMemberToJs(structType, members[i], _types[i]);
                _set[i] = BridgeProvider.Current.StructMemberSetter(structType, members[i], _types[i]);
                byte[] utf8 = ZtsNative.Utf8Z(members[i].Name);
                _names[i] = Marshal.AllocHGlobal(utf8.Length);
                Marshal.Copy(utf8, 0, _names[i], utf8.Length);
            }
        }

        /// <summary>The struct type (the underlying type of a Nullable).</summary>
        public Type StructType { get; private set; }

        /// <summary>Whether null crosses as null (Nullable of struct).</summary>
        public bool IsNullable { get; private set; }

        /// <summary>The shape for type t and a member list (null: all public instance fields, then properties),
        /// or null with `problem` set when Table does not apply.</summary>
        public static TableShape For(Type t, string[] members, out string problem)
        {
            problem = null;
            Type structType = Nullable.GetUnderlyingType(t) ?? t;
            string key = t.AssemblyQualifiedName + "|" + (members == null ? "*" : string.Join(",", members));
            lock (Cache)
            {
                TableShape shape;
                if (Cache.TryGetValue(key, out shape)) return shape;
                MemberInfo[] list = TsMarshalRules.TableMembers(t, members, out problem); // the shared rule (docs/MARSHAL.md)
                if (list == null) return null;
                shape = new TableShape(structType, structType != t, list);
                Cache[key] = shape;
                return shape;
            }
        }

        /// <summary>The plain JS object for a boxed struct (or null); owned.</summary>
        public JsValue ToJs(JsDomain d, object boxed, string where)
        {
            if (boxed == null) return JsValue.Null;
            int n = _members.Length;
            string[] wheres = WheresFor(where);
            Native.ArgumentBuffer8 small; // a struct local: a stackalloc costs Mono a localloc (~10 ns) per call
            JsValue* values = (JsValue*)&small;
            if (n > 8)
            {
                JsValue* big = stackalloc JsValue[n];
                values = big;
            }
            for (int i = 0; i < n; i++)
            {
                values[i] = _toJs[i] != null ? _toJs[i](boxed) : ValueConvert.ToJs(d, _get[i](boxed), _types[i], wheres[i]);
            }
            JsValue result;
            fixed (uint* atoms = AtomsFor(d))
            {
                int rc = ZtsNative.zts_table_new(d.Handle, n, atoms, values, out result);
                if (rc != ZtsStatus.Ok) throw d.TakeError(rc, where);
            }
            return result;
        }

        /// <summary>Number of members (JS values of an UnpackedValues parameter).</summary>
        public int Count
        {
            get { return _members.Length; }
        }

        /// <summary>The C# type of member i.</summary>
        public Type MemberType(int i)
        {
            return _types[i];
        }

        /// <summary>UnpackedValues: the boxed struct from Count consecutive JS values (borrowed); missing ones keep defaults.</summary>
        public object FromValues(JsDomain d, JsValue* values, int available, string where)
        {
            object boxed = _new();
            string[] wheres = WheresFor(where);
            for (int i = 0; i < _members.Length && i < available; i++)
            {
                if (values[i].Tag == JsValue.TagUndefined) continue;
                _set[i](boxed, ValueConvert.FromJs(d, values[i], _rules[i], wheres[i], true));
            }
            return boxed;
        }

        /// <summary>UnpackedValues: writes the members of a boxed struct as Count consecutive JS values (owned).</summary>
        public void ToValues(JsDomain d, object boxed, JsValue* values, string where)
        {
            string[] wheres = WheresFor(where);
            for (int i = 0; i < _members.Length; i++)
            {
                if (boxed != null && _toJs[i] != null)
                {
                    JsValue.Set(values + i, _toJs[i](boxed));
                    continue;
                }
                object v = boxed == null ? null : _get[i](boxed);
                JsValue.Set(values + i, ValueConvert.ToJs(d, v, _types[i], wheres[i]));
            }
        }

        /// <summary>The boxed struct read from a plain JS object (borrowed), or null for null/undefined when nullable.</summary>
        public object FromJs(JsDomain d, JsValue obj, string where)
        {
            if (obj.Tag == JsValue.TagNull || obj.Tag == JsValue.TagUndefined)
            {
                if (IsNullable) return null;
                throw new TsMarshalException("zts: cannot convert " + obj.KindName + " to " + StructType.FullName + " (" + where + ")");
            }
            int n = _members.Length;
            Native.ArgumentBuffer8 small; // a struct local: a stackalloc costs Mono a localloc (~10 ns) per call
            JsValue* values = (JsValue*)&small;
            if (n > 8)
            {
                JsValue* big = stackalloc JsValue[n];
                values = big;
            }
            int rc;
            // zts_table_read refuses C# objects and arrays before it reads anything, so a plain object takes one call.
            fixed (uint* atoms = AtomsFor(d)) rc = ZtsNative.zts_table_read(d.Handle, obj, n, atoms, values);
            if (rc == ZtsStatus.Argument)
            {
                // A ByVal copy of this very struct crosses as itself (a copy: a struct copy's bytes, or a boxed struct's
                // registry object); any other C# object is no Table.
                int slot, typeId;
                object held = ZtsNative.zts_object_slot(d.Handle, obj, out slot, out typeId) == ZtsStatus.Ok ? d.Registry.Get(slot) : CopyLayout.BoxOf(d, obj);
                if (held != null && held.GetType() == StructType) return held;
                if (held != null || obj.Tag == JsValue.TagObject && ZtsNative.zts_object_slot(d.Handle, obj, out slot, out typeId) == ZtsStatus.Ok)
                    throw new TsMarshalException("zts: cannot convert C# object to " + StructType.FullName + " (" + where + "): a Table needs a plain object");
                int length;
                string kind = ZtsNative.zts_array_read(d.Handle, obj, 0, 0, null, out length) >= 0 ? "array" : obj.KindName; // the core refuses arrays
                throw new TsMarshalException("zts: cannot convert " + kind + " to " + StructType.FullName + " (" + where + "): a Table needs a plain object");
            }
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, where);
            object boxed = _new();
            string[] wheres = WheresFor(where);
            for (int i = 0; i < n; i++)
            {
                if (values[i].Tag == JsValue.TagUndefined) continue; // a missing member keeps its default
                _set[i](boxed, ValueConvert.FromJs(d, values[i], _rules[i], wheres[i], false));
            }
            return boxed;
        }
    }

    /// <summary>Reads [TsMarshalAs] off parameters, results, fields and properties, with the Mono backend's rules.</summary>
    internal static class MarshalAsReader
    {
        private static readonly HashSet<string> Logged = new HashSet<string>();

        /// <summary>Rejects [TsMarshalAs] on a method (bind-time TsMarshalAsConfigurationException).</summary>
        public static void CheckMethod(MethodBase m)
        {
            if (Attribute.IsDefined(m, typeof(TsMarshalAsAttribute), false))
                throw new TsMarshalAsConfigurationException("zts: [TsMarshalAs] is not allowed on method '" + m.DeclaringType.Name + "." + m.Name +
                                                            "'; put it on a parameter, the return value, a field or a property");
        }

        /// <summary>The attribute on a parameter / return / field / property, or null.</summary>
        public static TsMarshalAsAttribute Of(ICustomAttributeProvider provider)
        {
            return TsMarshalRules.Of(provider); // null also for a synthetic parameter (field setters)
        }

        /// <summary>The Table shape a provider asks for, or null (Default). An invalid one logs and falls back.</summary>
        public static TableShape TableFor(ICustomAttributeProvider provider, Type t, string where)
        {
            TsMarshalAsAttribute a = Of(provider);
            if (a == null || a.Type != TsMarshalType.Table) return null;
            string problem;
            TableShape shape = TableShape.For(t, a.Members, out problem);
            if (shape == null) LogOnce(where, problem);
            return shape;
        }

        /// <summary>The UnpackedValues shape of a parameter, or null (Default). Results cannot be unpacked.</summary>
        public static TableShape UnpackedFor(ICustomAttributeProvider provider, Type t, string where)
        {
            TsMarshalAsAttribute a = Of(provider);
            if (a == null || a.Type != TsMarshalType.UnpackedValues) return null;
            var parameter = provider as ParameterInfo;
            if (parameter == null || parameter.Position < 0 || t.IsByRef)
            {
                LogOnce(where, "UnpackedValues applies to by-value parameters only");
                return null;
            }
            string problem;
            TableShape shape = TableShape.For(t, a.Members, out problem);
            if (shape != null && shape.IsNullable) problem = "UnpackedValues needs a struct, not a Nullable";
            if (shape == null || shape.IsNullable)
            {
                LogOnce(where, problem);
                return null;
            }
            return shape;
        }

        /// <summary>Whether a provider asks for OpaqueValue.</summary>
        public static bool IsOpaque(ICustomAttributeProvider provider)
        {
            TsMarshalAsAttribute a = Of(provider);
            return a != null && a.Type == TsMarshalType.OpaqueValue;
        }

        /// <summary>Logs an ignored [TsMarshalAs] once per place (Mono: error log + Default, 01-HOST-API §3.3).</summary>
        public static void LogOnce(string where, string problem)
        {
            lock (Logged)
            {
                if (!Logged.Add(where + "|" + problem)) return;
            }
            TsConsole.Enqueue(TsLogLevel.Error, "zts: [TsMarshalAs] on " + where + " ignored (Default used): " + problem);
        }
    }
}
