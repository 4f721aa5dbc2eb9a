using System.Reflection;
using System.Runtime.CompilerServices;

[assembly: AssemblyTitle("ZTS.Mono")]
[assembly: AssemblyVersion("0.1.0.0")]
[assembly: InternalsVisibleTo("ZTS.Tests")]
[assembly: InternalsVisibleTo("ZTS.Bench")]
