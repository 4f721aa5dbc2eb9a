using System;
using System.Runtime.InteropServices;

namespace ZTS.Shared.Native
{
    // Fixed-size argument areas that bridges and shims keep as locals: on Mono a localloc (stackalloc) costs
    // ~10 ns a call, a struct local almost nothing. Signatures with more than 16 parameters fall back to localloc.
    [StructLayout(LayoutKind.Sequential, Size = 16)] internal struct ArgumentBuffer1 { private long _a; }
    [StructLayout(LayoutKind.Sequential, Size = 32)] internal struct ArgumentBuffer2 { private long _a; }
    [StructLayout(LayoutKind.Sequential, Size = 64)] internal struct ArgumentBuffer4 { private long _a; }
    [StructLayout(LayoutKind.Sequential, Size = 128)] internal struct ArgumentBuffer8 { private long _a; }
    [StructLayout(LayoutKind.Sequential, Size = 256)] internal struct ArgumentBuffer16 { private long _a; }

    internal static class ArgumentBuffers
    {
        /// <summary>The smallest buffer type for n arguments, or null when n needs localloc.</summary>
        public static Type For(int n)
        {
            if (n <= 1) return typeof(ArgumentBuffer1);
            if (n <= 2) return typeof(ArgumentBuffer2);
            if (n <= 4) return typeof(ArgumentBuffer4);
            if (n <= 8) return typeof(ArgumentBuffer8);
            if (n <= 16) return typeof(ArgumentBuffer16);
            return null;
        }
    }
}
