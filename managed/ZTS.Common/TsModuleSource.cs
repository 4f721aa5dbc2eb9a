using System;

namespace ZTS
{
    /// <summary>
    /// What a module loader may return instead of a string: the module's JavaScript and, optionally, the
    /// Source Map v3 JSON that tsc wrote for it. With a map, error stacks (<see cref="TsException.JsStack"/>
    /// and <c>e.stack</c> in JS) show the TypeScript file and line of each frame and keep the JS position
    /// (docs/SOURCE_MAPS.md). A source with an inline <c>data:</c> sourceMappingURL needs no map here.
    /// </summary>
    public sealed class TsModuleSource
    {
        /// <summary>Creates a module source; <paramref name="sourceMap"/> may be null.</summary>
        public TsModuleSource(string code, string sourceMap = null)
        {
            if (code == null) throw new ArgumentNullException("code");
            Code = code;
            SourceMap = sourceMap;
        }

        /// <summary>The module's JavaScript (an ES module).</summary>
        public string Code { get; private set; }

        /// <summary>The Source Map v3 JSON of <see cref="Code"/>, or null. A malformed map is ignored: the module loads unmapped.</summary>
        public string SourceMap { get; private set; }

        /// <summary>The file <see cref="Code"/> was read from, or null. The script debugger reports the module under
        /// this file's URL, so that VS Code and Chrome DevTools find it and its map's sources (docs/DEBUGGING.md).</summary>
        public string Path { get; set; }
    }
}
