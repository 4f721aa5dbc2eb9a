using System;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The view of a C# array pushed under a general declared type: an array declared System.Array or object
    /// (Array.CreateInstance, an object-typed field) is shown as its runtime array type (Int32[]), so index
    /// access, `length` and T[] parameters work as for any array. Int32[] derives from System.Array, so the
    /// view only adds members; other views (interfaces, T[] itself) are kept.
    /// </summary>
    internal static class ArrayView
    {
        /// <summary>The view to push array a under, given its declared view (a core type id).</summary>
        public static int Of(JsDomain d, Array a, int view)
        {
            Type declared;
            if (!d.Types.ById.TryGetValue(view, out declared) || (declared != typeof(Array) && declared != typeof(object))) return view;
            return TypeBinder.Declare(d, a.GetType());
        }
    }
}
