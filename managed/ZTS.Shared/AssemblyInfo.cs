using System.Reflection;
using System.Runtime.CompilerServices;

[assembly: AssemblyTitle("ZTS.Shared")]
[assembly: AssemblyVersion("0.1.0.0")]
[assembly: InternalsVisibleTo("ZTS.Mono")]
[assembly: InternalsVisibleTo("ZTS.Il2Cpp")]
[assembly: InternalsVisibleTo("ZTS.Il2Cpp.Generated")]
[assembly: InternalsVisibleTo("ZTS.GenBridges")]
[assembly: InternalsVisibleTo("ZTS.Tests")]
[assembly: InternalsVisibleTo("ZTS.Bench")]
[assembly: InternalsVisibleTo("ZTS.PlayerBench")]
