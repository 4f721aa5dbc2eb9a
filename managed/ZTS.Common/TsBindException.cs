using System;

namespace ZTS
{
    /// <summary>
    /// GetFunction could not bind: the export is missing or not callable, or the delegate type has a
    /// signature the backend cannot bind (01-HOST-API §2.4, §7).
    /// </summary>
    public class TsBindException : TsException
    {
        /// <summary>Creates the exception with a diagnosable message.</summary>
        public TsBindException(string message, Exception inner = null) : base(message, "", "", inner)
        {
        }
    }
}
