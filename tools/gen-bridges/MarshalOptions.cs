using System.Reflection;
using ZTS.Shared.Clr;

namespace ZTS.GenBridges
{
    /// <summary>
    /// The [TsMarshalAs] options (attribute or MarshalAs XML) the generated code honours, decided by the shared
    /// rule at build time: an invalid option falls back to Default, as it does at run time (TableShape.For).
    /// </summary>
    internal static class MarshalOptions
    {
        /// <summary>Whether p (a parameter, or a method's ReturnParameter) asks for a valid Table.</summary>
        public static bool IsTable(ParameterInfo p)
        {
            ZTS.TsMarshalAsAttribute a = MarshalAsReader.Of(p);
            string problem;
            return a != null && a.Type == ZTS.TsMarshalType.Table && ZTS.TsMarshalRules.TableMembers(p.ParameterType, a.Members, out problem) != null;
        }

        /// <summary>The number of JS arguments a valid [TsMarshalAs(UnpackedValues)] by-value parameter takes, or -1.</summary>
        public static int UnpackedCount(ParameterInfo p)
        {
            ZTS.TsMarshalAsAttribute a = MarshalAsReader.Of(p);
            if (a == null || a.Type != ZTS.TsMarshalType.UnpackedValues || p.ParameterType.IsByRef) return -1;
            string problem;
            MemberInfo[] members = ZTS.TsMarshalRules.TableMembers(p.ParameterType, a.Members, out problem);
            return members == null ? -1 : members.Length;
        }
    }
}
