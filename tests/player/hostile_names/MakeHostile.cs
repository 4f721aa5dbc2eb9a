// Writes Hostile.dll: names IL allows and C# does not, for `ztsrun build-player --assembly Hostile.dll`
// (build_and_run.sh, Player_BuildPlayer_HostileNames). Usage: MakeHostile.exe <folder>
using System;
using System.Reflection;
using System.Reflection.Emit;

public static class MakeHostile
{
    // A struct method whose name is C# code: written unescaped into a generated copy wrapper it would run this.
    public const string Injected = "X() { System.IO.Directory.CreateDirectory(\"pwned\"); return 1; } int Y";

    public static int Main(string[] args)
    {
        var ab = AppDomain.CurrentDomain.DefineDynamicAssembly(new AssemblyName("Hostile"), AssemblyBuilderAccess.Save, args[0]);
        ModuleBuilder mb = ab.DefineDynamicModule("Hostile", "Hostile.dll");

        // A keyword namespace, and a ref/out method named by a keyword: a member wrapper names both (@event).
        TypeBuilder api = mb.DefineType("Evil.event.Api", TypeAttributes.Public | TypeAttributes.Class | TypeAttributes.Sealed | TypeAttributes.Abstract);
        Returns(api, "Three", MethodAttributes.Static, 3);
        MethodBuilder ev = api.DefineMethod("event", MethodAttributes.Public | MethodAttributes.Static, typeof(void), new[] { typeof(int).MakeByRefType() });
        ev.DefineParameter(1, ParameterAttributes.Out, "x");
        ILGenerator il = ev.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldc_I4, 6);
        il.Emit(OpCodes.Stind_I4);
        il.Emit(OpCodes.Ret);
        api.CreateType();

        // A type name with a quote: C# cannot spell it, it is left out.
        TypeBuilder quote = mb.DefineType("Evil.Quote\"Type", TypeAttributes.Public | TypeAttributes.Class | TypeAttributes.Sealed | TypeAttributes.Abstract);
        Returns(quote, "Four", MethodAttributes.Static, 4);
        quote.CreateType();

        // A method name with a line break (a bridge serves it by signature: no name is written), and an out method
        // with a quote in its name (no reduced signature, no wrapper can name it: left out).
        TypeBuilder lines = mb.DefineType("Evil.Lines", TypeAttributes.Public | TypeAttributes.Class | TypeAttributes.Sealed | TypeAttributes.Abstract);
        Returns(lines, "Line\nBreak", MethodAttributes.Static, 5);
        MethodBuilder outQuote = lines.DefineMethod("Out\"Name", MethodAttributes.Public | MethodAttributes.Static, typeof(void), new[] { typeof(int).MakeByRefType() });
        outQuote.DefineParameter(1, ParameterAttributes.Out, "x");
        il = outQuote.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldc_I4, 7);
        il.Emit(OpCodes.Stind_I4);
        il.Emit(OpCodes.Ret);
        lines.CreateType();

        // A struct that crosses as a copy, with an instance method named as C# code: a copy wrapper would name it.
        TypeBuilder vec = mb.DefineType("Evil.Vec", TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.SequentialLayout, typeof(ValueType));
        vec.DefineField("A", typeof(float), FieldAttributes.Public);
        Returns(vec, Injected, 0, 3);
        MethodBuilder make = vec.DefineMethod("Make", MethodAttributes.Public | MethodAttributes.Static, vec, Type.EmptyTypes);
        il = make.GetILGenerator();
        LocalBuilder local = il.DeclareLocal(vec);
        il.Emit(OpCodes.Ldloca_S, local);
        il.Emit(OpCodes.Initobj, vec);
        il.Emit(OpCodes.Ldloc_0);
        il.Emit(OpCodes.Ret);
        vec.CreateType();

        ab.Save("Hostile.dll");
        return 0;
    }

    private static void Returns(TypeBuilder t, string name, MethodAttributes extra, int value)
    {
        MethodBuilder m = t.DefineMethod(name, MethodAttributes.Public | MethodAttributes.HideBySig | extra, typeof(int), Type.EmptyTypes);
        ILGenerator il = m.GetILGenerator();
        il.Emit(OpCodes.Ldc_I4, value);
        il.Emit(OpCodes.Ret);
    }
}
