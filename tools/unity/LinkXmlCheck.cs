using System;
using System.IO;
using System.Reflection;
using System.Xml;

namespace ZTS.Tools
{
    /// <summary>
    /// Checks that a link.xml names assemblies and types that exist: each assembly element's fullname must be a
    /// DLL in the given folder, and each type element's fullname ("Outer/Nested" for nested types) a type of it.
    /// Usage: mono LinkXmlCheck.exe link.xml assemblies-folder. Exit 0 when all exist, 1 otherwise.
    /// </summary>
    public static class LinkXmlCheck
    {
        public static int Main(string[] args)
        {
            var doc = new XmlDocument();
            doc.Load(args[0]);
            if (doc.DocumentElement == null || doc.DocumentElement.Name != "linker")
            {
                Console.WriteLine("link.xml: the root element is not <linker>");
                return 1;
            }
            int missing = 0, assemblies = 0, types = 0;
            foreach (XmlElement a in doc.DocumentElement.SelectNodes("assembly"))
            {
                string name = a.GetAttribute("fullname");
                string file = Path.Combine(args[1], name + ".dll");
                assemblies++;
                if (!File.Exists(file))
                {
                    Console.WriteLine("link.xml: assembly " + name + " does not exist");
                    missing++;
                    continue;
                }
                Assembly asm = Assembly.LoadFrom(file);
                foreach (XmlElement t in a.SelectNodes("type"))
                {
                    types++;
                    string type = t.GetAttribute("fullname");
                    if (asm.GetType(type.Replace('/', '+'), false) != null) continue;
                    Console.WriteLine("link.xml: type " + type + " does not exist in " + name);
                    missing++;
                }
            }
            Console.WriteLine("link.xml: " + assemblies + " assemblies, " + types + " types, " + missing + " missing");
            return missing == 0 ? 0 : 1;
        }
    }
}
