using System;
using System.Reflection;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// Which methods with ref/out parameters a Player build can serve with a managed wrapper (tools/gen-bridges
    /// MemberWrapperWriter: ordinary C# that reads the arguments, calls the method and writes the zts.ref() boxes
    /// back), judged on the method's shape alone. The one text of why not, for the build's coverage report, the
    /// --scripts check and the run time's error, so that each names the same reason and none sends the user to add
    /// an input that is one already (docs/PLAYER.md, "Reduced signatures").
    /// </summary>
    internal static class WrapperShape
    {
        /// <summary>Null when m's shape allows a wrapper; else why not ("an instance method of a struct with ref/out
        /// parameters: a wrapper would act on a copy of the struct, not on the object JS holds").</summary>
        public static string WhyNot(MethodBase m)
        {
            if (m is ConstructorInfo) return "a constructor with ref/out parameters";
            var method = (MethodInfo)m;
            if (!method.IsPublic) return "a method that is not public";
            if (method.IsSpecialName) return "an accessor or operator with ref/out parameters";
            if (typeof(MulticastDelegate).IsAssignableFrom(method.DeclaringType)) return "a delegate's own method";
            if (!method.IsStatic && method.DeclaringType.IsValueType)
                return "an instance method of a struct with ref/out parameters (a wrapper would act on a copy of the struct, not on the object JS holds)";
            if (method.ReturnType.IsByRef || method.ReturnType.IsPointer) return "a ref or pointer result";
            if (method.ReturnType != typeof(void) && !method.ReturnType.IsVisible) return "its result type " + method.ReturnType.Name + " is not public";
            ParameterInfo[] ps = method.GetParameters();
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                Type e = pt.IsByRef ? pt.GetElementType() : pt;
                if (pt.IsPointer || e.IsPointer) return "parameter " + (i + 1) + " is a pointer";
                if (pt.IsByRef && ps[i].IsIn && !ps[i].IsOut) return "parameter " + (i + 1) + " is an `in` parameter (declaring the call needs C# 7.2)";
                if (!e.IsVisible) return "parameter " + (i + 1) + "'s type " + e.Name + " is not public";
            }
            return null;
        }
    }
}
