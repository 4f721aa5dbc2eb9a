using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Xml;
using System.Xml.Linq;

namespace ZTS
{
    /// <summary>
    /// [TsMarshalAs] for members of precompiled assemblies that cannot carry the attribute (01-HOST-API §3.3, §4):
    /// XML files of <see cref="TsSettings.MarshalXmlPaths"/>, root element <c>TsMarshalAs</c>, never mixed with the
    /// alias XML (docs/MARSHAL.md "MarshalAs XML"):
    /// <code>
    /// &lt;TsMarshalAs&gt;
    ///   &lt;type name="Vendor.Lib.Geometry"&gt;
    ///     &lt;method name="Length" params="Vendor.Lib.Vec3"&gt;      &lt;!-- params optional: all overloads --&gt;
    ///       &lt;param name="v" marshal="Table" members="X,Y"/&gt;
    ///       &lt;return marshal="Table"/&gt;
    ///     &lt;/method&gt;
    ///     &lt;field name="Origin" marshal="Table"/&gt;
    ///     &lt;property name="Position" marshal="OpaqueValue"/&gt;
    ///   &lt;/type&gt;
    /// &lt;/TsMarshalAs&gt;
    /// </code>
    /// An entry acts exactly as the attribute would at its place (TsMarshalRules.Of reads both); the attribute wins
    /// where both exist. An invalid entry is reported with its file and line: the runtime logs it and keeps Default,
    /// as for an invalid attribute; <see cref="Validate"/> (the Player's build-time generator) fails on it.
    /// </summary>
    public sealed class TsMarshalXml
    {
        private readonly Dictionary<string, TsMarshalAsAttribute> _entries = new Dictionary<string, TsMarshalAsAttribute>(StringComparer.Ordinal);
        private static TsMarshalXml _current = new TsMarshalXml();

        /// <summary>The table TsMarshalRules reads (set when a domain is created from TsSettings, or by gen-dts).</summary>
        public static TsMarshalXml Current
        {
            get { return _current; }
            set { _current = value ?? new TsMarshalXml(); }
        }

        /// <summary>Entries loaded.</summary>
        public int Count
        {
            get { return _entries.Count; }
        }

        /// <summary>Loads the files for the runtime: every invalid entry is logged as an error (TsConsole) and skipped.</summary>
        public static TsMarshalXml Load(IEnumerable<string> paths)
        {
            var problems = new List<string>();
            TsMarshalXml table = Read(paths, false, problems);
            foreach (string problem in problems) TsConsole.Enqueue(TsLogLevel.Error, "zts: MarshalAs XML " + problem + " (entry ignored, Default used)");
            return table;
        }

        /// <summary>Checks the files strictly, resolving every type and member against the loaded assemblies: one
        /// "file:line: reason" per problem, none when they are valid (a build fails on any).</summary>
        public static IList<string> Validate(IEnumerable<string> paths)
        {
            var problems = new List<string>();
            Read(paths, true, problems);
            return problems;
        }

        /// <summary>The entry for a parameter, return value, field or property, or null.</summary>
        public TsMarshalAsAttribute Find(ICustomAttributeProvider provider)
        {
            if (_entries.Count == 0) return null;
            TsMarshalAsAttribute found;
            var parameter = provider as ParameterInfo;
            if (parameter != null)
            {
                var m = parameter.Member as MethodBase;
                if (m == null) return null;
                string slot = parameter.Position < 0 ? "return" : "param:" + parameter.Name;
                string type = m.DeclaringType.FullName;
                if (_entries.TryGetValue(Key(type, m.Name, Signature(m), slot), out found)) return found;
                return _entries.TryGetValue(Key(type, m.Name, null, slot), out found) ? found : null;
            }
            var member = provider as MemberInfo;
            if (member is FieldInfo || member is PropertyInfo)
                return _entries.TryGetValue(Key(member.DeclaringType.FullName, member.Name, null, member is FieldInfo ? "field" : "property"), out found) ? found : null;
            return null;
        }

        private static TsMarshalXml Read(IEnumerable<string> paths, bool strict, List<string> problems)
        {
            var table = new TsMarshalXml();
            foreach (string path in paths) table.ReadFile(path, strict, problems);
            return table;
        }

        private void ReadFile(string path, bool strict, List<string> problems)
        {
            XDocument doc;
            try
            {
                doc = XDocument.Load(path, LoadOptions.SetLineInfo);
            }
            catch (Exception e)
            {
                problems.Add(path + ":" + (e is XmlException ? ((XmlException)e).LineNumber : 0) + ": cannot read the file: " + e.Message);
                return;
            }
            XElement root = doc.Root;
            if (root.Name.LocalName == "TsAlias")
            {
                problems.Add(At(path, root) + "this is an alias file: alias XML goes in TsSettings.AliasXmlPaths, not with the MarshalAs XML");
                return;
            }
            if (root.Name.LocalName != "TsMarshalAs")
            {
                problems.Add(At(path, root) + "the root element must be TsMarshalAs, not " + root.Name.LocalName);
                return;
            }
            foreach (XElement type in root.Elements())
            {
                if (type.Name.LocalName != "type") { problems.Add(At(path, type) + "unknown element <" + type.Name.LocalName + "> (expected <type>)"); continue; }
                string typeName = Name(path, type, problems);
                if (typeName == null) continue;
                Type resolved = Resolve(typeName);
                if (resolved == null && strict) { problems.Add(At(path, type) + "type '" + typeName + "' not found"); continue; }
                foreach (XElement e in type.Elements())
                {
                    string name = Name(path, e, problems);
                    if (name == null) continue;
                    switch (e.Name.LocalName)
                    {
                        case "method":
                            if (e.Attribute("marshal") != null) { problems.Add(At(path, e) + "[TsMarshalAs] is not allowed on a method: put it on a <param> or the <return>"); break; }
                            ReadMethod(path, e, typeName, resolved, name, problems);
                            break;
                        case "field":
                        case "property":
                            MemberInfo member = resolved == null ? null
                                : e.Name.LocalName == "field" ? (MemberInfo)resolved.GetField(name, BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance)
                                : resolved.GetProperty(name, BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance);
                            if (resolved != null && member == null) { problems.Add(At(path, e) + "'" + typeName + "' has no public " + e.Name.LocalName + " '" + name + "'"); break; }
                            Add(path, e, Key(typeName, name, null, e.Name.LocalName), member == null ? null : TsMarshalRules.MemberType(member), false, problems);
                            break;
                        default:
                            problems.Add(At(path, e) + "unknown element <" + e.Name.LocalName + "> (expected <method>, <field> or <property>)");
                            break;
                    }
                }
            }
        }

        private void ReadMethod(string path, XElement e, string typeName, Type resolved, string name, List<string> problems)
        {
            string parameters = e.Attribute("params") != null ? Normalize(e.Attribute("params").Value) : null;
            MethodBase[] candidates = resolved == null ? null
                : resolved.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance).Cast<MethodBase>()
                          .Concat(resolved.GetConstructors(BindingFlags.Public | BindingFlags.Instance))
                          .Where(m => (m is ConstructorInfo ? ".ctor" : m.Name) == name && (parameters == null || Signature(m) == parameters)).ToArray();
            if (candidates != null && candidates.Length == 0)
            {
                problems.Add(At(path, e) + "'" + typeName + "' has no public method '" + name + "'" + (parameters == null ? "" : " (" + parameters + ")"));
                return;
            }
            foreach (XElement slot in e.Elements())
            {
                bool isReturn = slot.Name.LocalName == "return";
                if (!isReturn && slot.Name.LocalName != "param") { problems.Add(At(path, slot) + "unknown element <" + slot.Name.LocalName + "> (expected <param> or <return>)"); continue; }
                string paramName = isReturn ? null : Name(path, slot, problems);
                if (!isReturn && paramName == null) continue;
                Type slotType = null;
                if (candidates != null)
                {
                    ParameterInfo p = isReturn ? candidates.OfType<MethodInfo>().Select(m => m.ReturnParameter).FirstOrDefault()
                                               : candidates.SelectMany(m => m.GetParameters()).FirstOrDefault(x => x.Name == paramName);
                    if (p == null) { problems.Add(At(path, slot) + "'" + typeName + "." + name + "' has no " + (isReturn ? "return value" : "parameter '" + paramName + "'")); continue; }
                    slotType = p.ParameterType;
                }
                Add(path, slot, Key(typeName, name, parameters, isReturn ? "return" : "param:" + paramName), slotType, isReturn, problems);
            }
        }

        // One entry: its marshal type, members, and (when the place is known) the checks the attribute gets at bind.
        private void Add(string path, XElement e, string key, Type placeType, bool isReturn, List<string> problems)
        {
            XAttribute marshal = e.Attribute("marshal");
            TsMarshalType type;
            if (marshal == null || !Enum.TryParse(marshal.Value, false, out type) || !Enum.IsDefined(typeof(TsMarshalType), type))
            {
                problems.Add(At(path, e) + "marshal must be one of " + string.Join(", ", Enum.GetNames(typeof(TsMarshalType))) +
                             (marshal == null ? "" : ", not '" + marshal.Value + "'"));
                return;
            }
            string[] members = e.Attribute("members") != null ? Normalize(e.Attribute("members").Value).Split(',') : null;
            if (members != null && type != TsMarshalType.Table && type != TsMarshalType.UnpackedValues)
            {
                problems.Add(At(path, e) + "members apply to Table and UnpackedValues only");
                return;
            }
            if (placeType != null && (type == TsMarshalType.Table || type == TsMarshalType.UnpackedValues))
            {
                string problem;
                if (type == TsMarshalType.UnpackedValues && (isReturn || e.Name.LocalName != "param"))
                    problem = "UnpackedValues applies to by-value parameters only";
                else
                    TsMarshalRules.TableMembers(placeType.IsByRef ? placeType.GetElementType() : placeType, members, out problem);
                if (problem != null) { problems.Add(At(path, e) + problem); return; }
            }
            _entries[key] = new TsMarshalAsAttribute(type) { Members = members };
        }

        private static string Name(string path, XElement e, List<string> problems)
        {
            XAttribute name = e.Attribute("name");
            if (name != null && name.Value.Length > 0) return name.Value;
            problems.Add(At(path, e) + "<" + e.Name.LocalName + "> needs a 'name' attribute");
            return null;
        }

        private static Type Resolve(string fullName)
        {
            foreach (Assembly a in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type t = a.GetType(fullName, false);
                if (t != null) return t;
            }
            return null;
        }

        private static string At(string path, XElement e)
        {
            var line = (IXmlLineInfo)e;
            return path + ":" + (line.HasLineInfo() ? line.LineNumber : 0) + ": ";
        }

        private static string Signature(MethodBase m)
        {
            return string.Join(",", m.GetParameters().Select(p => p.ParameterType.FullName ?? p.ParameterType.Name).ToArray());
        }

        private static string Normalize(string list)
        {
            return string.Join(",", list.Split(',').Select(p => p.Trim()).Where(p => p.Length > 0).ToArray());
        }

        private static string Key(string type, string method, string parameters, string slot)
        {
            return type + "::" + method + (parameters == null ? "" : "(" + parameters + ")") + "#" + slot;
        }
    }
}
