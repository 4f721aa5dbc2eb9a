using System.Collections.Generic;

namespace ZTS.EditorTools
{
    /// <summary>One compiled assembly of the Unity project, as the Editor's compilation pipeline reports it.</summary>
    public sealed class ProjectAssembly
    {
        /// <summary>Creates the description of one assembly.</summary>
        public ProjectAssembly(string name, string outputPath, IEnumerable<string> sourceFiles)
        {
            Name = name;
            OutputPath = outputPath;
            SourceFiles = new List<string>(sourceFiles);
        }

        /// <summary>The assembly name (an asmdef name, or Assembly-CSharp).</summary>
        public string Name { get; private set; }

        /// <summary>Path of the compiled DLL (Library/ScriptAssemblies/...), relative to the project or absolute.</summary>
        public string OutputPath { get; private set; }

        /// <summary>Its scripts, as project paths (Assets/..., Packages/...).</summary>
        public IList<string> SourceFiles { get; private set; }
    }
}
