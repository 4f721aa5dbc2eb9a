using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using Mono.Cecil;
using Mono.Cecil.Cil;
using NUnit.Framework;
using ZTS.Shared.Native;

namespace ZTS.Tests
{
    /// <summary>
    /// What a Unity Il2Cpp Player needs from the ZTS assemblies' IL, read with Mono.Cecil (the built files, not the
    /// loaded types). Registered as ctest tests of their own, named after each test (tests/managed/CMakeLists.txt).
    /// </summary>
    [TestFixture]
    public class Il2CppReadiness
    {
        private static string DistDir
        {
            get { return Path.GetDirectoryName(typeof(ZTS.Shared.JsDomain).Assembly.Location); }
        }

        /// <summary>
        /// Every method of the ZTS assemblies (every ZTS.* assembly of build/dist/lib but this test assembly, whose
        /// fixture below breaks the rule on purpose) that is made into a delegate native code calls is static and
        /// carries [MonoPInvokeCallback(typeof(thatDelegate))]: Il2Cpp's Marshal.GetFunctionPointerForDelegate throws
        /// NotSupportedException for any other (NativeCallbackScan says which delegates count).
        /// </summary>
        [Test]
        public void Il2CppReadiness_NativeCallbacks_HaveMonoPInvokeCallback()
        {
            var paths = new List<string>();
            foreach (string path in Directory.GetFiles(DistDir))
            {
                string file = Path.GetFileName(path);
                if (!file.StartsWith("ZTS.", StringComparison.Ordinal) || file == "ZTS.Tests.dll") continue;
                if (file.EndsWith(".dll", StringComparison.Ordinal) || file.EndsWith(".exe", StringComparison.Ordinal)) paths.Add(path);
            }
            foreach (string name in new[] { "ZTS.Common.dll", "ZTS.Shared.dll", "ZTS.Mono.dll", "ZTS.Il2Cpp.dll" })
                Assert.Contains(Path.Combine(DistDir, name), paths, "the scan reads " + name);
            NativeCallbackScan scan = NativeCallbackScan.Run(DistDir, paths);
            // The host callback table (HostCallbacks.EnsureRegistered) is what native code calls today: the scan must see it.
            foreach (string known in new[] { "ZTS.Shared.ModuleLoaderBridge.Load", "ZTS.Shared.HostCallBoundary.HostCall",
                                             "ZTS.Shared.Clr.TypeCallbacks.Resolve", "ZTS.Shared.Clr.TypeCallbacks.ListNamespace",
                                             "ZTS.Shared.Clr.TypeCallbacks.Bind" })
                Assert.Contains(known, scan.Callbacks, "the scan found the host table's callback " + known);
            Assert.IsEmpty(scan.Problems, "methods handed to native code as function pointers:\n  " + string.Join("\n  ", scan.Problems));
        }

        /// <summary>
        /// The scan over this assembly reports each way the fixture below breaks the rule, by method name, and nothing
        /// about the methods that keep it or the delegates native code never sees.
        /// </summary>
        [Test]
        public void Il2CppReadiness_Scanner_ReportsEachBrokenCallback()
        {
            string self = typeof(Il2CppReadiness).Assembly.Location;
            NativeCallbackScan scan = NativeCallbackScan.Run(DistDir, new[] { self });
            var ours = new List<string>();
            foreach (string p in scan.Problems)
                if (p.Contains(typeof(ScanFixture).Name)) ours.Add(p);
            string all = string.Join("\n", ours);
            const string fixture = "ZTS.Tests.Il2CppReadiness/ScanFixture";
            Assert.AreEqual(6, ours.Count, all);
            StringAssert.Contains(fixture + ".Unmarked lacks [MonoPInvokeCallback(typeof(" + fixture + "/Marshalled))]", all);
            StringAssert.Contains(fixture + ".Instance is an instance method", all);
            StringAssert.Contains(fixture + ".WrongType carries [MonoPInvokeCallback(typeof(" + fixture + "/Parameter))], not typeof(" + fixture + "/Marshalled)", all);
            StringAssert.Contains(fixture + ".ViaParameter lacks [MonoPInvokeCallback(typeof(" + fixture + "/Parameter))]", all);
            StringAssert.Contains(fixture + ".ViaPointer lacks [MonoPInvokeCallback(typeof(" + fixture + "/Pointed))]", all);
            StringAssert.Contains("cannot tell the delegate type " + fixture + ".Untyped hands to Marshal.GetFunctionPointerForDelegate", all);
            Assert.Contains(fixture + ".Marked", scan.Callbacks, "the marked method was checked");
            StringAssert.DoesNotContain(".Marked ", all);
            StringAssert.DoesNotContain(".Managed", all);
        }

        // Breaks the rule on purpose (never called): each delegate below reaches native code by one of the scan's three
        // criteria. Private types: the Player build's delegate scan of this assembly (--scan-il) writes no shim for them.
        private sealed class ScanFixture
        {
            [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
            private delegate int Marshalled(IntPtr p);

            private delegate int Parameter(IntPtr p);

            private delegate int Pointed(IntPtr p);

            [DllImport("zts_il2cpp_readiness_fixture", CallingConvention = CallingConvention.Cdecl)]
            private static extern void Take(Parameter callback);

            private static Pointed _pointed;

            [MonoPInvokeCallback(typeof(Marshalled))]
            private static int Marked(IntPtr p) { return 0; }

            private static int Unmarked(IntPtr p) { return 1; }

            [MonoPInvokeCallback(typeof(Marshalled))]
            private int Instance(IntPtr p) { return 2; }

            [MonoPInvokeCallback(typeof(Parameter))]
            private static int WrongType(IntPtr p) { return 3; }

            private static int ViaParameter(IntPtr p) { return 4; }

            private static int ViaPointer(IntPtr p) { return 5; }

            private static int Managed() { return 6; }

            internal static object[] Make()
            {
                Take(ViaParameter);
                _pointed = ViaPointer;
                return new object[]
                {
                    new Marshalled(Marked), new Marshalled(Unmarked), new Marshalled(new ScanFixture().Instance),
                    new Marshalled(WrongType), Marshal.GetFunctionPointerForDelegate(_pointed), new Func<int>(Managed),
                };
            }

            internal static IntPtr Untyped(Delegate d)
            {
                return Marshal.GetFunctionPointerForDelegate(d);
            }
        }
    }

    /// <summary>
    /// Finds, in the IL of some assemblies, every method made into a delegate that native code calls, and what is wrong
    /// with it for Il2Cpp. The rule, over IL (so it sees lambdas and method groups alike):
    /// a delegate type D is native when it carries [UnmanagedFunctionPointer], or is a parameter of a DllImport method
    /// (or a field type of a struct parameter, at any depth), or is the static type of the value handed to
    /// Marshal.GetFunctionPointerForDelegate at some call (the type argument of the generic overload, else the type of
    /// what the instruction before the call pushes: a field, local, argument, cast, call result or new object; when that
    /// is Delegate itself or cannot be told, the call is a problem, so nothing passes unseen); and a method M is made
    /// into D where <c>ldftn M</c> / <c>ldvirtftn M</c> is followed by <c>newobj D::.ctor</c>, the IL every C# delegate
    /// creation from a method or a lambda compiles to. Each such M must be static and carry an attribute named
    /// MonoPInvokeCallbackAttribute (Il2Cpp matches the name) whose argument is typeof(D).
    /// Not seen: delegates made by reflection (Delegate.CreateDelegate) and structs holding delegates handed to native
    /// code by Marshal.StructureToPtr; ZTS has neither.
    /// </summary>
    internal sealed class NativeCallbackScan
    {
        /// <summary>What breaks the rule, one line each, naming the method.</summary>
        public readonly List<string> Problems = new List<string>();

        /// <summary>Every method the scan found made into a native delegate (Namespace.Type.Method).</summary>
        public readonly List<string> Callbacks = new List<string>();

        private readonly HashSet<string> _native = new HashSet<string>();

        public static NativeCallbackScan Run(string searchDir, IEnumerable<string> paths)
        {
            var scan = new NativeCallbackScan();
            var resolver = new DefaultAssemblyResolver();
            resolver.AddSearchDirectory(searchDir);
            var modules = new List<ModuleDefinition>();
            try
            {
                foreach (string path in paths)
                    modules.Add(ModuleDefinition.ReadModule(path, new ReaderParameters { AssemblyResolver = resolver }));
                foreach (ModuleDefinition m in modules) scan.CollectNative(m);
                foreach (ModuleDefinition m in modules) scan.CheckSites(m);
            }
            finally
            {
                foreach (ModuleDefinition m in modules) m.Dispose();
                resolver.Dispose();
            }
            return scan;
        }

        private static string Name(MethodReference m)
        {
            return m.DeclaringType.FullName + "." + m.Name;
        }

        private static TypeDefinition ResolveOrNull(TypeReference t)
        {
            try
            {
                return t.Resolve();
            }
            catch (AssemblyResolutionException)
            {
                return null;
            }
        }

        private static bool IsDelegate(TypeDefinition t)
        {
            return t != null && t.BaseType != null && t.BaseType.FullName == "System.MulticastDelegate";
        }

        private static bool HasAttribute(ICustomAttributeProvider p, string fullName)
        {
            foreach (CustomAttribute a in p.CustomAttributes)
                if (a.AttributeType.FullName == fullName) return true;
            return false;
        }

        private void NoteNative(TypeReference t, int depth)
        {
            while (t is ByReferenceType || t is ArrayType) t = ((TypeSpecification)t).ElementType;
            TypeDefinition d = ResolveOrNull(t);
            if (d == null) return;
            if (IsDelegate(d))
            {
                _native.Add(d.FullName);
                return;
            }
            if (!d.IsValueType || d.IsEnum || depth > 8 || d.Namespace.StartsWith("System", StringComparison.Ordinal)) return;
            foreach (FieldDefinition f in d.Fields)
                if (!f.IsStatic) NoteNative(f.FieldType, depth + 1);
        }

        private void CollectNative(ModuleDefinition module)
        {
            foreach (TypeDefinition t in module.GetTypes())
            {
                if (IsDelegate(t) && HasAttribute(t, "System.Runtime.InteropServices.UnmanagedFunctionPointerAttribute"))
                    _native.Add(t.FullName);
                foreach (MethodDefinition m in t.Methods)
                {
                    if (m.IsPInvokeImpl)
                        foreach (ParameterDefinition p in m.Parameters) NoteNative(p.ParameterType, 0);
                    if (!m.HasBody) continue;
                    foreach (Instruction ins in m.Body.Instructions)
                    {
                        var callee = ins.Operand as MethodReference;
                        if ((ins.OpCode != OpCodes.Call && ins.OpCode != OpCodes.Callvirt) || callee == null) continue;
                        if (callee.Name != "GetFunctionPointerForDelegate" || callee.DeclaringType.FullName != "System.Runtime.InteropServices.Marshal") continue;
                        var generic = callee as GenericInstanceMethod;
                        TypeReference handed = generic != null ? generic.GenericArguments[0] : PushedType(m, ins.Previous);
                        TypeDefinition d = handed == null ? null : ResolveOrNull(handed);
                        if (!IsDelegate(d))
                            Problems.Add("cannot tell the delegate type " + Name(m) + " hands to Marshal.GetFunctionPointerForDelegate (IL_" +
                                         ins.Offset.ToString("x4") + ": " + (handed == null ? "no typed value" : handed.FullName) +
                                         "): hand it a variable of the delegate type, whose targets this check can then see");
                        else
                            _native.Add(d.FullName);
                    }
                }
            }
        }

        // The static type of the value the instruction pushes, or null when this check does not follow it.
        private static TypeReference PushedType(MethodDefinition m, Instruction ins)
        {
            if (ins == null) return null;
            var field = ins.Operand as FieldReference;
            if (field != null && (ins.OpCode == OpCodes.Ldsfld || ins.OpCode == OpCodes.Ldfld)) return field.FieldType;
            var variable = ins.Operand as VariableDefinition;
            if (variable != null) return variable.VariableType;
            var parameter = ins.Operand as ParameterDefinition;
            if (parameter != null) return parameter.ParameterType;
            var method = ins.Operand as MethodReference;
            if (method != null && ins.OpCode == OpCodes.Newobj) return method.DeclaringType;
            if (method != null && (ins.OpCode == OpCodes.Call || ins.OpCode == OpCodes.Callvirt)) return method.ReturnType;
            var type = ins.Operand as TypeReference;
            if (type != null && (ins.OpCode == OpCodes.Castclass || ins.OpCode == OpCodes.Isinst)) return type;
            int local = ins.OpCode == OpCodes.Ldloc_0 ? 0 : ins.OpCode == OpCodes.Ldloc_1 ? 1 : ins.OpCode == OpCodes.Ldloc_2 ? 2
                      : ins.OpCode == OpCodes.Ldloc_3 ? 3 : -1;
            if (local >= 0) return m.Body.Variables[local].VariableType;
            int arg = ins.OpCode == OpCodes.Ldarg_0 ? 0 : ins.OpCode == OpCodes.Ldarg_1 ? 1 : ins.OpCode == OpCodes.Ldarg_2 ? 2
                    : ins.OpCode == OpCodes.Ldarg_3 ? 3 : -1;
            if (arg < 0) return null;
            if (m.HasThis) arg--;
            return arg < 0 ? m.DeclaringType : m.Parameters[arg].ParameterType;
        }

        private void CheckSites(ModuleDefinition module)
        {
            foreach (TypeDefinition t in module.GetTypes())
                foreach (MethodDefinition m in t.Methods)
                {
                    if (!m.HasBody) continue;
                    foreach (Instruction ins in m.Body.Instructions)
                    {
                        if (ins.OpCode != OpCodes.Ldftn && ins.OpCode != OpCodes.Ldvirtftn) continue;
                        Instruction next = ins.Next;
                        var ctor = next == null ? null : next.Operand as MethodReference;
                        if (ctor == null || next.OpCode != OpCodes.Newobj) continue;
                        TypeDefinition d = ResolveOrNull(ctor.DeclaringType);
                        if (!IsDelegate(d) || !_native.Contains(d.FullName)) continue;
                        Check((MethodReference)ins.Operand, ins.OpCode == OpCodes.Ldvirtftn, d, m);
                    }
                }
        }

        private void Check(MethodReference reference, bool virtualTarget, TypeDefinition d, MethodDefinition site)
        {
            MethodDefinition target = reference.Resolve();
            string name = Name(reference);
            string where = " (made into " + d.FullName + " in " + Name(site) + ")";
            Callbacks.Add(name);
            if (virtualTarget || target == null || !target.IsStatic)
                Problems.Add(name + " is an instance method" + where + ": Il2Cpp calls back static methods only");
            CustomAttribute mark = null;
            if (target != null)
                foreach (CustomAttribute a in target.CustomAttributes)
                    if (a.AttributeType.Name == "MonoPInvokeCallbackAttribute") mark = a;
            if (mark == null)
            {
                Problems.Add(name + " lacks [MonoPInvokeCallback(typeof(" + d.FullName + "))]" + where);
                return;
            }
            var named = mark.ConstructorArguments.Count == 1 ? mark.ConstructorArguments[0].Value as TypeReference : null;
            if (named == null || named.FullName != d.FullName)
                Problems.Add(name + " carries [MonoPInvokeCallback(typeof(" + (named == null ? "?" : named.FullName) + "))], not typeof(" + d.FullName + ")" + where);
        }
    }
}
