using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Xml;

namespace ZTS
{
    /// <summary>
    /// Final JS names of methods (01-HOST-API §4): the [TsAlias] attribute, else an alias from the XML files
    /// of <see cref="TsSettings.AliasXmlPaths"/>, else the C# name. Shared by both backends.
    /// </summary>
    public sealed class TsAliasTable
    {
        private readonly Dictionary<string, string> _aliases = new Dictionary<string, string>(StringComparer.Ordinal);

        /// <summary>An empty table (attributes only).</summary>
        public TsAliasTable()
        {
        }

        /// <summary>Loads every file; a file that is not a TsAlias document throws TsBindException naming it.</summary>
        public static TsAliasTable Load(IEnumerable<string> paths)
        {
            var table = new TsAliasTable();
            foreach (string path in paths) table.LoadFile(path);
            return table;
        }

        /// <summary>The final JS name of m.</summary>
        public string FinalName(MethodBase m)
        {
            var attribute = (TsAliasAttribute)Attribute.GetCustomAttribute(m, typeof(TsAliasAttribute), false);
            if (attribute != null) return attribute.Name;
            if (_aliases.Count == 0) return m.Name;
            string type = m.DeclaringType.FullName;
            string alias;
            if (_aliases.TryGetValue(Key(type, m.Name, Signature(m)), out alias)) return alias;
            if (_aliases.TryGetValue(Key(type, m.Name, null), out alias)) return alias;
            return m.Name;
        }

        /// <summary>Number of aliases loaded from XML.</summary>
        public int Count
        {
            get { return _aliases.Count; }
        }

        private void LoadFile(string path)
        {
            var doc = new XmlDocument();
            try
            {
                doc.Load(path);
            }
            catch (Exception e)
            {
                throw new TsBindException("zts: cannot read alias XML '" + path + "': " + e.Message, e);
            }
            XmlElement root = doc.DocumentElement;
            if (root == null || root.Name != "TsAlias")
                throw new TsBindException("zts: alias XML '" + path + "' must have the root element TsAlias");
            foreach (XmlElement type in root.ChildNodes.OfType<XmlElement>().Where(e => e.Name == "type"))
            {
                string typeName = Required(type, "name", path);
                foreach (XmlElement method in type.ChildNodes.OfType<XmlElement>().Where(e => e.Name == "method"))
                {
                    string name = Required(method, "name", path);
                    string alias = Required(method, "alias", path);
                    string parameters = method.HasAttribute("params") ? Normalize(method.GetAttribute("params")) : null;
                    _aliases[Key(typeName, name, parameters)] = alias;
                }
            }
        }

        private static string Required(XmlElement e, string attribute, string path)
        {
            string v = e.GetAttribute(attribute);
            if (string.IsNullOrEmpty(v))
                throw new TsBindException("zts: alias XML '" + path + "': <" + e.Name + "> needs a '" + attribute + "' attribute");
            return v;
        }

        private static string Signature(MethodBase m)
        {
            return string.Join(",", m.GetParameters().Select(p => p.ParameterType.FullName ?? p.ParameterType.Name).ToArray());
        }

        private static string Normalize(string parameters)
        {
            return string.Join(",", parameters.Split(',').Select(p => p.Trim()).Where(p => p.Length > 0).ToArray());
        }

        private static string Key(string type, string method, string parameters)
        {
            return type + "::" + method + (parameters == null ? "" : "(" + parameters + ")");
        }
    }
}
