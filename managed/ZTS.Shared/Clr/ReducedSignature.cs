using System;
using System.Reflection;
using System.Text;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The Player backend's reduction rule (docs/PLAYER.md "Reduced signatures"), used by the build-time bridge
    /// generator (tools/gen-bridges) and by the runtime when it binds a member, so both name a bridge the same way.
    /// A reduced signature keeps what the typed call needs at the machine level: the call kind ("s" static, "i"
    /// instance, "n" constructor; "gi"/"gs"/"si"/"ss" get or set an instance or static field), the return (the field's
    /// type for an accessor) and each parameter as one code. Primitives keep their own code,
    /// an enum becomes its underlying type, string stays, every other reference type becomes "o" (object).
    /// Value types other than primitives and enums, by-ref parameters, pointers and open generics have no code,
    /// and methods the runtime implements itself (a delegate's Invoke, the members of array types) have no typed
    /// entry: such a member has no bridge, and binding it is a zts: error naming the member and this rule.
    /// </summary>
    internal static class ReducedSignature
    {
        /// <summary>Parameters a generated bridge takes at most.</summary>
        public const int MaxParameters = 8;

        /// <summary>One code of the signature alphabet: the CLR type it stands for and the C type the generated
        /// bridge and the typed entry use for it.</summary>
        internal struct Letter
        {
            public readonly string Code;
            public readonly Type Clr;
            public readonly string CType;
            /// <summary>Where the letter stands: a parameter and a result (most), or, in the signature of a copy entry
            /// only (tools/gen-bridges CopyWrapperWriter), a parameter or the result alone.</summary>
            public readonly LetterUse Use;

            public Letter(string code, Type clr, string cType, LetterUse use = LetterUse.Both)
            {
                Code = code;
                Clr = clr;
                CType = cType;
                Use = use;
            }
        }

        /// <summary>Where a letter of the alphabet stands (Letter.Use).</summary>
        internal enum LetterUse
        {
            /// <summary>A parameter (arg_&lt;code&gt;) and a result (ret_&lt;code&gt;) of any reduced signature.</summary>
            Both,
            /// <summary>A parameter of a copy entry only (arg_&lt;code&gt;); no CLR type reduces to it.</summary>
            CopyEntryArgument,
            /// <summary>The result of a copy entry only (ret_&lt;code&gt;); no CLR type reduces to it.</summary>
            CopyEntryResult,
        }

        /// <summary>
        /// The signature alphabet, written once: <see cref="Code"/> reads it, the generator (tools/gen-bridges
        /// CppWriter) writes its C types from it, and the Player runtime's readers and writers (arg_&lt;code&gt; and
        /// ret_&lt;code&gt; in native/player/player_bridge.h, PlayerEntries.Read&lt;Code&gt;/Write&lt;Code&gt;) are checked
        /// against it by the test Player_SignatureAlphabet_MatchesRuntime (tests/managed/MirrorTests.cs).
        /// "o" stands for every type no other code names (see Code).
        /// </summary>
        internal static readonly Letter[] Alphabet =
        {
            new Letter("v", typeof(void), "void"),
            new Letter("z", typeof(bool), "uint8_t"),
            new Letter("c", typeof(char), "uint16_t"),
            new Letter("i1", typeof(sbyte), "int8_t"),
            new Letter("u1", typeof(byte), "uint8_t"),
            new Letter("i2", typeof(short), "int16_t"),
            new Letter("u2", typeof(ushort), "uint16_t"),
            new Letter("i4", typeof(int), "int32_t"),
            new Letter("u4", typeof(uint), "uint32_t"),
            new Letter("i8", typeof(long), "int64_t"),
            new Letter("u8", typeof(ulong), "uint64_t"),
            new Letter("r4", typeof(float), "float"),
            new Letter("r8", typeof(double), "double"),
            // IntPtr/UIntPtr are native ints at the machine level, passed unboxed by the typed entries (Mono's thunks and
            // Il2Cpp's method pointers alike; a box in "o" would hand over the box's address). Their own codes, not
            // i8/u8: the generator runs on a 64-bit host for Players of either width, and a 32-bit Player's typed entry
            // takes 4 bytes where an int64_t would pass 8 (the 32-bit Player, docs/PLATFORMS.md).
            new Letter("ip", typeof(IntPtr), "intptr_t"),
            new Letter("up", typeof(UIntPtr), "uintptr_t"),
            new Letter("s", typeof(string), "void *"),
            new Letter("o", typeof(object), "void *"),
            // A copy entry (a static method the build writes for a member with struct copies in its signature, called
            // by the C++ bridge through its typed entry, docs/PLAYER.md "Struct copies") takes pointers to the copies'
            // bytes: "p" an argument that is a copy of exactly its struct, "t" `this` as such a copy, "h" `this` as a
            // class instance; "r" a struct result written through a trailing pointer into the result buffer.
            new Letter("p", typeof(void*), "void *", LetterUse.CopyEntryArgument),
            new Letter("t", typeof(void*), "void *", LetterUse.CopyEntryArgument),
            new Letter("h", typeof(object), "void *", LetterUse.CopyEntryArgument),
            new Letter("r", typeof(void), "void", LetterUse.CopyEntryResult),
        };

        // Code's lookup: the CLR type of each letter but "o" (the fallback) to its code.
        private static readonly System.Collections.Generic.Dictionary<Type, string> CodeOfType = CodesByType();

        private static System.Collections.Generic.Dictionary<Type, string> CodesByType()
        {
            var map = new System.Collections.Generic.Dictionary<Type, string>();
            foreach (Letter l in Alphabet)
                if (l.Code != "o" && l.Use == LetterUse.Both) map.Add(l.Clr, l.Code);
            return map;
        }

        /// <summary>The reduced signature of a method or constructor ("s:i4(i4,i4)"), or null with why set.</summary>
        public static string Of(MethodBase m, out string why)
        {
            return Of(m, false, out why);
        }

        /// <summary>The reduced signature of calling a delegate of delegateType from JS: its Invoke as an instance call
        /// ("i:i4(i4)"), which the Player runs through a build-time invoker (a static method taking the delegate first,
        /// so the typed call has the same shape), or null with why set.</summary>
        public static string OfDelegateInvoke(Type delegateType, out string why)
        {
            return Of(delegateType.GetMethod("Invoke"), true, out why);
        }

        private static string Of(MethodBase m, bool invoker, out string why)
        {
            why = null;
            if (m.ContainsGenericParameters) { why = "an open generic method"; return null; }
            if (!invoker && (m.MethodImplementationFlags & MethodImplAttributes.Runtime) != 0)
            {
                why = "a method the runtime implements (a delegate's Invoke, an array's constructor or accessor)";
                return null;
            }
            if (m.DeclaringType.IsArray) { why = "a member of an array type"; return null; }
            var ctor = m as ConstructorInfo;
            if (ctor != null && m.DeclaringType == typeof(string))
            {
                // A string's size is its length: the runtime makes it with its characters, so a typed entry that allocates
                // the object and then calls a String constructor on it cannot exist (compiling Mono's thunk of one is
                // `Assertion: should not be reached at method-to-ir.c:7188`, an abort; NUnit Binding_FrameworkTypes).
                why = "a String constructor (the runtime makes a string with its characters)";
                return null;
            }
            if (m.DeclaringType.IsValueType && Nullable.GetUnderlyingType(m.DeclaringType) != null) { why = "a member of Nullable"; return null; }
            ParameterInfo[] ps = m.GetParameters();
            if (ps.Length > MaxParameters) { why = "more than " + MaxParameters + " parameters"; return null; }
            var sb = new StringBuilder(ctor != null ? "n:" : m.IsStatic ? "s:" : "i:");
            string ret = ctor != null ? "v" : Code(((MethodInfo)m).ReturnType);
            if (ret == null) { why = "its return type " + ((MethodInfo)m).ReturnType.Name; return null; }
            sb.Append(ret).Append('(');
            for (int i = 0; i < ps.Length; i++)
            {
                string c = Code(ps[i].ParameterType);
                if (c == null || c == "v") { why = "parameter " + (i + 1) + " of type " + ps[i].ParameterType.Name; return null; }
                if (i > 0) sb.Append(',');
                sb.Append(c);
            }
            return sb.Append(')').ToString();
        }

        /// <summary>The reduced signature of a field accessor ("gi:i4": get of an instance field; "ss:o": set of a static
        /// field), or null with why set.</summary>
        public static string OfField(FieldInfo f, bool set, out string why)
        {
            why = null;
            string code = Code(f.FieldType);
            if (code == null) { why = "its type " + f.FieldType.Name; return null; }
            return (set ? "s" : "g") + (f.IsStatic ? "s:" : "i:") + code;
        }

        /// <summary>True for a ref struct (Span, ReadOnlySpan, TypedReference: IsByRefLikeAttribute): it lives on the
        /// stack only, so it cannot be boxed into a typed entry, stored in a JS object or named as a generic argument.</summary>
        public static bool IsRefStruct(Type t)
        {
            if (!t.IsValueType) return false;
            if (t == typeof(TypedReference) || t == typeof(ArgIterator) || t == typeof(RuntimeArgumentHandle)) return true;
            foreach (CustomAttributeData a in t.GetCustomAttributesData())
                if (a.AttributeType.FullName == "System.Runtime.CompilerServices.IsByRefLikeAttribute") return true;
            return false;
        }

        /// <summary>The code of one type, or null when the rule has none.</summary>
        public static string Code(Type t)
        {
            string code;
            if (t == typeof(void)) return "v";
            if (t.IsByRef || t.IsPointer || t.ContainsGenericParameters || IsRefStruct(t)) return null;
            if (t.IsEnum) t = Enum.GetUnderlyingType(t);
            if (CodeOfType.TryGetValue(t, out code)) return code;
            // A struct crosses the typed entry boxed (Mono's thunks box value types; the Il2Cpp port's per-signature
            // wrapper unboxes), so it shares "o"; so does a Nullable, boxed as its value or null (unboxing a boxed T
            // or null into a Nullable<T> is the runtime's own rule).
            return "o";
        }
    }
}
