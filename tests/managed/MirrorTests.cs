using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.RegularExpressions;
using NUnit.Framework;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Tests
{
    /// <summary>
    /// The contracts that cross a language boundary, checked on both sides: each test parses the C/C++ source (found
    /// under ZTS_SOURCE_DIR by file name, so a file that moves to another folder is still found) and reads the managed
    /// side by reflection over the built assemblies, and fails on any drift with a message naming both sides. No
    /// expected list is written here: what must match is what one side says. Registered as ctest tests of their own
    /// (tests/managed/CMakeLists.txt); the rules they check are in docs/C_ABI.md ("Adding an export") and
    /// docs/PLAYER.md ("Reduced signatures").
    /// </summary>
    [TestFixture]
    public class Mirrors
    {
        // ---- sources and assemblies ------------------------------------------------------------------------------

        private static string SourceDir
        {
            get
            {
                string dir = Environment.GetEnvironmentVariable("ZTS_SOURCE_DIR");
                Assert.IsFalse(string.IsNullOrEmpty(dir), "ZTS_SOURCE_DIR names the repository (tests/managed/CMakeLists.txt)");
                return dir;
            }
        }

        /// <summary>The one file called name under native/ (the C++ tree), wherever it lives.</summary>
        private static string NativeSource(string name)
        {
            string[] found = Directory.GetFiles(Path.Combine(SourceDir, "native"), name, SearchOption.AllDirectories);
            Assert.AreEqual(1, found.Length, "exactly one native/**/" + name + ": " + string.Join(", ", found));
            return found[0];
        }

        private static string DistDir
        {
            get { return Path.GetDirectoryName(typeof(ZTS.Shared.JsDomain).Assembly.Location); }
        }

        /// <summary>Every ZTS assembly of the build (the product's, the tools', the generated one).</summary>
        private static List<Assembly> ZtsAssemblies()
        {
            var list = new List<Assembly>();
            foreach (string path in Directory.GetFiles(DistDir))
            {
                string file = Path.GetFileName(path);
                bool ours = (file.StartsWith("ZTS.", StringComparison.Ordinal) || file == "ztsrun.exe")
                            && (file.EndsWith(".dll", StringComparison.Ordinal) || file.EndsWith(".exe", StringComparison.Ordinal));
                if (ours) list.Add(Assembly.LoadFrom(path));
            }
            return list;
        }

        private static IEnumerable<Type> TypesOf(Assembly a)
        {
            try
            {
                return a.GetTypes();
            }
            catch (ReflectionTypeLoadException e)
            {
                return e.Types.Where(t => t != null);
            }
        }

        private const BindingFlags AllDeclared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static
                                                 | BindingFlags.Instance | BindingFlags.DeclaredOnly;

        /// <summary>text with every comment replaced by spaces (offsets kept).</summary>
        private static string WithoutComments(string text)
        {
            return Regex.Replace(text, @"/\*.*?\*/|//[^\n]*", m => new string(' ', m.Length), RegexOptions.Singleline);
        }

        // ---- C declarations ---------------------------------------------------------------------------------------

        /// <summary>A C type: a named type, or a pointer to one (Pointee); Const applies to this level.</summary>
        private sealed class CType
        {
            public string Name;
            public CType Pointee;
            public bool Const;

            public bool IsPointer { get { return Pointee != null; } }

            public override string ToString()
            {
                return IsPointer ? Pointee + " *" + (Const ? "const" : "") : (Const ? "const " : "") + Name;
            }
        }

        private static CType ParseCType(string text)
        {
            CType t = null;
            bool leadingConst = false;
            foreach (Match m in Regex.Matches(text, @"\w+|\*"))
            {
                string tok = m.Value;
                if (tok == "const")
                {
                    if (t == null) leadingConst = true;
                    else t.Const = true;
                }
                else if (tok == "*") t = new CType { Pointee = t };
                else if (tok != "struct" && tok != "enum") t = new CType { Name = tok, Const = leadingConst };
            }
            return t;
        }

        /// <summary>One "type name" of a declaration; function pointer fields come back as the type "(*)".</summary>
        private static KeyValuePair<string, CType> ParseDeclarator(string decl)
        {
            decl = decl.Trim();
            Match fn = Regex.Match(decl, @"\(\s*\*\s*(\w+)\s*\)");
            if (fn.Success) return new KeyValuePair<string, CType>(fn.Groups[1].Value, new CType { Name = "(*)" });
            Match m = Regex.Match(decl, @"^(.*?)(\w+)$", RegexOptions.Singleline);
            return new KeyValuePair<string, CType>(m.Groups[2].Value, ParseCType(m.Groups[1].Value));
        }

        private sealed class CFunction
        {
            public string Name;
            public CType Return;
            public List<KeyValuePair<string, CType>> Params = new List<KeyValuePair<string, CType>>();
            public string Doc; // the text between the previous declaration and this one (its doc comment)

            public string Signature
            {
                get { return Return + " " + Name + "(" + string.Join(", ", Params.Select(p => p.Value + " " + p.Key)) + ")"; }
            }
        }

        private sealed class Header
        {
            public List<CFunction> Exports = new List<CFunction>();
            public HashSet<string> Opaque = new HashSet<string>();   // typedef struct X X; with no body here
            public HashSet<string> FnPtrs = new HashSet<string>();   // typedef R (*X)(...);
            public Dictionary<string, List<KeyValuePair<string, CType>>> Structs =
                new Dictionary<string, List<KeyValuePair<string, CType>>>();
            public Dictionary<string, string> Defines = new Dictionary<string, string>();
        }

        private static Header ParseZtsH()
        {
            string path = Path.Combine(SourceDir, "native", "include", "zts", "zts.h");
            string text = File.ReadAllText(path);
            string code = WithoutComments(text);
            var h = new Header();
            foreach (Match m in Regex.Matches(code, @"typedef\s+struct\s+(\w+)\s+(\w+)\s*;")) h.Opaque.Add(m.Groups[2].Value);
            foreach (Match m in Regex.Matches(code, @"typedef\s+[\w\s\*]+\(\s*\*\s*(\w+)\s*\)\s*\(")) h.FnPtrs.Add(m.Groups[1].Value);
            foreach (Match m in Regex.Matches(code, @"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*\1\s*;", RegexOptions.Singleline))
            {
                var fields = new List<KeyValuePair<string, CType>>();
                string body = m.Groups[2].Value;
                if (body.Contains("union")) continue; // zts_value: its layout is value_cast.h's static_asserts
                foreach (string decl in body.Split(';'))
                    if (decl.Trim().Length > 0) fields.Add(ParseDeclarator(decl));
                h.Structs[m.Groups[1].Value] = fields;
            }
            // Object-like and function-like macros, with their continuation lines; keyed by name.
            foreach (Match m in Regex.Matches(code, @"^#define\s+(\w+)(\([^)]*\))?[ \t]*((?:[^\n]*\\\n)*[^\n]*)$", RegexOptions.Multiline))
                h.Defines[m.Groups[1].Value] = m.Groups[3].Value.Replace("\\\n", " ").Trim();
            int previous = 0;
            foreach (Match m in Regex.Matches(code, @"ZTS_API\s+([^;{(]*?)\b(zts_\w+)\s*\(([^;]*?)\)\s*;", RegexOptions.Singleline))
            {
                int doc = DocStart(code, previous, m.Index);
                var f = new CFunction { Name = m.Groups[2].Value, Return = ParseCType(m.Groups[1].Value), Doc = text.Substring(doc, m.Index - doc) };
                string ps = m.Groups[3].Value.Trim();
                if (ps != "void")
                    foreach (string p in ps.Split(',')) f.Params.Add(ParseDeclarator(p));
                h.Exports.Add(f);
                previous = m.Index + m.Length;
            }
            Assert.Greater(h.Exports.Count, 50, "zts.h parsed: its ZTS_API declarations");
            return h;
        }

        /// <summary>Where the doc of the declaration at index starts: after the last code line before it that is not a
        /// #define (so the comments of the constants and types above are not its doc, but the doc above a #define group
        /// that sits right before it, like ZTS_DENY_* before zts_type_deny_this, is), and not before from.</summary>
        private static int DocStart(string code, int from, int index)
        {
            int lineEnd = index;
            while (lineEnd > from)
            {
                int lineStart = code.LastIndexOf('\n', lineEnd - 1) + 1;
                if (lineStart < from) lineStart = from;
                string line = code.Substring(lineStart, lineEnd - lineStart).Trim();
                if (line.Length > 0 && !line.StartsWith("#define", StringComparison.Ordinal)) return lineEnd;
                lineEnd = lineStart == 0 ? 0 : lineStart - 1;
            }
            return from;
        }

        // ---- the POD type mapping (docs/C_ABI.md "Adding an export") ----------------------------------------------

        private static readonly Dictionary<string, Type[]> Scalars = new Dictionary<string, Type[]>
        {
            { "int32_t", new[] { typeof(int) } }, { "uint32_t", new[] { typeof(uint) } },
            { "int64_t", new[] { typeof(long) } }, { "uint64_t", new[] { typeof(ulong) } },
            { "double", new[] { typeof(double) } }, { "void", new[] { typeof(void) } },
            { "uint16_t", new[] { typeof(char), typeof(ushort) } }, // UTF-16 code units
            { "char", new[] { typeof(byte), typeof(sbyte) } },       // UTF-8 bytes
            { "uint8_t", new[] { typeof(byte) } },
        };

        // The structs of zts.h and their managed layouts (fields checked in order by Abi_StructMirror_MatchesHeader).
        private static readonly Dictionary<string, Type> StructMirrors = new Dictionary<string, Type>
        {
            { "zts_value", typeof(JsValue) }, { "zts_error_info", typeof(ZtsErrorInfo) },
            { "zts_host_callbacks", typeof(HostCallbackTable) }, { "zts_param_spec", typeof(ParamSpec) },
            { "zts_struct_ref", typeof(ZtsStructRef) }, { "zts_copy_field", typeof(ZtsCopyField) },
        };

        /// <summary>Whether C# type t (a parameter, result or field type; isOut for an out parameter) can stand for C
        /// type c: same-size integers and floats; a pointer as IntPtr, T*, T[] or ref/out T (out never to const);
        /// const char * also as string; a function pointer as IntPtr or a delegate; structs by StructMirrors.</summary>
        private static bool Maps(Header h, CType c, Type t, bool isOut)
        {
            if (t.IsByRef)
            {
                if (!c.IsPointer || (isOut && c.Pointee.Const)) return false;
                return MapsValue(h, c.Pointee, t.GetElementType());
            }
            return MapsValue(h, c, t);
        }

        private static bool MapsValue(Header h, CType c, Type t)
        {
            bool fnPtr = !c.IsPointer && (c.Name == "(*)" || h.FnPtrs.Contains(c.Name));
            if (t == typeof(IntPtr)) return c.IsPointer || fnPtr;
            if (typeof(Delegate).IsAssignableFrom(t)) return fnPtr;
            if (t == typeof(string)) return c.IsPointer && !c.Pointee.IsPointer && c.Pointee.Name == "char" && c.Pointee.Const;
            if (t.IsPointer || t.IsArray)
            {
                if (!c.IsPointer) return false;
                Type e = t.GetElementType();
                return e == typeof(void) ? !c.Pointee.IsPointer && c.Pointee.Name == "void" : MapsValue(h, c.Pointee, e);
            }
            if (c.IsPointer || fnPtr || h.Opaque.Contains(c.Name)) return false;
            if (t.IsEnum) t = Enum.GetUnderlyingType(t);
            Type[] scalar;
            if (Scalars.TryGetValue(c.Name, out scalar)) return scalar.Contains(t);
            Type mirror;
            return StructMirrors.TryGetValue(c.Name, out mirror) && mirror == t;
        }

        private static string CsSignature(MethodInfo m)
        {
            return m.ReturnType.Name + " " + m.DeclaringType.FullName + "." + m.Name + "("
                   + string.Join(", ", m.GetParameters().Select(p => (p.IsOut ? "out " : "") + p.ParameterType.Name + " " + p.Name)) + ")";
        }

        // What marks an export as having no P/Invoke on purpose, in its zts.h comment, with the reason.
        private const string NativeOnlyMarker = "Native only:";

        /// <summary>
        /// Every ZTS_API export of zts.h has a [DllImport("zts")] mirror in the ZTS assemblies with the same entry
        /// point, Cdecl, the same parameter count and mapped parameter and result types (Maps), unless its comment
        /// says "Native only:" and why, and then it has none; every DllImport of "zts" names an export.
        /// </summary>
        [Test]
        public void Abi_PInvokeMirror_MatchesHeader()
        {
            Header h = ParseZtsH();
            var mirrors = new Dictionary<string, List<MethodInfo>>();
            var problems = new List<string>();
            foreach (Assembly a in ZtsAssemblies())
                foreach (Type t in TypesOf(a))
                    foreach (MethodInfo m in t.GetMethods(AllDeclared))
                    {
                        if ((m.Attributes & MethodAttributes.PinvokeImpl) == 0) continue;
                        var dll = (DllImportAttribute)m.GetCustomAttributes(typeof(DllImportAttribute), false).FirstOrDefault();
                        Assert.IsNotNull(dll, "the DllImport of " + CsSignature(m));
                        if (dll.Value != "zts" && dll.Value != "libzts") continue;
                        string entry = string.IsNullOrEmpty(dll.EntryPoint) ? m.Name : dll.EntryPoint;
                        if (!mirrors.ContainsKey(entry)) mirrors[entry] = new List<MethodInfo>();
                        mirrors[entry].Add(m);
                        if (dll.CallingConvention != CallingConvention.Cdecl)
                            problems.Add(CsSignature(m) + ": CallingConvention " + dll.CallingConvention + ", zts.h exports are Cdecl");
                    }
            Assert.IsTrue(mirrors.ContainsKey("zts_function_call"), "the P/Invoke surface was found (ZtsNative)");
            var exported = new HashSet<string>(h.Exports.Select(f => f.Name));
            foreach (string entry in mirrors.Keys)
                if (!exported.Contains(entry))
                    problems.Add(CsSignature(mirrors[entry][0]) + ": no ZTS_API " + entry + " in zts.h");
            foreach (CFunction f in h.Exports)
            {
                List<MethodInfo> ms;
                bool mirrored = mirrors.TryGetValue(f.Name, out ms);
                int marker = f.Doc.IndexOf(NativeOnlyMarker, StringComparison.Ordinal);
                if (marker >= 0)
                {
                    string reason = f.Doc.Substring(marker + NativeOnlyMarker.Length).Trim();
                    if (reason.Length < 10) problems.Add(f.Name + ": '" + NativeOnlyMarker + "' without its reason in zts.h");
                    if (mirrored) problems.Add(f.Name + " is marked '" + NativeOnlyMarker + "' in zts.h but has a DllImport: " + CsSignature(ms[0]));
                    continue;
                }
                if (!mirrored)
                {
                    problems.Add(f.Signature + ": no [DllImport(\"zts\")] mirror (add one to ZtsNative.cs, or mark it '"
                                 + NativeOnlyMarker + " <why>' in its zts.h comment)");
                    continue;
                }
                foreach (MethodInfo m in ms)
                {
                    ParameterInfo[] ps = m.GetParameters();
                    string where = "\n    zts.h:  " + f.Signature + "\n    C#:     " + CsSignature(m);
                    if (ps.Length != f.Params.Count)
                    {
                        problems.Add(f.Name + ": " + f.Params.Count + " parameters in zts.h, " + ps.Length + " in C#" + where);
                        continue;
                    }
                    if (!Maps(h, f.Return, m.ReturnType, false))
                        problems.Add(f.Name + ": result " + f.Return + " is not " + m.ReturnType.Name + where);
                    for (int i = 0; i < ps.Length; i++)
                    {
                        bool isOut = ps[i].IsOut && !ps[i].IsIn;
                        if (!Maps(h, f.Params[i].Value, ps[i].ParameterType, isOut))
                            problems.Add(f.Name + ": parameter " + (i + 1) + " (" + f.Params[i].Key + ") " + f.Params[i].Value + " is not "
                                         + (isOut ? "out " : "") + ps[i].ParameterType.Name + where);
                    }
                }
            }
            Assert.IsEmpty(problems, "zts.h and its P/Invoke mirrors differ:\n  " + string.Join("\n  ", problems));
        }

        /// <summary>The structs of zts.h the P/Invoke signatures pass (StructMirrors) have the same fields in the same
        /// order, each of a mapped type, as their managed [StructLayout(Sequential)] mirror; zts_value (a union) is
        /// 16 bytes on both sides.</summary>
        [Test]
        public void Abi_StructMirror_MatchesHeader()
        {
            Header h = ParseZtsH();
            var problems = new List<string>();
            Assert.AreEqual(16, Marshal.SizeOf(typeof(JsValue)), "JsValue is zts_value's 16 bytes");
            foreach (KeyValuePair<string, Type> s in StructMirrors)
            {
                if (s.Key == "zts_value") continue;
                List<KeyValuePair<string, CType>> cFields;
                if (!h.Structs.TryGetValue(s.Key, out cFields))
                {
                    problems.Add("no struct " + s.Key + " in zts.h (mirrored by " + s.Value.FullName + ")");
                    continue;
                }
                if (!s.Value.IsLayoutSequential) problems.Add(s.Value.FullName + " is not LayoutKind.Sequential");
                FieldInfo[] fields = s.Value.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
                    .OrderBy(f => f.MetadataToken).ToArray();
                string both = "\n    zts.h:  " + s.Key + " { " + string.Join("; ", cFields.Select(f => f.Value + " " + f.Key)) + " }"
                              + "\n    C#:     " + s.Value.FullName + " { " + string.Join("; ", fields.Select(f => f.FieldType.Name + " " + f.Name)) + " }";
                if (fields.Length != cFields.Count)
                {
                    problems.Add(s.Key + ": " + cFields.Count + " fields in zts.h, " + fields.Length + " in C#" + both);
                    continue;
                }
                for (int i = 0; i < fields.Length; i++)
                    if (!MapsValue(h, cFields[i].Value, fields[i].FieldType))
                        problems.Add(s.Key + ": field " + (i + 1) + " " + cFields[i].Value + " " + cFields[i].Key + " is not "
                                     + fields[i].FieldType.Name + " " + fields[i].Name + both);
            }
            Assert.IsEmpty(problems, "zts.h structs and their managed mirrors differ:\n  " + string.Join("\n  ", problems));
        }

        /// <summary>The push-tag payload layout is zts.h's (ZTS_RESULT_PUSH_VIEW_SHIFT and the _BITS/_SLOT/_VIEW macros the
        /// core and the Player bridges use); the managed copy (JsValue.PushBits, PushSlot, PushView, PushTag) encodes
        /// and decodes the same bits, for slots and views at the edges of their range.</summary>
        [Test]
        public void Abi_PushTagLayout_MatchesHeader()
        {
            Header h = ParseZtsH();
            int shift = int.Parse(Define(h, "ZTS_RESULT_PUSH_VIEW_SHIFT"));
            Assert.AreEqual(shift, JsValue.PushViewShift, "ZTS_RESULT_PUSH_VIEW_SHIFT against JsValue.PushViewShift");
            Assert.AreEqual(HexTag(Define(h, "ZTS_RESULT_PUSH_TAG")), JsValue.PushTag, "ZTS_RESULT_PUSH_TAG against JsValue.PushTag");
            // The macros are written in terms of the shift and the 32-bit slot, so the shift is the one number of the layout.
            StringAssert.Contains("<< ZTS_RESULT_PUSH_VIEW_SHIFT", Define(h, "ZTS_RESULT_PUSH_BITS"), "ZTS_RESULT_PUSH_BITS");
            StringAssert.Contains("(uint32_t)(slot)", Define(h, "ZTS_RESULT_PUSH_BITS"), "ZTS_RESULT_PUSH_BITS");
            StringAssert.Contains(">> ZTS_RESULT_PUSH_VIEW_SHIFT", Define(h, "ZTS_RESULT_PUSH_VIEW"), "ZTS_RESULT_PUSH_VIEW");
            StringAssert.Contains("& 0xFFFFFFFFu", Define(h, "ZTS_RESULT_PUSH_SLOT"), "ZTS_RESULT_PUSH_SLOT");
            int[] values = { 0, 1, 7, -1, int.MaxValue, int.MinValue, 0x12345678, unchecked((int)0x9ABCDEF0) };
            foreach (int slot in values)
                foreach (int view in values)
                {
                    // zts.h's formula: (uint32)slot in the low bits, (uint32)view shifted by the header's shift.
                    long expected = unchecked((long)(((ulong)(uint)view << shift) | (uint)slot));
                    long bits = JsValue.PushBits(slot, view);
                    Assert.AreEqual(expected, bits, "JsValue.PushBits(" + slot + ", " + view + ") against ZTS_RESULT_PUSH_BITS");
                    Assert.AreEqual(slot, JsValue.PushSlot(expected), "JsValue.PushSlot against ZTS_RESULT_PUSH_SLOT");
                    Assert.AreEqual(view, JsValue.PushView(expected), "JsValue.PushView against ZTS_RESULT_PUSH_VIEW");
                }
        }

        private static string Define(Header h, string name)
        {
            string value;
            Assert.IsTrue(h.Defines.TryGetValue(name, out value), "#define " + name + " in zts.h");
            return value;
        }

        private static int HexTag(string define)
        {
            Match m = Regex.Match(define, @"0x([0-9A-Fa-f]+)");
            Assert.IsTrue(m.Success, "a hex tag: " + define);
            return unchecked((int)Convert.ToUInt32(m.Groups[1].Value, 16));
        }

        // ---- constants (#define and enum values of zts.h and zts_mono_gate.h) ------------------------------------

        /// <summary>A constant of a C header: its value after C's integer rules, and the comment that describes it.</summary>
        private sealed class CConstant
        {
            public string Name;
            public long Value;
            public string Text;    // its expression as written
            public string Comment; // its trailing comment plus the comment block above it or above its group of lines
            public string File;
        }

        /// <summary>The comment of a constant: the text of its line (its trailing comment) and the comment lines right
        /// above the run of code lines it is part of (its #define group, its enum), with no blank line between.</summary>
        private static string CommentOf(string text, string code, List<int> lineStarts, int line, int groupLine)
        {
            Func<string, int, string> lineIn = (s, l) => s.Substring(lineStarts[l], (l + 1 < lineStarts.Count ? lineStarts[l + 1] : s.Length) - lineStarts[l]);
            var comment = new StringBuilder(lineIn(text, line));
            for (int l = groupLine - 1; l >= 0 && lineIn(code, l).Trim().Length == 0 && lineIn(text, l).Trim().Length > 0; l--)
                comment.Insert(0, lineIn(text, l));
            return comment.ToString();
        }

        /// <summary>Every object-like #define with a value and every enum member of the header at path, evaluated.
        /// Not constants: include guards (no value), the export attributes (ZTS_API, ZTS_GATE_API: __declspec or
        /// __attribute__) and function-like macros (the push-tag macros, compared by Abi_PushTagLayout_MatchesHeader).
        /// Anything else that does not evaluate fails the test, so a new constant is never skipped silently.</summary>
        private static List<CConstant> HeaderConstants(string path, List<string> problems)
        {
            string text = File.ReadAllText(path);
            string code = WithoutComments(text);
            string file = Path.GetFileName(path);
            var list = new List<CConstant>();
            // Lines of text (code keeps its offsets, but a comment's newlines are blanks there).
            var lineStarts = new List<int> { 0 };
            for (int i = 0; i < text.Length; i++) if (text[i] == '\n') lineStarts.Add(i + 1);
            Func<int, int> lineOf = offset => { int l = lineStarts.BinarySearch(offset); return l >= 0 ? l : ~l - 1; };
            Func<int, string> codeLine = l => code.Substring(lineStarts[l], (l + 1 < lineStarts.Count ? lineStarts[l + 1] : code.Length) - lineStarts[l]);
            // The first line of the run of #define lines that line l belongs to.
            Func<int, int> defineGroup = l =>
            {
                while (l > 0 && codeLine(l - 1).TrimStart(' ', '\t').StartsWith("#define", StringComparison.Ordinal)) l--;
                return l;
            };
            foreach (Match m in Regex.Matches(code, @"^[ \t]*#define[ \t]+(\w+)(\()?[ \t]*((?:[^\n]*\\\n)*[^\n]*)$", RegexOptions.Multiline))
            {
                string name = m.Groups[1].Value, value = m.Groups[3].Value.Replace("\\\n", " ").Trim();
                if (m.Groups[2].Success || value.Length == 0 || value.StartsWith("__", StringComparison.Ordinal)) continue;
                var c = new CConstant { Name = name, Text = value, File = file, Comment = CommentOf(text, code, lineStarts, lineOf(m.Index), defineGroup(lineOf(m.Index))) };
                string error;
                if (!CExpression.TryEvaluate(value, list, out c.Value, out error))
                {
                    problems.Add(file + ": #define " + name + " " + value + ": " + error + " (extend CExpression in MirrorTests.cs)");
                    continue;
                }
                list.Add(c);
            }
            foreach (Match e in Regex.Matches(code, @"\benum\s*\w*\s*(?::\s*\w+\s*)?\{(.*?)\}", RegexOptions.Singleline))
            {
                long next = 0;
                int offset = e.Groups[1].Index;
                foreach (string member in e.Groups[1].Value.Split(','))
                {
                    int at = offset + member.Length - member.TrimStart().Length;
                    offset += member.Length + 1;
                    if (member.Trim().Length == 0) continue;
                    Match mm = Regex.Match(member.Trim(), @"^(\w+)\s*(?:=\s*(.*))?$", RegexOptions.Singleline);
                    if (!mm.Success)
                    {
                        problems.Add(file + ": enum member '" + member.Trim() + "' not understood");
                        continue;
                    }
                    var c = new CConstant { Name = mm.Groups[1].Value, File = file, Text = mm.Groups[2].Success ? mm.Groups[2].Value.Trim() : "(previous + 1)",
                                            Comment = CommentOf(text, code, lineStarts, lineOf(at), lineOf(e.Index)) };
                    string error;
                    if (mm.Groups[2].Success && !CExpression.TryEvaluate(c.Text, list, out next, out error))
                    {
                        problems.Add(file + ": enum member " + c.Name + " = " + c.Text + ": " + error);
                        continue;
                    }
                    c.Value = next++;
                    list.Add(c);
                }
            }
            return list;
        }

        /// <summary>The integer constant expressions of C headers: decimal and hex literals with u/l suffixes, earlier
        /// constants by name, casts to the fixed-width integer types, unary - ~ + !, * / % + - &lt;&lt; &gt;&gt; &amp; ^ |,
        /// parentheses; each value kept at its C type's width and signedness (so (int32_t)0xFFFF5A12 is negative and
        /// 0x7FFu unsigned).</summary>
        private sealed class CExpression
        {
            private struct Num
            {
                public long V;
                public bool Unsigned, Wide;

                public static Num Of(long v, bool unsigned, bool wide)
                {
                    if (!wide) v = unsigned ? (long)(uint)v : (long)(int)v;
                    return new Num { V = v, Unsigned = unsigned, Wide = wide };
                }
            }

            private readonly List<string> tokens = new List<string>();
            private readonly List<CConstant> known;
            private int pos;

            private CExpression(string text, List<CConstant> known)
            {
                this.known = known;
                foreach (Match m in Regex.Matches(text, @"0[xX][0-9A-Fa-f]+[uUlL]*|\d+[uUlL]*|\w+|<<|>>|\S"))
                    tokens.Add(m.Value);
            }

            public static bool TryEvaluate(string text, List<CConstant> known, out long value, out string error)
            {
                value = 0;
                error = null;
                var e = new CExpression(text, known);
                try
                {
                    value = e.Binary(0).V;
                    if (e.pos != e.tokens.Count) throw new FormatException("unexpected '" + e.tokens[e.pos] + "'");
                    return true;
                }
                catch (Exception x)
                {
                    error = "not an integer constant expression: " + x.Message;
                    return false;
                }
            }

            private string Peek { get { return pos < tokens.Count ? tokens[pos] : null; } }

            private string Next()
            {
                if (pos >= tokens.Count) throw new FormatException("unexpected end");
                return tokens[pos++];
            }

            private static readonly string[][] Levels =
            {
                new[] { "|" }, new[] { "^" }, new[] { "&" }, new[] { "<<", ">>" }, new[] { "+", "-" }, new[] { "*", "/", "%" },
            };

            private Num Binary(int level)
            {
                if (level == Levels.Length) return Unary();
                Num left = Binary(level + 1);
                while (Peek != null && Levels[level].Contains(Peek))
                {
                    string op = Next();
                    Num right = Binary(level + 1);
                    bool shift = op == "<<" || op == ">>";
                    bool wide = shift ? left.Wide : left.Wide || right.Wide;
                    // C's usual conversions: unsigned wins at the same width, a 64-bit signed type holds any 32-bit unsigned one.
                    bool unsigned = shift ? left.Unsigned : (left.Wide == right.Wide ? left.Unsigned || right.Unsigned
                                                                                     : (left.Wide ? left.Unsigned : right.Unsigned));
                    long a = left.V, b = right.V, r;
                    switch (op)
                    {
                        case "|": r = a | b; break;
                        case "^": r = a ^ b; break;
                        case "&": r = a & b; break;
                        case "<<": r = a << (int)b; break;
                        case ">>": r = unsigned ? (long)((wide ? (ulong)a : (uint)a) >> (int)b) : a >> (int)b; break;
                        case "+": r = a + b; break;
                        case "-": r = a - b; break;
                        case "*": r = a * b; break;
                        case "/": r = a / b; break;
                        default: r = a % b; break;
                    }
                    left = Num.Of(r, unsigned, wide);
                }
                return left;
            }

            private static readonly Dictionary<string, Num> Casts = new Dictionary<string, Num>
            {
                { "int32_t", Num.Of(0, false, false) }, { "uint32_t", Num.Of(0, true, false) }, { "int", Num.Of(0, false, false) },
                { "unsigned", Num.Of(0, true, false) }, { "int64_t", Num.Of(0, false, true) }, { "uint64_t", Num.Of(0, true, true) },
            };

            private Num Unary()
            {
                string t = Next();
                switch (t)
                {
                    case "-": { Num n = Unary(); return Num.Of(-n.V, n.Unsigned, n.Wide); }
                    case "+": return Unary();
                    case "~": { Num n = Unary(); return Num.Of(~n.V, n.Unsigned, n.Wide); }
                    case "!": { Num n = Unary(); return Num.Of(n.V == 0 ? 1 : 0, false, false); }
                    case "(":
                    {
                        Num cast;
                        if (Peek != null && Casts.TryGetValue(Peek, out cast) && pos + 1 < tokens.Count && tokens[pos + 1] == ")")
                        {
                            pos += 2;
                            return Num.Of(Unary().V, cast.Unsigned, cast.Wide);
                        }
                        Num inner = Binary(0);
                        if (Next() != ")") throw new FormatException("')' expected");
                        return inner;
                    }
                }
                Match lit = Regex.Match(t, @"^(?:0[xX]([0-9A-Fa-f]+)|(\d+))([uUlL]*)$");
                if (lit.Success)
                {
                    bool hex = lit.Groups[1].Success;
                    ulong v = hex ? Convert.ToUInt64(lit.Groups[1].Value, 16) : ulong.Parse(lit.Groups[2].Value);
                    string suffix = lit.Groups[3].Value.ToLowerInvariant();
                    bool unsigned = suffix.Contains("u"), wide = suffix.Contains("l");
                    // C's literal types: int, then (hex only, or with u) unsigned int, then the 64-bit ones.
                    if (!wide && !unsigned && v > int.MaxValue) { if (hex && v <= uint.MaxValue) unsigned = true; else wide = true; }
                    if (!wide && unsigned && v > uint.MaxValue) wide = true;
                    if (wide && !unsigned && v > long.MaxValue) unsigned = true;
                    return Num.Of(unchecked((long)v), unsigned, wide);
                }
                CConstant c = known.LastOrDefault(k => k.Name == t);
                if (c != null) return Num.Of(c.Value, false, true);
                throw new FormatException("'" + t + "' is no literal, cast or earlier constant");
            }
        }

        /// <summary>Where a C constant's managed copy lives: for a name ending in '_' (a prefix) every constant with that
        /// prefix is CsPrefix + the rest in PascalCase (compared without '_' and case), a const field or enum member of
        /// Type, and every such member of Type has its C constant; for a whole name, exactly Member of Type.</summary>
        private sealed class ConstantMirror
        {
            public string C;
            public Type Type;
            public string Cs;

            public bool IsPrefix { get { return C.EndsWith("_", StringComparison.Ordinal); } }
        }

        // The one mapping of the C constants to their managed copies. A constant of these headers that no row maps, or
        // whose row's member is missing or has another value, fails Abi_ConstantMirror_MatchesHeader /
        // Abi_GateConstantMirror_MatchesHeader, unless its header comment says "Native only:" and why.
        private static readonly ConstantMirror[] ConstantMirrors =
        {
            new ConstantMirror { C = "ZTS_ABI_VERSION", Type = typeof(HostCallbackTable), Cs = "AbiVersion" },
            new ConstantMirror { C = "ZTS_PLAYER_CORE_VERSION", Type = typeof(PlayerCoreTable), Cs = "Version" },
            new ConstantMirror { C = "ZTS_CALLBACK_ERROR_SENTINEL", Type = typeof(JsValue), Cs = "ErrorSentinel" },
            new ConstantMirror { C = "ZTS_GATE_ERROR_SENTINEL", Type = typeof(JsValue), Cs = "ErrorSentinel" },
            new ConstantMirror { C = "ZTS_RESULT_PUSH_TAG", Type = typeof(JsValue), Cs = "PushTag" },
            new ConstantMirror { C = "ZTS_RESULT_PUSH_VIEW_SHIFT", Type = typeof(JsValue), Cs = "PushViewShift" },
            new ConstantMirror { C = "ZTS_RESULT_STRUCT_TAG", Type = typeof(JsValue), Cs = "StructResultTag" },
            new ConstantMirror { C = "ZTS_STRUCT_REF_TAG", Type = typeof(JsValue), Cs = "StructRefTag" },
            new ConstantMirror { C = "ZTS_COPY_", Type = typeof(ZtsCopy), Cs = "" },
            new ConstantMirror { C = "ZTS_TAG_", Type = typeof(JsValue), Cs = "Tag" },
            new ConstantMirror { C = "ZTS_OK", Type = typeof(ZtsStatus), Cs = "Ok" },
            new ConstantMirror { C = "ZTS_ERR_", Type = typeof(ZtsStatus), Cs = "" },
            new ConstantMirror { C = "ZTS_KIND_", Type = typeof(JsKinds), Cs = "" },
            new ConstantMirror { C = "ZTS_TYPE_", Type = typeof(ZtsTypeFlags), Cs = "" },
            new ConstantMirror { C = "ZTS_MEMBER_", Type = typeof(ZtsMemberFlags), Cs = "" },
            new ConstantMirror { C = "ZTS_DENY_", Type = typeof(ZtsDenyFlags), Cs = "" },
            new ConstantMirror { C = "ZTS_FILE_", Type = typeof(ZtsFileKind), Cs = "" },
        };

        private static string Folded(string name)
        {
            return name.Replace("_", "").ToUpperInvariant();
        }

        /// <summary>The const fields (enum members included) of t, as their values.</summary>
        private static Dictionary<string, long> ManagedConstants(Type t)
        {
            var d = new Dictionary<string, long>();
            foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.DeclaredOnly))
            {
                if (!f.IsLiteral) continue;
                object raw = f.GetRawConstantValue();
                d[f.Name] = raw is ulong ? unchecked((long)(ulong)raw) : raw is uint || raw is ushort || raw is byte ? (long)Convert.ToUInt64(raw)
                                                                                                             : Convert.ToInt64(raw);
            }
            return d;
        }

        /// <summary>Checks the constants of the headers against ConstantMirrors; returns the problems.</summary>
        private static List<string> CompareConstants(bool everyCopy, params string[] headers)
        {
            var problems = new List<string>();
            var constants = new List<CConstant>();
            foreach (string h in headers) constants.AddRange(HeaderConstants(h, problems));
            var hit = new HashSet<string>(); // Type.Member of every managed copy a constant named
            foreach (CConstant c in constants)
            {
                string where = c.File + ": " + c.Name + " = " + c.Text + " (" + Shown(c.Value) + ")";
                int marker = c.Comment.IndexOf(NativeOnlyMarker, StringComparison.Ordinal);
                ConstantMirror row = ConstantMirrors.FirstOrDefault(r => r.IsPrefix ? c.Name.StartsWith(r.C, StringComparison.Ordinal) && c.Name.Length > r.C.Length
                                                                                      : c.Name == r.C);
                if (marker >= 0)
                {
                    string reason = c.Comment.Substring(marker + NativeOnlyMarker.Length).Trim().Trim('*', '/').Trim();
                    if (reason.Length < 10) problems.Add(where + ": '" + NativeOnlyMarker + "' without its reason in its comment");
                    if (row != null && FindMember(row, c) != null)
                        problems.Add(where + " is marked '" + NativeOnlyMarker + "' but has a managed copy " + row.Type.FullName + "." + FindMember(row, c));
                    continue;
                }
                if (row == null)
                {
                    problems.Add(where + ": no managed copy: add a row to ConstantMirrors in tests/managed/MirrorTests.cs for its prefix, or mark it '"
                                 + NativeOnlyMarker + " <why>' in its header comment");
                    continue;
                }
                string member = FindMember(row, c);
                string expected = row.Type.FullName + "." + (row.IsPrefix ? row.Cs + Pascal(c.Name.Substring(row.C.Length)) : row.Cs);
                if (member == null)
                {
                    problems.Add(where + ": no managed copy " + expected + " (a const or enum member; or mark it '" + NativeOnlyMarker + " <why>')");
                    continue;
                }
                hit.Add(row.Type.FullName + "." + member);
                long managed = ManagedConstants(row.Type)[member];
                if (managed != c.Value)
                    problems.Add(where + " differs from its managed copy " + row.Type.FullName + "." + member + " = " + Shown(managed));
            }
            // The other way: a managed copy under a prefix row names a constant of the headers. [Flags] enums keep their
            // None = 0 (C writes 0 for the empty set).
            foreach (ConstantMirror row in ConstantMirrors.Where(r => r.IsPrefix && everyCopy))
                foreach (KeyValuePair<string, long> m in ManagedConstants(row.Type))
                {
                    if (!m.Key.StartsWith(row.Cs, StringComparison.Ordinal) || hit.Contains(row.Type.FullName + "." + m.Key)) continue;
                    if (row.Type.IsEnum && m.Value == 0 && m.Key == "None") continue;
                    if (ConstantMirrors.Any(r => !r.IsPrefix && r.Type == row.Type && r.Cs == m.Key)) continue;
                    problems.Add(row.Type.FullName + "." + m.Key + " = " + m.Value + " mirrors no " + row.C + "* constant of "
                                 + string.Join(" or ", headers.Select(Path.GetFileName)));
                }
            return problems;
        }

        /// <summary>The member of row.Type that is c's copy (names compared without '_' and case), or null.</summary>
        private static string FindMember(ConstantMirror row, CConstant c)
        {
            string want = Folded(row.IsPrefix ? row.Cs + c.Name.Substring(row.C.Length) : row.Cs);
            return ManagedConstants(row.Type).Keys.FirstOrDefault(k => Folded(k) == want);
        }

        /// <summary>v in decimal, and in hex when it is not a small number (tags and masks read better so).</summary>
        private static string Shown(long v)
        {
            if (v >= -9 && v <= 9) return v.ToString();
            bool narrow = v >= int.MinValue && v <= uint.MaxValue;
            return v + " = 0x" + (narrow ? ((uint)v).ToString("X") : v.ToString("X"));
        }

        private static string Pascal(string cName)
        {
            return string.Concat(cName.Split('_').Where(p => p.Length > 0).Select(p => p.Substring(0, 1) + p.Substring(1).ToLowerInvariant()));
        }

        /// <summary>Every integer constant of zts.h (object-like #defines with a value, enum members) has a managed copy
        /// with the same value, found through ConstantMirrors (ZTS_TAG_ -> JsValue.Tag*, ZTS_OK/ZTS_ERR_ -> ZtsStatus,
        /// ZTS_KIND_ -> JsKinds, ZTS_TYPE_/ZTS_MEMBER_/ZTS_DENY_ -> ZtsTypeFlags/ZtsMemberFlags/ZtsDenyFlags, and the
        /// single ones), unless its comment says "Native only:" and why; every managed copy under a prefix row names
        /// one.</summary>
        [Test]
        public void Abi_ConstantMirror_MatchesHeader()
        {
            string header = Path.Combine(SourceDir, "native", "include", "zts", "zts.h");
            List<string> problems = CompareConstants(true, header);
            Assert.Greater(HeaderConstants(header, new List<string>()).Count, 40, "zts.h parsed: its #define and enum constants");
            Assert.IsEmpty(problems, "zts.h constants and their managed copies differ:\n  " + string.Join("\n  ", problems));
        }

        /// <summary>The constants of the Mono gate's header (ZTS_GATE_ERROR_SENTINEL, the tag zts_gate_init also checks
        /// at run time) have their managed copies by the same mapping as zts.h's.</summary>
        [Test]
        public void Abi_GateConstantMirror_MatchesHeader()
        {
            string header = NativeSource("zts_mono_gate.h");
            Assert.IsTrue(HeaderConstants(header, new List<string>()).Any(c => c.Name == "ZTS_GATE_ERROR_SENTINEL"), "zts_mono_gate.h parsed");
            List<string> problems = CompareConstants(false, header); // the prefix rows are zts.h's
            Assert.IsEmpty(problems, "zts_mono_gate.h constants and their managed copies differ:\n  " + string.Join("\n  ", problems));
        }

        // ---- the Player runtime ----------------------------------------------------------------------------------

        private static Assembly Il2Cpp()
        {
            return Assembly.LoadFrom(Path.Combine(DistDir, "ZTS.Il2Cpp.dll"));
        }

        /// <summary>The C++ EntryIndex (native/player/player_bridge.h: k&lt;Name&gt; in order, then kEntryCount) and
        /// kEntryVersion are PlayerEntries.Names (same names, order and count) and PlayerEntries.Version, and each name
        /// is a public static method of PlayerEntries (PlayerEntries.Handles looks them up by name).</summary>
        [Test]
        public void Player_EntryTable_MatchesBridgeHeader()
        {
            string header = WithoutComments(File.ReadAllText(NativeSource("player_bridge.h")));
            Match e = Regex.Match(header, @"enum\s+EntryIndex\s*:\s*int\s*\{(.*?)\}", RegexOptions.Singleline);
            Assert.IsTrue(e.Success, "enum EntryIndex in player_bridge.h");
            List<string> native = e.Groups[1].Value.Split(',').Select(s => s.Trim()).Where(s => s.Length > 0).ToList();
            Assert.AreEqual("kEntryCount", native[native.Count - 1], "EntryIndex ends with kEntryCount");
            native.RemoveAt(native.Count - 1);
            foreach (string n in native) Assert.IsTrue(Regex.IsMatch(n, @"^k\w+$"), "EntryIndex names are k<Name>, no values: " + n);
            native = native.Select(n => n.Substring(1)).ToList();
            Match v = Regex.Match(header, @"constexpr\s+int32_t\s+kEntryVersion\s*=\s*(\d+)\s*;");
            Assert.IsTrue(v.Success, "kEntryVersion in player_bridge.h");

            Type entries = Il2Cpp().GetType("ZTS.Il2Cpp.PlayerEntries", true);
            var managed = ((string[])entries.GetField("Names", BindingFlags.Public | BindingFlags.Static).GetValue(null)).ToList();
            int version = (int)entries.GetField("Version", BindingFlags.Public | BindingFlags.Static).GetRawConstantValue();

            var problems = new List<string>();
            if (int.Parse(v.Groups[1].Value) != version)
                problems.Add("kEntryVersion " + v.Groups[1].Value + " in player_bridge.h, PlayerEntries.Version " + version);
            if (native.Count != managed.Count)
                problems.Add(native.Count + " entries in EntryIndex, " + managed.Count + " in PlayerEntries.Names");
            for (int i = 0; i < Math.Max(native.Count, managed.Count); i++)
            {
                string n = i < native.Count ? native[i] : "(none)";
                string m = i < managed.Count ? managed[i] : "(none)";
                if (n != m) problems.Add("entry " + i + ": k" + n + " in EntryIndex, \"" + m + "\" in PlayerEntries.Names");
            }
            foreach (string m in managed)
                if (entries.GetMethod(m, BindingFlags.Public | BindingFlags.Static) == null)
                    problems.Add("PlayerEntries.Names has \"" + m + "\", PlayerEntries has no public static method of that name");
            Assert.IsEmpty(problems, "the Player entry table differs between player_bridge.h and PlayerEntries.cs:\n  "
                                     + string.Join("\n  ", problems));
        }

        /// <summary>The internal calls the Player launcher registers (zts_clr_add_internal_call("Ns.Type::Method", &amp;fn) in
        /// native/player/*.cpp, and bench/ for the Player bench) are exactly the [MethodImpl(InternalCall)] externs of the ZTS assemblies, each with as
        /// many parameters as its C++ function; kHostVersion (player_internal_calls.h) is TsPlayerHost.ExpectedVersion.</summary>
        [Test]
        public void Player_InternalCalls_MatchRuntime()
        {
            string playerDir = Path.GetDirectoryName(NativeSource("player_runtime.cpp"));
            var native = new Dictionary<string, int>();
            var problems = new List<string>();
            // The launcher's runtime, and the Player bench's raw call (bench/native, its own pair with ZTS.PlayerBench).
            var files = Directory.GetFiles(playerDir, "*.cpp").Concat(Directory.GetFiles(Path.Combine(SourceDir, "bench"), "*.cpp", SearchOption.AllDirectories));
            foreach (string file in files)
            {
                string code = WithoutComments(File.ReadAllText(file));
                foreach (Match m in Regex.Matches(code, @"zts_clr_add_internal_call\(\s*""([\w.]+::\w+)""\s*,\s*reinterpret_cast<const void \*>\(&(\w+)\)\s*\)"))
                {
                    string name = m.Groups[1].Value, fn = m.Groups[2].Value;
                    Match def = Regex.Match(code, @"[\w\s\*&:<>]+\b" + fn + @"\s*\(([^)]*)\)\s*\{");
                    if (!def.Success)
                    {
                        problems.Add(name + ": its function " + fn + " is not defined in " + Path.GetFileName(file));
                        continue;
                    }
                    string ps = def.Groups[1].Value.Trim();
                    native[name] = ps.Length == 0 || ps == "void" ? 0 : ps.Split(',').Length;
                }
            }
            Assert.IsTrue(native.ContainsKey("ZTS.TsIl2CppAppDomain::InitializeInternal"), "the runtime's internal calls were found");

            var managed = new Dictionary<string, MethodInfo>();
            foreach (Assembly a in ZtsAssemblies())
                foreach (Type t in TypesOf(a))
                    foreach (MethodInfo m in t.GetMethods(AllDeclared))
                        if ((m.GetMethodImplementationFlags() & MethodImplAttributes.InternalCall) != 0 && t.Namespace != null
                            && t.Namespace.StartsWith("ZTS", StringComparison.Ordinal))
                            managed[t.FullName + "::" + m.Name] = m;
            foreach (string name in native.Keys.Except(managed.Keys))
                problems.Add(name + " is registered by the Player runtime, no ZTS assembly declares it as an InternalCall extern");
            foreach (string name in managed.Keys.Except(native.Keys))
                problems.Add(CsSignature(managed[name]) + " is an InternalCall extern the Player runtime does not register (" + name + ")");
            foreach (string name in native.Keys.Intersect(managed.Keys))
            {
                int n = managed[name].GetParameters().Length;
                if (n != native[name]) problems.Add(name + ": " + native[name] + " parameters in C++, " + n + " in " + CsSignature(managed[name]));
            }

            string host = WithoutComments(File.ReadAllText(NativeSource("player_internal_calls.h")));
            Match hv = Regex.Match(host, @"constexpr\s+int32_t\s+kHostVersion\s*=\s*(\d+)\s*;");
            Assert.IsTrue(hv.Success, "kHostVersion in player_internal_calls.h");
            Type playerHost = typeof(ZTS.TsAppDomain).Assembly.GetType("ZTS.TsPlayerHost", true);
            int expected = (int)playerHost.GetField("ExpectedVersion", BindingFlags.Public | BindingFlags.Static).GetRawConstantValue();
            if (int.Parse(hv.Groups[1].Value) != expected)
                problems.Add("kHostVersion " + hv.Groups[1].Value + " in player_internal_calls.h, TsPlayerHost.ExpectedVersion " + expected);
            Assert.IsEmpty(problems, "the Player's internal calls differ between native/player and the managed externs:\n  "
                                     + string.Join("\n  ", problems));
        }

        /// <summary>
        /// The signature alphabet is ReducedSignature.Alphabet (the generator writes its C types from it); the Player
        /// runtime's copies agree with it: player_bridge.h has arg_&lt;code&gt; (every code but v) returning the code's
        /// C type and ret_&lt;code&gt; (every code) taking it, and no other arg_&lt;x&gt;(Call &amp;, int) reader; each
        /// PlayerEntries.Read&lt;Code&gt; returns and each Write&lt;Code&gt; takes the code's CLR type; and Code maps each
        /// letter's CLR type to the letter.
        /// </summary>
        [Test]
        public void Player_SignatureAlphabet_MatchesRuntime()
        {
            var letters = ReducedSignature.Alphabet.ToDictionary(l => l.Code);
            var problems = new List<string>();
            foreach (ReducedSignature.Letter l in ReducedSignature.Alphabet)
                if (l.Code != "o" && l.Use == ReducedSignature.LetterUse.Both && ReducedSignature.Code(l.Clr) != l.Code)
                    problems.Add("ReducedSignature.Code(" + l.Clr.Name + ") is " + ReducedSignature.Code(l.Clr) + ", its letter " + l.Code);

            string header = WithoutComments(File.ReadAllText(NativeSource("player_bridge.h")));
            var readers = new Dictionary<string, string>();
            foreach (Match m in Regex.Matches(header, @"inline\s+([\w\s\*]+?)\s*\barg_(\w+)\s*\(\s*Call\s*&\s*\w*\s*,\s*int\s+\w+\s*\)"))
                readers[m.Groups[2].Value] = Normal(m.Groups[1].Value);
            var writers = new Dictionary<string, string>();
            foreach (Match m in Regex.Matches(header, @"inline\s+JSValue\s+ret_(\w+)\s*\(\s*Call\s*&\s*\w*\s*(?:,\s*([\w\s\*]+?)\s*\b\w+\s*)?\)"))
                writers[m.Groups[1].Value] = m.Groups[2].Success ? Normal(m.Groups[2].Value) : "void";
            Assert.IsTrue(readers.ContainsKey("i4") && writers.ContainsKey("i4"), "arg_/ret_ found in player_bridge.h");
            foreach (ReducedSignature.Letter l in ReducedSignature.Alphabet)
            {
                string c;
                if (l.Code != "v" && l.Use != ReducedSignature.LetterUse.CopyEntryResult)
                {
                    if (!readers.TryGetValue(l.Code, out c)) problems.Add("player_bridge.h has no arg_" + l.Code + " for letter " + l.Code);
                    else if (c != Normal(l.CType)) problems.Add("arg_" + l.Code + " returns " + c + ", letter " + l.Code + " is " + l.CType);
                }
                if (l.Use == ReducedSignature.LetterUse.CopyEntryArgument)
                {
                    if (writers.ContainsKey(l.Code)) problems.Add("player_bridge.h writes ret_" + l.Code + ", letter " + l.Code + " is a copy entry's argument only");
                    continue;
                }
                if (!writers.TryGetValue(l.Code, out c)) problems.Add("player_bridge.h has no ret_" + l.Code + " for letter " + l.Code);
                else if (c != Normal(l.CType)) problems.Add("ret_" + l.Code + " takes " + c + ", letter " + l.Code + " is " + l.CType);
            }
            foreach (string code in readers.Keys)
                if (!letters.ContainsKey(code)) problems.Add("player_bridge.h reads arg_" + code + ", which is no letter of ReducedSignature.Alphabet");
            // ret_new is the constructor result (kind n, CppWriter), not a letter.
            foreach (string code in writers.Keys)
                if (!letters.ContainsKey(code) && code != "new") problems.Add("player_bridge.h writes ret_" + code + ", which is no letter of ReducedSignature.Alphabet");

            Type entries = Il2Cpp().GetType("ZTS.Il2Cpp.PlayerEntries", true);
            foreach (MethodInfo m in entries.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly))
            {
                Match rw = Regex.Match(m.Name, @"^(Read|Write)([A-Z]\d?)$");
                if (!rw.Success) continue;
                ReducedSignature.Letter l;
                if (!letters.TryGetValue(rw.Groups[2].Value.ToLowerInvariant(), out l))
                {
                    problems.Add("PlayerEntries." + m.Name + " names no letter of ReducedSignature.Alphabet");
                    continue;
                }
                Type t = rw.Groups[1].Value == "Read" ? m.ReturnType : m.GetParameters()[2].ParameterType;
                if (t != l.Clr) problems.Add("PlayerEntries." + m.Name + " " + (rw.Groups[1].Value == "Read" ? "returns " : "takes ") + t.Name
                                             + ", letter " + l.Code + " is " + l.Clr.Name);
            }
            Assert.IsEmpty(problems, "the signature alphabet differs between ReducedSignature.Alphabet and the Player runtime:\n  "
                                     + string.Join("\n  ", problems));
        }

        private static string Normal(string cType)
        {
            return Regex.Replace(cType.Trim(), @"\s*\*", " *");
        }
    }
}
