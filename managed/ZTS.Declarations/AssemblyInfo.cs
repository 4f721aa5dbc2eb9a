using System.Reflection;

[assembly: AssemblyTitle("ZTS.Declarations")]
[assembly: AssemblyDescription("TypeScript declarations (.d.ts) of C# assemblies as ZTS shows them to JS")]
[assembly: System.Runtime.CompilerServices.InternalsVisibleTo("ZTS.Tests")]
