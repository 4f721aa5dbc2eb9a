using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>How a struct's value is copied between a box and native bytes (the backend's: IBridgeProvider.CopyCodecOf).</summary>
    internal sealed class CopyCodec
    {
        /// <summary>A new box holding the value at src.</summary>
        public readonly Func<IntPtr, object> Load;

        /// <summary>Copies the value in box to dst.</summary>
        public readonly Action<object, IntPtr> Store;

        public CopyCodec(Func<IntPtr, object> load, Action<object, IntPtr> store)
        {
            Load = load;
            Store = store;
        }

        /// <summary>The codec any backend can use: Marshal's copies, exact for blittable structs (their managed and
        /// native layouts are the same); each one is a runtime call, so backends give faster ones for their hot paths.</summary>
        public static CopyCodec Marshalled(Type t)
        {
            return new CopyCodec(p => Marshal.PtrToStructure(p, t), (o, p) => Marshal.StructureToPtr(o, p, false));
        }
    }

    /// <summary>
    /// A struct whose values cross as native copies (10-LIFETIME §3.1, SPEC_MAP D5): blittable (no reference fields;
    /// the runtime pins its boxes), at most ZtsCopy.MaxSize bytes. Its JS values hold the bytes (a CSharpStruct
    /// object, native/core/clr/struct_copies.h): no box, no registry slot, no GCHandle. The core reads and writes its
    /// public fields of number types (and nested copy structs) on the copy itself, from the offsets given here once per
    /// type and domain (TypeBinder, zts_type_set_copy_layout); properties and methods still call C#, on those bytes.
    /// A struct with reference, bool or char fields (sequential or explicit layout) is a native copy too where the
    /// backend keeps such copies in GC-scanned memory (§3.2: the Player, whose GC does not move objects; Scanned, the
    /// runtime's own size and offsets, IBridgeProvider.ScannedCopySize); elsewhere it keeps the boxed representation
    /// (§3.3: the Editor, whose GC moves objects). One per type, process-wide.
    /// </summary>
    internal sealed unsafe class CopyLayout
    {
        /// <summary>The struct type.</summary>
        public readonly Type Type;

        /// <summary>Bytes per value (Marshal.SizeOf: the managed size for a blittable struct).</summary>
        public readonly int Size;

        /// <summary>The fields the core converts itself, with their offsets and codes.</summary>
        public readonly FieldInfo[] Fields;
        public readonly int[] Offsets;
        public readonly int[] Codes;

        /// <summary>True when the values hold references (or bool, char): their copies live in the core's rooted arena
        /// (ZtsCopy.Scanned), and code that sees the bytes as an unmanaged S* (the Editor's IL, the Player's
        /// build-time wrappers) must not take them.</summary>
        public readonly bool Scanned;

        private CopyCodec _codec;

        private CopyLayout(Type t, int size, List<FieldInfo> fields, List<int> offsets, List<int> codes, bool scanned)
        {
            Type = t;
            Size = size;
            Scanned = scanned;
            Fields = fields.ToArray();
            Offsets = offsets.ToArray();
            Codes = codes.ToArray();
        }

        /// <summary>The backend's codec of this type (made on first use).</summary>
        public CopyCodec Codec
        {
            get { return _codec ?? (_codec = BridgeProvider.Current.CopyCodecOf(Type) ?? CopyCodec.Marshalled(Type)); }
        }

        private static readonly Dictionary<Type, CopyLayout> Layouts = new Dictionary<Type, CopyLayout>();
        [ThreadStatic] private static Type _lastType;
        [ThreadStatic] private static CopyLayout _lastLayout;

        /// <summary>The layout of t, or null when t's values stay boxed.</summary>
        public static CopyLayout For(Type t)
        {
            if (t == _lastType) return _lastLayout;
            CopyLayout l;
            lock (Layouts)
            {
                if (!Layouts.TryGetValue(t, out l))
                {
                    l = Make(t, 0);
                    // A struct that is not blittable has its answer from the backend: none is known yet, ask again.
                    if (l != null || BridgeProvider.Known != null || Blittable(t, 0)) Layouts[t] = l;
                }
            }
            _lastLayout = l;
            _lastType = t;
            return l;
        }

        /// <summary>The layout of obj's type when obj is a struct pushed under its own type (view), else null: a struct
        /// seen as object, ValueType or an interface stays a boxed C# object, as in C#.</summary>
        public static CopyLayout ForPush(JsDomain d, object obj, int view)
        {
            if (!(obj is ValueType)) return null;
            Type t = obj.GetType();
            CopyLayout l = For(t);
            if (l == null) return null;
            Type viewType;
            return d.Types.ById.TryGetValue(view, out viewType) && viewType == t ? l : null;
        }

        private static CopyLayout Make(Type t, int depth)
        {
            if (!t.IsValueType || t == typeof(void) || t.IsPrimitive || t.IsEnum || t.IsAutoLayout || t.ContainsGenericParameters || depth > 8) return null;
            if (Nullable.GetUnderlyingType(t) != null || TsMemberRules.IsNativeInt(t) || TsMemberRules.IsUncrossable(t)) return null;
            if (t == typeof(decimal)) return null; // a number-like struct with its own rules elsewhere
            if (!Blittable(t, 0)) return MakeScanned(t, depth);
            int size;
            try
            {
                size = Marshal.SizeOf(t);
            }
            catch (ArgumentException)
            {
                return null;
            }
            if (size <= 0 || size > ZtsCopy.MaxSize) return null;
            var fields = new List<FieldInfo>();
            var offsets = new List<int>();
            var codes = new List<int>();
            foreach (FieldInfo f in TsMemberRules.Fields(t))
            {
                if (f.IsStatic || f.IsLiteral) continue;
                int code = CodeOf(f.FieldType, depth);
                if (code == 0) continue;
                fields.Add(f);
                offsets.Add((int)Marshal.OffsetOf(t, f.Name));
                codes.Add(code);
            }
            return new CopyLayout(t, size, fields, offsets, codes, false);
        }

        // A struct that holds references: a copy where the backend scans its copies, with the runtime's size and field
        // offsets (Marshal's would be those of the marshalled form, not the managed value's).
        private static CopyLayout MakeScanned(Type t, int depth)
        {
            IBridgeProvider provider = BridgeProvider.Known;
            if (provider == null) return null;
            var fields = new List<FieldInfo>();
            var codes = new List<int>();
            foreach (FieldInfo f in TsMemberRules.Fields(t))
            {
                if (f.IsStatic || f.IsLiteral) continue;
                int code = CodeOf(f.FieldType, depth);
                if (code == 0) continue; // references, bool, char: through the field's bridge
                fields.Add(f);
                codes.Add(code);
            }
            var offsets = new int[fields.Count];
            int size = provider.ScannedCopySize(t, fields.ToArray(), offsets);
            if (size <= 0 || size > ZtsCopy.MaxSize) return null;
            return new CopyLayout(t, size, fields, new List<int>(offsets), codes, true);
        }

        // Blittable by the interop rule, checked field by field (private ones included): numbers other than bool and char,
        // enums of them, and nested structs of the same kind, in a sequential or explicit layout. Their managed and
        // native layouts are the same, so Marshal's offsets and size are the runtime's. (Pinning a box does not tell:
        // Boehm Mono pins any object.)
        private static bool Blittable(Type t, int depth)
        {
            if (depth > 8 || !t.IsValueType || t.IsAutoLayout) return false;
            foreach (FieldInfo f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                Type u = f.FieldType.IsEnum ? Enum.GetUnderlyingType(f.FieldType) : f.FieldType;
                switch (Type.GetTypeCode(u))
                {
                    case TypeCode.SByte: case TypeCode.Byte: case TypeCode.Int16: case TypeCode.UInt16:
                    case TypeCode.Int32: case TypeCode.UInt32: case TypeCode.Int64: case TypeCode.UInt64:
                    case TypeCode.Single: case TypeCode.Double:
                        continue;
                }
                if (u.IsPrimitive || !u.IsValueType || u.IsPointer) return false; // bool, char, IntPtr, references
                if (u == typeof(decimal) || !Blittable(u, depth + 1)) return false;
            }
            return true;
        }

        private static int CodeOf(Type f, int depth)
        {
            Type u = f.IsEnum ? Enum.GetUnderlyingType(f) : f;
            switch (Type.GetTypeCode(u))
            {
                case TypeCode.SByte: return ZtsCopy.FieldI1;
                case TypeCode.Byte: return ZtsCopy.FieldU1;
                case TypeCode.Int16: return ZtsCopy.FieldI2;
                case TypeCode.UInt16: return ZtsCopy.FieldU2;
                case TypeCode.Int32: return ZtsCopy.FieldI4;
                case TypeCode.UInt32: return ZtsCopy.FieldU4;
                case TypeCode.Int64: return ZtsCopy.FieldI8;
                case TypeCode.UInt64: return ZtsCopy.FieldU8;
                case TypeCode.Single: return ZtsCopy.FieldR4;
                case TypeCode.Double: return ZtsCopy.FieldR8;
            }
            if (u.IsValueType && !u.IsPrimitive && Make(u, depth + 1) != null) return ZtsCopy.FieldStruct;
            return 0; // IntPtr and the like: the field's bridge converts it
        }

        /// <summary>Gives the core this layout for type id typeId of domain d (inside type_bind), naming only the fields
        /// bound with their own bridges (`bound`: a field the script policy denies keeps its thrower).</summary>
        public void Describe(JsDomain d, int typeId, Func<FieldInfo, bool> bound)
        {
            var list = new List<ZtsCopyField>();
            var names = new List<IntPtr>();
            try
            {
                for (int i = 0; i < Fields.Length; i++)
                {
                    if (!bound(Fields[i])) continue;
                    byte[] utf8 = ZtsNative.Utf8Z(Fields[i].Name);
                    IntPtr name = Marshal.AllocHGlobal(utf8.Length);
                    Marshal.Copy(utf8, 0, name, utf8.Length);
                    names.Add(name);
                    int nested = Codes[i] == ZtsCopy.FieldStruct ? TypeBinder.Declare(d, Fields[i].FieldType) : 0;
                    list.Add(new ZtsCopyField { Name = name, Offset = Offsets[i], Code = Codes[i], TypeId = nested });
                }
                int rc = ZtsNative.zts_type_set_copy_layout(d.Handle, typeId, Size, list.Count, list.ToArray(), Scanned ? ZtsCopy.Scanned : 0);
                if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "zts_type_set_copy_layout");
            }
            finally
            {
                foreach (IntPtr p in names) Marshal.FreeHGlobal(p);
            }
        }

        /// <summary>A new JS copy of box (owned).</summary>
        public JsValue Push(JsDomain d, object box, int view)
        {
            byte* bytes = stackalloc byte[Size + 16];
            IntPtr p = (IntPtr)(((long)bytes + 15) & ~15L);
            Codec.Store(box, p);
            JsValue r;
            int rc = ZtsNative.zts_struct_new(d.Handle, view, (void*)p, out r);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "struct");
            return r;
        }

        /// <summary>A member bridge's result that is box: its bytes in the domain's result buffer, and the
        /// ZTS_RESULT_STRUCT_TAG value that asks the core to make the copy once the bridge has returned.</summary>
        public JsValue Result(JsDomain d, object box, int view)
        {
            ZtsStructRef* r = d.StructResult;
            Codec.Store(box, r->Bytes);
            r->TypeId = view;
            r->Size = Size;
            return new JsValue { Ptr = (IntPtr)r, Tag = JsValue.StructResultTag };
        }

        /// <summary>The box of the copy behind a ZTS_STRUCT_REF_TAG data value or a CSharpStruct JS value.</summary>
        public static object Box(JsDomain d, ZtsStructRef* r)
        {
            Type t;
            if (!d.Types.ById.TryGetValue(r->TypeId, out t)) return null;
            CopyLayout l = For(t);
            return l == null ? null : l.Codec.Load(r->Bytes);
        }

        /// <summary>The box of JS value v when it is a struct copy, else null.</summary>
        public static object BoxOf(JsDomain d, JsValue v)
        {
            ZtsStructRef* r;
            if (v.Tag != JsValue.TagObject || ZtsNative.zts_struct_ref_of(d.Handle, v, out r) != ZtsStatus.Ok) return null;
            return Box(d, r);
        }
    }
}
