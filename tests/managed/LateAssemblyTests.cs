using System;
using System.Linq;
using System.Reflection;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>The CSharp tree sees assemblies loaded after Initialize (SPEC_MAP D4).</summary>
    [TestFixture]
    public class Names_LateAssemblies : DomainFixture
    {
        [Test]
        public void Names_AssemblyLoadedLater_BecomesVisible()
        {
            if (AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == "System.Data"))
                Assert.Ignore("System.Data is already loaded in this process");
            var probe = Bind<Func<string>>("export function probe() { return typeof CSharp.System.Data; }", "probe");
            Assert.AreEqual("undefined", probe());
            Assembly.Load("System.Data, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089");
            Assert.AreEqual("object", probe(), "a miss is not cached: the namespace appears once its assembly loads");
            var table = TsAppDomain.GetFunction<Func<string>>("m2", "t");
            Assert.AreEqual("people", table());
        }

        [SetUp]
        public void Module()
        {
            Modules["m2"] = "export function t() { const T = CSharp.System.Data.DataTable; return new T('people').TableName; }";
        }
    }
}
