using System.Reflection;
using System.Runtime.CompilerServices;

[assembly: AssemblyTitle("ZTS.Common")]
[assembly: AssemblyVersion("0.1.0.0")]
[assembly: InternalsVisibleTo("ZTS.Shared")]
[assembly: InternalsVisibleTo("ZTS.Mono")]
[assembly: InternalsVisibleTo("ZTS.Il2Cpp")]
[assembly: InternalsVisibleTo("ZTS.Tests")]
[assembly: InternalsVisibleTo("ZTS.Bench")]
