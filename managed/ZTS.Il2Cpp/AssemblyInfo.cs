using System.Reflection;
using System.Runtime.CompilerServices;

[assembly: AssemblyTitle("ZTS.Il2Cpp")]
[assembly: AssemblyVersion("0.1.0.0")]
[assembly: InternalsVisibleTo("ZTS.Il2Cpp.Generated")]
[assembly: InternalsVisibleTo("ZTS.Tests")]
[assembly: InternalsVisibleTo("ZTS.Bench")]
