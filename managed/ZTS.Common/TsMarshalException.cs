using System;

namespace ZTS
{
    /// <summary>
    /// A value could not cross the boundary without loss: an integral value out of range, a non-integral
    /// number for an integral type, a long a JS number cannot hold exactly, or a JS value of the wrong kind (SPEC_MAP D5).
    /// </summary>
    public class TsMarshalException : TsException
    {
        /// <summary>Creates the exception with a "zts: cannot convert ..." message.</summary>
        public TsMarshalException(string message) : base(message)
        {
        }
    }
}
