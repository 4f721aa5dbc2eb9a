using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using NUnit.Framework;
using ZTS.Declarations;

namespace ZTS.Tests
{
    /// <summary>
    /// The declaration generator as a library (DtsGenerator): determinism, namespace selection, the closure
    /// rule (declared with members / opaque), and that the conformance TypeScript (tests/dts/conformance)
    /// calls every member the fixtures show to JS.
    /// </summary>
    [TestFixture]
    public class Dts_Generator
    {
        private static string FixturesDll
        {
            get { return typeof(Fixtures.Animal).Assembly.Location; }
        }

        private static string TestsDir
        {
            get { return Path.GetDirectoryName(Environment.GetEnvironmentVariable("ZTS_CONFORMANCE_DIR")); }
        }

        private static DtsOptions Options(params string[] namespaces)
        {
            var o = new DtsOptions();
            o.Assemblies.Add(FixturesDll);
            o.Namespaces.AddRange(namespaces);
            o.AliasXmlPaths.Add(Path.Combine(TestsDir, "fixtures", "aliases.xml"));
            return o;
        }

        // The MarshalAs XML changes declarations as [TsMarshalAs] does (tests/fixtures/marshal.xml makes
        // Geometry.Sum take a Table and Geometry.Make return one with X and Y).
        [Test]
        public void Dts_Generator_MarshalXml_DeclaresTables()
        {
            string before = DtsGenerator.Generate(Options("Fixtures"))["csharp.Fixtures.d.ts"];
            DtsOptions o = Options("Fixtures");
            o.MarshalXmlPaths.Add(Path.Combine(TestsDir, "fixtures", "marshal.xml"));
            string after = DtsGenerator.Generate(o)["csharp.Fixtures.d.ts"];
            StringAssert.Contains("Sum(v: $Fixtures.Vec3): number;", before);
            StringAssert.Contains("Make(x: number, y: number, z: number): Readonly<$Fixtures.Vec3>;", before);
            StringAssert.Contains("Stored: Readonly<$Fixtures.Vec3>;", before);
            StringAssert.Contains("Sum(v: { X?: number; Y?: number; Z?: number; }): number;", after);
            StringAssert.Contains("Make(x: number, y: number, z: number): { readonly X: number; readonly Y: number; };", after);
            StringAssert.Contains("Length(v: { X?: number; Y?: number; Z?: number; }): number;", after); // the attribute
            Assert.AreEqual(before, DtsGenerator.Generate(Options("Fixtures"))["csharp.Fixtures.d.ts"], "the table in use before is restored");
        }

        [Test]
        public void Dts_Generator_IsDeterministic()
        {
            SortedDictionary<string, string> a = DtsGenerator.Generate(Options());
            SortedDictionary<string, string> b = DtsGenerator.Generate(Options());
            CollectionAssert.AreEqual(a.Keys, b.Keys);
            foreach (string file in a.Keys) Assert.AreEqual(a[file], b[file], file);
        }

        [Test]
        public void Dts_Generator_NamespaceFilter_DeclaresOnlyThatNamespaceAndItsClosure()
        {
            SortedDictionary<string, string> files = DtsGenerator.Generate(Options("Fixtures.Decl"));
            Assert.IsTrue(files.ContainsKey("csharp.Fixtures.Decl.d.ts"));
            Assert.IsFalse(files.ContainsKey("csharp.Fixtures.d.ts"), "Fixtures is neither requested nor referenced");
            StringAssert.Contains("readonly Decl: typeof import(\"csharp:Fixtures.Decl\")", files["zts.d.ts"]);
        }

        [Test]
        public void Dts_Generator_UnknownNamespace_Throws()
        {
            var e = Assert.Throws<ArgumentException>(() => DtsGenerator.Generate(Options("No.Such")));
            StringAssert.Contains("'No.Such'", e.Message);
        }

        [Test]
        public void Dts_Generator_Closure_ReferencedTypesFull_FurtherOnesOpaque()
        {
            SortedDictionary<string, string> files = DtsGenerator.Generate(Options("Fixtures.Decl"));
            string scg = files["csharp.System.Collections.Generic.d.ts"];
            // List<T> is named by Fixtures.Decl.Nesting: declared with members.
            StringAssert.Contains("export interface List$1<T> extends", scg);
            StringAssert.Contains("    Add(item: T): void;", scg);
            // What List<T>'s members name beyond the closure is opaque: branded, no members.
            string opaque = Regex.Match(scg, @"export interface (\w+\$?\d*)(<[^>]*>)? extends zts\.Opaque<""([^""]+)""> \{\}").Groups[3].Value;
            Assert.IsNotEmpty(opaque, "some opaque type in System.Collections.Generic");
            StringAssert.Contains("(opaque: outside the declaration closure", scg);
            // Fixtures (not requested, not named) is absent; core types are always there.
            StringAssert.Contains("export interface Int32$Type extends zts.TypeObject<number>", files["csharp.System.d.ts"]);
        }

        [Test]
        public void Dts_Generator_AliasXml_RenamesAsTheRuntimeDoes()
        {
            string fixtures = DtsGenerator.Generate(Options("Fixtures"))["csharp.Fixtures.d.ts"];
            StringAssert.Contains("scale_i32(x: number): string | null;", fixtures);
            StringAssert.Contains("title(): string | null;", fixtures);
            StringAssert.Contains("attribute_wins(): string | null;", fixtures);
            StringAssert.DoesNotContain("xml_loses", fixtures);
            var noXml = new DtsOptions();
            noXml.Assemblies.Add(FixturesDll);
            StringAssert.Contains("Scale(x: number): string | null;", DtsGenerator.Generate(noXml)["csharp.Fixtures.d.ts"]);
        }

        private static byte ReturnState(Type t, string method)
        {
            return Nullability.State(t.GetMethod(method).ReturnParameter);
        }

        private static byte ParameterState(Type t, string method, int index)
        {
            return Nullability.State(t.GetMethod(method).GetParameters()[index]);
        }

        /// <summary>JetBrains [NotNull]/[CanBeNull] (internal copies, matched by simple name) on each kind of site.</summary>
        [Test]
        public void Dts_Generator_Nullability_JetBrainsAttributes()
        {
            Type a = typeof(Fixtures.Decl.Annotated);
            Assert.AreEqual(1, ReturnState(a, "Self"), "[NotNull] on a method is its result");
            Assert.AreEqual(1, ReturnState(a, "Describe"), "[return: System.Diagnostics.CodeAnalysis.NotNull]");
            Assert.AreEqual(2, ReturnState(a, "Find"), "[CanBeNull]");
            Assert.AreEqual(0, ReturnState(a, "Oblivious"), "no annotation");
            Assert.AreEqual(1, ParameterState(a, "Join", 0));
            Assert.AreEqual(2, ParameterState(a, "Join", 1));
            Assert.AreEqual(0, ParameterState(a, "Ensure", 0), "System.Diagnostics.CodeAnalysis.NotNull on a parameter is a post-condition");
            Assert.AreEqual(1, Nullability.State(a.GetConstructors()[0].GetParameters()[0]), "constructor parameter");
            Assert.AreEqual(1, Nullability.State(a.GetProperty("Title")));
            Assert.AreEqual(2, Nullability.State(a.GetProperty("Note")));
            Assert.AreEqual(1, Nullability.State(a.GetField("Items")));
            Assert.AreEqual(1, Nullability.State(a.GetField("Motto")));
            Assert.AreEqual(1, ParameterState(a, "add_Visited", 0), "an event accessor takes the event's attribute");
            Assert.AreEqual(1, ParameterState(typeof(Fixtures.Decl.Visit), "Invoke", 0));
            Assert.AreEqual(2, ParameterState(typeof(Fixtures.Decl.Visit), "Invoke", 1));
            Assert.AreEqual(1, ReturnState(typeof(Fixtures.Decl.Rename), "Invoke"), "[NotNull] on a delegate is its result");
            Assert.AreEqual(0, ReturnState(typeof(Fixtures.Animal), "Speak"), "unannotated code is oblivious");
            Assert.AreEqual(1, Nullability.Element(a.GetMethod("Words").ReturnParameter), "[ItemNotNull] on a method");
            Assert.AreEqual(0, Nullability.Element(a.GetField("Items")), "[NotNull] says nothing about the elements");
            Assert.AreEqual(1, Nullability.Element(a.GetMethod("Letters").GetParameters()[0]));
            Assert.AreEqual(2, Nullability.Element(a.GetMethod("Letters").GetParameters()[1]), "[ItemCanBeNull]");
            Assert.AreEqual(0, Nullability.State(a.GetMethod("Letters").GetParameters()[1]), "[ItemCanBeNull] says nothing about the array");
        }

        /// <summary>Roslyn's [Nullable] (byte and byte[]) and [NullableContext] on the member, then the declaring types outward.</summary>
        [Test]
        public void Dts_Generator_Nullability_RoslynMetadata()
        {
            Type e = typeof(Fixtures.Decl.Enabled);
            Assert.AreEqual(1, ReturnState(e, "Get"), "the type's context");
            Assert.AreEqual(1, ParameterState(e, "Get", 0));
            Assert.AreEqual(2, ReturnState(e, "TryGet"), "[return: Nullable(2)]");
            Assert.AreEqual(2, ParameterState(e, "Put", 1), "[Nullable(2)] on a parameter");
            Assert.AreEqual(1, ReturnState(e, "Keys"), "first byte of [Nullable(new byte[] { 1, 2 })]");
            Assert.AreEqual(2, ReturnState(e, "Either"), "the method's own context");
            Assert.AreEqual(2, ParameterState(e, "Either", 0));
            Assert.AreEqual(0, ReturnState(e, "Legacy"), "[Nullable(0)] is oblivious, whatever the context");
            Assert.AreEqual(1, Nullability.State(e.GetProperty("Label")));
            Assert.AreEqual(2, Nullability.State(e.GetProperty("Comment")));
            Assert.AreEqual(1, Nullability.State(e.GetField("Names")));
            Assert.AreEqual(1, Nullability.Element(e.GetField("Names")), "a context covers every position");
            Assert.AreEqual(2, ReturnState(e, "Split"), "first byte of [Nullable(new byte[] { 2, 1 })]");
            Assert.AreEqual(1, Nullability.Element(e.GetMethod("Split").ReturnParameter), "second byte: the array's element");
            Assert.AreEqual(2, Nullability.Element(e.GetMethod("Put").GetParameters()[1]), "a single byte covers every position");
            Assert.AreEqual(1, ReturnState(typeof(Fixtures.Decl.Enabled.Inner), "Text"), "the outer type's context");
            Assert.AreEqual(1, ParameterState(typeof(Fixtures.Decl.Shape), "Invoke", 0), "a delegate's context");
        }

        /// <summary>Not null strips only the top-level `| null` of reference types.</summary>
        [Test]
        public void Dts_Generator_Nullability_TopLevelReferenceTypesOnly()
        {
            string decl = DtsGenerator.Generate(Options("Fixtures.Decl"))["csharp.Fixtures.Decl.d.ts"];
            StringAssert.Contains("        Self(): $Fixtures_Decl.Annotated;", decl);
            StringAssert.Contains("        Boxed(): number | string | boolean | $System.Object;", decl);
            StringAssert.Contains("        readonly Items: zts.Array<string | null>;", decl);
            StringAssert.Contains("        Words(): zts.Array<string>;", decl);
            StringAssert.Contains("        Split(text: string): zts.Array<string> | null;", decl);
            StringAssert.Contains("        Maybe(): number | null;", decl);
            StringAssert.Contains("        Log(): $System_Collections_Generic.List$1<string | null>;", decl);
            StringAssert.Contains("        Each(visit: ((name: string, note: string | null) => void) | zts.Delegate<(name: string, note: string | null) => void>): number;", decl);
            StringAssert.Contains("        Oblivious(): string | null;", decl);
            var map = new TsTypeMapper();
            Assert.AreEqual("number | null", map.Map(typeof(int?), Flow.ToJs, true));
            Assert.AreEqual("number", map.Map(typeof(int), Flow.FromJs, true));
            Assert.AreEqual("string", map.Map(typeof(string), Flow.FromJs, true));
            Assert.AreEqual("string | null", map.Map(typeof(string), Flow.FromJs, false));
        }

        /// <summary>
        /// Enumerable types declare [Symbol.iterator] yielding what the runtime yields: the Current of the view's
        /// GetEnumerator() (T for List, KeyValuePair for Dictionary, T for IList through IEnumerable&lt;T&gt;), an
        /// object for an explicit implementation; KeyValuePair joins the full set; arrays keep zts.Array.
        /// </summary>
        [Test]
        public void Dts_Generator_Enumerable_IteratorYieldsCurrent()
        {
            SortedDictionary<string, string> files = DtsGenerator.Generate(Options("Fixtures"));
            string fixtures = files["csharp.Fixtures.d.ts"], generic = files["csharp.System.Collections.Generic.d.ts"];
            const string objectElement = "[Symbol.iterator](): IterableIterator<number | string | boolean | $System.Object | null>;";
            StringAssert.Contains("export interface Crate extends $System.Object {\n        Add(item: number | string | boolean | zts.Object | null): void;\n        " +
                                  objectElement, fixtures);
            // The opted-in generic extensions of IEnumerable<string> (Fixtures.Everyday.Extensions) come before the iterator.
            StringAssert.Contains("        Put(book: string | null): void;\n        FirstOr(fallback: string | null): string | null;\n" +
                                  "        Fold<TAcc>(seed: TAcc, step: ((arg1: TAcc, arg2: string | null) => TAcc) | zts.Delegate<(arg1: TAcc, arg2: string | null) => TAcc> | null): TAcc;\n" +
                                  "        Keep(", fixtures);
            StringAssert.Contains("$System_Collections_Generic.List$1<string | null> | null;\n        " + objectElement, fixtures);
            StringAssert.DoesNotContain("interface Collections extends $System.Object {\n        [Symbol.iterator]", fixtures);
            StringAssert.Contains("        [Symbol.iterator](): IterableIterator<$System_Collections_Generic.KeyValuePair$2<TKey, TValue>>;", generic);
            StringAssert.Contains("        readonly Key: TKey;", generic);
            StringAssert.Contains("export interface IEnumerable$1<T> extends Omit<$System_Collections.IEnumerable, \"GetEnumerator\" | typeof Symbol.iterator> {", generic);
            StringAssert.DoesNotContain("GetEnumerator(): $System_Collections.IEnumerator | null;\n        IndexOf", generic,
                                        "IEnumerable<T>.GetEnumerator hides IEnumerable's on the IList<T> view");
            StringAssert.Contains("interface Array<T> extends Omit<$Array, typeof Symbol.iterator> {", files["zts.d.ts"]);
        }

        // A struct read from C# is a copy, so its result type is a read-only view (docs/DECLARATIONS.md "Struct results
        // are read-only"); what JS passes in (parameters, setters) and constructs stays the writable struct.
        [Test]
        public void Dts_Generator_StructResults_ReadonlyView()
        {
            string fixtures = DtsGenerator.Generate(Options("Fixtures"))["csharp.Fixtures.d.ts"];
            StringAssert.Contains("export interface Carrier extends $System.Object {\n        Position: Readonly<$Fixtures.Vec3>;\n" +
                                  "        Frame: Readonly<$Fixtures.Numbers>;\n        get Waypoints(): zts.Array<Readonly<$Fixtures.Vec3>> | null;\n" +
                                  "        set Waypoints(value: $Fixtures.Vec3[] | zts.Array<Readonly<$Fixtures.Vec3>> | null);\n" +
                                  "        Ahead(d: number): Readonly<$Fixtures.Vec3>;\n", fixtures);
            StringAssert.Contains("        Inner: Readonly<$Fixtures.Vec3>;\n", fixtures, "a struct field of a struct");
            StringAssert.Contains("        Property: Readonly<$Fixtures.Vec3> | null;\n", fixtures, "Nullable<Vec3>");
            StringAssert.Contains("        Sum(v: $Fixtures.Vec3): number;\n", fixtures, "a parameter takes the struct");
            StringAssert.Contains("        new (x: number, y: number, z: number): $Fixtures.Vec3;\n", fixtures, "a constructor gives the struct");
            StringAssert.Contains("        op_Addition(a: $Fixtures.Vec3, b: $Fixtures.Vec3): Readonly<$Fixtures.Vec3>;\n", fixtures);
            StringAssert.Contains("        get Origin(): { readonly X: number; readonly Y: number; readonly Z: number; };\n" +
                                  "        set Origin(value: { X?: number; Y?: number; Z?: number; });\n", fixtures, "a Table field");
            // Nothing to write: KeyValuePair (get-only properties) stays as it is.
            StringAssert.Contains("[Symbol.iterator](): IterableIterator<$System_Collections_Generic.KeyValuePair$2<TKey, TValue>>;",
                                  DtsGenerator.Generate(Options("Fixtures"))["csharp.System.Collections.Generic.d.ts"]);
        }

        /// <summary>Every JS-visible member of the fixture types is named in the conformance TypeScript.</summary>
        [Test]
        public void Dts_Conformance_CallsEveryFixtureMember()
        {
            string sources = string.Join("\n", Directory.GetFiles(Path.Combine(TestsDir, "dts", "conformance"), "*.ts")
                                                         .Where(f => !f.EndsWith("negative.ts", StringComparison.Ordinal))
                                                         .Select(File.ReadAllText).ToArray());
            var words = new HashSet<string>(Regex.Matches(sources, @"[A-Za-z_$][\w$]*").Cast<Match>().Select(m => m.Value));
            TsAliasTable aliases = TsAliasTable.Load(new[] { Path.Combine(TestsDir, "fixtures", "aliases.xml") });
            var collector = new MemberCollector(new TsTypeMapper(), aliases);
            var missing = new List<string>();
            foreach (Type t in typeof(Fixtures.Animal).Assembly.GetExportedTypes())
            {
                if (!words.Contains(ZTS.TsMemberRules.JsName(t))) missing.Add(t.FullName);
                // Names t itself declares (final names for methods); inherited ones (Object's Equals, Delegate's
                // Combine, ...) and BeginInvoke/EndInvoke are not the fixtures' API.
                const BindingFlags own = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
                var declared = new HashSet<string>(t.GetMethods(own).Select(m => aliases.FinalName(m))
                                                    .Concat(t.GetProperties(own).Select(p => p.Name))
                                                    .Concat(t.GetFields(own).Select(f => f.Name)));
                foreach (TsMember m in collector.Members(t))
                {
                    if (!declared.Contains(m.Name) || m.Name == "BeginInvoke" || m.Name == "EndInvoke") continue;
                    if (!words.Contains(m.Name)) missing.Add(t.FullName + "." + m.Name);
                }
            }
            Assert.IsEmpty(missing, "fixture members not called by tests/dts/conformance: " + string.Join(", ", missing.ToArray()));
        }
    }
}
