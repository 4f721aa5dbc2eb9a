using System;
using System.IO;

namespace ZTS
{
    /// <summary>
    /// The policy file format (docs/POLICY.md), read by hosts (<c>TsSettings.Policy = TsScriptPolicyFile.Load(path)</c>),
    /// <c>ztsrun --policy FILE</c> and <c>ztsrun gen-dts --policy FILE</c>. One rule per line; <c>#</c> starts a
    /// comment; blank lines are ignored:
    /// <code>
    /// allow assembly Game.Api          # every public type of the assembly (simple name)
    /// allow namespace Game.Api         # the types of exactly this namespace
    /// allow namespace Game.Mods.*      # this namespace and every namespace under it
    /// allow type System.Math           # one type (and its nested types)
    /// deny type Game.Api.Debug         # one type, whatever allows it
    /// deny member Game.Api.World.Reset # one member (all overloads); Type.* for all
    /// allow member System.Type.GetMethod  # reopens a member that reflection closing denies
    /// </code>
    /// A malformed line throws <see cref="TsBindException"/> naming the file and line.
    /// </summary>
    public static class TsScriptPolicyFile
    {
        /// <summary>Reads a policy file.</summary>
        public static TsScriptPolicy Load(string path)
        {
            string text;
            try
            {
                text = File.ReadAllText(path);
            }
            catch (Exception e)
            {
                throw new TsBindException("zts: cannot read policy file '" + path + "': " + e.Message, e);
            }
            return Parse(text, path);
        }

        /// <summary>Parses policy text; <paramref name="source"/> names it in errors.</summary>
        public static TsScriptPolicy Parse(string text, string source)
        {
            var policy = new TsScriptPolicy();
            string[] lines = text.Split('\n');
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i];
                int hash = line.IndexOf('#');
                if (hash >= 0) line = line.Substring(0, hash);
                string[] words = line.Split(new[] { ' ', '\t', '\r' }, StringSplitOptions.RemoveEmptyEntries);
                if (words.Length == 0) continue;
                try
                {
                    if (words.Length != 3) throw new ArgumentException("expected '<allow|deny> <kind> <name>'");
                    Apply(policy, words[0], words[1], words[2]);
                }
                catch (ArgumentException e)
                {
                    string why = e.Message.StartsWith("zts: ", StringComparison.Ordinal) ? e.Message.Substring(5) : e.Message;
                    int paramNote = why.IndexOf(Environment.NewLine, StringComparison.Ordinal);
                    if (paramNote >= 0) why = why.Substring(0, paramNote);
                    throw new TsBindException("zts: policy " + source + ":" + (i + 1) + ": " + why);
                }
            }
            return policy;
        }

        private static void Apply(TsScriptPolicy policy, string verb, string kind, string name)
        {
            if (verb == "allow")
            {
                switch (kind)
                {
                    case "assembly": policy.AllowAssembly(name); return;
                    case "namespace": policy.AllowNamespace(name); return;
                    case "type": policy.AllowType(name); return;
                    case "member": policy.AllowMember(name); return;
                }
            }
            else if (verb == "deny")
            {
                switch (kind)
                {
                    case "type": policy.DenyType(name); return;
                    case "member": policy.DenyMember(name); return;
                }
            }
            else throw new ArgumentException("unknown verb '" + verb + "' (allow or deny)");
            throw new ArgumentException("cannot " + verb + " '" + kind + "' (allow assembly|namespace|type|member, deny type|member)");
        }
    }
}
