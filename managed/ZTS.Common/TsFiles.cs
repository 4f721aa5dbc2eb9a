using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

namespace ZTS
{
    /// <summary>ZTS_FILE_* of zts.h: what zts_file_probe found (checked against it by Abi_ConstantMirror_MatchesHeader).</summary>
    internal static class ZtsFileKind
    {
        public const int None = 0;
        public const int Regular = 1;
        public const int Directory = 2;
        public const int Other = 3;
    }

    /// <summary>What zts_file_probe says of a path: its kind, a regular file's size, its real path ("" if unknown).</summary>
    internal struct TsFileProbe
    {
        public int Kind;
        public long Size;
        public string RealPath;
    }

    /// <summary>
    /// The one reading path of TsFileLoader for module files, source maps and package.json. .NET shows neither a FIFO
    /// nor a device nor a symlink's target (Mono's FileAttributes has none of them), and File.ReadAllText on a FIFO
    /// blocks until a writer comes, on /dev/zero reads until memory runs out. So the core examines the path first
    /// (zts_file_probe: stat after symlinks, realpath) and only a regular file of at most MaxBytes is opened, and read
    /// up to the size it had then (a file growing meanwhile cannot make the read longer).
    /// </summary>
    internal static class TsFiles
    {
        /// <summary>The largest file a loader reads (64 MiB): a module, a source map, a package.json.</summary>
        internal const int MaxBytes = 64 << 20;

        internal static TsFileProbe Probe(string path)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(Path.GetFullPath(path) + "\0");
            var real = new byte[8192];
            long size;
            int kind = ZtsCommonNative.zts_file_probe(utf8, real, real.Length, out size); // generated from zts.h (cmake/ZtsAbi.cmake)
            int end = Array.IndexOf(real, (byte)0);
            return new TsFileProbe
            {
                Kind = kind < 0 ? ZtsFileKind.None : kind,
                Size = size,
                RealPath = end <= 0 ? "" : Encoding.UTF8.GetString(real, 0, end),
            };
        }

        /// <summary>The text of the regular file at path; a FIFO, device, socket or folder, or a file of more than
        /// MaxBytes, is an IOException with a zts: text naming the file (and where its symlinks lead).</summary>
        internal static string Read(string path)
        {
            TsFileProbe p = Probe(path);
            string refusal = Refusal(path, p);
            if (refusal != null) throw new IOException(refusal);
            return ReadBytes(p.RealPath.Length > 0 ? p.RealPath : path, p.Size);
        }

        /// <summary>As Read, but null instead of the error (a source map that cannot be read is ignored).</summary>
        internal static string TryRead(string path)
        {
            TsFileProbe p = Probe(path);
            return Refusal(path, p) != null ? null : ReadBytes(p.RealPath.Length > 0 ? p.RealPath : path, p.Size);
        }

        /// <summary>The zts: text refusing to read path, or null when it is a regular file of at most MaxBytes.</summary>
        internal static string Refusal(string path, TsFileProbe p)
        {
            string name = Named(path, p);
            switch (p.Kind)
            {
                case ZtsFileKind.Regular:
                    if (p.Size <= MaxBytes) return null;
                    return "zts: " + name + " has " + p.Size + " bytes, more than the " + MaxBytes + " a loaded file may have";
                case ZtsFileKind.Directory:
                    return "zts: " + name + " is a folder, not a file";
                case ZtsFileKind.Other:
                    return "zts: " + name + " is not a regular file (a FIFO, device or socket): ZTS reads modules, source maps and package.json from regular files only";
                default:
                    return "zts: " + name + " does not exist or cannot be examined";
            }
        }

        /// <summary>Whether real (a RealPath) is inside the folder whose real path is root (or is it).</summary>
        internal static bool Inside(string real, string root)
        {
            if (string.IsNullOrEmpty(real) || string.IsNullOrEmpty(root)) return false;
            string r = root.TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar);
            StringComparison cmp = Path.DirectorySeparatorChar == '\\' ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
            return real.Equals(r, cmp) || (real.StartsWith(r, cmp) && real.Length > r.Length &&
                                           (real[r.Length] == Path.DirectorySeparatorChar || real[r.Length] == Path.AltDirectorySeparatorChar));
        }

        /// <summary>The path, with where its symlinks lead when that is elsewhere.</summary>
        internal static string Named(string path, TsFileProbe p)
        {
            string full = Path.GetFullPath(path);
            return p.RealPath.Length > 0 && p.RealPath != full ? full + " (" + p.RealPath + ")" : full;
        }

        private static string ReadBytes(string path, long size)
        {
            if (size == 0) return "";
            var bytes = new byte[size];
            int total = 0;
            using (var stream = new FileStream(path, FileMode.Open, FileAccess.Read))
            {
                int n;
                while (total < bytes.Length && (n = stream.Read(bytes, total, bytes.Length - total)) > 0) total += n;
            }
            using (var reader = new StreamReader(new MemoryStream(bytes, 0, total), Encoding.UTF8, true))
                return reader.ReadToEnd();
        }
    }
}
